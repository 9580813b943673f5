import type { CreateSiteBody, DuplicateSiteBody, ListSitesQuery, SitePathParams, UpdateSiteBody } from '../generated/types.js'
import type { SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import type { Choices } from '../freedom/catalogue.js'
import { peekUuid, requireSite, requireWorkspace } from './auth.js'
import { deletedSites, keepDeletedSite } from './deleted-cursor.js'
import { conflict, invalidField } from './errors.js'
import { keptLocaleCode, keptName } from '../freedom/kept-input.js'
import { foreignTo } from './foreign-cursor.js'
import { paginate } from './paginate.js'
import { sortedByKey } from '../store/sorted-index.js'
import { presentSite } from './present.js'
import { deletesAgain, remembersSites, siteDeletedBefore } from './repeated-delete.js'
import { defineBehaviour, type AccessContext, type Behaviours } from './types.js'
import type { siteOperations } from './declarations/sites.js'

const DEFAULT_LOCALE = 'en-US'

const authorizeSite = ({ params, scope, store }: AccessContext<SitePathParams, unknown>): void => {
  requireSite(scope, store, params.siteId)
}

/** A 400 for `hostOrigin: null` in a site update, for a deployment that does not clear an origin so (choice hostOriginNull). */
function refuseNullOrigin(body: UpdateSiteBody, choices: Required<Choices> | undefined): void {
  if (choices?.hostOriginNull === 'refused' && body.hostOrigin === null) throw invalidField('hostOrigin', 'is null; must be an absolute URL with a protocol, such as https://example.com (this deployment does not clear an origin)')
}

/**
 * A 409 for a name another live site of the workspace has, compared without case, where a name
 * names one site of a workspace (choice siteNames unique); `self` is the site being renamed, whose
 * own name is no other's. `name` is the name as the site would keep it. A scan of the workspace's
 * sites, under that choice alone and on a write.
 */
function refuseTakenName(store: Store, workspaceId: string, name: string, choices: Required<Choices> | undefined, self?: SiteRecord): void {
  if (choices?.siteNames !== 'unique') return
  const folded = name.toLowerCase()
  const holder = store.sitesOf(workspaceId).values().find((site) => site !== self && site.name.toLowerCase() === folded)
  if (holder) throw conflict(`The site ${holder.id} of this workspace is already named ${JSON.stringify(holder.name)}; here a name names one site of a workspace (compared without case).`)
}

/** What each site operation does (declarations/sites.ts says what it is): a page imports it with the first request to one, Node from the start. */
export const siteBehaviour = {
  createSite: defineBehaviour<Record<string, never>, Record<string, never>, CreateSiteBody>({
    authorize({ rawBody, scope }) {
      const workspaceId = peekUuid(rawBody, 'workspaceId')
      if (workspaceId) requireWorkspace(scope, workspaceId)
    },
    run({ body, store, choices }) {
      const name = keptName(body.name, choices)
      // Before any id is drawn: a refused create leaves the random state as it was.
      refuseTakenName(store, body.workspaceId, name, choices)
      const site: SiteRecord = {
        id: store.random.uuid(),
        workspaceId: body.workspaceId,
        name,
        hostOrigin: body.hostOrigin ?? null,
        publicApiKey: store.random.uuid(),
        defaultLocale: keptLocaleCode(body.defaultLocale ?? DEFAULT_LOCALE, choices),
        defaultLocalePathPrefix: null,
        localeManagementMode: choices?.localeManagementMode ?? 'internal',
        seq: store.nextSeq(),
      }
      store.addSite(site)
      store.locales.add({ id: store.random.uuid(), siteId: site.id, locale: site.defaultLocale, domain: null, pathPrefix: null, seq: store.nextSeq(), deletedAt: null })
      return { status: 201, body: presentSite(site, choices) }
    },
  }),

  listSites: defineBehaviour<Record<string, never>, ListSitesQuery, undefined>({
    siteKeyAllowed: (choices) => choices?.siteKeySiteList === 'own-site',
    authorize({ query, scope }) {
      requireWorkspace(scope, query.workspaceId)
    },
    run({ query, store, choices, scope }) {
      const descending = choices?.siteListOrder === 'newest-first'
      // A Site key (siteKeySiteList own-site) lists its own site alone.
      const include = scope.kind === 'site' ? (site: SiteRecord) => site.id === scope.siteId : undefined
      // By name, case folded (choice siteListOrder name), sorted afresh: the store keeps a workspace's sites in creation order.
      const ordered = choices?.siteListOrder === 'name' ? sortedByKey(store.sitesOf(query.workspaceId).values(), (site) => site.name.toLowerCase()) : store.sitesOf(query.workspaceId)
      const { items, hasMore } = paginate(ordered, (id) => store.sites.get(id), query, { descending, cursors: choices, foreign: foreignTo(store, 'site'), include, deleted: deletedSites(store, query.workspaceId, choices), limitZero: choices?.limitZero })
      return { status: 200, body: { object: 'list', data: items.map((site) => presentSite(site, choices)), hasMore } }
    },
  }),

  getSite: defineBehaviour<SitePathParams, Record<string, never>, undefined>({
    authorize: authorizeSite,
    run({ params, store, choices }) {
      return { status: 200, body: presentSite(store.sites.get(params.siteId)!, choices) }
    },
  }),

  updateSite: defineBehaviour<SitePathParams, Record<string, never>, UpdateSiteBody>({
    authorize: authorizeSite,
    bodyRules: (body, _query, choices) => refuseNullOrigin(body, choices),
    run({ params, body, store, choices }) {
      refuseNullOrigin(body, choices)
      const site = store.sites.get(params.siteId)!
      // A deployment that takes a null origin as no change keeps the one the site has (choice hostOriginNull unchanged).
      const hostOrigin = body.hostOrigin === null && choices?.hostOriginNull === 'unchanged' ? undefined : body.hostOrigin
      const name = body.name === undefined ? undefined : keptName(body.name, choices)
      if (name !== undefined) refuseTakenName(store, site.workspaceId, name, choices, site)
      store.updateSite(site, { ...(name !== undefined && { name }), ...(hostOrigin !== undefined && { hostOrigin }) })
      return { status: 200, body: presentSite(site, choices) }
    },
  }),

  // The target is the site to delete; undefined for one a delete already removed (choice repeatedDelete idempotent).
  deleteSite: defineBehaviour<SitePathParams, Record<string, never>, undefined, SiteRecord | undefined>({
    authorize: ({ params, scope, store, choices }) => (siteDeletedBefore(store, scope, params.siteId, choices) ? undefined : requireSite(scope, store, params.siteId)),
    run({ target: site, store, choices }) {
      // Its locales, pages and routes stay where the deployment's site delete leaves them (choice siteDeleteChildren).
      if (!site) return { status: 204 }
      store.deleteSite(site, { keepChildren: choices?.siteDeleteChildren === 'kept', rememberSite: remembersSites(choices), rememberKey: choices?.deletedSiteKey === '403', rememberChildren: deletesAgain(choices) })
      keepDeletedSite(store, site, choices)
      return { status: 204 }
    },
  }),

  duplicateSite: defineBehaviour<SitePathParams, Record<string, never>, DuplicateSiteBody>({
    authorize: authorizeSite,
    run({ params, body, store, choices }) {
      const source = store.sites.get(params.siteId)!
      const name = keptName(body.name, choices)
      refuseTakenName(store, source.workspaceId, name, choices)
      const copy = store.duplicateSite(source, name, { deletedLocales: choices?.duplicateDeletedLocales === 'copied', resetPublication: choices?.duplicatePublication === 'reset', dropDomains: choices?.duplicateLocaleDomains === 'dropped' })
      return { status: 201, body: presentSite(copy, choices) }
    },
  }),
} satisfies Behaviours<typeof siteOperations>
