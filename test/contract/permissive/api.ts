import { randomUUID } from 'node:crypto'
import { errorAnswer, noContent, ok, Refusal, badField, type Answer, type Json, type Request } from './http.js'
import { Fields, isUuid, limitOf, parseBody, queryOf } from './input.js'
import { localeJson, pageJson, routeJson, siteJson, type Locale, type Page, type Route, type Site, type Store, type Workspace } from './store.js'

/** Who a key is: a workspace's App key, or a site's Site key (its `publicApiKey`). */
type Principal = { kind: 'app'; workspace: Workspace } | { kind: 'site'; site: Site }

interface Call {
  store: Store
  who: Principal
  method: string
  /** Path segments after the version, decoded. */
  segments: string[]
  query: Json
  body: () => Json
}

const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'] as const
const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const

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
  const who = principalOf(store, request.headers['x-api-key'])
  let parsed: Json | undefined
  const call: Call = { store, who, method: request.method.toUpperCase(), segments: rest, query: queryOf(request.query), body: () => (parsed ??= parseBody(request.body)) }
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
  throw new Refusal(401, 'the x-api-key is not a key of this service')
}

const reaches = (who: Principal, site: Site): boolean => (who.kind === 'app' ? site.workspaceId === who.workspace.id : site.id === who.site.id)

/** Existence is judged before permission: a site that does not exist is a 404 for every key. */
function reachableSite(call: Call, id: string | undefined): Site {
  const site = id === undefined ? undefined : call.store.sites.get(id.toLowerCase())
  if (!site) throw new Refusal(404, `no site ${id ?? ''}`)
  if (!reaches(call.who, site)) throw new Refusal(403, 'this key has no access to the site')
  return site
}

function appOnly(call: Call): Workspace {
  if (call.who.kind !== 'app') throw new Refusal(403, 'a Site API key cannot do this; use an App API key')
  return call.who.workspace
}

/** Items after the cursor, `limit` of them; a cursor outside the list gives an empty page. */
function pageOf<T extends { id: string }>(items: T[], query: Json, minimum: 0 | 1, present: (item: T) => Json): Answer {
  const fields = new Fields(query)
  const limit = limitOf(query, minimum)
  const cursor = fields.uuid('startingAfter')
  let start = 0
  if (cursor !== undefined) {
    const at = items.findIndex((item) => item.id === cursor.toLowerCase())
    start = at < 0 ? items.length : at + 1
  }
  const rest = items.slice(start)
  return ok({ object: 'list', data: rest.slice(0, limit).map(present), hasMore: rest.length > limit })
}

// --- sites -------------------------------------------------------------------------------------

function sites(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') {
    const workspace = appOnly(call)
    const workspaceId = new Fields(call.query).uuid('workspaceId', true)!
    if (workspaceId.toLowerCase() !== workspace.id) throw new Refusal(403, 'this key has no access to the workspace')
    const list = [...store.sites.values()].filter((site) => site.workspaceId === workspace.id).sort((a, b) => a.seq - b.seq)
    return pageOf(list, call.query, 0, siteJson)
  }
  if (segments.length === 0 && method === 'POST') {
    const workspace = appOnly(call)
    const fields = new Fields(call.body())
    const workspaceId = fields.uuid('workspaceId', true)!
    const name = fields.string('name', { required: true })!
    const hostOrigin = fields.uri('hostOrigin') ?? null
    const defaultLocale = fields.localeCode('defaultLocale') ?? 'en-US'
    if (workspaceId.toLowerCase() !== workspace.id) throw new Refusal(403, 'this key has no access to the workspace')
    const site: Site = { id: randomUUID(), workspaceId: workspace.id, name, hostOrigin, publicApiKey: randomUUID(), defaultLocale, seq: store.next() }
    store.sites.set(site.id, site)
    addLocale(store, site.id, defaultLocale, null, null)
    return ok(siteJson(site), 201)
  }
  const [siteId, action, ...more] = segments
  if (more.length > 0) return undefined
  if (action === undefined) {
    if (method === 'GET') return ok(siteJson(reachableSite(call, siteId)))
    if (method === 'PATCH') {
      const site = reachableSite(call, siteId)
      const fields = new Fields(call.body())
      // The specification: "`defaultLocale` is not accepted in this body".
      if (fields.has('defaultLocale')) throw badField('defaultLocale', 'is not accepted when updating a site')
      const name = fields.string('name')
      const hostOrigin = fields.uri('hostOrigin')
      if (name !== undefined) site.name = name
      if (hostOrigin !== undefined) site.hostOrigin = hostOrigin
      return ok(siteJson(site))
    }
    if (method === 'DELETE') {
      const site = reachableSite(call, siteId)
      appOnly(call)
      store.removeSite(site)
      return noContent()
    }
    return undefined
  }
  if (action === 'duplicate' && method === 'POST') return duplicate(call, reachableSite(call, siteId))
  if (action === 'pages' && method === 'GET') return listPages(call, reachableSite(call, siteId))
  return undefined
}

function duplicate(call: Call, source: Site): Answer {
  appOnly(call)
  const name = new Fields(call.body()).string('name', { required: true })!
  const { store } = call
  const copy: Site = { ...source, id: randomUUID(), name, publicApiKey: randomUUID(), seq: store.next() }
  store.sites.set(copy.id, copy)
  for (const locale of store.liveLocales(source.id)) addLocale(store, copy.id, locale.locale, locale.domain, locale.pathPrefix)
  // Pages keep their timestamps: the copy is "all content ... copied from the original".
  for (const page of store.sitePages(source.id).sort((a, b) => a.seq - b.seq)) {
    const id = randomUUID()
    store.pages.set(id, { ...page, id, siteId: copy.id, seq: store.next() })
  }
  for (const route of store.siteRoutes(source.id).sort((a, b) => a.seq - b.seq)) {
    const id = randomUUID()
    store.routes.set(id, { ...route, id, siteId: copy.id, seq: store.next() })
  }
  return ok(siteJson(copy), 201)
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

/** With an id in the path, a `siteId` the query also gives must be a UUID, and the resource must be of that site. */
function inQuerySite(call: Call, siteId: string | undefined): boolean {
  const named = new Fields(call.query).uuid('siteId')
  return named === undefined || named.toLowerCase() === siteId
}

/** A locale by id (in the `siteId` site when given) or by code (in the `siteId` site), deleted ones included when asked. */
function findLocale(call: Call, idOrCode: string, deleted: boolean): Locale {
  const { store } = call
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  let found: Locale | undefined
  if (isUuid(idOrCode)) {
    const byId = store.locales.get(idOrCode.toLowerCase())
    found = byId && byId.deleted === deleted && inQuerySite(call, byId.siteId) ? byId : undefined
  } else {
    const site = siteFromQuery(call, true)!
    found = [...store.locales.values()].filter((locale) => locale.siteId === site.id && locale.locale === idOrCode && locale.deleted === deleted).sort((a, b) => b.seq - a.seq)[0]
  }
  if (!found) throw new Refusal(404, `no ${deleted ? 'deleted ' : ''}locale ${idOrCode}`)
  reachableSite(call, found.siteId)
  return found
}

function locales(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    return pageOf(store.liveLocales(site.id), call.query, 1, (locale) => localeJson(locale, site))
  }
  if (segments.length === 0 && method === 'POST') {
    const fields = new Fields(call.body())
    const site = reachableSite(call, fields.uuid('siteId', true))
    const code = fields.localeCode('locale', true)!
    const domain = fields.uri('domain', { nullable: true }) ?? null
    if (store.liveLocales(site.id).some((locale) => locale.locale === code)) throw new Refusal(409, `the site already has the locale ${code}`)
    return ok(localeJson(addLocale(store, site.id, code, domain, null), site), 201)
  }
  const [idOrCode, action, ...more] = segments
  if (idOrCode === undefined || more.length > 0) return undefined
  if (action === 'restore' && method === 'POST') {
    const locale = findLocale(call, idOrCode, true)
    const site = store.sites.get(locale.siteId)!
    if (store.liveLocales(site.id).some((live) => live.locale === locale.locale)) throw new Refusal(409, `the site already has the locale ${locale.locale} again`)
    locale.deleted = false
    return ok(localeJson(locale, site))
  }
  if (action !== undefined) return undefined
  if (method === 'GET') {
    const locale = findLocale(call, idOrCode, false)
    return ok(localeJson(locale, store.sites.get(locale.siteId)!))
  }
  if (method === 'PATCH') {
    const locale = findLocale(call, idOrCode, false)
    const site = store.sites.get(locale.siteId)!
    const fields = new Fields(call.body())
    const code = fields.localeCode('locale')
    const domain = fields.uri('domain', { nullable: true })
    if (code !== undefined && code !== locale.locale && store.liveLocales(site.id).some((other) => other.locale === code)) throw new Refusal(409, `the site already has the locale ${code}`)
    // Renaming the default locale renames the site's default with it.
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

/** A page by id (any site) or by pathname (in the `siteId` site). */
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
    found = store.sitePages(site.id).find((page) => page.pathname === idOrPathname)
  }
  if (!found) throw new Refusal(404, `no page ${idOrPathname}`)
  reachableSite(call, found.siteId)
  return found
}

function pages(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') return listPages(call, siteFromQuery(call, true)!)
  if (segments.length === 0 && method === 'POST') {
    const fields = new Fields(call.body())
    const siteId = fields.uuid('siteId', true)
    // Any string is a page pathname but the empty one, which no path `/v6/pages/{pageIdOrPathname}` can name.
    const pathname = fields.string('pathname', { required: true, minLength: 1 })!
    const name = fields.string('name', { required: true, minLength: 1 })!
    const site = reachableSite(call, siteId)
    if (store.pathnameTaken(site.id, pathname)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
    const page: Page = {
      id: randomUUID(),
      siteId: site.id,
      name,
      pathname,
      canonicalUrl: null,
      title: null,
      description: null,
      socialImageUrl: null,
      sitemapPriority: null,
      sitemapFrequency: null,
      createdAt: store.now(),
      updatedAt: null,
      isOnline: true,
      excludedFromSearchEngines: null,
      seq: store.next(),
    }
    store.pages.set(page.id, page)
    return ok(pageJson(page), 201)
  }
  const [idOrPathname, ...more] = segments
  if (idOrPathname === undefined || more.length > 0) return undefined
  if (method === 'GET') {
    const live = new Fields(call.query).oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live'
    const page = findPage(call, idOrPathname)
    const locale = new Fields(call.query).string('locale')
    // A page is read in a locale of its site (an empty one reads as none); another is a 400 naming it.
    if (locale !== undefined && locale !== '' && !call.store.liveLocales(page.siteId).some((live) => live.locale === locale || live.id === locale.toLowerCase())) throw badField('locale', 'is not a locale of the page\'s site')
    // No operation publishes: the live version holds no page.
    if (live) throw new Refusal(404, `the page ${page.id} has no live version: it was never published`)
    return ok(pageJson(page))
  }
  if (method === 'PATCH') {
    const page = findPage(call, idOrPathname)
    updatePage(store, page, new Fields(call.body()))
    return ok(pageJson(page))
  }
  if (method === 'DELETE') {
    store.pages.delete(findPage(call, idOrPathname).id)
    return noContent()
  }
  return undefined
}

/** The published update (`pathname`, `name`, `isOnline`) and the page's other nullable fields, each by its JSON type. */
function updatePage(store: Store, page: Page, fields: Fields): void {
  const pathname = fields.string('pathname', { minLength: 1 })
  const name = fields.string('name', { minLength: 1 })
  const isOnline = fields.boolean('isOnline')
  const changes: Partial<Page> = {
    title: fields.nullable<string>('title', 'string'),
    description: fields.nullable<string>('description', 'string'),
    canonicalUrl: fields.nullable<string>('canonicalUrl', 'string'),
    socialImageUrl: fields.nullable<string>('socialImageUrl', 'string'),
    sitemapPriority: fields.nullable<number>('sitemapPriority', 'number', (value) => (value >= 0 && value <= 1 ? undefined : 'must be from 0 to 1')),
    sitemapFrequency: fields.nullable<string>('sitemapFrequency', 'string', (value) => ((FREQUENCIES as readonly string[]).includes(value) ? undefined : `must be one of ${FREQUENCIES.join(', ')}`)),
    excludedFromSearchEngines: fields.nullable<boolean>('excludedFromSearchEngines', 'boolean'),
  }
  if (pathname !== undefined && pathname !== page.pathname && store.pathnameTaken(page.siteId, pathname, page.id)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
  if (pathname !== undefined) page.pathname = pathname
  if (name !== undefined) page.name = name
  if (isOnline !== undefined) page.isOnline = isOnline
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) (page as unknown as Json)[field] = value
  page.updatedAt = store.now()
}

/** Case-insensitive, then by code unit; null below every string; ties in creation order. */
function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  const lower = a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0
  return lower !== 0 ? lower : a < b ? -1 : a > b ? 1 : 0
}

function listPages(call: Call, site: Site): Answer {
  const fields = new Fields(call.query)
  const sortBy = fields.oneOf('sortBy', SORT_BY, 'path')
  const direction = fields.oneOf('sortDirection', ['asc', 'desc'], 'asc') === 'asc' ? 1 : -1
  const includeOffline = fields.oneOf('includeOffline', ['true', 'false'], 'false') === 'true'
  const live = fields.oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live'
  const prefix = fields.string('pathPrefix') ?? '/'
  const locale = fields.string('locale')
  limitOf(call.query, 0)
  fields.uuid('startingAfter')
  // Pages have no locale of their own: all are in the site's default locale. Any other locale,
  // one the site lacks included, lists none.
  const inLocale = locale === undefined || locale === '' || locale === site.defaultLocale || call.store.liveLocales(site.id).some((live) => live.id === locale.toLowerCase() && live.locale === site.defaultLocale)
  const keyOf = (page: Page): string | null => (sortBy === 'path' ? page.pathname : page[sortBy])
  const list = inLocale && !live
    ? call.store
        .sitePages(site.id)
        .filter((page) => (includeOffline || page.isOnline) && page.pathname.startsWith(prefix))
        .sort((a, b) => direction * compareKeys(keyOf(a), keyOf(b)) || a.seq - b.seq)
    : []
  return pageOf(list, call.query, 0, pageJson)
}

// --- routes ------------------------------------------------------------------------------------

function routePathname(call: Call, fields: Fields, required: boolean): string | undefined {
  const skip = new Fields(call.query).oneOf('skipValidation', ['true', 'false'], 'false') === 'true'
  // An empty string is no pathname at all, skipValidation or not: only the leading slash is skippable.
  const pathname = fields.string('pathname', { required, minLength: 1 })
  // The specification's one format rule: a route pathname is "written with a leading slash".
  if (pathname !== undefined && !skip && !pathname.startsWith('/')) throw badField('pathname', 'must start with / (or pass skipValidation=true)')
  return pathname
}

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
  return found
}

function routes(call: Call): Answer | undefined {
  const { store, method, segments } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    const list = store.siteRoutes(site.id).sort((a, b) => compareKeys(a.pathname, b.pathname) || a.seq - b.seq)
    return pageOf(list, call.query, 0, routeJson)
  }
  if (segments.length === 0 && method === 'POST') {
    const fields = new Fields(call.body())
    const siteId = fields.uuid('siteId', true)
    const pathname = routePathname(call, fields, true)!
    const site = reachableSite(call, siteId)
    if (store.pathnameTaken(site.id, pathname)) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
    const route: Route = { id: randomUUID(), siteId: site.id, pathname, seq: store.next() }
    store.routes.set(route.id, route)
    return ok(routeJson(route), 201)
  }
  const [idOrPathname, ...more] = segments
  if (idOrPathname === undefined || more.length > 0) return undefined
  if (method === 'GET') return ok(routeJson(findRoute(call, idOrPathname)))
  if (method === 'PATCH') {
    const route = findRoute(call, idOrPathname)
    const pathname = routePathname(call, new Fields(call.body()), false)
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
