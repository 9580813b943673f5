import type { MockSummary, ResourceCounts } from '../generated/types.js'
import type { ControlRoute, ControlTarget } from '../control/control-types.js'
import type { Store } from '../store/store.js'

/** How many of each resource the state holds: read from the tables' own sizes, one step per site at most. */
export function countResources(store: Store): ResourceCounts {
  let locales = 0
  for (const siteId of store.sites.keys()) locales += store.locales.ofSite(siteId).size
  return {
    workspaces: store.workspaces.size,
    sites: store.sites.size,
    locales,
    pages: store.pages.byId.size,
    routes: store.routes.byId.size,
  }
}

export function summarize(target: ControlTarget): MockSummary {
  const { name, seed } = target.scenario()
  return {
    scenario: name,
    seed: seed ?? null,
    counts: countResources(target.store()),
    journal: { size: target.journal.size, recorded: target.journal.recorded },
    faults: target.faults.size,
  }
}

/** GET /__mock/summary: what the dashboard shows at a glance. */
export const summaryControlRoutes: ControlRoute[] = [{ method: 'GET', path: 'summary', handle: (_request, _params, target) => summarize(target) }]
