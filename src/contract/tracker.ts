import { randomUUID } from 'node:crypto'
import { isUuid } from '../contracts/uuid.js'
import { LOCALE, PAGE, ROUTE, SITE, SITE_DUPLICATE, SITES } from './endpoints.js'
import { siteCarriesTag, type SiteMarks } from './tag.js'
import type { CreatedResource } from './types.js'

/** The updates whose fields are all of one type: a page's, a route's, a locale's. */
const TYPED_UPDATES: ReadonlySet<string> = new Set([PAGE, ROUTE, LOCALE])

/**
 * An update that no document lets change anything, so it may go to what the run did not create:
 * a page, route or locale update whose every field is a one-item list, a type no field of those
 * bodies takes (a deployment answers a 400, or a refusal of the key before it). The probes ask
 * so what a Site key of the user's may write (siteKeyWrites), each item the value the field has.
 */
function isShamUpdate(target: WriteTarget): boolean {
  if (target.method !== 'PATCH' || !TYPED_UPDATES.has(target.template)) return false
  const body = target.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const values = Object.values(body)
  return values.length > 0 && values.every((value) => Array.isArray(value) && value.length === 1 && typeof value[0] === 'string')
}

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
  /** The name and hostOrigin the target last gave for a site of the run. */
  siteMarks(id: string): SiteMarks | undefined {
    return this.marks.get(id)
  }

  /** The name and hostOrigin of each site of the run, as its last answer gave them: where its tag is. */
  private readonly marks = new Map<string, SiteMarks & { answeredName?: unknown }>()

  /** With a tag, every site the run creates or renames must keep carrying it (see assertTagged). */
  constructor(private readonly tag?: string) {}
  /** Creates whose answer never came (a timeout): they may exist without the suite knowing their id. */
  uncertainCreates = 0

  add(resource: CreatedResource): void {
    if (!this.items.has(resource.id)) this.items.set(resource.id, { ...resource, deleted: false })
  }

  /** What the target answered for a site of the run: its name and hostOrigin now. */
  sawSite(id: string, answered: SiteMarks, sent: { template: string; body: unknown; source?: string }): void {
    // What the run set is what a deployment keeps; the answer fills in the rest (a stateless
    // mock answers made-up values, which must not make the run's own site look untagged).
    const body = (sent.body ?? {}) as Record<string, unknown>
    const before = this.marks.get(sent.template === SITE_DUPLICATE ? (sent.source ?? '') : id)
    const base: SiteMarks = sent.template === SITE ? { name: before?.name, hostOrigin: before?.hostOrigin } : sent.template === SITE_DUPLICATE ? { hostOrigin: before?.hostOrigin } : {}
    // Sending back the name a stateless mock made up keeps the run's own, as assertTagged reads it.
    const keptName = sent.template === SITE && 'name' in body && before !== undefined && body.name === before.answeredName
    const pick = (field: 'name' | 'hostOrigin'): unknown => (field === 'name' && keptName ? before.name : field in body ? body[field] : field in base ? base[field] : answered[field])
    this.marks.set(id, { name: pick('name'), hostOrigin: pick('hostOrigin'), answeredName: answered.name })
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

  /** An id made up elsewhere (a probe's) that names nothing: held as a phantom of the run. */
  madeUp(id: string): void {
    this.phantoms.add(id)
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

  /** Refuses a write that does not target this run's own resources, or that would leave a site of the run without its tag. */
  assertMayWrite(target: WriteTarget): void {
    if (target.method === 'GET') return
    this.assertTagged(target)
    if (target.method === 'POST' && target.template === SITES) return
    if (isShamUpdate(target)) return
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

  /**
   * Refuses a site create, copy or update that, were the target to accept it, would leave a site
   * without the run tag in its name or hostOrigin: after a kill -9 nothing else would tell it
   * from a site of someone else. Invalid-input probes keep the tag in the value and add the
   * invalid part to it; a probe of a name that cannot carry it (none, a number, '') puts it in
   * hostOrigin. A copy takes its source's hostOrigin, as the service copies configuration.
   */
  private assertTagged(target: WriteTarget): void {
    if (this.tag === undefined) return
    const body = (target.body ?? {}) as Record<string, unknown>
    const fields = (from: Record<string, unknown>): SiteMarks => Object.fromEntries(['name', 'hostOrigin'].filter((field) => field in from).map((field) => [field, from[field]]))
    let outcome: SiteMarks
    if (target.method === 'POST' && target.template === SITES) outcome = { name: body.name, hostOrigin: body.hostOrigin }
    else if (target.method === 'POST' && target.template === SITE_DUPLICATE) {
      // A made-up id names nothing to copy.
      if (this.phantoms.has(target.params.siteId ?? '')) return
      outcome = { name: body.name, hostOrigin: this.marks.get(target.params.siteId ?? '')?.hostOrigin }
    }
    else if (target.method === 'PATCH' && target.template === SITE) {
      const known = this.marks.get(target.params.siteId ?? '')
      // A site the run did not see created (a made-up id for a 404) cannot be renamed; a body without name or hostOrigin changes neither.
      if (known === undefined || !('name' in body || 'hostOrigin' in body)) return
      outcome = { name: known.name, hostOrigin: known.hostOrigin, ...fields(body) }
      // Sending back the name the target gave the site keeps it (a stateless mock gives made-up ones).
      if ('name' in body && body.name === known.answeredName) outcome.name = known.name
    } else return
    if (!siteCarriesTag(outcome, this.tag)) {
      throw new SafetyError(`refused ${target.method} ${target.template}: were it accepted, the site would carry the run tag ${this.tag} in neither its name nor its hostOrigin (name ${JSON.stringify(outcome.name) ?? 'none'}, hostOrigin ${JSON.stringify(outcome.hostOrigin) ?? 'none'})`)
    }
  }
}
