import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import type { Mock } from '../../src/mock.js'

type Json = Record<string, unknown>
type Handle = (request: ApiRequest) => ApiResponse

/** A workspace of an implementation: its id and App key. */
export interface Workspace {
  id: string
  appApiKey: string
}

interface SiteFacts {
  id: string
  workspaceId: string
  defaultLocale: string
  publicApiKey: string
}

/**
 * An implementation of the API (the permissive or the strict one) as the defect catalogues
 * (semantic-defects.ts, example-defects.ts, nonconforming-server.ts) see a mock: its handle, and
 * the few facts of its state they look up (a site's workspace and default locale, the site of a
 * key or of a page, what holds a pathname), read through its own API with its App keys rather
 * than from a store it does not share. The catalogues read only these members of Mock['store'].
 */
export function defectHost(inner: Handle, workspaces: Workspace[]): Mock {
  const call = (method: string, path: string, query: Json, key: string): ApiResponse =>
    inner({ method, path, query: new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString(), headers: { 'x-api-key': key }, body: undefined })
  const sites = (): SiteFacts[] =>
    workspaces.flatMap((workspace) => {
      const found: SiteFacts[] = []
      let cursor: string | undefined
      for (let page = 0; page < 50; page++) {
        const answer = call('GET', '/v2/sites', { workspaceId: workspace.id, limit: 100, ...(cursor ? { startingAfter: cursor } : {}) }, workspace.appApiKey)
        const body = answer.body as { data?: Json[]; hasMore?: boolean } | undefined
        for (const site of body?.data ?? []) found.push({ id: String(site.id), workspaceId: workspace.id, defaultLocale: String(site.defaultLocale), publicApiKey: String(site.publicApiKey) })
        if (!body?.hasMore || !body.data?.length) break
        cursor = String(body.data[body.data.length - 1]!.id)
      }
      return found
    })
  const site = (id: string): SiteFacts | undefined => sites().find((candidate) => candidate.id === id)
  const bySiteKey = (key: string): SiteFacts | undefined => sites().find((candidate) => candidate.publicApiKey === key)
  const appKeyOf = (site: SiteFacts): string => workspaces.find((workspace) => workspace.id === site.workspaceId)!.appApiKey
  const readable = (path: string): boolean => sites().some((candidate) => call('GET', path, { siteId: candidate.id }, appKeyOf(candidate)).status === 200)
  const store = {
    workspaces: new Map(workspaces.map((workspace) => [workspace.id, workspace])),
    workspaceByAppKey: new Map(workspaces.map((workspace) => [workspace.appApiKey, workspace])),
    siteByApiKey: { get: bySiteKey, has: (key: string) => bySiteKey(key) !== undefined },
    sites: { get: site, has: (id: string) => site(id) !== undefined },
    pages: {
      byId: {
        get: (id: string) => {
          // A deployment may ignore a siteId sent beside an id (a free choice): the page's site is
          // the one whose lookup by the page's pathname, which needs the siteId, finds this page.
          const named = (candidate: SiteFacts, name: string): Json | undefined => {
            const answer = call('GET', `/v6/pages/${encodeURIComponent(name)}`, { siteId: candidate.id }, appKeyOf(candidate))
            return answer.status === 200 ? (answer.body as Json) : undefined
          }
          const all = sites()
          const page = all.map((candidate) => named(candidate, id)).find((found) => found !== undefined)
          if (page === undefined) return undefined
          const owner = all.find((candidate) => named(candidate, String(page.pathname))?.id === id)
          return owner ? { id, siteId: owner.id } : undefined
        },
        has: (id: string) => readable(`/v6/pages/${encodeURIComponent(id)}`),
      },
    },
    locales: { byId: { has: (id: string) => readable(`/v2/locales/${encodeURIComponent(id)}`) } },
    routes: { byId: { has: (id: string) => readable(`/v2/routes/${encodeURIComponent(id)}`) } },
    pathnames: {
      owner: (siteId: string, pathname: string) => {
        const found = site(siteId)
        if (!found) return undefined
        const key = appKeyOf(found)
        if (call('GET', `/v6/pages/${encodeURIComponent(pathname)}`, { siteId }, key).status === 200) return { kind: 'page' as const }
        if (call('GET', `/v2/routes/${encodeURIComponent(pathname)}`, { siteId }, key).status === 200) return { kind: 'route' as const }
        return undefined
      },
    },
  }
  // The catalogues type their host as a Mock; of it they use handle and the members above.
  return { handle: inner, store } as unknown as Mock
}
