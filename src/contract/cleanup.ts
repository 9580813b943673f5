import { LOCALES, PAGES, ROUTES, SITES } from './endpoints.js'
import type { ContractClient } from './http-client.js'
import { BY_ID, familyOutlivedSite } from './kept-children.js'
import { childCarriesTag, liveMarkSiteName, readLiveMark, siteCarriesTag } from './tag.js'
import type { CreatedResources } from './tracker.js'
import type { CleanupReport, CreatedResource } from './types.js'
import { appendAll } from '../append.js'

/**
 * Deletes what this run created, newest first, and nothing else. A locale, page or route in a
 * site of the run goes with its site, where the deployment deletes them together; a site is read
 * again to make sure it is gone. When a create timed out, the workspace is searched for sites
 * carrying this run's tag as well.
 */
export async function cleanup(client: ContractClient, tracker: CreatedResources, context: { workspaceId?: string; tag: string }): Promise<CleanupReport> {
  const report: CleanupReport = { deleted: [], leftBehind: [] }
  if (tracker.uncertainCreates > 0 && context.workspaceId) await adoptTagged(client, tracker, context.workspaceId, context.tag)
  const sites = tracker.siteIds()
  const withTheirSite: CreatedResource[] = []
  const removeInto = async (resource: CreatedResource): Promise<void> => {
    const reason = await remove(client, resource)
    if (reason) report.leftBehind.push({ ...resource, reason })
    else report.deleted.push(resource)
  }
  for (const resource of tracker.live().reverse()) {
    if (resource.kind !== 'site' && resource.siteId !== undefined && sites.has(resource.siteId)) withTheirSite.push(resource)
    else await removeInto(resource)
  }
  for (const child of await keptAfterTheirSite(client, withTheirSite, report)) await removeInto(child)
  return report
}

/**
 * What a site's delete left of the children that were to go with it (familyOutlivedSite): where a
 * family of a deleted site outlived it, that family's are deleted one by one. Those of a site left
 * behind stay with it.
 */
async function keptAfterTheirSite(client: ContractClient, children: CreatedResource[], report: CleanupReport): Promise<CreatedResource[]> {
  const deletedSites = new Set(report.deleted.filter((resource) => resource.kind === 'site').map((resource) => resource.id))
  const families = new Map<string, CreatedResource[]>()
  for (const child of children) {
    if (child.siteId === undefined || !deletedSites.has(child.siteId)) continue
    const key = `${child.siteId} ${child.kind}`
    families.set(key, [...(families.get(key) ?? []), child])
  }
  const kept: CreatedResource[] = []
  for (const family of families.values()) {
    const [first] = family
    if (first !== undefined && first.kind !== 'site' && (await familyOutlivedSite((request) => client.send(request), first.kind, first.id)) === true) appendAll(kept, family)
  }
  return kept
}

async function remove(client: ContractClient, resource: CreatedResource): Promise<string | undefined> {
  const { template, param } = BY_ID[resource.kind]
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

/** Sites carrying this run's tag that the run never saw created (their answer was lost). */
async function adoptTagged(client: ContractClient, tracker: CreatedResources, workspaceId: string, tag: string): Promise<void> {
  for (const site of (await listAll(client, SITES, { workspaceId })) ?? []) {
    if (typeof site.id === 'string' && siteCarriesTag(site, tag)) tracker.add({ kind: 'site', id: site.id, label: String(site.name) })
  }
}

type Item = Record<string, unknown>
/** How many pages of 100 a list is read to at most: a bound, not a limit one expects to meet. */
const MAX_LIST_PAGES = 1000

/** Every item of a list, page by page; undefined when the list cannot be read. */
async function listAll(client: ContractClient, template: string, query: Record<string, string>): Promise<Item[] | undefined> {
  const items: Item[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const exchange = await client.send({ method: 'GET', template, query: { ...query, limit: 100, startingAfter: cursor } }).catch(() => undefined)
    const body = exchange?.body as { data?: Item[]; hasMore?: unknown } | undefined
    if (exchange?.status !== 200 || !Array.isArray(body?.data)) return undefined
    appendAll(items, body.data)
    const last = body.data[body.data.length - 1]
    if (body.hasMore !== true || typeof last?.id !== 'string') return items
    cursor = last.id
  }
  return items
}

const CHILD_LISTS = [
  { kind: 'page', template: PAGES, query: { includeOffline: 'true' } },
  { kind: 'route', template: ROUTES, query: {} },
  { kind: 'locale', template: LOCALES, query: {} },
] as const

/** A run's live mark as --cleanup found it: when it was last refreshed and until when it counts as live (both unknown when its page cannot be read). */
export interface FoundLiveMark {
  siteId: string
  refreshedAt?: Date
  until?: Date
  /** Live: its time has not run out, or it has no time to read (a run between its mark's two creates). */
  live: boolean
}

export type TaggedCleanupReport = CleanupReport & {
  notes: string[]
  /** The run's live marks, when it left any. */
  marks: FoundLiveMark[]
  /** True when a mark is live and the run was not said to be dead: nothing was deleted. */
  refused: boolean
}

/**
 * What a run that never reached its cleanup (kill -9, a CI timeout) left in the workspace, by its
 * tag alone: the sites in one of the run's forms (tag.ts) with everything in them, and in the
 * other sites the pages, routes and locales in one of them. Nothing that merely mentions the tag,
 * nothing of another run: a tag is one run's. A run whose live mark is still fresh is going on:
 * nothing is deleted unless `runIsDead` says otherwise. Lists that cannot be read are said as
 * notes; what cannot be deleted is left behind.
 */
export async function cleanupTagged(client: ContractClient, tracker: CreatedResources, { workspaceId, tag, runIsDead = false, now = new Date() }: { workspaceId: string; tag: string; runIsDead?: boolean; now?: Date }): Promise<TaggedCleanupReport> {
  const notes: string[] = []
  const sites = await listAll(client, SITES, { workspaceId })
  if (sites === undefined) return { deleted: [], leftBehind: [], notes: [`the sites of workspace ${workspaceId} could not be listed`], marks: [], refused: false }
  const marks = await liveMarksOf(client, sites, tag, now)
  if (!runIsDead && marks.some((mark) => mark.live)) return { deleted: [], leftBehind: [], notes, marks, refused: true }
  for (const site of sites) {
    if (typeof site.id !== 'string') continue
    const own = siteCarriesTag(site, tag)
    if (own) tracker.add({ kind: 'site', id: site.id, label: String(site.name) })
    // A site of the run's own: its children are listed too, so that those its delete keeps (siteDeleteChildren) are found by id afterwards.
    for (const { kind, template, query } of CHILD_LISTS) {
      const items = await listAll(client, template, { siteId: site.id, ...query })
      if (items === undefined) notes.push(`the ${kind}s of site ${site.id} could not be listed`)
      for (const item of items ?? []) {
        // (Not its default locale, which no delete of a locale may take: it goes with the site or stays with it.)
        const ownChild = own && !(kind === 'locale' && item.locale === site.defaultLocale)
        if (typeof item.id === 'string' && (ownChild || childCarriesTag(item, tag))) tracker.add({ kind, id: item.id, siteId: site.id, label: String(item.pathname ?? item.locale ?? item.id) })
      }
    }
  }
  return { ...(await cleanup(client, tracker, { tag })), notes, marks, refused: false }
}

/** The live marks of the run among the workspace's sites, each read from its page; the latest time wins when a site holds several. */
async function liveMarksOf(client: ContractClient, sites: Item[], tag: string, now: Date): Promise<FoundLiveMark[]> {
  const marks: FoundLiveMark[] = []
  for (const site of sites) {
    if (typeof site.id !== 'string' || site.name !== liveMarkSiteName(tag)) continue
    const pages = (await listAll(client, PAGES, { siteId: site.id, includeOffline: 'true' })) ?? []
    const times = pages.map((page) => readLiveMark(page.pathname, tag)).filter((mark) => mark !== undefined)
    const latest = times.sort((a, b) => b.until.getTime() - a.until.getTime())[0]
    // A mark without a time to read is taken as live: a run's cleanup must never be wrongly begun while the run goes on.
    marks.push(latest ? { siteId: site.id, ...latest, live: latest.until.getTime() > now.getTime() } : { siteId: site.id, live: true })
  }
  return marks
}
