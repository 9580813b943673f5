import { randomUUID } from 'node:crypto'
import { appOnly, besideIdSite, bodyBeforeSite, inQuerySite, nameSite, owningSite, principalOf, publishableAfterTarget, reachableSite, reachedCursor, referencedSite, refuseKeyKind, refuseUnreached, refusePublishable, refuseSiteKeyFamilyWrite, siteFromQuery, type Call } from './access.js'
import { listChoices, type Choices } from './choices.js'
import { errorAnswer, noContent, ok, Refusal, badField, type Answer, type Json, type Request } from './http.js'
import { Fields, isUuid, parseBody, queryOf } from './input.js'
import { compareKeys, compareText, foreignTo, pageOf } from './lists.js'
import { duplicateBody, localeCreateBody, localeUpdateBody, operationOf, pathParameter, readInput, routeCreateBody, routeCreateQuery, routeRulesLater, routeUpdateBody, siteCreateBody, siteUpdateBody, skipValidationOf } from './operations.js'
import { listPages, pages, touchPagesOfRenamedDefault } from './pages.js'
import { deletedAgain } from './removal.js'
import { Rules } from './rules.js'
import { localeJson, PATHNAME_FAMILIES, routeJson, siteJson, type Locale, type Page, type PathnameFamily, type Route, type Site, type Store } from './store.js'

/** One request, answered: the whole API behind one function, so that tests can wrap it. */
export function answer(store: Store, request: Request): Answer {
  try {
    return dispatch(store, request)
  } catch (error) {
    if (error instanceof Refusal) return errorAnswer(error)
    throw error
  }
}

/**
 * At `pathnameInPath: segments` a page or route pathname is the rest of the path (`/v6/pages/blog/x`,
 * the root page `/v6/pages/`), an id one segment, and an encoded slash in such a path is refused.
 */
function pathnameFromSegments(store: Store, family: string | undefined, raw: string[], decoded: string[]): string[] {
  if (store.choices.pathnameInPath !== 'segments' || (family !== 'pages' && family !== 'routes') || decoded.length === 0) return decoded
  if (raw.some((segment) => /%2F/i.test(segment))) throw badField(family === 'pages' ? 'pageIdOrPathname' : 'routeIdOrPathname', 'must not hold an encoded slash: write the pathname as the rest of the path')
  return decoded.length === 1 && isUuid(decoded[0]!) ? decoded : [`/${decoded.join('/')}`]
}

function dispatch(store: Store, request: Request): Answer {
  const raw = request.path.split('/').slice(1)
  let segments: string[]
  try {
    segments = raw.map((segment) => decodeURIComponent(segment))
  } catch {
    throw new Refusal(404, `no resource at ${request.path}`)
  }
  const [version, family, ...sent] = segments
  const rest = pathnameFromSegments(store, family, raw.slice(2), sent)
  const known = (version === 'v2' && ['sites', 'locales', 'routes'].includes(family ?? '')) || (version === 'v6' && family === 'pages')
  // An operation at this path and method; its route operations but the update, which no document
  // shows, served elsewhere (its routeOperations), are none here.
  const served = (method: string): boolean =>
    known && operationOf(family!, method, rest) !== undefined && !(store.choices.routeOperations === 'elsewhere' && family === 'routes' && method !== 'PATCH')
  if (!served(request.method.toUpperCase())) throw unrouted(store, request, METHODS.some(served))
  const reads = request.method.toUpperCase() === 'GET'
  const ofSite = reads && family === 'sites' && rest.length === 2 && rest[1] === 'pages'
  const localeRead = reads && family === 'locales' && rest.length <= 1
  const pageRead = ofSite || localeRead || (reads && family === 'pages' && rest.length <= 1) ? { ofSite, locales: localeRead, version: queryOf(request.query).versionRef, includeOffline: queryOf(request.query).includeOffline } : undefined
  // A read of one resource: a site, a locale, a page or a route, by the one segment after its family.
  const singleRead = reads && rest.length === 1
  const routeRead = reads && family === 'routes' && rest.length <= 1
  const siteRead = singleRead && family === 'sites'
  const who = principalOf(store, request.headers['x-api-key'], pageRead, singleRead, routeRead, siteRead)
  // At `siteKeyWrites: refused-first` a Site key's write is refused before anything else of the request is read.
  if (who.kind === 'site' && request.method.toUpperCase() !== 'GET' && store.choices.siteKeyWrites === 'refused-first') throw new Refusal(403, 'Site API keys only read here')
  // At `siteKeyRoutes: refused` a Site key's route request, a read too, is refused as soon as the key is known.
  if (who.kind === 'site' && family === 'routes' && store.choices.siteKeyRoutes === 'refused') throw new Refusal(403, 'Site API keys reach no route here; use an App API key')
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
  // A key's kind is refused where `validationOrder` puts access; a publishable key's waits for the
  // target where existence or a create's body comes first (accessOrder, createBodyOrder); at
  // `keyKindOrder: first` both come before any input or lookup, at `after-input` once the whole input is read, before any lookup.
  const kindFirst = ordered && store.choices.keyKindOrder === 'first'
  const kindAfterInput = ordered && store.choices.keyKindOrder === 'after-input'
  const publishableLater = ordered && !kindFirst && !kindAfterInput && publishableAfterTarget(store.choices, operation)
  if (kindAfterInput) {
    const refusal = refusalOf(() => {
      refuseKeyKind(store, who, operation, false)
      refuseSiteKeyFamilyWrite(store, who, family!, method)
    })
    if (refusal !== undefined) {
      readInput(rules, operation, { segments: rest, query, body }, 'all')
      throw refusal
    }
  }
  // At `reachOrder: first` a key's reach of what exists is judged before any input (a body that is no JSON object names nothing).
  if (ordered && order !== 'access-first' && store.choices.reachOrder === 'first' && !kindAfterInput) refuseUnreached(store, who, family!, rest, query, lenientBody(request.body))
  if (ordered) {
    if (order === 'access-first' || kindFirst) refuseKeyKind(store, who, operation, publishableLater)
    if (kindFirst) refuseSiteKeyFamilyWrite(store, who, family!, method)
    pathParameter(rules, operation, rest[0])
    if (order !== 'access-first') readInput(rules, operation, { segments: rest, query, body }, order === 'input-first' ? 'all' : 'params')
    if (order !== 'access-first') refuseKeyKind(store, who, operation, publishableLater)
  }
  const settle = (): void => {
    if (publishableLater) refusePublishable(who)
    if (settled) return
    settled = true
    readInput(rules, operation!, { segments: rest, query, body }, 'all')
  }
  const call: Call = { store, family: family!, rules, who, method, segments: rest, query, body, settle }
  // At `pathRecordOrder: after-body` a locale, page or route named in the path is found missing once the body is read (a site before).
  const recordAfterBody = ordered && order === 'params-access-body' && store.choices.pathRecordOrder === 'after-body' && family !== 'sites' && rest.length === 1 && (method === 'PATCH' || method === 'PUT')
  let handled: Answer | undefined
  try {
    handled = family === 'sites' ? sites(call) : family === 'locales' ? locales(call) : family === 'pages' ? pages(call) : routes(call)
  } catch (error) {
    if (recordAfterBody && !settled && error instanceof Refusal && error.status === 404) readInput(rules, operation!, { segments: rest, query, body }, 'all')
    throw error
  }
  if (!handled) throw new Refusal(404, `no operation ${request.method} ${request.path}`)
  return handled
}

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE']

/**
 * A request with no operation here: a 404, or a 405 where its path takes another method (as its
 * `unservedMethod` says); at `unknownPathKey: key-first`, a key missing or unknown is refused first.
 */
function unrouted(store: Store, request: Request, pathServed: boolean): Refusal {
  if (store.choices.unknownPathKey === 'key-first') {
    try {
      principalOf(store, request.headers['x-api-key'], undefined, false, false, false)
    } catch (error) {
      if (error instanceof Refusal && error.status === 401) return error
    }
  }
  if (pathServed && store.choices.unservedMethod !== '404') return new Refusal(405, `${request.method} is not a method of ${request.path}`)
  return new Refusal(404, `no resource at ${request.path}`)
}

/** The body as sent where it is a JSON object, else nothing it names. */
function lenientBody(text: string | undefined): Json {
  try {
    return parseBody(text)
  } catch {
    return {}
  }
}

/** The refusal a check throws, or nothing when it passes. */
function refusalOf(check: () => void): Refusal | undefined {
  try {
    check()
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
  return undefined
}

const present = (call: Call) => (site: Site): Json => siteJson(site, call.store.choices)

/** Where a name names one site of a workspace (`siteNames: unique`), another live site's name, in any case, is a 409. */
function nameFree(store: Store, workspaceId: string, name: string, self?: Site): void {
  if (store.choices.siteNames !== 'unique') return
  const taken = [...store.sites.values()].some((site) => site !== self && site.workspaceId === workspaceId && site.name.toLowerCase() === name.toLowerCase())
  if (taken) throw new Refusal(409, `another site of the workspace is named ${name}`)
}

// --- sites -------------------------------------------------------------------------------------

/** How the site list orders sites (choice siteListOrder): by creation either way, or by name in lower case, ties by id. */
function siteOrder(order: string | undefined): (a: Site, b: Site) => number {
  if (order === 'newest-first') return (a, b) => b.seq - a.seq
  if (order !== 'name') return (a, b) => a.seq - b.seq
  const key = (site: Site): string => `${site.name.toLowerCase()}\u0000${site.id}`
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)
}

function sites(call: Call): Answer | undefined {
  const { store, method, segments, rules } = call
  if (segments.length === 0 && method === 'GET') {
    // At `siteKeySiteList: own-site` a Site key lists its own site alone.
    const ownSite = call.who.kind === 'site' && store.choices.siteKeySiteList === 'own-site' ? call.who.site : undefined
    const keyWorkspace = ownSite?.workspaceId ?? appOnly(call).id
    const workspaceId = new Fields(call.query).uuid('workspaceId', true)!
    if (workspaceId.toLowerCase() !== keyWorkspace) throw new Refusal(403, 'this key has no access to the workspace')
    call.settle()
    // The sites a delete removed keep their place (`deletedCursor: after-place`; none kept otherwise).
    const deleted = ownSite === undefined ? [...store.deletedPlaces.sites.values()].filter((site) => site.workspaceId === keyWorkspace) : []
    const list = [...store.sites.values(), ...deleted].filter((site) => site.workspaceId === keyWorkspace && (ownSite === undefined || site.id === ownSite.id)).sort(siteOrder(store.choices.siteListOrder))
    return pageOf(listChoices(store.choices, '/v2/sites'), list, call.query, rules.limitRange('other'), present(call), list, new Set(deleted.map((site) => site.id)), foreignTo(store, 'sites'))
  }
  if (segments.length === 0 && method === 'POST') {
    const workspace = appOnly(call)
    const input = siteCreateBody(rules, call.body())
    if (input.workspaceId.toLowerCase() !== workspace.id) throw new Refusal(403, 'this key has no access to the workspace')
    call.settle()
    nameFree(store, workspace.id, input.name)
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
      if (name !== undefined) {
        nameFree(store, site.workspaceId, name, site)
        site.name = name
      }
      if (hostOrigin !== undefined) site.hostOrigin = hostOrigin
      return ok(siteJson(site, store.choices))
    }
    if (method === 'DELETE') {
      const again = deletedAgain(call, 'sites', siteId!, () => store.sites.get(siteId!.toLowerCase()))
      if (again) return again
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
    reachedCursor(call, 'pages')
    call.settle()
    return listPages(call, site, true)
  }
  return undefined
}

function duplicate(call: Call, source: Site, name: string): Answer {
  const { store } = call
  nameFree(store, source.workspaceId, name)
  const copy: Site = { ...source, id: randomUUID(), name, publicApiKey: randomUUID(), siteKey: randomUUID(), seq: store.next() }
  store.sites.set(copy.id, copy)
  // Each locale with the original's domain, or none where a domain names one locale of all the sites (`duplicateLocaleDomains: dropped`).
  const domainOf = (locale: Locale): string | null => (store.choices.duplicateLocaleDomains === 'dropped' ? null : locale.domain)
  for (const locale of store.liveLocales(source.id)) addLocale(store, copy.id, locale.locale, domainOf(locale), locale.pathPrefix)
  // Its deleted locales too, still deleted, at `duplicateDeletedLocales: copied`.
  if (store.choices.duplicateDeletedLocales === 'copied') {
    const deleted = [...store.locales.values()].filter((locale) => locale.siteId === source.id && locale.deleted).sort((a, b) => a.seq - b.seq)
    for (const locale of deleted) {
      const copied = addLocale(store, copy.id, locale.locale, domainOf(locale), locale.pathPrefix)
      copied.deleted = true
      store.remember('locales', copied.id, copy.id, copied.locale)
    }
  }
  // Pages keep their timestamps: the copy is "all content ... copied from the original". Their
  // publication too, unless the copy's pages start offline and unpublished (`duplicatePublication: reset`).
  const reset = store.choices.duplicatePublication === 'reset'
  for (const page of store.sitePages(source.id).sort((a, b) => a.seq - b.seq)) {
    const id = randomUUID()
    const seq = store.next()
    const copied: Page = { ...page, id, siteId: copy.id, seq, live: page.live && { ...page.live, id, siteId: copy.id, seq } }
    store.pages.set(id, reset ? { ...copied, isOnline: false, publishedAt: null, live: null } : copied)
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

/** A locale by id (in the `siteId` site when given) or by code (in the `siteId` site), deleted ones included when asked; no access judged. */
function lookupLocale(call: Call, idOrCode: string, deleted: boolean): Locale | undefined {
  const { store } = call
  if (isUuid(idOrCode)) {
    const byId = store.locales.get(idOrCode.toLowerCase())
    return byId && byId.deleted === deleted && inQuerySite(call, byId.siteId) ? byId : undefined
  }
  const site = nameSite(call)
  // A code is looked up in the form the deployment stores codes in.
  const code = call.rules.lookedUpCode(idOrCode)
  return [...store.locales.values()].filter((locale) => locale.siteId === site.id && call.rules.sameCode(locale.locale, code) && locale.deleted === deleted).sort((a, b) => b.seq - a.seq)[0]
}

function findLocale(call: Call, idOrCode: string, deleted: boolean): Locale {
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  const found = lookupLocale(call, idOrCode, deleted)
  if (!found) throw new Refusal(404, `no ${deleted ? 'deleted ' : ''}locale ${idOrCode}`)
  owningSite(call, found.siteId)
  besideIdSite(call, found.siteId, 'locale')
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
    const site = owningSite(call, live.siteId)
    besideIdSite(call, live.siteId, 'locale')
    call.settle()
    if (store.choices.restoreLiveLocale === '409') throw new Refusal(409, `the locale ${live.locale} is not deleted`)
    if (store.choices.restoreLiveLocale === '400') throw badField('localeIdOrCode', 'names a locale that is not deleted; only a deleted locale can be restored')
    return ok(localeJson(live, site, store.choices))
  }
  const site = owningSite(call, deleted.siteId)
  besideIdSite(call, deleted.siteId, 'locale')
  call.settle()
  if (store.liveLocales(site.id).some((live) => call.rules.sameCode(live.locale, deleted.locale))) throw new Refusal(409, `the site already has the locale ${deleted.locale} again`)
  domainFree(store, site, deleted.domain, deleted)
  deleted.deleted = false
  store.removed.delete(deleted.id)
  return ok(localeJson(deleted, site, store.choices))
}

/** A deleted locale keeps its code for its restore at `deletedLocaleCode: reserved`. */
function codeNotReserved(call: Call, site: Site, code: string): void {
  if (call.store.choices.deletedLocaleCode !== 'reserved') return
  if (deletedWithCode(call, site, code).length > 0) throw new Refusal(409, `a deleted locale of the site keeps the code ${code}; restore it instead`)
}

/** The deleted locales of the site with this code, the latest deleted first. */
function deletedWithCode(call: Call, site: Site, code: string): Locale[] {
  return [...call.store.locales.values()].filter((locale) => locale.siteId === site.id && locale.deleted && call.rules.sameCode(locale.locale, code)).sort((a, b) => b.seq - a.seq)
}

/** At `deletedLocaleCode: revived`, a create with the code of a deleted locale brings that one back, with the domain the create sends. */
function revived(call: Call, site: Site, code: string, domain: string | null): Locale | undefined {
  if (call.store.choices.deletedLocaleCode !== 'revived') return undefined
  const locale = deletedWithCode(call, site, code)[0]
  if (locale === undefined) return undefined
  locale.deleted = false
  locale.domain = domain
  call.store.removed.delete(locale.id)
  return locale
}

/** At `deletedLocaleCode: revived`, a rename onto the code of deleted locales leaves them gone for good (what a delete removed still remembers them). */
function discardDeleted(call: Call, site: Site, code: string): void {
  if (call.store.choices.deletedLocaleCode !== 'revived') return
  for (const locale of deletedWithCode(call, site, code)) call.store.locales.delete(locale.id)
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
    reachedCursor(call, 'locales')
    call.settle()
    return pageOf(listChoices(store.choices, '/v2/locales'), localeList(call, site, false), call.query, rules.limitRange('locales'), (locale) => localeJson(locale, site, store.choices), localeList(call, site, true), new Set(), foreignTo(store, 'locales', site.id))
  }
  if (segments.length === 0 && method === 'POST') {
    const first = bodyBeforeSite(call, 'locales') ? localeCreateBody(rules, call.body()) : undefined
    const site = referencedSite(call, new Fields(call.body()).uuid('siteId', true))
    call.settle()
    const { code, domain } = first ?? localeCreateBody(rules, call.body())
    if (store.liveLocales(site.id).some((locale) => rules.sameCode(locale.locale, code))) throw new Refusal(409, `the site already has the locale ${code}`)
    codeNotReserved(call, site, code)
    domainFree(store, site, domain, undefined)
    return ok(localeJson(revived(call, site, code, domain) ?? addLocale(store, site.id, code, domain, null), site, store.choices), 201)
  }
  const [idOrCode, action, ...more] = segments
  if (idOrCode === undefined || more.length > 0) return undefined
  if (action === 'restore' && method === 'POST') return restore(call, idOrCode)
  if (action !== undefined) return undefined
  if (method === 'GET') {
    // At `deletedLocaleRead: by-id`, a deleted locale is still read by its id, as it was.
    const deletedById = store.choices.deletedLocaleRead === 'by-id' && isUuid(idOrCode) && lookupLocale(call, idOrCode, true) !== undefined
    const locale = findLocale(call, idOrCode, deletedById)
    return ok(localeJson(locale, store.ownerOf(locale.siteId)!, store.choices))
  }
  if (method === 'PATCH') {
    const locale = findLocale(call, idOrCode, false)
    const site = store.ownerOf(locale.siteId)!
    const { code, domain } = localeUpdateBody(rules, call.body())
    const renamed = code !== undefined && code !== locale.locale
    if (renamed && store.liveLocales(site.id).some((other) => other !== locale && rules.sameCode(other.locale, code))) throw new Refusal(409, `the site already has the locale ${code}`)
    if (renamed) codeNotReserved(call, site, code)
    if (renamed && locale.locale === site.defaultLocale && store.choices.renameDefaultLocale === 'refused') throw badField('locale', 'cannot change on the default locale of the site')
    // Renaming the default locale renames the site's default with it.
    domainFree(store, site, domain, locale)
    if (renamed) discardDeleted(call, site, code)
    if (renamed && locale.locale === site.defaultLocale) touchPagesOfRenamedDefault(store, site.id)
    if (code !== undefined && locale.locale === site.defaultLocale) site.defaultLocale = code
    if (code !== undefined) locale.locale = code
    if (domain !== undefined) locale.domain = domain
    return ok(localeJson(locale, site, store.choices))
  }
  if (method === 'DELETE') {
    const again = deletedAgain(call, 'locales', idOrCode, () => lookupLocale(call, idOrCode, false))
    if (again) return again
    const locale = findLocale(call, idOrCode, false)
    const site = store.ownerOf(locale.siteId)!
    if (locale.locale === site.defaultLocale) throw badField('localeIdOrCode', 'is the default locale of the site, which cannot be deleted')
    locale.deleted = true
    store.remember('locales', locale.id, locale.siteId, locale.locale)
    return noContent()
  }
  return undefined
}

// --- routes ------------------------------------------------------------------------------------

/** A route by id (any site) or by pathname (in the `siteId` site); no access judged. */
function lookupRoute(call: Call, idOrPathname: string): Route | undefined {
  const { store } = call
  if (isUuid(idOrPathname)) {
    const byId = store.routes.get(idOrPathname.toLowerCase())
    return byId && inQuerySite(call, byId.siteId) ? byId : undefined
  }
  return call.rules.byPathname(store.siteRoutes(nameSite(call).id), idOrPathname)
}

function findRoute(call: Call, idOrPathname: string): Route {
  // The query is read first: a siteId that is no UUID is a 400, whatever the path names.
  new Fields(call.query).uuid('siteId')
  const found = lookupRoute(call, idOrPathname)
  if (!found) throw new Refusal(404, `no route ${idOrPathname}`)
  owningSite(call, found.siteId)
  besideIdSite(call, found.siteId, 'route')
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

/** What a route write with skipValidation=true may not share a pathname with, by `skipValidationConflicts`. */
const IN_THE_WAY: Readonly<Record<NonNullable<Choices['skipValidationConflicts']>, readonly PathnameFamily[]>> = {
  checked: PATHNAME_FAMILIES,
  skipped: [],
  'page-conflicts': ['routes'],
  'route-conflicts': ['pages'],
}

/**
 * Whose pathnames a route write's must be free of: the site's pages and other routes, but where
 * skipValidation=true skips that too (`skipValidationConflicts: skipped`), or for one family
 * (`page-conflicts`: a page's, `route-conflicts`: another route's); the route then shares it, and
 * a lookup by it finds the oldest route (`siteRoutes` keeps creation order).
 */
const inTheWay = (call: Call, query: Json): readonly PathnameFamily[] => (skipValidationOf(query) ? IN_THE_WAY[call.store.choices.skipValidationConflicts ?? 'checked'] : PATHNAME_FAMILIES)

function routes(call: Call): Answer | undefined {
  const { store, method, segments, rules } = call
  if (segments.length === 0 && method === 'GET') {
    const site = siteFromQuery(call, true)!
    reachedCursor(call, 'routes')
    call.settle()
    const deleted = store.deletedOfSite(store.deletedPlaces.routes, site.id)
    const list = [...store.siteRoutes(site.id), ...deleted].sort(routeOrder(call))
    return pageOf(listChoices(store.choices, '/v2/routes'), list, call.query, rules.limitRange('other'), routeJson, list, new Set(deleted.map((route) => route.id)), foreignTo(store, 'routes', site.id))
  }
  if (segments.length === 0 && method === 'POST') {
    const later = routeRulesLater(rules)
    const first = bodyBeforeSite(call, 'routes') ? routeCreateBody(rules, call.body(), call.query, later) : undefined
    const site = referencedSite(call, first?.siteId ?? new Fields(call.body()).uuid('siteId', true))
    call.settle()
    const input = first !== undefined && !later ? first : routeCreateBody(rules, call.body(), call.query)
    if (store.pathnameTaken(site.id, input.pathname, undefined, inTheWay(call, routeCreateQuery(rules, call.query)))) throw new Refusal(409, `a page or route already has the pathname ${input.pathname}`)
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
    if (pathname !== undefined && pathname !== route.pathname && store.pathnameTaken(route.siteId, pathname, route.id, inTheWay(call, call.query))) throw new Refusal(409, `a page or route already has the pathname ${pathname}`)
    if (pathname !== undefined) route.pathname = pathname
    return ok(routeJson(route))
  }
  if (method === 'DELETE') {
    const again = deletedAgain(call, 'routes', idOrPathname, () => lookupRoute(call, idOrPathname))
    if (again) return again
    const route = findRoute(call, idOrPathname)
    store.routes.delete(route.id)
    store.remember('routes', route.id, route.siteId, route.pathname)
    if (store.keepsDeletedPlaces) store.deletedPlaces.routes.set(route.id, route)
    return noContent()
  }
  return undefined
}

