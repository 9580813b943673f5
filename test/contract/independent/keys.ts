import { ApiError } from './http-error.js'
import type { Site, Store } from './store.js'

/** Who calls: an App key acts for its workspace, a Site key for its one site. */
export type Principal = { kind: 'app'; workspaceId: string } | { kind: 'site'; siteId: string }

/** The caller of a request; a missing key, or one nobody holds (a deleted site's included), is a 401. */
export function principalOf(store: Store, header: string | undefined): Principal {
  if (header === undefined || header === '') throw new ApiError('unauthorized', 'Send an API key in the x-api-key header.')
  const workspace = store.workspaceByKey(header)
  if (workspace) return { kind: 'app', workspaceId: workspace.id }
  const site = store.siteByKey(header)
  if (site) return { kind: 'site', siteId: site.id }
  throw new ApiError('unauthorized', 'The API key in x-api-key is not one this service knows.')
}

/** Whether the caller reaches the site: its workspace's sites for an App key, its own site for a Site key. */
export function reaches(principal: Principal, site: Site): boolean {
  return principal.kind === 'app' ? principal.workspaceId === site.workspaceId : principal.siteId === site.id
}
