import type { ContractRequest, Exchange } from '../http-client.js'
import { BY_ID, familyOutlivedSite } from '../kept-children.js'
import type { Learned } from './hold.js'
import type { Family, Pools } from './pools.js'

/**
 * What the sequence's site deletes left behind: a deployment may keep a site's locales, pages and
 * routes after its delete (choice siteDeleteChildren), and what it keeps would stand in the next
 * sequence's way (a domain held by one locale of all the sites, say). For each family, one child
 * that may still be there (`mayRemain`: not deleted by a command of its own) is read by id; where it still answers, the family's children are
 * deleted by id (a default locale, which no delete takes, loses its domain). A read that finds it gone tells that the target deletes that family with its site,
 * so later sequences skip it (`learned.keptFamilies`).
 */
export async function clearKeptChildren(send: (request: ContractRequest) => Promise<Exchange>, pools: Pools, mayRemain: (oracleId: string) => boolean, learned: Learned): Promise<void> {
  const kept = (learned.keptFamilies ??= new Map<Family, boolean>())
  for (const family of ['page', 'route', 'locale'] as const) {
    if (kept.get(family) === false) continue
    const ids = pools.children[family].filter((child) => mayRemain(child.id.oracle)).map((child) => child.id.target)
    if (ids.length === 0) continue
    const stays = await familyOutlivedSite(send, family, ids[0]!)
    if (stays === undefined) continue
    kept.set(family, stays)
    if (!stays) continue
    const { template, param } = BY_ID[family]
    for (const id of ids) {
      const deleted = await send({ method: 'DELETE', template, params: { [param]: id } }).catch(() => undefined)
      // A site's default locale, which no delete takes, stays with what stays of its site: without
      // the domain a sequence gave it, which one locale of all the sites may hold (localeDomains).
      if (family === 'locale' && deleted !== undefined && deleted.status >= 400 && deleted.status !== 404) {
        await send({ method: 'PATCH', template, params: { [param]: id }, body: { domain: null } }).catch(() => undefined)
      }
    }
  }
}
