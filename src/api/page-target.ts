import type { Choices } from '../freedom/catalogue.js'
import type { PageLocalization } from '../generated/types.js'
import type { PageVersion } from '../store/page-order.js'
import type { LocaleRecord, PageContent, PageRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { soleInAnyCase } from '../store/pathnames.js'
import { isUuid } from '../contracts/uuid.js'
import { invalidField, notFound } from './errors.js'
import { findInSite, type TargetKind } from './site-target.js'
import { anyCase, keptPagePathname, lookedUpLocaleCode, lookupInAnyCase } from '../freedom/kept-input.js'
import type { ShownIn } from './present.js'
import type { Scope } from './types.js'

/**
 * The page a path names: by id, or by pathname together with ?siteId=, the pathname of the
 * version asked for (a published page's draft may have moved since); with a `lookupLocale`
 * (see lookupLocaleOf), the pathname its localization in that locale has.
 */
export function findPage(
  store: Store,
  scope: Scope,
  idOrPathname: string,
  siteId: string | undefined,
  version: PageVersion = 'draft',
  choices?: Required<Choices>,
  lookupLocale?: string,
): PageRecord {
  const kind = lookupLocale !== undefined ? localizedPage(lookupLocale, version) : version === 'live' ? LIVE_PAGE : DRAFT_PAGE
  return findInSite(store, scope, idOrPathname, siteId, kind, choices)
}

// A pathname's leading / is judged with the path parameters (page-params.json), before these lookups.
// The exact pathname first; then, for a deployment that looks pathnames up in any case (choice
// pathnameLookupCase any-case), the one page that has it in another case.
const DRAFT_PAGE: TargetKind<PageRecord> = {
  resource: 'page',
  nameLabel: 'pathname',
  byId: (store, id) => store.pages.byId.get(id),
  byName: (store, site, pathname, choices) => store.pages.byPathname(site, pathname) ?? (lookupInAnyCase(choices) ? store.pages.byPathnameInAnyCase(site, pathname, 'draft') : undefined),
  keptName: keptPagePathname,
}
const LIVE_PAGE: TargetKind<PageRecord> = {
  ...DRAFT_PAGE,
  byName: (store, site, pathname, choices) => store.pages.byLivePathname(site, pathname) ?? (lookupInAnyCase(choices) ? store.pages.byPathnameInAnyCase(site, pathname, 'live') : undefined),
}

/**
 * The page whose localization in `locale` (in the version read) has the pathname, for a deployment
 * that looks a pathname up among a locale's pathnames (choice pathnameLookupLocale localized): a
 * page with no localization there is not found by pathname. A scan of the site's pages, as only
 * that choice asks it; then, as for own pathnames, the one that has it in another case (pathnameLookupCase).
 */
function localizedPage(locale: string, version: PageVersion): TargetKind<PageRecord> {
  return {
    ...DRAFT_PAGE,
    nameLabel: `${locale} pathname`,
    byName(store, site, pathname, choices) {
      const localized: Array<[string, PageRecord]> = []
      for (const page of store.pages.ofSite(site).values()) {
        const found = (version === 'live' ? page.live : page.draft)?.localizations.find((l) => l.locale === locale)
        if (found !== undefined) localized.push([found.pathname, page])
      }
      return localized.find(([taken]) => taken === pathname)?.[1] ?? (lookupInAnyCase(choices) ? soleInAnyCase(localized, pathname) : undefined)
    },
  }
}

/**
 * The locale a page read's pathname is looked up in: for a deployment that looks it up among a
 * locale's pathnames (choice pathnameLookupLocale localized), the code of the active locale of the
 * site `locale` names when it is not the site's default; otherwise undefined, the page's own
 * pathname (a `locale` the site lacks is then judged by the read, as it is without the choice).
 */
export function lookupLocaleOf(store: Store, siteId: string | undefined, value: string | undefined, choices: Required<Choices> | undefined): string | undefined {
  if (choices?.pathnameLookupLocale !== 'localized' || siteId === undefined || value === undefined || value === '') return undefined
  const site = store.siteRecord(siteId)
  const locale = site === undefined ? undefined : activeLocale(store, site, value, choices)
  return locale === undefined || locale.locale === site?.defaultLocale ? undefined : locale.locale
}

/** The active locale of the site a `locale` parameter names, by code or by id; undefined where it names none. */
function activeLocale(store: Store, site: SiteRecord, value: string, choices: Required<Choices> | undefined): LocaleRecord | undefined {
  const locale = isUuid(value) ? store.locales.byId.get(value.toLowerCase()) : store.locales.byCode(site.id, lookedUpLocaleCode(value, choices), anyCase(choices))
  return locale && locale.siteId === site.id && locale.deletedAt === null ? locale : undefined
}

/** What a locale the site lacks gives (choice pageUnknownLocale): a 400, a 404, or (lists) no page, as null. */
export type UnknownLocale = Required<Choices>['pageUnknownLocale']

/**
 * What a page read gives for a locale its site lacks: what the page list gives (a 400, or a 404
 * where the list is a 404 or shows no page: a read then finds none); or, for a deployment that
 * reads such a locale as none at all (choice pageReadUnknownLocale default), no page left out:
 * the null localeToCollapse then answers is the site's default locale, as without `locale`; or,
 * for one whose read answers apart from its list (pageReadUnknownLocale 400 or 404), that answer.
 */
export function readUnknownLocale(choices: Required<Choices> | undefined): UnknownLocale {
  const read = choices?.pageReadUnknownLocale ?? 'as-list'
  if (read === 'default') return 'empty-list'
  if (read !== 'as-list') return read
  return (choices?.pageUnknownLocale ?? '400') === '400' ? '400' : '404'
}

/**
 * The locale a `locale` parameter names (a code or a locale id) among the site's active
 * locales; undefined for the site's default locale, which needs no collapsing.
 */
export function localeToCollapse(store: Store, site: SiteRecord, value: string | undefined, unknown: UnknownLocale = '400', choices?: Required<Choices>): LocaleRecord | undefined | null {
  // An empty locale= reaches here only under choices that take it: as the default locale, or
  // looked up as any code (emptyLocaleQuery unknown), which no locale of the site has.
  if (value === undefined || (value === '' && choices?.emptyLocaleQuery !== 'unknown')) return undefined
  const locale = activeLocale(store, site, value, choices)
  if (!locale) {
    if (unknown === 'empty-list') return null
    if (unknown === '404') throw notFound('locale', `${value} in site ${site.id}`)
    const codes = store.locales.ofSite(site.id).values().map((l) => l.locale)
    throw invalidField('locale', `is not a locale of this site; accepted: ${codes.join(', ')} or one of their ids`)
  }
  return locale.locale === site.defaultLocale ? undefined : locale
}

export const localizationIn = (localizations: PageLocalization[], locale: LocaleRecord | undefined): PageLocalization | undefined =>
  locale === undefined ? undefined : localizations.find((l) => l.locale === locale.locale)

/**
 * Where a page version is shown for a non-default locale asked for: its localization there, or,
 * where it has none, as its base page (undefined), which a deployment may label with the locale
 * asked for (choice unlocalizedPageLocale requested).
 */
export function shownIn(content: PageContent, locale: LocaleRecord | undefined, choices: Required<Choices> | undefined): ShownIn | undefined {
  const localization = localizationIn(content.localizations, locale)
  if (localization !== undefined || locale === undefined || choices?.unlocalizedPageLocale !== 'requested') return localization
  return { locale: locale.locale, pathname: content.pathname }
}
