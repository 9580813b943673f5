import { randomUUID } from 'node:crypto'
import { besideIdSite, bodyBeforeSite, inQuerySite, nameSite, onlinePagesAlone, owningSite, reachedCursor, referencedSite, siteFromQuery, type Call } from './access.js'
import { listChoices } from './choices.js'
import { badField, noContent, ok, Refusal, type Answer, type Json } from './http.js'
import { Fields, isUuid } from './input.js'
import { compareKeys, compareTies, foreignTo, pageOf } from './lists.js'
import { localeQuery, pageCreateBody, pageListQuery, pageUpdateBody } from './operations.js'
import { deletedAgain } from './removal.js'
import { pageJson, type Page, type Site } from './store.js'

// The page operations, and the page lists of `/v6/pages` and of a site.

/**
 * A page by id (any site) or by pathname (in the `siteId` site, in the form pathnames are stored); no access judged.
 * A read's `locale` naming a locale of the site other than its default, at `pathnameLookupLocale: localized`,
 * looks the pathname up among that locale's pathnames: pages have no localization here, so it names none.
 */
function lookupPage(call: Call, idOrPathname: string, readLocale?: string): Page | undefined {
  const { store } = call
  if (isUuid(idOrPathname)) {
    const byId = store.pages.get(idOrPathname.toLowerCase())
    return byId && inQuerySite(call, byId.siteId) ? byId : undefined
  }
  const site = nameSite(call)
  if (readLocale !== undefined && store.choices.pathnameLookupLocale === 'localized') {
    const named = localeOfSite(call, site, readLocale)
    if (named.known && !named.isDefault) return undefined
  }
  return call.rules.byPathname(store.sitePages(site.id), call.rules.storedPathname(idOrPathname))
}

function findPage(call: Call, idOrPathname: string, readLocale?: string): Page {
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  const found = lookupPage(call, idOrPathname, readLocale)
  if (!found) throw new Refusal(404, `no page ${idOrPathname}`)
  owningSite(call, found.siteId)
  besideIdSite(call, found.siteId, 'page')
  call.settle()
  return found
}

/**
 * A page as answered: in its site's default locale, or, shown in another locale of its site (which
 * it has no localization in here), labelled with that one at `unlocalizedPageLocale: requested`.
 */
const presentPage = (call: Call, shownIn?: { known: boolean; isDefault: boolean; code?: string }) => (page: Page): Json => {
  const labelled = shownIn?.known === true && !shownIn.isDefault && call.store.choices.unlocalizedPageLocale === 'requested' ? shownIn.code : undefined
  return pageJson(page, call.store.choices, labelled ?? call.store.ownerOf(page.siteId)!.defaultLocale)
}

/** Whether `locale` (a code or an id) names a live locale of the site, whether that one is its default, and its code. */
function localeOfSite(call: Call, site: Site, locale: string): { known: boolean; isDefault: boolean; code?: string } {
  const code = call.rules.lookedUpCode(locale)
  const match = call.store.liveLocales(site.id).find((live) => call.rules.sameCode(live.locale, code) || live.id === locale.toLowerCase())
  return { known: match !== undefined, isDefault: match?.locale === site.defaultLocale, ...(match && { code: match.locale }) }
}

function createPage(call: Call): Answer {
  const { store, rules } = call
  const first = bodyBeforeSite(call, 'pages') ? pageCreateBody(rules, call.body()) : undefined
  const site = referencedSite(call, first?.siteId ?? new Fields(call.body()).uuid('siteId', true))
  call.settle()
  const input = first ?? pageCreateBody(rules, call.body())
  if (store.pathnameTaken(site.id, input.pathname)) throw new Refusal(409, `a page or route already has the pathname ${input.pathname}`)
  const { choices } = store
  const createdAt = store.now()
  const page: Page = {
    id: randomUUID(),
    siteId: site.id,
    name: input.name,
    pathname: input.pathname,
    canonicalUrl: choices.newPageCanonicalUrl === 'empty' ? '' : null,
    title: choices.newPageTitle === 'name' ? input.name : null,
    description: choices.newPageDescription === 'empty' ? '' : null,
    socialImageUrl: choices.newPageSocialImageUrl === 'empty' ? '' : null,
    sitemapPriority: choices.newPageSitemapPriority === '0.5' ? 0.5 : null,
    sitemapFrequency: choices.newPageSitemapFrequency === undefined || choices.newPageSitemapFrequency === 'null' ? null : choices.newPageSitemapFrequency,
    createdAt,
    updatedAt: choices.updatedAtAtCreation === 'createdAt' ? createdAt : null,
    isOnline: choices.newPageOnline !== 'offline',
    excludedFromSearchEngines: choices.newPageExcludedFromSearchEngines === undefined || choices.newPageExcludedFromSearchEngines === 'null' ? null : choices.newPageExcludedFromSearchEngines === 'true',
    seq: store.next(),
    publishedAt: null,
    live: null,
  }
  // A deployment that publishes a page as it is created (`newPagePublished`).
  if (choices.newPagePublished === 'published') Object.assign(page, { publishedAt: createdAt, live: { ...page, publishedAt: createdAt } })
  store.pages.set(page.id, page)
  return ok(presentPage(call)(page), 201)
}

export function pages(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    reachedCursor(call, 'pages')
    call.settle()
    return listPages(call, site, false)
  }
  if (segments.length === 0 && method === 'POST') return createPage(call)
  const [idOrPathname, ...more] = segments
  if (idOrPathname === undefined || more.length > 0) return undefined
  if (method === 'GET') {
    // The query is read once access is settled (validationOrder): a Site key of another site is refused before it.
    const sentLocale = call.query.locale
    const page = findPage(call, idOrPathname, typeof sentLocale === 'string' && sentLocale !== '' ? sentLocale : undefined)
    const live = new Fields(call.query).oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live' || publishedOnly(call)
    const locale = localeQuery(call.rules, new Fields(call.query))
    // A page is read in a locale of its site; another is a 400 naming it (or a 404 where the list is
    // a 404 or lists no page: `pageUnknownLocale`), or, at `pageReadUnknownLocale: default`, read as
    // no locale: the page as it is, in its site's default locale; at `400` or `404`, that answer whatever the list's.
    const readAs = store.choices.pageReadUnknownLocale
    const named = locale === undefined ? undefined : localeOfSite(call, store.ownerOf(page.siteId)!, locale)
    if (named !== undefined && readAs !== 'default' && !named.known) {
      const asList = store.choices.pageUnknownLocale === '404' || store.choices.pageUnknownLocale === 'empty-list' ? '404' : '400'
      const answer = readAs === '400' || readAs === '404' ? readAs : asList
      if (answer === '404') throw new Refusal(404, `the page's site has no locale ${locale}`)
      throw badField('locale', "is not a locale of the page's site")
    }
    // Only going online publishes (`pagePublishing`), or nothing does: a page never published has no live version.
    if (live && page.live === null) throw new Refusal(404, `the page ${page.id} has no live version: it was never published`)
    const read = live ? page.live! : page
    // A deployment that withdraws the live version of a page while it is offline (`offlineLiveVersion: withdrawn`).
    if (live && !read.isOnline && store.choices.offlineLiveVersion === 'withdrawn') throw new Refusal(404, `the page ${page.id} is offline, so it has no live version until it goes online again`)
    // A key that reads online pages alone (`publicApiKeyAsSiteKey: online-pages`) is refused a page offline in the version read,
    // or does not find it where offline pages are invisible to it (`publicApiKeyOfflinePages: hidden`); one
    // that reads them too (`read`) is no such key here (principalOf).
    if (call.who.kind === 'site' && call.who.onlineOnly === true && !read.isOnline) {
      if (store.choices.publicApiKeyOfflinePages === 'hidden') throw new Refusal(404, `no online page ${idOrPathname} in the site`)
      throw onlinePagesAlone()
    }
    return ok(presentPage(call, named)(read))
  }
  if (method === 'PATCH') {
    const page = findPage(call, idOrPathname)
    updatePage(call, page)
    return ok(presentPage(call)(page))
  }
  if (method === 'DELETE') {
    const again = deletedAgain(call, 'pages', idOrPathname, () => lookupPage(call, idOrPathname))
    if (again) return again
    const page = findPage(call, idOrPathname)
    store.pages.delete(page.id)
    store.remember('pages', page.id, page.siteId, page.pathname)
    if (store.keepsDeletedPlaces) store.deletedPlaces.pages.set(page.id, page)
    return noContent()
  }
  return undefined
}

function updatePage(call: Call, page: Page): void {
  const { store } = call
  const { pathname, name, isOnline, changes, empty } = pageUpdateBody(call.rules, call.body())
  // Turning the page online or offline with every other field as the page has it: at `onlineUpdatedAt: unchanged`, its publication, not an edit.
  const sameAsPage = (field: string, value: unknown): boolean => value === undefined || value === (page as unknown as Json)[field]
  const onlineOnly = isOnline !== undefined && isOnline !== page.isOnline && Object.entries({ pathname, name, ...changes }).every(([field, value]) => sameAsPage(field, value))
  if (pathname !== undefined && pathname !== page.pathname && store.pathnameTaken(page.siteId, pathname, page.id)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
  if (pathname !== undefined) page.pathname = pathname
  // At `pageTitleFollowsName: follows`, a title that is the page's name is renamed with it (a title sent too wins, below).
  if (name !== undefined && store.choices.pageTitleFollowsName === 'follows' && page.title === page.name) page.title = name
  if (name !== undefined) page.name = name
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) (page as unknown as Json)[field] = value
  const wasOnline = page.isOnline
  if (isOnline !== undefined) page.isOnline = isOnline
  const at = store.now()
  // Each direction may choose its own way: `offline-moves` leaves it going online, `online-moves` going offline.
  const kept = store.choices.onlineUpdatedAt === 'unchanged' || store.choices.onlineUpdatedAt === (page.isOnline ? 'offline-moves' : 'online-moves')
  if (!(empty && store.choices.emptyPatchUpdatedAt === 'unchanged') && !(onlineOnly && kept)) page.updatedAt = at
  // Going online publishes where the deployment says so (`pagePublishing`); going offline takes the live version offline.
  // At `onlineRepublish: republishes`, `isOnline: true` publishes a page already online again.
  const republished = wasOnline && isOnline === true && store.choices.onlineRepublish === 'republishes'
  if (store.choices.pagePublishing === 'going-online' && (page.isOnline !== wasOnline || republished)) {
    if (page.isOnline) {
      page.publishedAt = at
      page.live = { ...page, live: null }
    } else if (page.live) page.live = { ...page.live, isOnline: false }
  }
  // A live version that is the page as it is now, once published (`liveVersion: current`).
  if (store.choices.liveVersion === 'current' && page.live) page.live = { ...page, live: null }
}

/**
 * At `localeRenameTouchesPages: touched`, a rename of the site's default locale is an update of
 * every page of the site (the pages shown in it; this implementation keeps no localizations).
 */
export function touchPagesOfRenamedDefault(store: Call['store'], siteId: string): void {
  if (store.choices.localeRenameTouchesPages !== 'touched') return
  const at = store.now()
  for (const page of store.pages.values()) {
    if (page.siteId !== siteId) continue
    page.updatedAt = at
    if (store.choices.liveVersion === 'current' && page.live) page.live = { ...page, live: null }
  }
}

export function listPages(call: Call, site: Site, ofSite: boolean): Answer {
  const { store } = call
  const { choices } = store
  const asked = pageListQuery(call.rules, call.query, ofSite)
  // A key that reads online pages alone lists them alone: it asks no offline ones but where they are invisible to it (`publicApiKeyOfflinePages: hidden`).
  const query = publishedOnly(call) ? { ...asked, live: true } : onlineOnly(call) ? { ...asked, includeOffline: false } : asked
  // Pages have no localization: all are in the site's default locale, and another locale of the
  // site lists none, or every page as its base page (`localeFilterScope: all`). One the site lacks
  // lists none too (its own `pageUnknownLocale`), or is refused.
  const named = query.locale === undefined ? undefined : localeOfSite(call, site, query.locale)
  const inLocale = named === undefined || query.locale === site.defaultLocale || named.isDefault || (named.known && choices.localeFilterScope === 'all')
  if (named !== undefined && !inLocale && !named.known) {
    if (choices.pageUnknownLocale === '400') throw badField('locale', 'is not a locale of the site')
    if (choices.pageUnknownLocale === '404') throw new Refusal(404, `the site has no locale ${query.locale}`)
  }
  const keyOf = (page: Page): string | null => (query.sortBy === 'path' ? page.pathname : page[query.sortBy])
  // The live list is of the pages as published (none, where nothing publishes). A page never
  // published keeps its place among them as it is, so that a cursor naming it is one the list
  // leaves out (cursorOutsideList), as on the draft list, not one that names nothing.
  // The pages a delete removed keep their place as they were (`deletedCursor: after-place`; none kept otherwise).
  const deleted = store.deletedOfSite(store.deletedPlaces.pages, site.id)
  const published = (page: Page): boolean => !query.live || (store.pages.get(page.id) ?? store.deletedPlaces.pages.get(page.id))!.live !== null
  const versions = [...store.sitePages(site.id), ...deleted].map((page) => (query.live ? (page.live ?? page) : page))
  const all = versions.sort((a, b) => (query.creationOrder ? a.seq - b.seq : compareKeys(choices, keyOf(a), keyOf(b), query.direction) || compareTies(choices, a, b)))
  // An offline page has no live version to list where the deployment withdraws it (`offlineLiveVersion: withdrawn`).
  const includeOffline = query.includeOffline && !(query.live && choices.offlineLiveVersion === 'withdrawn')
  const list = inLocale ? all.filter((page) => published(page) && (includeOffline || page.isOnline) && call.rules.beginsWith(page.pathname, query.prefix)) : []
  return pageOf(listChoices(choices, ofSite ? '/v2/sites/{siteId}/pages' : '/v6/pages'), list, call.query, call.rules.limitRange('other'), presentPage(call, named), all, new Set(deleted.map((page) => page.id)), foreignTo(store, 'pages', site.id))
}

/** Whether the key reads its site's pages only as published (`publicApiKeyAsSiteKey: published-pages`): the live versions, asked for or not. */
const publishedOnly = (call: Call): boolean => call.who.kind === 'site' && call.who.publishedOnly === true

/** Whether the key reads its site's online pages alone (`publicApiKeyAsSiteKey: online-pages`). */
const onlineOnly = (call: Call): boolean => call.who.kind === 'site' && call.who.onlineOnly === true
