import { MAX_LISTED, ProblemList } from '../api/listed.js'
import type { Fixture, FixtureLocale, FixturePage, FixtureRoute, FixtureSite } from '../generated/types.js'
import type { FixtureProblem } from './fixture-error.js'

type Report = (path: string, message: string) => void

/**
 * The rules a schema cannot state: ids are unique, every record's workspace or site exists,
 * keys are unique, each site has exactly one default locale (its defaultLocale, never deleted),
 * active locale codes are unique per site, pages and routes of a site never share a pathname,
 * and a draft's localizations are in locales of its site.
 * One pass with maps: linear in the size of the document. The first problems are kept and
 * every one counted, so that a document broken throughout costs no more than a sound one.
 */
export function checkReferences(fixture: Fixture): ProblemList<FixtureProblem> {
  const problems = new ProblemList<FixtureProblem>()
  const report: Report = (path, message) => problems.add({ path, message })
  const sites = fixture.sites ?? []

  const workspaceIds = indexUnique('workspaces', fixture.workspaces, (w) => w.id, 'id', report)
  indexUnique('workspaces', fixture.workspaces, (w) => w.appApiKey, 'appApiKey', report)
  const siteIds = indexUnique('sites', sites, (s) => s.id, 'id', report)
  indexUnique('sites', sites, (s) => s.publicApiKey, 'publicApiKey', report)
  sites.forEach((site, i) => {
    if (!workspaceIds.has(site.workspaceId)) report(`sites[${i}].workspaceId`, `names workspace ${site.workspaceId}, which is not in workspaces`)
  })
  checkLocales(fixture.locales ?? [], sites, siteIds, report)

  checkPagesAndRoutes(fixture.pages ?? [], fixture.routes ?? [], siteIds, codesBySite(fixture.locales ?? []), report)
  return problems
}

/** Maps each value to the index of its first record, reporting every later duplicate. */
function indexUnique<T>(collection: string, items: T[], valueOf: (item: T) => string, field: string, report: Report): Map<string, number> {
  const seen = new Map<string, number>()
  items.forEach((item, i) => {
    const value = valueOf(item)
    const first = seen.get(value)
    if (first === undefined) seen.set(value, i)
    else report(`${collection}[${i}].${field}`, `duplicates the ${field} of ${collection}[${first}]; each ${field} must be unique`)
  })
  return seen
}

function checkLocales(locales: FixtureLocale[], sites: FixtureSite[], siteIds: Map<string, number>, report: Report): void {
  indexUnique('locales', locales, (l) => l.id, 'id', report)
  const activeCodes = new Map<string, number>()
  const defaults = new Map<string, number>()
  locales.forEach((locale, i) => {
    if (!siteIds.has(locale.siteId)) return report(`locales[${i}].siteId`, `names site ${locale.siteId}, which is not in sites`)
    const deleted = locale.deletedAt !== undefined && locale.deletedAt !== null
    if (locale.isDefault) {
      if (deleted) report(`locales[${i}].deletedAt`, 'must be null: the default locale of a site cannot be deleted')
      const first = defaults.get(locale.siteId)
      if (first === undefined) defaults.set(locale.siteId, i)
      else report(`locales[${i}].isDefault`, `is true, but locales[${first}] is already the default locale of site ${locale.siteId}; a site has exactly one`)
    }
    if (deleted) return
    const key = `${locale.siteId} ${locale.locale}`
    const first = activeCodes.get(key)
    if (first === undefined) activeCodes.set(key, i)
    else report(`locales[${i}].locale`, `is ${locale.locale}, which site ${locale.siteId} already has (locales[${first}]); a code is used once per site unless deleted`)
  })
  sites.forEach((site, i) => {
    const at = defaults.get(site.id)
    if (at === undefined) {
      report(`sites[${i}].defaultLocale`, `is ${site.defaultLocale}, but no locale of this site has isDefault: true; add one with locale ${site.defaultLocale} and isDefault: true`)
    } else if (locales[at]!.locale !== site.defaultLocale) {
      report(`sites[${i}].defaultLocale`, `is ${site.defaultLocale}, but the site's default locale (locales[${at}]) is ${locales[at]!.locale}; they must match`)
    }
  })
}

/** Each site's locale codes, deleted ones included: pages keep localizations in a deleted locale's code. */
function codesBySite(locales: FixtureLocale[]): Map<string, Set<string>> {
  const codes = new Map<string, Set<string>>()
  for (const locale of locales) {
    let site = codes.get(locale.siteId)
    if (!site) codes.set(locale.siteId, (site = new Set()))
    site.add(locale.locale)
  }
  return codes
}

function checkPagesAndRoutes(pages: FixturePage[], routes: FixtureRoute[], siteIds: Map<string, number>, codes: Map<string, Set<string>>, report: Report): void {
  indexUnique('pages', pages, (p) => p.id, 'id', report)
  indexUnique('routes', routes, (r) => r.id, 'id', report)
  // Owners are kept as numbers (a page's index, or -1 - a route's) and paths are only spelled
  // out for a problem: this runs over 100k pages.
  const pathnames = new Map<string, Map<string, number>>()
  const pathOf = (owner: number): string => (owner >= 0 ? `pages[${owner}].draft.pathname` : `routes[${-owner - 1}].pathname`)
  const claim = (siteId: string, pathname: string, owner: number): void => {
    let owners = pathnames.get(siteId)
    if (!owners) pathnames.set(siteId, (owners = new Map()))
    const first = owners.get(pathname)
    if (first === undefined) return void owners.set(pathname, owner)
    const holder = pathOf(first).replace(/\.(draft\.)?pathname$/, '')
    report(pathOf(owner), `is ${pathname}, which ${holder} of the same site already uses; pages and routes of a site never share a pathname`)
  }
  const localizationOwners = new Map<string, number>()
  // Worded once per site: a site's codes listed in every problem of its pages made the check
  // cost pages × locales.
  const acceptedCodes = new Map<string, string>()
  const acceptedOf = (siteId: string): string => {
    let text = acceptedCodes.get(siteId)
    if (text === undefined) acceptedCodes.set(siteId, (text = listedCodes(codes.get(siteId))))
    return text
  }
  pages.forEach((page, i) => {
    if (!siteIds.has(page.siteId)) report(`pages[${i}].siteId`, `names site ${page.siteId}, which is not in sites`)
    claim(page.siteId, page.draft.pathname, i)
    page.draft.localizations?.forEach((localization, k) => {
      const siteCodes = codes.get(page.siteId)
      if (siteIds.has(page.siteId) && !siteCodes?.has(localization.locale)) {
        report(`pages[${i}].draft.localizations[${k}].locale`, `is ${localization.locale}, which is not a locale of site ${page.siteId}; accepted: ${acceptedOf(page.siteId)}`)
      }
      const first = localizationOwners.get(localization.id)
      if (first === undefined) return void localizationOwners.set(localization.id, i)
      const holder = first === i ? "this page's draft" : `pages[${first}].draft`
      report(`pages[${i}].draft.localizations[${k}].id`, `duplicates the id of a localization of ${holder}; each localization id must be unique`)
    })
    // A live version is a copy of an older draft, so it shares ids with the draft, never within itself.
    const live = page.live?.localizations ?? []
    if (live.length > 1 && new Set(live.map((l) => l.id)).size < live.length) {
      report(`pages[${i}].live.localizations`, 'holds one localization id twice; each localization id must be unique')
    }
  })
  routes.forEach((route, i) => {
    if (!siteIds.has(route.siteId)) report(`routes[${i}].siteId`, `names site ${route.siteId}, which is not in sites`)
    claim(route.siteId, route.pathname, -i - 1)
  })
}

/** A site's locale codes for a message: the first MAX_LISTED, then how many more. */
function listedCodes(codes: Set<string> | undefined): string {
  const listed: string[] = []
  for (const code of codes ?? []) {
    if (listed.length === MAX_LISTED) break
    listed.push(code)
  }
  const more = (codes?.size ?? 0) - listed.length
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ')
}
