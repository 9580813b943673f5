import { randomUUID } from 'node:crypto'
import { errorAnswer, noContent, ok, Refusal, badField, type Answer, type Json, type Request } from './http.js'
import { Fields, isUuid, parseBody, queryOf } from './input.js'
import { compareKeys, compareText, compareTies, pageOf } from './lists.js'
import {
  duplicateBody,
  localeCreateBody,
  localeQuery,
  localeUpdateBody,
  operationOf,
  pageCreateBody,
  pageListQuery,
  pageUpdateBody,
  pathParameter,
  readInput,
  routeCreateBody,
  routeUpdateBody,
  siteCreateBody,
  siteUpdateBody,
} from './operations.js'
import { Rules } from './rules.js'
import { localeJson, pageJson, routeJson, siteJson, type Locale, type Page, type Route, type Site, type Store, type Workspace } from './store.js'

/** Who a key is: a workspace's App key, or a site's Site key (its `publicApiKey`, or a key apart at publicApiKeyAsSiteKey: not-a-key, forbidden). */
type Principal = { kind: 'app'; workspace: Workspace } | { kind: 'site'; site: Site }

interface Call {
  store: Store
  family: string
  rules: Rules
  who: Principal
  method: string
  /** Path segments after the version, decoded. */
  segments: string[]
  query: Json
  body: () => Json
  /** Called once access is settled: reads the input whose errors the validation order puts after access. */
  settle: () => void
}

/** One request, answered: the whole API behind one function, so that tests can wrap it. */
export function answer(store: Store, request: Request): Answer {
  try {
    return dispatch(store, request)
  } catch (error) {
    if (error instanceof Refusal) return errorAnswer(error)
    throw error
  }
}

function dispatch(store: Store, request: Request): Answer {
  const raw = request.path.split('/').slice(1)
  let segments: string[]
  try {
    segments = raw.map((segment) => decodeURIComponent(segment))
  } catch {
    throw new Refusal(404, `no resource at ${request.path}`)
  }
  const [version, family, ...rest] = segments
  const known = (version === 'v2' && ['sites', 'locales', 'routes'].includes(family ?? '')) || (version === 'v6' && family === 'pages')
  if (!known) throw new Refusal(404, `no resource at ${request.path}`)
  // Its route operations but the update, which no document shows, served elsewhere (its routeOperations): none here.
  if (store.choices.routeOperations === 'elsewhere' && family === 'routes' && request.method.toUpperCase() !== 'PATCH') throw new Refusal(404, `no resource at ${request.path}`)
  const who = principalOf(store, request.headers['x-api-key'])
  // At `siteKeyWrites: refused-first` a Site key's write is refused before anything else of the request is read.
  if (who.kind === 'site' && request.method.toUpperCase() !== 'GET' && store.choices.siteKeyWrites === 'refused-first') throw new Refusal(403, 'Site API keys only read here')
  let parsed: Json | undefined
  const method = request.method.toUpperCase()
  const rules = new Rules(store.choices)
  const query = queryOf(request.query)
  const body = (): Json => (parsed ??= parseBody(request.body))
  const operation = operationOf(family!, method, rest)
  // Without choices, each handler reads its input where it always did; with them, as `validationOrder` says (access first unless said).
  const ordered = operation !== undefined && Object.keys(store.choices).length > 0
  const order = store.choices.validationOrder ?? 'access-first'
  let settled = !ordered || order === 'input-first'
  if (ordered) {
    pathParameter(rules, operation, rest[0])
    if (order !== 'access-first') readInput(rules, operation, { segments: rest, query, body }, order === 'input-first' ? 'all' : 'params')
  }
  const settle = (): void => {
    if (settled) return
    settled = true
    readInput(rules, operation!, { segments: rest, query, body }, 'all')
  }
  const call: Call = { store, family: family!, rules, who, method, segments: rest, query, body, settle }
  const handled = family === 'sites' ? sites(call) : family === 'locales' ? locales(call) : family === 'pages' ? pages(call) : routes(call)
  if (!handled) throw new Refusal(404, `no operation ${request.method} ${request.path}`)
  return handled
}

function principalOf(store: Store, key: string | undefined): Principal {
  if (key === undefined || key === '') throw new Refusal(401, 'an x-api-key header is required')
  const workspace = store.workspaceByKey(key)
  if (workspace) return { kind: 'app', workspace }
  const site = store.siteByKey(key)
  if (site) return { kind: 'site', site }
  if (store.choices.publicApiKeyAsSiteKey === 'forbidden' && store.isPublicKey(key)) throw new Refusal(403, "a site's publicApiKey only fetches page data for its host; it has no permission here")
  throw new Refusal(401, 'the x-api-key is not a key of this service')
}

const reaches = (who: Principal, site: Site): boolean => (who.kind === 'app' ? site.workspaceId === who.workspace.id : site.id === who.site.id)

/**
 * Existence is judged before permission (its own `accessOrder`): a site that does not exist is a
 * 404 for every key. At `permission-first` a Site key naming another site is a 403 whether or not
 * it exists. A Site key changes no page, route or locale at `siteKeyWrites: refused`.
 */
function reachableSite(call: Call, id: string | undefined): Site {
  const { who, store } = call
  const wanted = id?.toLowerCase()
  if (store.choices.accessOrder === 'permission-first' && who.kind === 'site' && wanted !== who.site.id) throw new Refusal(403, 'a Site API key reaches only its own site')
  const site = wanted === undefined ? undefined : store.sites.get(wanted)
  if (!site) throw new Refusal(404, `no site ${id ?? ''}`)
  if (!reaches(who, site)) throw new Refusal(403, 'this key has no access to the site')
  if (who.kind === 'site' && call.family !== 'sites' && call.method !== 'GET' && store.choices.siteKeyWrites === 'refused') throw new Refusal(403, 'a Site API key may only read; use an App API key to change anything')
  return site
}

/**
 * Whether a create reads its whole body before the site it names (`createBodyOrder`): without
 * choices, a page or route create does and a locale create reads only `siteId` first.
 */
function bodyBeforeSite(call: Call, family: 'pages' | 'routes' | 'locales'): boolean {
  const chosen = call.store.choices.createBodyOrder
  return chosen === undefined ? family !== 'locales' : chosen === 'body-first'
}

function appOnly(call: Call): Workspace {
  if (call.who.kind !== 'app') throw new Refusal(403, 'a Site API key cannot do this; use an App API key')
  return call.who.workspace
}

const present = (call: Call) => (site: Site): Json => siteJson(site, call.store.choices)

// --- sites -------------------------------------------------------------------------------------

function sites(call: Call): Answer | undefined {
  const { store, method, segments, rules } = call
  if (segments.length === 0 && method === 'GET') {
    // At `siteKeySiteList: own-site` a Site key lists its own site alone.
    const ownSite = call.who.kind === 'site' && store.choices.siteKeySiteList === 'own-site' ? call.who.site : undefined
    const keyWorkspace = ownSite?.workspaceId ?? appOnly(call).id
    const workspaceId = new Fields(call.query).uuid('workspaceId', true)!
    if (workspaceId.toLowerCase() !== keyWorkspace) throw new Refusal(403, 'this key has no access to the workspace')
    call.settle()
    const newestFirst = store.choices.siteListOrder === 'newest-first'
    const list = [...store.sites.values()].filter((site) => site.workspaceId === keyWorkspace && (ownSite === undefined || site.id === ownSite.id)).sort((a, b) => (newestFirst ? b.seq - a.seq : a.seq - b.seq))
    return pageOf(store.choices, list, call.query, rules.minimumLimit('other'), present(call))
  }
  if (segments.length === 0 && method === 'POST') {
    const workspace = appOnly(call)
    const input = siteCreateBody(rules, call.body())
    if (input.workspaceId.toLowerCase() !== workspace.id) throw new Refusal(403, 'this key has no access to the workspace')
    call.settle()
    const site: Site = { id: randomUUID(), workspaceId: workspace.id, name: input.name, hostOrigin: input.hostOrigin, publicApiKey: randomUUID(), siteKey: randomUUID(), defaultLocale: input.defaultLocale, seq: store.next() }
    store.sites.set(site.id, site)
    addLocale(store, site.id, input.defaultLocale, null, null)
    return ok(siteJson(site, store.choices), 201)
  }
  const [siteId, action, ...more] = segments
  if (more.length > 0) return undefined
  if (action === undefined) {
    if (method === 'GET') {
      const site = reachableSite(call, siteId)
      call.settle()
      return ok(siteJson(site, store.choices))
    }
    if (method === 'PATCH') {
      const site = reachableSite(call, siteId)
      call.settle()
      const { name, hostOrigin } = siteUpdateBody(rules, call.body())
      if (name !== undefined) site.name = name
      if (hostOrigin !== undefined) site.hostOrigin = hostOrigin
      return ok(siteJson(site, store.choices))
    }
    if (method === 'DELETE') {
      const site = reachableSite(call, siteId)
      appOnly(call)
      call.settle()
      store.removeSite(site)
      return noContent()
    }
    return undefined
  }
  if (action === 'duplicate' && method === 'POST') {
    const source = reachableSite(call, siteId)
    appOnly(call)
    call.settle()
    return duplicate(call, source, duplicateBody(rules, call.body()))
  }
  if (action === 'pages' && method === 'GET') {
    const site = reachableSite(call, siteId)
    call.settle()
    return listPages(call, site, true)
  }
  return undefined
}

function duplicate(call: Call, source: Site, name: string): Answer {
  const { store } = call
  const copy: Site = { ...source, id: randomUUID(), name, publicApiKey: randomUUID(), siteKey: randomUUID(), seq: store.next() }
  store.sites.set(copy.id, copy)
  for (const locale of store.liveLocales(source.id)) addLocale(store, copy.id, locale.locale, locale.domain, locale.pathPrefix)
  // Its deleted locales too, still deleted, at `duplicateDeletedLocales: copied`.
  if (store.choices.duplicateDeletedLocales === 'copied') {
    const deleted = [...store.locales.values()].filter((locale) => locale.siteId === source.id && locale.deleted).sort((a, b) => a.seq - b.seq)
    for (const locale of deleted) addLocale(store, copy.id, locale.locale, locale.domain, locale.pathPrefix).deleted = true
  }
  // Pages keep their timestamps: the copy is "all content ... copied from the original".
  for (const page of store.sitePages(source.id).sort((a, b) => a.seq - b.seq)) {
    const id = randomUUID()
    const seq = store.next()
    store.pages.set(id, { ...page, id, siteId: copy.id, seq, live: page.live && { ...page.live, id, siteId: copy.id, seq } })
  }
  for (const route of store.siteRoutes(source.id).sort((a, b) => a.seq - b.seq)) {
    const id = randomUUID()
    store.routes.set(id, { ...route, id, siteId: copy.id, seq: store.next() })
  }
  return ok(siteJson(copy, store.choices), 201)
}

// --- locales -----------------------------------------------------------------------------------

function addLocale(store: Store, siteId: string, code: string, domain: string | null, pathPrefix: string | null): Locale {
  const locale: Locale = { id: randomUUID(), siteId, locale: code, domain, pathPrefix, deleted: false, seq: store.next() }
  store.locales.set(locale.id, locale)
  return locale
}

/** The site named by `siteId` in the query, needed for a code or pathname in the path. */
function siteFromQuery(call: Call, needed: boolean): Site | undefined {
  const siteId = new Fields(call.query).uuid('siteId', needed)
  return siteId === undefined ? undefined : reachableSite(call, siteId)
}

/** With an id in the path, a `siteId` the query also gives must be a UUID, and (its own `siteIdBesideId`) the resource must be of that site. */
function inQuerySite(call: Call, siteId: string | undefined): boolean {
  const named = new Fields(call.query).uuid('siteId')
  return named === undefined || call.store.choices.siteIdBesideId === 'ignored' || named.toLowerCase() === siteId
}

/** A locale by id (in the `siteId` site when given) or by code (in the `siteId` site), deleted ones included when asked; no access judged. */
function lookupLocale(call: Call, idOrCode: string, deleted: boolean): Locale | undefined {
  const { store } = call
  if (isUuid(idOrCode)) {
    const byId = store.locales.get(idOrCode.toLowerCase())
    return byId && byId.deleted === deleted && inQuerySite(call, byId.siteId) ? byId : undefined
  }
  const site = siteFromQuery(call, true)!
  // A code is looked up in the form the deployment stores codes in.
  const code = call.rules.storedCode(idOrCode)
  return [...store.locales.values()].filter((locale) => locale.siteId === site.id && call.rules.sameCode(locale.locale, code) && locale.deleted === deleted).sort((a, b) => b.seq - a.seq)[0]
}

function findLocale(call: Call, idOrCode: string, deleted: boolean): Locale {
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  const found = lookupLocale(call, idOrCode, deleted)
  if (!found) throw new Refusal(404, `no ${deleted ? 'deleted ' : ''}locale ${idOrCode}`)
  reachableSite(call, found.siteId)
  call.settle()
  return found
}

function localeList(call: Call, site: Site, deleted: boolean): Locale[] {
  const locales = [...call.store.locales.values()].filter((locale) => locale.siteId === site.id && (deleted || !locale.deleted))
  return call.store.choices.localeListOrder === 'code' ? locales.sort((a, b) => compareText({ sortCollation: 'code-unit' }, a.locale, b.locale) || a.seq - b.seq) : locales.sort((a, b) => a.seq - b.seq)
}

function restore(call: Call, idOrCode: string): Answer {
  const { store } = call
  new Fields(call.query).uuid('siteId')
  const deleted = lookupLocale(call, idOrCode, true)
  if (!deleted) {
    // A live locale of that id or code: its own answer is a 404, as there is nothing deleted to restore.
    // A code names deleted locales only at `restoreByCode: deleted-only`.
    const deletedOnly = store.choices.restoreLiveLocale === undefined || store.choices.restoreLiveLocale === '404' || (store.choices.restoreByCode === 'deleted-only' && !isUuid(idOrCode))
    const live = deletedOnly ? undefined : lookupLocale(call, idOrCode, false)
    if (!live) throw new Refusal(404, `no deleted locale ${idOrCode}`)
    const site = reachableSite(call, live.siteId)
    call.settle()
    if (store.choices.restoreLiveLocale === '409') throw new Refusal(409, `the locale ${live.locale} is not deleted`)
    return ok(localeJson(live, site))
  }
  const site = reachableSite(call, deleted.siteId)
  call.settle()
  if (store.liveLocales(site.id).some((live) => call.rules.sameCode(live.locale, deleted.locale))) throw new Refusal(409, `the site already has the locale ${deleted.locale} again`)
  domainFree(store, site, deleted.domain, deleted)
  deleted.deleted = false
  return ok(localeJson(deleted, site))
}

/** A deleted locale keeps its code for its restore at `deletedLocaleCode: reserved`. */
function codeNotReserved(call: Call, site: Site, code: string): void {
  if (call.store.choices.deletedLocaleCode !== 'reserved') return
  const held = [...call.store.locales.values()].some((locale) => locale.siteId === site.id && locale.deleted && call.rules.sameCode(locale.locale, code))
  if (held) throw new Refusal(409, `a deleted locale of the site keeps the code ${code}; restore it instead`)
}

/** A domain another live locale of the site (or of any site) has is a conflict where a domain names one locale (its `localeDomains`: unique, unique-everywhere). */
function domainFree(store: Store, site: Site, domain: string | null | undefined, self: Locale | undefined): void {
  const rule = store.choices.localeDomains
  if (rule === undefined || rule === 'shared' || domain === null || domain === undefined) return
  const others = rule === 'unique' ? store.liveLocales(site.id) : [...store.locales.values()].filter((locale) => !locale.deleted)
  if (others.some((other) => other !== self && other.domain === domain)) throw new Refusal(409, `another locale has the domain ${domain}`)
}

function locales(call: Call): Answer | undefined {
  const { store, method, segments, rules } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    call.settle()
    return pageOf(store.choices, localeList(call, site, false), call.query, 1, (locale) => localeJson(locale, site), localeList(call, site, true))
  }
  if (segments.length === 0 && method === 'POST') {
    const first = bodyBeforeSite(call, 'locales') ? localeCreateBody(rules, call.body()) : undefined
    const site = reachableSite(call, new Fields(call.body()).uuid('siteId', true))
    call.settle()
    const { code, domain } = first ?? localeCreateBody(rules, call.body())
    if (store.liveLocales(site.id).some((locale) => rules.sameCode(locale.locale, code))) throw new Refusal(409, `the site already has the locale ${code}`)
    codeNotReserved(call, site, code)
    domainFree(store, site, domain, undefined)
    return ok(localeJson(addLocale(store, site.id, code, domain, null), site), 201)
  }
  const [idOrCode, action, ...more] = segments
  if (idOrCode === undefined || more.length > 0) return undefined
  if (action === 'restore' && method === 'POST') return restore(call, idOrCode)
  if (action !== undefined) return undefined
  if (method === 'GET') {
    const locale = findLocale(call, idOrCode, false)
    return ok(localeJson(locale, store.sites.get(locale.siteId)!))
  }
  if (method === 'PATCH') {
    const locale = findLocale(call, idOrCode, false)
    const site = store.sites.get(locale.siteId)!
    const { code, domain } = localeUpdateBody(rules, call.body())
    const renamed = code !== undefined && code !== locale.locale
    if (renamed && store.liveLocales(site.id).some((other) => other !== locale && rules.sameCode(other.locale, code))) throw new Refusal(409, `the site already has the locale ${code}`)
    if (renamed) codeNotReserved(call, site, code)
    if (renamed && locale.locale === site.defaultLocale && store.choices.renameDefaultLocale === 'refused') throw badField('locale', 'cannot change on the default locale of the site')
    // Renaming the default locale renames the site's default with it.
    domainFree(store, site, domain, locale)
    if (code !== undefined && locale.locale === site.defaultLocale) site.defaultLocale = code
    if (code !== undefined) locale.locale = code
    if (domain !== undefined) locale.domain = domain
    return ok(localeJson(locale, site))
  }
  if (method === 'DELETE') {
    const locale = findLocale(call, idOrCode, false)
    const site = store.sites.get(locale.siteId)!
    if (locale.locale === site.defaultLocale) throw badField('localeIdOrCode', 'is the default locale of the site, which cannot be deleted')
    locale.deleted = true
    return noContent()
  }
  return undefined
}

// --- pages -------------------------------------------------------------------------------------

/** A page by id (any site) or by pathname (in the `siteId` site, in the form pathnames are stored). */
function findPage(call: Call, idOrPathname: string): Page {
  const { store } = call
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  let found: Page | undefined
  if (isUuid(idOrPathname)) {
    const byId = store.pages.get(idOrPathname.toLowerCase())
    found = byId && inQuerySite(call, byId.siteId) ? byId : undefined
  } else {
    const site = siteFromQuery(call, true)!
    const pathname = call.rules.storedPathname(idOrPathname)
    found = store.sitePages(site.id).find((page) => page.pathname === pathname)
  }
  if (!found) throw new Refusal(404, `no page ${idOrPathname}`)
  reachableSite(call, found.siteId)
  call.settle()
  return found
}

const presentPage = (call: Call) => (page: Page): Json => pageJson(page, call.store.choices, call.store.sites.get(page.siteId)!.defaultLocale)

/** Whether `locale` (a code or an id) names a live locale of the site, and whether that one is its default. */
function localeOfSite(call: Call, site: Site, locale: string): { known: boolean; isDefault: boolean } {
  const code = call.rules.storedCode(locale)
  const match = call.store.liveLocales(site.id).find((live) => call.rules.sameCode(live.locale, code) || live.id === locale.toLowerCase())
  return { known: match !== undefined, isDefault: match?.locale === site.defaultLocale }
}

function createPage(call: Call): Answer {
  const { store, rules } = call
  const first = bodyBeforeSite(call, 'pages') ? pageCreateBody(rules, call.body()) : undefined
  const site = reachableSite(call, first?.siteId ?? new Fields(call.body()).uuid('siteId', true))
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
    canonicalUrl: null,
    title: choices.newPageTitle === 'name' ? input.name : null,
    description: null,
    socialImageUrl: null,
    sitemapPriority: choices.newPageSitemapPriority === '0.5' ? 0.5 : null,
    sitemapFrequency: choices.newPageSitemapFrequency === undefined || choices.newPageSitemapFrequency === 'null' ? null : choices.newPageSitemapFrequency,
    createdAt,
    updatedAt: choices.updatedAtAtCreation === 'createdAt' ? createdAt : null,
    isOnline: choices.newPageOnline !== 'offline',
    excludedFromSearchEngines: choices.newPageExcludedFromSearchEngines === 'false' ? false : null,
    seq: store.next(),
    publishedAt: null,
    live: null,
  }
  // A deployment that publishes a page as it is created (`newPagePublished`).
  if (choices.newPagePublished === 'published') Object.assign(page, { publishedAt: createdAt, live: { ...page, publishedAt: createdAt } })
  store.pages.set(page.id, page)
  return ok(presentPage(call)(page), 201)
}

function pages(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    call.settle()
    return listPages(call, site, false)
  }
  if (segments.length === 0 && method === 'POST') return createPage(call)
  const [idOrPathname, ...more] = segments
  if (idOrPathname === undefined || more.length > 0) return undefined
  if (method === 'GET') {
    const live = new Fields(call.query).oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live'
    const page = findPage(call, idOrPathname)
    const locale = localeQuery(call.rules, new Fields(call.query))
    // A page is read in a locale of its site; another is a 400 naming it (or a 404 where the list is
    // a 404 or lists no page: `pageUnknownLocale`).
    if (locale !== undefined && !localeOfSite(call, store.sites.get(page.siteId)!, locale).known) {
      if (store.choices.pageUnknownLocale === '404' || store.choices.pageUnknownLocale === 'empty-list') throw new Refusal(404, `the page's site has no locale ${locale}`)
      throw badField('locale', "is not a locale of the page's site")
    }
    // Only going online publishes (`pagePublishing`), or nothing does: a page never published has no live version.
    if (live && page.live === null) throw new Refusal(404, `the page ${page.id} has no live version: it was never published`)
    return ok(presentPage(call)(live ? page.live! : page))
  }
  if (method === 'PATCH') {
    const page = findPage(call, idOrPathname)
    updatePage(call, page)
    return ok(presentPage(call)(page))
  }
  if (method === 'DELETE') {
    store.pages.delete(findPage(call, idOrPathname).id)
    return noContent()
  }
  return undefined
}

function updatePage(call: Call, page: Page): void {
  const { store } = call
  const { pathname, name, isOnline, changes, empty } = pageUpdateBody(call.rules, call.body())
  if (pathname !== undefined && pathname !== page.pathname && store.pathnameTaken(page.siteId, pathname, page.id)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
  if (pathname !== undefined) page.pathname = pathname
  if (name !== undefined) page.name = name
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) (page as unknown as Json)[field] = value
  const wasOnline = page.isOnline
  if (isOnline !== undefined) page.isOnline = isOnline
  if (!(empty && store.choices.emptyPatchUpdatedAt === 'unchanged')) page.updatedAt = store.now()
  // Going online publishes where the deployment says so (`pagePublishing`); going offline takes the live version offline.
  if (store.choices.pagePublishing === 'going-online' && page.isOnline !== wasOnline) {
    if (page.isOnline) {
      page.publishedAt = page.updatedAt ?? store.now()
      page.live = { ...page, live: null }
    } else if (page.live) page.live = { ...page.live, isOnline: false }
  }
  // A live version that is the page as it is now, once published (`liveVersion: current`).
  if (store.choices.liveVersion === 'current' && page.live) page.live = { ...page, live: null }
}

function listPages(call: Call, site: Site, ofSite: boolean): Answer {
  const { store } = call
  const { choices } = store
  const query = pageListQuery(call.rules, call.query, ofSite)
  // Pages have no locale of their own: all are in the site's default locale, and another locale
  // of the site lists none. One the site lacks lists none too (its own `pageUnknownLocale`), or is refused.
  const inLocale = query.locale === undefined || query.locale === site.defaultLocale || localeOfSite(call, site, query.locale).isDefault
  if (query.locale !== undefined && !inLocale && !localeOfSite(call, site, query.locale).known) {
    if (choices.pageUnknownLocale === '400') throw badField('locale', 'is not a locale of the site')
    if (choices.pageUnknownLocale === '404') throw new Refusal(404, `the site has no locale ${query.locale}`)
  }
  const keyOf = (page: Page): string | null => (query.sortBy === 'path' ? page.pathname : page[query.sortBy])
  // The live list is of the pages as published (none, where nothing publishes). A page never
  // published keeps its place among them as it is, so that a cursor naming it is one the list
  // leaves out (cursorOutsideList), as on the draft list, not one that names nothing.
  const published = (page: Page): boolean => !query.live || store.pages.get(page.id)!.live !== null
  const versions = store.sitePages(site.id).map((page) => (query.live ? (page.live ?? page) : page))
  const all = versions.sort((a, b) => compareKeys(choices, keyOf(a), keyOf(b), query.direction) || compareTies(choices, a, b))
  const list = inLocale ? all.filter((page) => published(page) && (query.includeOffline || page.isOnline) && page.pathname.startsWith(query.prefix)) : []
  return pageOf(choices, list, call.query, call.rules.minimumLimit('other'), presentPage(call), all)
}

// --- routes ------------------------------------------------------------------------------------

function findRoute(call: Call, idOrPathname: string): Route {
  const { store } = call
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  let found: Route | undefined
  if (isUuid(idOrPathname)) {
    const byId = store.routes.get(idOrPathname.toLowerCase())
    found = byId && inQuerySite(call, byId.siteId) ? byId : undefined
  } else {
    const site = siteFromQuery(call, true)!
    found = store.siteRoutes(site.id).find((route) => route.pathname === idOrPathname)
  }
  if (!found) throw new Refusal(404, `no route ${idOrPathname}`)
  reachableSite(call, found.siteId)
  call.settle()
  return found
}
/** Its own order: by pathname case-insensitive, ties in creation order; or as `routeListOrder` says. */
function routeOrder(call: Call): (a: Route, b: Route) => number {
  const order = call.store.choices.routeListOrder
  if (order === 'creation') return (a, b) => a.seq - b.seq
  if (order === 'pathname') return (a, b) => compareText({ sortCollation: 'code-unit' }, a.pathname, b.pathname) || (a.id < b.id ? -1 : 1)
  return (a, b) => compareKeys({}, a.pathname, b.pathname, 1) || a.seq - b.seq
}

function routes(call: Call): Answer | undefined {
  const { store, method, segments, rules } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    call.settle()
    return pageOf(store.choices, store.siteRoutes(site.id).sort(routeOrder(call)), call.query, rules.minimumLimit('other'), routeJson)
  }
  if (segments.length === 0 && method === 'POST') {
    const first = bodyBeforeSite(call, 'routes') ? routeCreateBody(rules, call.body(), call.query) : undefined
    const site = reachableSite(call, first?.siteId ?? new Fields(call.body()).uuid('siteId', true))
    call.settle()
    const input = first ?? routeCreateBody(rules, call.body(), call.query)
    if (store.pathnameTaken(site.id, input.pathname)) throw new Refusal(409, `a page or route already has the pathname ${input.pathname}`)
    const route: Route = { id: randomUUID(), siteId: site.id, pathname: input.pathname, seq: store.next() }
    store.routes.set(route.id, route)
    return ok(routeJson(route), 201)
  }
  const [idOrPathname, ...more] = segments
  if (idOrPathname === undefined || more.length > 0) return undefined
  if (method === 'GET') return ok(routeJson(findRoute(call, idOrPathname)))
  if (method === 'PATCH') {
    const route = findRoute(call, idOrPathname)
    const pathname = routeUpdateBody(rules, call.body(), call.query)
    if (pathname !== undefined && pathname !== route.pathname && store.pathnameTaken(route.siteId, pathname, route.id)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
    if (pathname !== undefined) route.pathname = pathname
    return ok(routeJson(route))
  }
  if (method === 'DELETE') {
    store.routes.delete(findRoute(call, idOrPathname).id)
    return noContent()
  }
  return undefined
}

