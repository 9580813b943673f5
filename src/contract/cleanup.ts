import { LOCALE, PAGE, ROUTE, SITE, SITES } from './endpoints.js'
import type { ContractClient } from './http-client.js'
import type { CreatedResources } from './tracker.js'
import type { CleanupReport, CreatedResource, ResourceKind } from './types.js'

const TEMPLATE: Record<ResourceKind, { template: string; param: string }> = {
  site: { template: SITE, param: 'siteId' },
  locale: { template: LOCALE, param: 'localeIdOrCode' },
  page: { template: PAGE, param: 'pageIdOrPathname' },
  route: { template: ROUTE, param: 'routeIdOrPathname' },
}

/**
 * Deletes what this run created, newest first, and nothing else. A locale, page or route in a
 * site of the run goes with its site; a site is read again to make sure it is gone. When a
 * create timed out, the workspace is searched for sites carrying this run's tag as well.
 */
export async function cleanup(client: ContractClient, tracker: CreatedResources, context: { workspaceId?: string; tag: string }): Promise<CleanupReport> {
  const report: CleanupReport = { deleted: [], leftBehind: [] }
  if (tracker.uncertainCreates > 0 && context.workspaceId) await adoptTagged(client, tracker, context.workspaceId, context.tag)
  const sites = tracker.siteIds()
  for (const resource of tracker.live().reverse()) {
    if (resource.kind !== 'site' && resource.siteId !== undefined && sites.has(resource.siteId)) continue
    const reason = await remove(client, resource)
    if (reason) report.leftBehind.push({ ...resource, reason })
    else report.deleted.push(resource)
  }
  return report
}

async function remove(client: ContractClient, resource: CreatedResource): Promise<string | undefined> {
  const { template, param } = TEMPLATE[resource.kind]
  try {
    const deleted = await client.send({ method: 'DELETE', template, params: { [param]: resource.id } })
    // 404: already gone, which is what cleanup wants.
    if (deleted.status !== 204 && deleted.status !== 200 && deleted.status !== 404) return `DELETE answered ${deleted.status}`
    if (resource.kind !== 'site') return undefined
    const after = await client.send({ method: 'GET', template, params: { [param]: resource.id } })
    return after.status >= 200 && after.status < 300 ? `still answers ${after.status} after its DELETE` : undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Sites named with this run's tag that the run never saw created (their answer was lost). */
async function adoptTagged(client: ContractClient, tracker: CreatedResources, workspaceId: string, tag: string): Promise<void> {
  let cursor: string | undefined
  for (let page = 0; page < 50; page++) {
    const exchange = await client.send({ method: 'GET', template: SITES, query: { workspaceId, limit: 100, startingAfter: cursor } }).catch(() => undefined)
    const body = exchange?.body as { data?: Array<{ id?: unknown; name?: unknown }>; hasMore?: unknown } | undefined
    if (exchange?.status !== 200 || !Array.isArray(body?.data)) return
    for (const site of body.data) {
      if (typeof site.id === 'string' && typeof site.name === 'string' && site.name.startsWith(`${tag} `)) tracker.add({ kind: 'site', id: site.id, label: site.name })
    }
    const last = body.data[body.data.length - 1]
    if (body.hasMore !== true || typeof last?.id !== 'string') return
    cursor = last.id
  }
}
