import { randomUUID } from 'node:crypto'
import { isUuid } from '../api/uuid.js'
import type { CreatedResource } from './types.js'

/** Thrown before a write that could touch something the suite did not create: a bug in a check. */
export class SafetyError extends Error {}

export interface WriteTarget {
  method: string
  template: string
  params: Record<string, string>
  query: Record<string, string | number | undefined>
  body: unknown
}

/**
 * Everything this run created, learned from the create responses themselves, and the random ids
 * it made up to provoke 404s. Writes are allowed only against these: on a real deployment the
 * suite never updates or deletes anything it did not create.
 */
export class CreatedResources {
  private readonly items = new Map<string, CreatedResource & { deleted: boolean }>()
  private readonly phantoms = new Set<string>()
  /** Creates whose answer never came (a timeout): they may exist without the suite knowing their id. */
  uncertainCreates = 0

  add(resource: CreatedResource): void {
    if (!this.items.has(resource.id)) this.items.set(resource.id, { ...resource, deleted: false })
  }

  markDeleted(id: string): void {
    const item = this.items.get(id)
    if (item) item.deleted = true
  }

  markRestored(id: string): void {
    const item = this.items.get(id)
    if (item) item.deleted = false
  }

  owns(id: string): boolean {
    return this.items.has(id) || this.phantoms.has(id)
  }

  ownsSite(id: string): boolean {
    return this.items.get(id)?.kind === 'site' || this.phantoms.has(id)
  }

  /** A fresh random UUID that names nothing: for the 404s. */
  phantomId(): string {
    const id = randomUUID()
    this.phantoms.add(id)
    return id
  }

  /** Every site this run created, deleted or not: what lives in them goes with them. */
  siteIds(): Set<string> {
    return new Set([...this.items.values()].filter((item) => item.kind === 'site').map((item) => item.id))
  }

  /** What is still there, oldest first. */
  live(): CreatedResource[] {
    return [...this.items.values()].filter((item) => !item.deleted).map(({ deleted: _deleted, ...resource }) => resource)
  }

  /** Refuses a write that does not target this run's own resources. */
  assertMayWrite(target: WriteTarget): void {
    if (target.method === 'GET') return
    if (target.method === 'POST' && target.template === '/v2/sites') return
    const siteInBody = (target.body as Record<string, unknown> | undefined)?.siteId
    if (typeof siteInBody === 'string' && isUuid(siteInBody) && !this.ownsSite(siteInBody)) {
      throw new SafetyError(`refused ${target.method} ${target.template}: site ${siteInBody} was not created by this run`)
    }
    const [first] = Object.values(target.params)
    if (first === undefined) return
    if (isUuid(first)) {
      if (!this.owns(first)) throw new SafetyError(`refused ${target.method} ${target.template}: ${first} was not created by this run`)
      return
    }
    // A code or pathname only names something inside the site given with it.
    const siteId = target.query.siteId
    if (typeof siteId !== 'string' || !this.ownsSite(siteId)) {
      throw new SafetyError(`refused ${target.method} ${target.template} for "${first}": it does not name a site created by this run`)
    }
  }
}
