import type { Choices } from '../freedom/catalogue.js'
import type { Store } from '../store/store.js'
import type { SiteRecord } from '../store/records.js'
import { ApiError, forbidden, invalidField, notFound, unauthorized } from './errors.js'
import { lowerCase } from './lower-case.js'
import { deletedSiteOfApiKey, siteOfApiKey } from './site-keys.js'
import { isUuid } from '../contracts/uuid.js'
import type { AccessContext, Scope } from './types.js'

const APP_KEY = /^sk_[A-Za-z0-9]{20,}$/

/** The key a request carries, from `x-api-key` or `Authorization: Bearer`, but never both. */
export function presentedKey(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const apiKey = headers['x-api-key']
  const authorization = headers['authorization']
  if (apiKey !== undefined && authorization !== undefined) {
    throw new ApiError(400, 'bad_request', 'Send the API key once: either the x-api-key header or Authorization: Bearer, not both.', [
      { field: 'authorization', message: 'must not be sent together with x-api-key; send one of them' },
    ])
  }
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (!match) throw unauthorized('The Authorization header must be "Bearer <API key>".')
    return match[1]
  }
  return apiKey
}

/** Who sent a request, read once per request: the dispatcher admits or refuses it, the journal describes it. */
export interface Caller {
  /** The key as sent, when a usable header carried one. */
  key: string | undefined
  /** Whether the request tried to send a key at all (a malformed Authorization header counts). */
  sentKey: boolean
  /** The key's scope, or the 400/401 that its absence or its headers earn. */
  scope: Scope | ApiError
}

/** The caller of a request, with the error it earns instead of a scope when its key is refused. */
export function identifyCaller(headers: Readonly<Record<string, string | undefined>>, store: Store, choices: Choices | undefined): Caller {
  // An Authorization header always counts as an attempt (a Bearer key is never empty); an empty x-api-key does not.
  const sentKey = headers['authorization'] !== undefined || (headers['x-api-key'] ?? '') !== ''
  let key: string | undefined
  try {
    key = presentedKey(headers)
    return { key, sentKey, scope: authenticate(key, store, choices) }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { key, sentKey, scope: error }
  }
}

/**
 * Resolves the key to a scope, or 401: missing, malformed and unknown keys alike. A site's
 * publicApiKey, where the deployment followed takes it as a valid key without permission for this
 * API (publicApiKeyAsSiteKey: forbidden), as a key for the site's published pages alone
 * (live-pages, published-pages), as one that reads its locales and online pages (online-pages), as
 * one that reads its pages in any version, offline ones included (pages), those and its site
 * too (site-and-pages), or those, its site and its locales, all a Site key reads but its routes
 * (reads), each of these six reading the site's routes too where the deployment says so
 * (publicApiKeyRoutes read: `readsRoutes`), the first four reading the site itself too where the
 * deployment says so (publicApiKeySiteRead read: `readsSite`), the first two reading the site's
 * locales too where the deployment says so (publicApiKeyLocales read: `readsLocales`), the third not seeing the site's
 * offline pages rather than being refused them, or reading them too, where the deployment says so
 * (publicApiKeyOfflinePages hidden: `hidesOffline`, read: `readsOffline`), as one that fetches its site's single resources
 * (single-resources), or as one that reads its site's configuration, the site and its locales
 * (configuration), is a scope that refuseKeyWithoutAccess refuses where access is judged; so is the
 * Site key of a deleted site, where the deployment still knows it (deletedSiteKey 403).
 */
export function authenticate(key: string | undefined, store: Store, choices: Choices | undefined): Scope {
  if (key === undefined || key === '') throw unauthorized('An API key is required: send it in the x-api-key header.')
  if (APP_KEY.test(key)) {
    const workspace = store.workspaceByAppKey.get(key)
    if (workspace) return { kind: 'app', key, workspaceId: workspace.id }
  } else if (isUuid(key)) {
    const site = siteOfApiKey(store, key, choices)
    if (site) return { kind: 'site', key, workspaceId: site.workspaceId, siteId: site.id }
    const publishable = choices?.publicApiKeyAsSiteKey === 'site-key' || choices?.publicApiKeyAsSiteKey === 'not-a-key' ? undefined : choices?.publicApiKeyAsSiteKey
    const published = publishable === undefined ? undefined : store.siteByApiKey.get(lowerCase(key))
    const readsRoutes = choices?.publicApiKeyRoutes === 'read' && publishable !== undefined && ROUTE_READERS.has(publishable)
    const readsSite = choices?.publicApiKeySiteRead === 'read' && publishable !== undefined && SITE_READERS.has(publishable)
    const readsLocales = choices?.publicApiKeyLocales === 'read' && (publishable === 'live-pages' || publishable === 'published-pages')
    const hidesOffline = choices?.publicApiKeyOfflinePages === 'hidden' && publishable === 'online-pages'
    const readsOffline = choices?.publicApiKeyOfflinePages === 'read' && publishable === 'online-pages'
    if (published && publishable) {
      return { kind: 'site', key, workspaceId: published.workspaceId, siteId: published.id, publishable, ...(readsRoutes ? { readsRoutes } : {}), ...(readsSite ? { readsSite } : {}), ...(readsLocales ? { readsLocales } : {}), ...(hidesOffline ? { hidesOffline } : {}), ...(readsOffline ? { readsOffline } : {}) }
    }
    const deleted = choices?.deletedSiteKey === '403' ? deletedSiteOfApiKey(store, key, choices) : undefined
    if (deleted) return { kind: 'site', key, workspaceId: deleted.workspaceId, siteId: deleted.id, siteDeleted: true }
  } else {
    throw unauthorized('The API key is malformed: expected an App API key (sk_ followed by at least 20 letters or digits) or a Site API key (a UUID).')
  }
  throw unauthorized('The API key is not valid.')
}

/** The publicApiKeys that read their site's pages, which a deployment may let read its routes too (choice publicApiKeyRoutes). */
const ROUTE_READERS: ReadonlySet<string> = new Set(['live-pages', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'])
/** The route list and the route read: what such a key reads besides, at publicApiKeyRoutes read. */
const ROUTE_READS = new Set(['/v2/routes', '/v2/routes/{routeIdOrPathname}'])

/** The publicApiKeys that read their site's pages and not the site, which a deployment may let read the site too (choice publicApiKeySiteRead). */
const SITE_READERS: ReadonlySet<string> = new Set(['live-pages', 'published-pages', 'online-pages', 'pages'])
/** The read of a site: what such a key reads besides, at publicApiKeySiteRead read. */
const SITE_READ = '/v2/sites/{siteId}'

/** The locale list and the locale read: what a key for the site's published pages reads besides, at publicApiKeyLocales read. */
const LOCALE_READS = new Set(['/v2/locales', '/v2/locales/{localeIdOrCode}'])

/** The operations a site's publicApiKey reaches where it reads the site's published pages alone: the page list and the page read. */
const LIVE_PAGE_READS = new Set(['/v6/pages', '/v6/pages/{pageIdOrPathname}'])
/** At published-pages, the site's page list under /v2/sites too. */
const PUBLISHED_PAGE_READS = new Set([...LIVE_PAGE_READS, '/v2/sites/{siteId}/pages'])

/** At online-pages, the site's page lists and page read, and its locale list and locale read. */
const RENDERING_READS = new Set([...PUBLISHED_PAGE_READS, ...LOCALE_READS])
/** The page lists, where an online-pages key may not ask for the offline pages. */
const PAGE_LISTS = new Set(['/v6/pages', '/v2/sites/{siteId}/pages'])

/** At site-and-pages, the site's page lists and page read, and the read of its site: what rendering and previewing it take. */
const SITE_AND_PAGE_READS = new Set([...PUBLISHED_PAGE_READS, SITE_READ])

/** At configuration, the read of its site and its locale list and locale read: its configuration, none of its content. */
const CONFIGURATION_READS = new Set([SITE_READ, ...LOCALE_READS])

/** At reads, the site's page lists and page read, its locale list and locale read, and the read of its site: all a Site key reads of it but its routes. */
const SITE_READS = new Set([...RENDERING_READS, SITE_READ])

/** At single-resources, the reads of one resource of its site: the site, a locale, a page (any version, online or not), a route. */
const SINGLE_READS = new Set([SITE_READ, '/v2/locales/{localeIdOrCode}', '/v6/pages/{pageIdOrPathname}', '/v2/routes/{routeIdOrPathname}'])

/** Whether the scope reads its site's pages only as published (publicApiKeyAsSiteKey published-pages): its page reads read the live versions. */
export const readsPublishedOnly = (scope: Scope): boolean => scope.kind === 'site' && scope.publishable === 'published-pages'

/**
 * A key that is known but reaches nothing here: a deleted site's Site key (deletedSiteKey 403), a
 * 403 on every request; and a site's publicApiKey where it is no Site key (publicApiKeyAsSiteKey
 * forbidden, live-pages, published-pages, online-pages, single-resources, pages, site-and-pages,
 * configuration, reads): a 403 on every request, but, at live-pages, a page
 * list or page read whose query says `versionRef=ref:live`, which goes on as the site's Site key
 * would, at published-pages one of those or a site's page list whose query asks no other
 * version (it reads the live versions: readsPublishedOnly), and at online-pages a locale list or
 * read, or a page list or read in any version but a list asking `includeOffline=true` (a page
 * offline in the version read is refused once found: refuseOfflineRead; where the key does not
 * see offline pages, publicApiKeyOfflinePages hidden, such a list is answered as one that does not
 * ask them: pageListAsKeyReads; where it reads them, publicApiKeyOfflinePages read, such a list and
 * read are answered as the Site key would), at pages one of those three page reads in any version,
 * offline pages included, at site-and-pages those and a read of its site, and at reads those, a
 * read of its site and its locale list or a locale read; at any of the six, a
 * route list or route read where the key reads routes (publicApiKeyRoutes read), and at any of the
 * first four a read of its site where the key reads it (publicApiKeySiteRead read); and at
 * single-resources a read of its site or of one of its locales, pages or routes, never a list, and
 * at configuration a read of its site, its locale list or a locale read. The refusal
 * is one of access, so the dispatcher makes it where the deployment judges access
 * (validationOrder, accessOrder, createBodyOrder), as it does a Site key's, or as soon as the
 * key is known where the deployment refuses a key for its kind first (keyKindOrder first).
 */
export function refuseKeyWithoutAccess(operation: { method: string; path: string }, query: string, scope: Scope): void {
  if (scope.kind !== 'site') return
  if (scope.siteDeleted === true) throw forbidden("This Site API key's site was deleted: the key grants access to nothing.")
  if (scope.publishable === undefined) return
  if (scope.publishable === 'forbidden') throw forbidden("A site's publicApiKey is a publishable key: it grants no access to this API; use the site's Site API key.")
  // Its site's routes, where the deployment lets a key that reads its pages read them too
  // (publicApiKeyRoutes read): another site's are refused where the site is judged, as a Site key's are.
  if (scope.readsRoutes === true && operation.method === 'GET' && ROUTE_READS.has(operation.path)) return
  // Its site's own read, where the deployment lets a key that reads its pages read the site too
  // (publicApiKeySiteRead read): another site is refused where the site is judged, as a Site key's is.
  if (scope.readsSite === true && operation.method === 'GET' && operation.path === SITE_READ) return
  // Its site's locales, where the deployment lets a key for its published pages read them too
  // (publicApiKeyLocales read): another site's are refused where the site is judged, as a Site key's are.
  if (scope.readsLocales === true && operation.method === 'GET' && LOCALE_READS.has(operation.path)) return
  const versions = new URLSearchParams(query).getAll('versionRef')
  if (scope.publishable === 'published-pages') {
    if (operation.method === 'GET' && PUBLISHED_PAGE_READS.has(operation.path) && versions.every((version) => version === 'ref:live')) return
    throw refusedBeyond(scope, "A site's publicApiKey is a publishable key: it reads the site's published pages alone (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, without versionRef or with versionRef=ref:live); use the site's Site API key.")
  }
  if (scope.publishable === 'online-pages') {
    // Where offline pages are invisible to the key (publicApiKeyOfflinePages hidden), or it reads them (read), a list asking them is no reach beyond its own.
    const asksOffline = scope.hidesOffline !== true && scope.readsOffline !== true && PAGE_LISTS.has(operation.path) && new URLSearchParams(query).getAll('includeOffline').includes('true')
    if (operation.method === 'GET' && RENDERING_READS.has(operation.path) && !asksOffline) return
    throw refusedBeyond(scope, scope.readsOffline === true ? LOCALES_AND_PAGES : ONLINE_PAGES_ONLY)
  }
  // At pages, the three page reads of published-pages, but in any version and offline pages too: as the Site key reads them.
  if (scope.publishable === 'pages') {
    if (operation.method === 'GET' && PUBLISHED_PAGE_READS.has(operation.path)) return
    throw refusedBeyond(scope, "A site's publicApiKey is a publishable key: it reads the site's pages alone (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, in any version); use the site's Site API key.")
  }
  // At site-and-pages, those and the site's own read (another site's is refused where the site is judged, as a Site key's is).
  if (scope.publishable === 'site-and-pages') {
    if (operation.method === 'GET' && SITE_AND_PAGE_READS.has(operation.path)) return
    throw refusedBeyond(scope, "A site's publicApiKey is a publishable key: it reads the site (GET /v2/sites/{siteId}) and its pages (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, in any version) alone; use the site's Site API key.")
  }
  // At reads, all of those and the site's locales: every read a Site key makes of its site but of its routes.
  if (scope.publishable === 'reads') {
    if (operation.method === 'GET' && SITE_READS.has(operation.path)) return
    throw refusedBeyond(scope, "A site's publicApiKey is a publishable key: it reads the site (GET /v2/sites/{siteId}), its locales (GET /v2/locales, /v2/locales/{localeIdOrCode}) and its pages (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, in any version) alone, and changes nothing; use the site's Site API key.")
  }
  // At configuration, the site's own read and its locales (another site's are refused where the site is judged, as a Site key's are).
  if (scope.publishable === 'configuration') {
    if (operation.method === 'GET' && CONFIGURATION_READS.has(operation.path)) return
    throw forbidden("A site's publicApiKey is a publishable key: it reads the site's configuration alone (GET /v2/sites/{siteId}, /v2/locales or /v2/locales/{localeIdOrCode}), none of its pages or routes; use the site's Site API key.")
  }
  if (scope.publishable === 'single-resources') {
    if (operation.method === 'GET' && SINGLE_READS.has(operation.path)) return
    throw forbidden("A site's publicApiKey is a publishable key: it fetches its site's single resources alone (GET /v2/sites/{siteId}, /v2/locales/{localeIdOrCode}, /v6/pages/{pageIdOrPathname} or /v2/routes/{routeIdOrPathname}), never a list nor a write; use the site's Site API key.")
  }
  if (operation.method === 'GET' && LIVE_PAGE_READS.has(operation.path) && versions[0] === 'ref:live') return
  throw refusedBeyond(scope, "A site's publicApiKey is a publishable key: it reads the site's live pages alone (GET /v6/pages or /v6/pages/{pageIdOrPathname} with versionRef=ref:live); use the site's Site API key.")
}

/**
 * A publishable key's refusal, which names the reads it has besides where it has them: the site's
 * routes (publicApiKeyRoutes read), the site itself (publicApiKeySiteRead read) and its locales
 * (publicApiKeyLocales read).
 */
const refusedBeyond = (scope: Scope, message: string): ApiError => {
  if (scope.kind !== 'site') return forbidden(message)
  const routes = scope.readsRoutes === true ? " It reads the site's routes too (GET /v2/routes?siteId=… and /v2/routes/{routeIdOrPathname})." : ''
  const site = scope.readsSite === true ? ' It reads the site itself too (GET /v2/sites/{siteId}).' : ''
  const locales = scope.readsLocales === true ? " It reads the site's locales too (GET /v2/locales?siteId=… and /v2/locales/{localeIdOrCode})." : ''
  return forbidden(`${message}${routes}${site}${locales}`)
}

const ONLINE_PAGES_ONLY =
  "A site's publicApiKey is a publishable key: it reads the site's locales (GET /v2/locales, /v2/locales/{localeIdOrCode}) and its online pages (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, without includeOffline=true) alone; use the site's Site API key."
/** At online-pages where the key reads the offline pages too (publicApiKeyOfflinePages read): its locales and all its pages. */
const LOCALES_AND_PAGES =
  "A site's publicApiKey is a publishable key: it reads the site's locales (GET /v2/locales, /v2/locales/{localeIdOrCode}) and its pages (GET /v6/pages, /v6/pages/{pageIdOrPathname} or /v2/sites/{siteId}/pages, in any version, offline ones included) alone; use the site's Site API key."

/**
 * A page read with a key that reads online pages alone (publicApiKeyAsSiteKey online-pages): a
 * page offline in the version read is refused as every read beyond its reach is, once the page is
 * found, or, where offline pages are invisible to the key (publicApiKeyOfflinePages hidden), a 404
 * as a page that does not exist is; where the key reads them (publicApiKeyOfflinePages read), it is
 * read as the Site key reads it.
 */
export function refuseOfflineRead(scope: Scope, content: { isOnline: boolean }, pageIdOrPathname: string): void {
  if (scope.kind !== 'site' || scope.publishable !== 'online-pages' || scope.readsOffline === true || content.isOnline) return
  if (scope.hidesOffline === true) throw notFound('page', `id or pathname ${pageIdOrPathname} online in its site`)
  throw forbidden(ONLINE_PAGES_ONLY)
}

/**
 * A page list's query as a key that does not see its site's offline pages reads it
 * (publicApiKeyOfflinePages hidden): `includeOffline=true` is read as `false`, the online pages alone.
 */
export const pageListAsKeyReads = <Q extends { includeOffline?: string }>(scope: Scope, query: Q): Q =>
  scope.kind === 'site' && scope.hidesOffline === true && query.includeOffline === 'true' ? { ...query, includeOffline: 'false' } : query

/** The workspace the scope may act in; any other id is 403 whether or not it exists. */
export function requireWorkspace(scope: Scope, workspaceId: string): void {
  // A Site key reaches here only where a deployment lets it list its workspace's sites (siteKeySiteList).
  if (scope.workspaceId !== workspaceId) {
    throw forbidden('This API key does not have access to this workspace.')
  }
}

/** A site that does not exist, where the path addresses it: a resource that does not exist. */
const missingSite = (siteId: string): ApiError => notFound('site', `id ${siteId}`)

/**
 * The 400 of a siteId that names no site (choice unknownSiteReference invalid): a refusal where
 * access is judged, as the site's 404 would be, so a deployment that judges access before any
 * input (validationOrder access-first) answers it before a fault of the rest of the query.
 */
export class SiteNamesNothing extends ApiError {
  constructor(siteId: string) {
    const { status, code, message, details } = invalidField('siteId', `names no site (${siteId}); pass the id of an existing site this key reaches`)
    super(status, code, message, details)
  }
}

/**
 * A site that does not exist, where a query's or a body's `siteId` names it (choice
 * unknownSiteReference): a resource that does not exist (a 404), or a value of the request that
 * names nothing (a 400 naming siteId), as a deployment that judges it with the rest of its input
 * does; or that, where a list or a create takes it as input (`named`), for a site that never was,
 * and a 404 for one deleted and for the site of a lookup by code or pathname, as one whose input
 * rule looks among all the sites it ever held and whose lookups load the live site does
 * (invalid-never-made).
 */
export function missingSiteReference(choices: Choices | undefined, store: Store, named: 'input' | 'lookup'): (siteId: string) => ApiError {
  if (choices?.unknownSiteReference === 'invalid') return (siteId) => new SiteNamesNothing(siteId)
  if (choices?.unknownSiteReference !== 'invalid-never-made' || named === 'lookup') return missingSite
  return (siteId) => (store.deleted.site(siteId) === undefined ? new SiteNamesNothing(siteId) : missingSite(siteId))
}

/**
 * The site the scope may act on. A Site key names its one site, so any other id is 403; an
 * App key sees its workspace's sites, so an unknown id is 404 and another workspace's 403.
 */
export function requireSite(scope: Scope, store: Store, siteId: string, missing: (siteId: string) => ApiError = missingSite): SiteRecord {
  if (scope.kind === 'site' && scope.siteId !== siteId && !(scope.existenceFirst && !store.sites.has(siteId))) {
    throw forbidden('This Site API key only grants access to its own site.')
  }
  const site = store.sites.get(siteId)
  if (!site) throw missing(siteId)
  if (site.workspaceId !== scope.workspaceId) throw forbidden('This API key does not have access to this site.')
  return site
}

/**
 * The site of a record named by id, judged as requireSite judges it; a deleted site whose record
 * the store keeps (its locales, pages and routes outlive it, choice siteDeleteChildren kept; a
 * delete sent again, choice repeatedDelete idempotent) by its workspace alone: an App key of that
 * workspace reaches what the site held, another workspace's is a 403, and so is every Site key
 * (the site's own went with it).
 */
export function requireRecordSite(scope: Scope, store: Store, siteId: string): SiteRecord {
  const gone = store.sites.has(siteId) ? undefined : store.deleted.site(siteId)
  if (gone === undefined) return requireSite(scope, store, siteId)
  if (scope.kind === 'site') throw forbidden('This Site API key only grants access to its own site.')
  if (gone.workspaceId !== scope.workspaceId) throw forbidden('This API key does not have access to this site.')
  return gone
}

/**
 * A well-formed UUID from the unvalidated body, to find the target of a create before the body
 * is judged; anything else is left for validation to report.
 */
export function peekUuid(rawBody: unknown, field: string): string | undefined {
  const value = (rawBody as Record<string, unknown>)[field]
  return typeof value === 'string' && isUuid(value) ? lowerCase(value) : undefined
}

/**
 * A create's access check: the site its body names, when that is a well-formed id (a 403 or 404
 * before the body is judged), and a Site key's write refused there by a deployment that refuses it.
 */
export function requireBodySite({ rawBody, scope, store, choices }: Pick<AccessContext<unknown, unknown>, 'rawBody' | 'scope' | 'store' | 'choices'>, family: WriteFamily): void {
  const siteId = peekUuid(rawBody, 'siteId')
  if (!siteId) return
  requireSite(scope, store, siteId, missingSiteReference(choices, store, 'input'))
  refuseSiteKeyWrite(scope, choices, family)
}

/** The families of a site's data a Site key's write may reach (choice siteKeyWrites). */
export type WriteFamily = 'pages' | 'routes' | 'locales'

/**
 * A deployment whose Site keys only read (choice siteKeyWrites refused), do not write routes
 * (routes-refused), write pages alone (pages-only), write all but pages (pages-refused), or write
 * all but locales (locales-refused): such a write with one is a 403. It is a
 * refusal of access, so it comes where access is judged (after the resource is found and reached,
 * in the order validationOrder and accessOrder give), and before the body an operation judges
 * while it finds its target.
 */
export function refuseSiteKeyWrite(scope: Scope, choices: Choices | undefined, family: WriteFamily): void {
  if (scope.kind !== 'site') return
  if (choices?.siteKeyWrites === 'refused') throw siteKeyWriteRefused()
  if (choices?.siteKeyWrites === 'routes-refused' && family === 'routes') throw siteKeyRouteWriteRefused()
  if (choices?.siteKeyWrites === 'pages-only' && family !== 'pages') throw siteKeyPagesOnly()
  if (choices?.siteKeyWrites === 'pages-refused' && family === 'pages') throw siteKeyPageWriteRefused()
  if (choices?.siteKeyWrites === 'locales-refused' && family === 'locales') throw siteKeyLocaleWriteRefused()
}

/**
 * Whether a Site key's writes to a family are refused by what the key is, whatever the request
 * (siteKeyWrites routes-refused, pages-only, pages-refused, locales-refused): a refusal of its kind, which comes first where such
 * refusals do (keyKindOrder first).
 */
export function siteKeyFamilyRefused(choices: Choices | undefined, family: WriteFamily | undefined): family is WriteFamily {
  if (family === undefined) return false
  if (choices?.siteKeyWrites === 'routes-refused') return family === 'routes'
  if (choices?.siteKeyWrites === 'pages-refused') return family === 'pages'
  if (choices?.siteKeyWrites === 'locales-refused') return family === 'locales'
  return choices?.siteKeyWrites === 'pages-only' && family !== 'pages'
}

/**
 * A deployment whose Site keys only read and that says so first (choice siteKeyWrites
 * refused-first): any write with one is a 403 as soon as the key is known, before its input, its
 * target or the kind of operation is judged.
 */
export function refuseSiteKeyWriteFirst(method: string, scope: Scope, choices: Choices | undefined): void {
  if (choices?.siteKeyWrites === 'refused-first' && scope.kind === 'site' && method !== 'GET') throw siteKeyWriteRefused()
}

/**
 * A deployment whose Site keys reach no route (choice siteKeyRoutes refused): any route request
 * with one, a read too, is a 403 as soon as the key is known, before its input or its target is
 * judged, whatever site it names. A publishable key that reads routes as its site's Site key
 * (publicApiKeyRoutes read) is refused with it.
 */
export function refuseSiteKeyRoutes(path: string, scope: Scope, choices: Choices | undefined): void {
  if (choices?.siteKeyRoutes === 'refused' && scope.kind === 'site' && path.startsWith('/v2/routes')) {
    throw new ApiError(403, 'forbidden', 'A Site API key may not list, read or change routes on this deployment; that needs an App API key.')
  }
}

const siteKeyPagesOnly = (): ApiError =>
  new ApiError(403, 'forbidden', 'A Site API key may write pages alone on this deployment; creating, changing, deleting or restoring a locale or a route needs an App API key.')

const siteKeyPageWriteRefused = (): ApiError =>
  new ApiError(403, 'forbidden', "A Site API key may not create, change or delete pages on this deployment (a site's content is edited with an App API key); it manages its site's locales and routes.")

const siteKeyLocaleWriteRefused = (): ApiError =>
  new ApiError(403, 'forbidden', "A Site API key may not create, change, delete or restore locales on this deployment (a site's locales are managed with an App API key); it writes its site's pages and routes.")

const siteKeyRouteWriteRefused = (): ApiError =>
  new ApiError(403, 'forbidden', 'A Site API key may not create, change or delete routes on this deployment; that needs an App API key.')

const siteKeyWriteRefused = (): ApiError =>
  new ApiError(403, 'forbidden', 'A Site API key may only read on this deployment; creating, changing or deleting a page, route or locale needs an App API key.')
