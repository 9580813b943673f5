import type { Choices } from './choices.js'
import { badField, Refusal, type Json } from './http.js'
import { Fields, isUuid } from './input.js'
import type { Operation } from './operations.js'
import type { Rules } from './rules.js'
import type { Removed, Site, Store, Workspace } from './store.js'

/**
 * Who a key is: a workspace's App key, or a site's Site key (its `publicApiKey`, or a key apart at
 * publicApiKeyAsSiteKey: not-a-key, forbidden, live-pages, published-pages, online-pages, single-resources, pages, site-and-pages,
 * configuration, reads). A site's publicApiKey where it is no
 * Site key (forbidden, live-pages but for a live page read, published-pages but for a page read
 * that asks no draft, which then reads its site's pages as published: `publishedOnly`, online-pages
 * but for a locale read or a page read not asking the offline pages (asking them too, at
 * publicApiKeyOfflinePages: hidden), which then reads online pages alone: `onlineOnly` (at
 * publicApiKeyOfflinePages: read, any page read, offline pages included, as the Site key reads it),
 * single-resources but for a read of one resource, pages but for a page read in any version,
 * site-and-pages but for that or a site read, configuration but for a site read or a locale read,
 * reads but for any of those; the six that read pages but for a route read too at publicApiKeyRoutes: read,
 * and the first four of them but for a read of their site too at publicApiKeySiteRead: read, the
 * first two but for a locale list or read too at publicApiKeyLocales: read) is its site's, `publishable`: refused
 * where access is judged (refusePublishable), as a Site key reaching too far is; so is a deleted
 * site's Site key, `deleted`, where the deployment still knows it (deletedSiteKey: 403).
 */
export type Principal =
  | { kind: 'app'; workspace: Workspace }
  | { kind: 'site'; site: Site; publishable?: 'forbidden' | 'live-pages' | 'published-pages' | 'online-pages' | 'single-resources' | 'pages' | 'site-and-pages' | 'configuration' | 'reads'; deleted?: true; publishedOnly?: true; onlineOnly?: true }

/** One request as the handlers see it. */
export interface Call {
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

/**
 * A page read (a page list, a page read, or the site's page list: `ofSite`) and the `versionRef`
 * its query gives: all a site's publicApiKey reaches, as its site's Site key, at
 * `publicApiKeyAsSiteKey: live-pages` (a page list or read asking `ref:live`) and `published-pages`
 * (any of them asking no other version); with a locale list or read, what it reaches at
 * `online-pages` (where a page list may not ask `includeOffline=true`, unless the offline pages are
 * invisible to the key, `publicApiKeyOfflinePages: hidden`, or it reads them, `read`); any page read, in any version,
 * offline pages included, at `pages`, `site-and-pages` and `reads`.
 */
export interface PageRead {
  ofSite: boolean
  version: unknown
  includeOffline: unknown
  /** A locale list or read: no page read at all. */
  locales: boolean
}

/**
 * The key's principal; `singleRead`: the request reads one resource (a site, locale, page or
 * route), all a site's publicApiKey reaches, as its site's Site key, at `publicApiKeyAsSiteKey: single-resources`;
 * `routeRead`: a route list or route read, which a publicApiKey that reads its site's pages reads
 * too, as its site's Site key, at `publicApiKeyRoutes: read`; `siteRead`: a site read, which a
 * publicApiKey that reads its site's pages reads too, as its site's Site key, at `site-and-pages`,
 * or at `publicApiKeySiteRead: read`, and, with a locale list or read, all one that reads its site's
 * configuration reads, at `configuration`, and, with a page read or a locale list or read, all a
 * read-only key for its site reads, at `reads`.
 */
export function principalOf(store: Store, key: string | undefined, pageRead: PageRead | undefined, singleRead: boolean, routeRead: boolean, siteRead: boolean): Principal {
  if (key === undefined || key === '') throw new Refusal(401, 'an x-api-key header is required')
  const workspace = store.workspaceByKey(key)
  if (workspace) return { kind: 'app', workspace }
  const site = store.siteByKey(key)
  if (site) return { kind: 'site', site }
  const chosen = store.choices.publicApiKeyAsSiteKey
  const publishable = chosen === 'forbidden' || chosen === 'live-pages' || chosen === 'published-pages' || chosen === 'online-pages' || chosen === 'single-resources' || chosen === 'pages' || chosen === 'site-and-pages' || chosen === 'configuration' || chosen === 'reads' ? chosen : undefined
  const published = publishable === undefined ? undefined : store.siteByPublicKey(key)
  if (published && publishable === 'single-resources' && singleRead) return { kind: 'site', site: published }
  if (published && routeRead && readsRoutes(store.choices, publishable)) return { kind: 'site', site: published }
  if (published && siteRead && readsSite(store.choices, publishable)) return { kind: 'site', site: published }
  if (published && pageRead?.locales === true && readsLocales(store.choices, publishable)) return { kind: 'site', site: published }
  // A list asking the offline pages too, where they are invisible to the key (`publicApiKeyOfflinePages: hidden`), lists the online ones (listPages).
  const asksSeen = pageRead !== undefined && (pageRead.locales || pageRead.includeOffline !== 'true' || store.choices.publicApiKeyOfflinePages === 'hidden')
  if (published && publishable === 'configuration' && (siteRead || pageRead?.locales === true)) return { kind: 'site', site: published }
  // A key that reads the offline pages too (`publicApiKeyOfflinePages: read`) reads its locales and every page as the Site key does.
  if (published && publishable === 'online-pages' && pageRead !== undefined && store.choices.publicApiKeyOfflinePages === 'read') return { kind: 'site', site: published }
  if (published && publishable === 'online-pages' && asksSeen) return { kind: 'site', site: published, onlineOnly: true }
  const pages = pageRead?.locales === true ? undefined : pageRead
  if (published && publishable === 'live-pages' && pages?.ofSite === false && pages.version === 'ref:live') return { kind: 'site', site: published }
  if (published && publishable === 'pages' && pages !== undefined) return { kind: 'site', site: published }
  if (published && publishable === 'site-and-pages' && (pages !== undefined || siteRead)) return { kind: 'site', site: published }
  if (published && publishable === 'reads' && (pageRead !== undefined || siteRead)) return { kind: 'site', site: published }
  if (published && publishable === 'published-pages' && pages !== undefined && (pages.version === undefined || pages.version === 'ref:live')) return { kind: 'site', site: published, publishedOnly: true }
  if (published && publishable) return { kind: 'site', site: published, publishable }
  const deleted = store.choices.deletedSiteKey === '403' ? store.deletedSiteKeys.get(key) : undefined
  if (deleted) return { kind: 'site', site: deleted, deleted: true }
  throw new Refusal(401, 'the x-api-key is not a key of this service')
}

/** Whether a site's publicApiKey reads its site's routes: where it reads the site's pages, and the deployment says so (`publicApiKeyRoutes: read`). */
const readsRoutes = (choices: Choices, publishable: Choices['publicApiKeyAsSiteKey']): boolean =>
  choices.publicApiKeyRoutes === 'read' && (publishable === 'live-pages' || publishable === 'published-pages' || publishable === 'online-pages' || publishable === 'pages' || publishable === 'site-and-pages' || publishable === 'reads')

/** Whether a site's publicApiKey reads its site: where it reads the site's pages and no site of itself, and the deployment says so (`publicApiKeySiteRead: read`). */
const readsSite = (choices: Choices, publishable: Choices['publicApiKeyAsSiteKey']): boolean =>
  choices.publicApiKeySiteRead === 'read' && (publishable === 'live-pages' || publishable === 'published-pages' || publishable === 'online-pages' || publishable === 'pages')

/** Whether a site's publicApiKey reads its site's locales: where it reads the site's pages as published alone, and the deployment says so (`publicApiKeyLocales: read`). */
const readsLocales = (choices: Choices, publishable: Choices['publicApiKeyAsSiteKey']): boolean =>
  choices.publicApiKeyLocales === 'read' && (publishable === 'live-pages' || publishable === 'published-pages')

/** A site's publicApiKey where it is no Site key, or a deleted site's Site key: a 403, since the key is valid but has no permission here. */
export function refusePublishable(who: Principal): void {
  if (who.kind !== 'site') return
  if (who.deleted === true) throw new Refusal(403, "the Site API key's site was deleted; the key has no permission here")
  if (who.publishable === undefined) return
  if (who.publishable === 'live-pages') throw new Refusal(403, "a site's publicApiKey reads its site's live pages alone (versionRef=ref:live); it has no other permission here")
  if (who.publishable === 'published-pages') throw new Refusal(403, "a site's publicApiKey reads its site's published pages alone (no versionRef, or versionRef=ref:live); it has no other permission here")
  if (who.publishable === 'online-pages') throw onlinePagesAlone()
  if (who.publishable === 'pages') throw new Refusal(403, "a site's publicApiKey reads its site's pages alone (a page list, a page read or the site's page list, in any version); it has no other permission here")
  if (who.publishable === 'site-and-pages') throw new Refusal(403, "a site's publicApiKey reads its site and its pages alone (a site read, a page list, a page read or the site's page list, in any version); it has no other permission here")
  if (who.publishable === 'reads') throw new Refusal(403, "a site's publicApiKey reads its site, its locales and its pages alone (a site read, a locale list or read, a page list, a page read or the site's page list, in any version); it changes nothing")
  if (who.publishable === 'configuration') throw new Refusal(403, "a site's publicApiKey reads its site's configuration alone (a site read, a locale list or a locale read); it reads no page or route and changes nothing")
  if (who.publishable === 'single-resources') throw new Refusal(403, "a site's publicApiKey reads its site's single resources alone (a site, locale, page or route read); it lists nothing and changes nothing")
  throw new Refusal(403, "a site's publicApiKey only fetches page data for its host; it has no permission here")
}

/** The refusal of a key that reads its site's locales and online pages alone (`publicApiKeyAsSiteKey: online-pages`). */
export const onlinePagesAlone = (): Refusal =>
  new Refusal(403, "a site's publicApiKey reads its site's locales and online pages alone (no includeOffline=true); it has no other permission here")

/** The operations only an App key may call; a Site key lists its own site at `siteKeySiteList: own-site`. */
const APP_ONLY: ReadonlySet<Operation> = new Set<Operation>(['sites.create', 'site.delete', 'site.duplicate'])

/**
 * The refusals of a key's kind, which hang on no target: a Site key on an App-only operation, and
 * (unless `publishableLater`) a site's publicApiKey where it is no Site key. `validationOrder` puts
 * them where access is judged, before or after the input.
 */
export function refuseKeyKind(store: Store, who: Principal, operation: Operation, publishableLater: boolean): void {
  const appOnly = APP_ONLY.has(operation) || (operation === 'sites.list' && store.choices.siteKeySiteList !== 'own-site')
  if (appOnly && who.kind === 'site') throw new Refusal(403, 'a Site API key cannot do this; use an App API key')
  if (!publishableLater) refusePublishable(who)
}

/**
 * Whether a publishable key's refusal waits until access to the target is settled (Call.settle):
 * where existence is judged first (`accessOrder` existence-first, its own), a missing target is a
 * 404 for it too; where a create reads its body first (`createBodyOrder` body-first), a 400 comes first.
 */
export function publishableAfterTarget(choices: Choices, operation: Operation): boolean {
  if (choices.accessOrder !== 'permission-first') return true
  const family = CREATES[operation]
  return family !== undefined && createsBodyFirst(choices, family)
}

const CREATES: Partial<Record<Operation, 'pages' | 'routes' | 'locales'>> = { 'pages.create': 'pages', 'routes.create': 'routes', 'locales.create': 'locales' }

const reaches = (who: Principal, site: { id: string; workspaceId: string }): boolean => (who.kind === 'app' ? site.workspaceId === who.workspace.id : site.id === who.site.id)

/** A Site key changes no page, route or locale at `siteKeyWrites: refused`, no route at `routes-refused`, nothing but pages at `pages-only`, no page at `pages-refused`, and no locale at `locales-refused`. */
function siteKeyWrite(call: Call): void {
  if (call.who.kind !== 'site' || call.family === 'sites' || call.method === 'GET') return
  if (call.store.choices.siteKeyWrites === 'refused') throw new Refusal(403, 'a Site API key may only read; use an App API key to change anything')
  refuseSiteKeyFamilyWrite(call.store, call.who, call.family, call.method)
}

/** A Site key's write to a family its kind may not write (`siteKeyWrites: routes-refused`, `pages-only`, `pages-refused`, `locales-refused`): where access is judged, or first at `keyKindOrder: first`. */
export function refuseSiteKeyFamilyWrite(store: Store, who: Principal, family: string, method: string): void {
  if (who.kind !== 'site' || family === 'sites' || method === 'GET') return
  if (family === 'routes' && store.choices.siteKeyWrites === 'routes-refused') throw new Refusal(403, 'a Site API key may not change routes; use an App API key')
  if (family !== 'pages' && store.choices.siteKeyWrites === 'pages-only') throw new Refusal(403, 'a Site API key may change pages alone; use an App API key for locales and routes')
  if (family === 'pages' && store.choices.siteKeyWrites === 'pages-refused') throw new Refusal(403, 'a Site API key may not change pages; use an App API key for them')
  if (family === 'locales' && store.choices.siteKeyWrites === 'locales-refused') throw new Refusal(403, 'a Site API key may not change locales; use an App API key for them')
}

/**
 * Existence is judged before permission (its own `accessOrder`): a site that does not exist is a
 * 404 for every key. At `permission-first` a Site key naming another site is a 403 whether or not
 * it exists.
 */
export function reachableSite(call: Call, id: string | undefined, named: 'in-path' | 'referenced' | 'looked-up-in' = 'in-path'): Site {
  const { who, store } = call
  const wanted = id?.toLowerCase()
  if (store.choices.accessOrder === 'permission-first' && who.kind === 'site' && wanted !== who.site.id) throw new Refusal(403, 'a Site API key reaches only its own site')
  const site = wanted === undefined ? undefined : store.sites.get(wanted)
  if (!site && named !== 'in-path' && refusesAsInput(store, named, wanted)) throw badField('siteId', `names no site: ${id ?? ''}`)
  if (!site) throw new Refusal(404, `no site ${id ?? ''}`)
  if (!reaches(who, site)) throw new Refusal(403, 'this key has no access to the site')
  siteKeyWrite(call)
  return site
}

/**
 * The site a query's or a body's `siteId` names, judged as `reachableSite` judges one in the path,
 * but one that does not exist is a value naming nothing (a 400 naming `siteId`) at
 * `unknownSiteReference: invalid`, and at `invalid-never-made` where a list or a create names a site
 * that never was (a deleted one, and the site of a lookup by code or pathname, `lookup`, stay 404s);
 * its own choice is a 404, the site missing.
 */
export const referencedSite = (call: Call, id: string | undefined, lookup = false): Site => reachableSite(call, id, lookup ? 'looked-up-in' : 'referenced')

/** Whether a site that is not there is refused as a value naming nothing (`unknownSiteReference`), by where it is named and whether it ever was. */
function refusesAsInput(store: Store, named: 'referenced' | 'looked-up-in', id: string | undefined): boolean {
  const chosen = store.choices.unknownSiteReference
  if (chosen === 'invalid') return true
  return chosen === 'invalid-never-made' && named === 'referenced' && (id === undefined || store.removed.get(id)?.family !== 'sites')
}

/**
 * The site a locale, page or route found by id belongs to, judged for the key: a live site as
 * `reachableSite` judges it, or one deleted that left its children (`siteDeleteChildren: kept`),
 * which only the App key of its workspace reaches (its own Site key went with it).
 */
export function owningSite(call: Call, siteId: string): Site {
  const kept = call.store.keptSites.get(siteId)
  if (kept === undefined) return reachableSite(call, siteId)
  if (call.who.kind !== 'app' || call.who.workspace.id !== kept.workspaceId) throw new Refusal(403, 'this key has no access to the site')
  return kept
}

/**
 * At `foreignCursor: refused-unreached` a list's cursor is looked up among all its family's items:
 * one of a site the key does not reach (another workspace's; another site's for a Site key) is a
 * 403, judged with the list's own site, before the rest of the input is read. One it reaches, or an
 * item of another family, is answered as `as-outside` says (pageOf).
 */
export function reachedCursor(call: Call, family: 'locales' | 'pages' | 'routes'): void {
  const cursor = call.query.startingAfter
  if (call.store.choices.foreignCursor !== 'refused-unreached' || typeof cursor !== 'string') return
  const item = call.store[family].get(cursor.toLowerCase())
  // A deleted locale is an item its list leaves out (cursorOutsideList's), whichever site it was of.
  const site = item === undefined || ('deleted' in item && item.deleted) ? undefined : call.store.ownerOf(item.siteId)
  if (site !== undefined && !reaches(call.who, site)) throw new Refusal(403, `startingAfter names an item of ${family} this key does not reach`)
}

/** What a delete removed, judged for the key as it was before: its workspace's App key, or its site's Site key. */
export function reachRemoved(call: Call, removed: Removed): void {
  if (!reaches(call.who, { id: removed.siteId, workspaceId: removed.workspaceId })) throw new Refusal(403, 'this key has no access to the site')
  if (removed.family === 'sites') appOnly(call)
  siteKeyWrite(call)
}

export function appOnly(call: Call): Workspace {
  if (call.who.kind !== 'app') throw new Refusal(403, 'a Site API key cannot do this; use an App API key')
  return call.who.workspace
}

/**
 * At `reachOrder: first`, a key that does not reach what the request names by a well-formed id
 * (a workspace, a site, or a locale, page or route of one), where that exists, is refused before any
 * input is read; what does not exist is still found missing where `validationOrder` puts access.
 */
export function refuseUnreached(store: Store, who: Principal, family: string, segments: readonly string[], query: Json, body: Json): void {
  const id = (value: unknown): string | undefined => (typeof value === 'string' && isUuid(value) ? value.toLowerCase() : undefined)
  const workspace = family === 'sites' && segments.length === 0 ? id(query.workspaceId ?? body.workspaceId) : undefined
  const ownWorkspace = who.kind === 'app' ? who.workspace.id : who.site.workspaceId
  if (workspace !== undefined && store.workspaces.some((each) => each.id === workspace) && workspace !== ownWorkspace) throw new Refusal(403, 'this key has no access to the workspace')
  // A name in the path (a code, a pathname) that may name nothing is looked up before the key's reach at its own `accessOrder: existence-first`.
  if (family !== 'sites' && segments[0] !== undefined && id(segments[0]) === undefined && (store.choices.accessOrder ?? 'existence-first') === 'existence-first') return
  const named = id(segments[0])
  const held = named === undefined || family === 'sites' ? undefined : { locales: store.locales, pages: store.pages, routes: store.routes }[family]?.get(named)
  const siteId = family === 'sites' ? named : (held?.siteId ?? id(query.siteId) ?? id(body.siteId))
  const site = siteId === undefined ? undefined : store.ownerOf(siteId)
  if (site !== undefined && !reaches(who, site)) throw new Refusal(403, 'this key has no access to the site')
}

/**
 * Whether a create reads its whole body before the site it names (`createBodyOrder`): without
 * choices, a page or route create does and a locale create reads only `siteId` first.
 */
export function bodyBeforeSite(call: Call, family: 'pages' | 'routes' | 'locales'): boolean {
  return createsBodyFirst(call.store.choices, family)
}

function createsBodyFirst(choices: Choices, family: 'pages' | 'routes' | 'locales'): boolean {
  return choices.createBodyOrder === undefined ? family !== 'locales' : choices.createBodyOrder === 'body-first'
}

/** The site named by `siteId` in the query: a list's, or (`lookup`) the site a code or pathname in the path is looked up in. */
export function siteFromQuery(call: Call, needed: boolean, lookup = false): Site | undefined {
  const siteId = new Fields(call.query).uuid('siteId', needed)
  return siteId === undefined ? undefined : referencedSite(call, siteId, lookup)
}

/**
 * The site a name in the path (a pathname, a code) is looked up in, named by `siteId` in the
 * query. At `accessOrder: existence-first` (its own) a site that exists is taken as it is, so that a name it
 * lacks is a 404 for any key; the key's reach is then judged on what the name finds (owningSite).
 */
export function nameSite(call: Call): Site {
  // Its own order, where none is drawn, is existence first (as for ids).
  if ((call.store.choices.accessOrder ?? 'existence-first') !== 'existence-first') return siteFromQuery(call, true, true)!
  const siteId = new Fields(call.query).uuid('siteId', true)!
  return call.store.sites.get(siteId.toLowerCase()) ?? referencedSite(call, siteId, true)
}

/**
 * With an id in the path, a `siteId` the query also gives must be a UUID, and (its own
 * `siteIdBesideId`) the resource must be of that site; at `ignored` or `refused` it is found
 * whatever site the query names (`refused` then refuses the query: besideIdSite).
 */
export function inQuerySite(call: Call, siteId: string | undefined): boolean {
  const named = new Fields(call.query).uuid('siteId')
  const chosen = call.store.choices.siteIdBesideId
  return named === undefined || chosen === 'ignored' || chosen === 'refused' || named.toLowerCase() === siteId
}

/**
 * At `siteIdBesideId: refused`, a `siteId` beside an id that names another site than the
 * resource's (or none) is a 400 naming it, once access to the resource is settled.
 */
export function besideIdSite(call: Call, siteId: string, resource: string): void {
  if (call.store.choices.siteIdBesideId !== 'refused') return
  const named = new Fields(call.query).uuid('siteId')
  if (named !== undefined && named.toLowerCase() !== siteId) throw badField('siteId', `does not match the site of the ${resource} the id names`)
}
