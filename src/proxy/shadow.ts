import { randomBytes, randomUUID } from 'node:crypto'
import { apiRoutes } from '../api/operations.js'
import { detailFields } from '../contract/exchange-rules.js'
import { COLLATIONS, compareValue, compareWholeList, Correspondence, FreeDefaults, nameOf, TimeRelations, type Difference, type ExchangeWindow, type Ledger } from '../contract/stateful/compare.js'
import { compareErrorFreely } from '../contract/stateful/freedom.js'
import type { Failure } from '../contract/types.js'
import type { Fixture } from '../generated/types.js'
import { createMock, type Mock } from '../mock.js'
import { takeSnapshot, type SnapshotOptions, type SnapshotResult } from '../snapshot/take-snapshot.js'
import type { ProxyRule } from './findings.js'
import type { SeenExchange } from './judge.js'
import type { KeyMask } from './mask.js'
import { ShadowWalks } from './shadow-walks.js'
import { EVERY_ITEM, HAS_MORE_WITH_ITEMS } from './walks.js'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const parsed = (text: string | undefined): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}
const SHADOW_SEED = 0x5ad0c0de
/** Where an item the deployment made on its own (a new site's default locale, a copy's pages) is found in the shadow: by the name its site gives it. */
const LOOKUP_OF: Record<string, (item: Json) => string | undefined> = {
  locale: (item) => (typeof item.locale === 'string' ? `/v2/locales/${encodeURIComponent(item.locale)}` : undefined),
  page: (item) => (typeof item.pathname === 'string' ? `/v6/pages/${encodeURIComponent(item.pathname)}` : undefined),
  route: (item) => (typeof item.pathname === 'string' ? `/v2/routes/${encodeURIComponent(item.pathname)}` : undefined),
}

/** What the shadow made of one exchange: whether it judged it, and the broken promises it showed, each named so that the exchanges showing one promise make one finding. */
export interface ShadowVerdict {
  judged: boolean
  findings: Array<{ rule: ProxyRule; failure: Failure; promise: string }>
}
const NOT_JUDGED: ShadowVerdict = { judged: false, findings: [] }

/** A request on its way to the deployment, as the shadow saw it leave. */
export interface InFlight {
  method: string
  path: string
  query: string
  requestText: string | undefined
  key: string | undefined
  /** A read's answer from the shadow as the request left: before any write that overlaps it. */
  before?: { status: number; body: unknown }
}

/** Every id a fixture holds: what the shadow knows without having seen it pass. */
function idsOf(fixture: Fixture): Set<string> {
  const ids = new Set<string>(fixture.workspaces.map((workspace) => workspace.id))
  for (const list of [fixture.sites, fixture.locales, fixture.pages, fixture.routes]) for (const item of list ?? []) ids.add(item.id)
  return ids
}

/**
 * The shadow: sitemock, in this process, seeded with a snapshot of the deployment, answers every
 * request the proxy forwards, and the deployment's answer is compared with its answer by the
 * stateful oracle's rules: ids through the ids each side made, instants by their relations,
 * values the contract leaves free adopted, errors as the broken rules allow. A difference is a
 * divergence from the contract's semantics, not only from its shapes.
 */
export class Shadow {
  // Any collation the documents allow, narrowed by the lists the deployment sorts, as the stateful group does.
  private ledger: Ledger = { ids: new Correspondence(), times: new TimeRelations(false), defaults: new FreeDefaults(), collations: [...COLLATIONS] }
  /** Requests sent to the deployment and not answered yet, in the order they left. */
  private readonly inFlight = new Set<InFlight>()
  /** The deployment's keys and the shadow's key of the same kind: the App key given, the Site keys of the snapshot (kept), those of sites created since. */
  private readonly keys = new Map<string, string>()
  /** The ids of the snapshot: the shadow holds them as the deployment does. */
  private readonly snapshotIds: Set<string>
  private readonly walks = new ShadowWalks()

  private constructor(
    private readonly mock: Mock,
    private readonly mask: KeyMask,
    appKey: string,
    snapshot: SnapshotResult,
    /** The App key of a workspace the snapshot does not hold: the shadow's stand-in for every valid key it could not see. */
    private readonly outsiderKey: string,
  ) {
    // The key given is an App key unless it is one of the Site keys the snapshot kept.
    this.keys.set(appKey, snapshot.keys.appKey)
    for (const siteKey of Object.values(snapshot.keys.siteKeys)) this.keys.set(siteKey, siteKey)
    this.snapshotIds = idsOf(snapshot.fixture)
  }

  /** Snapshots the deployment (GET only) and starts the shadow on it. The Site keys stay the deployment's, in memory only. */
  static async start(options: Pick<SnapshotOptions, 'baseUrl' | 'apiKey' | 'workspaceId' | 'siteId' | 'onProgress'>, mask: KeyMask): Promise<{ shadow: Shadow; counts: SnapshotResult['counts'] }> {
    const snapshot = await takeSnapshot({ ...options, keepSiteKeys: true })
    let last = 0
    // Every write its own instant, as the oracle's clock gives: the deployment's order is then told apart from a tie.
    const now = (): Date => new Date((last = Math.max(Date.now(), last + 1)))
    // Keys of other workspaces, and Site keys of sites the snapshot could not see, are valid on
    // the deployment: in the shadow they act as the key of a workspace of its own, which reaches
    // nothing of the snapshot's (403, not 401).
    const outsider = { id: randomUUID(), appApiKey: `sk_${randomBytes(20).toString('hex')}` }
    const fixture: Fixture = { ...snapshot.fixture, workspaces: [...snapshot.fixture.workspaces, outsider] }
    // Its own id stream, as the oracle has: an id it makes must never be one the deployment already holds.
    const mock = createMock({ scenario: { fixture }, seed: SHADOW_SEED, now, journalSize: 0, control: false })
    mask.learn(options.apiKey)
    for (const siteKey of Object.values(snapshot.keys.siteKeys)) mask.learn(siteKey)
    return { shadow: new Shadow(mock, mask, options.apiKey, snapshot, outsider.appApiKey), counts: snapshot.counts }
  }

  /**
   * A request leaves for the deployment. Until its answer comes, other clients' answers may come
   * first: a read is also judged against the shadow as it was now, and against the shadow with
   * the writes still in flight applied, since the deployment may have run them in either order.
   */
  begin(request: Omit<InFlight, 'before'>): InFlight {
    const flight: InFlight = { ...request }
    if (request.method === 'GET') {
      const shadowKey = request.key === undefined ? undefined : (this.keys.get(request.key) ?? request.key)
      const answer = this.mock.handle(this.shadowRequest(request.method, request.path, request.query, request.requestText, shadowKey))
      flight.before = { status: answer.status, body: answer.body }
    } else this.inFlight.add(flight)
    return flight
  }

  /** The request got no answer (the caller got the proxy's 502 or 504): it is not in flight any more. */
  abandon(flight: InFlight): void {
    this.inFlight.delete(flight)
  }

  /** The request as the shadow takes it: ids and keys translated to the shadow's. */
  private shadowRequest(method: string, path: string, query: string, requestText: string | undefined, shadowKey: string | undefined): Parameters<Mock['handle']>[0] {
    const body = parsed(requestText)
    return {
      method,
      path: this.translatePath(path),
      query: this.translateQuery(query),
      headers: { accept: 'application/json', ...(shadowKey === undefined ? {} : { 'x-api-key': shadowKey }), ...(requestText === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? requestText : JSON.stringify(this.translateValue(body)),
    }
  }

  /**
   * A read the shadow answered otherwise, judged again for the other orders its overlapping
   * writes allow: as the shadow was when the read left (the deployment ran it before writes
   * answered meanwhile), and with the writes still in flight applied (it ran them first, and
   * answered them later). Judged on a copy of what was learnt, which the shadow keeps to itself.
   */
  private inEitherOrder(seen: SeenExchange, target: unknown, requestBody: unknown, read: Parameters<Mock['handle']>[0], flight: InFlight | undefined): boolean {
    const alternatives: Array<[() => { status: number; body: unknown } | undefined, boolean]> = [
      [() => flight?.before, true],
      [() => this.withWritesInFlight(read), false],
    ]
    for (const [alternative, earlier] of alternatives) {
      const answer = alternative()
      if (answer === undefined) continue
      const learnt = this.ledger
      this.ledger = { ...learnt, ids: learnt.ids.clone(), times: learnt.times.clone(), ...(learnt.defaults ? { defaults: learnt.defaults.clone(earlier) } : {}) }
      const difference = this.differs(seen, target, answer.status, answer.body, requestBody)
      this.ledger = learnt
      if (!difference) return true
    }
    return false
  }

  /** The shadow's answer to a read with the writes in flight applied first; the shadow's state is taken back after. */
  private withWritesInFlight(read: Parameters<Mock['handle']>[0]): { status: number; body: unknown } | undefined {
    if (this.inFlight.size === 0) return undefined
    const store = this.mock.store
    store.markStart()
    for (const write of this.inFlight) {
      const shadowKey = write.key === undefined ? undefined : (this.keys.get(write.key) ?? write.key)
      this.mock.handle(this.shadowRequest(write.method, write.path, write.query, write.requestText, shadowKey))
    }
    const answer = this.mock.handle(read)
    if (!store.rollback()) throw new Error('the shadow could not take back the writes it tried')
    return { status: answer.status, body: answer.body }
  }

  /**
   * The divergences of the deployment's answer from the shadow's; the shadow's state moves on
   * with the request. `window` is when the request left and its answer came back: what other
   * clients wrote meanwhile may rightly have been seen or not.
   */
  compare(seen: SeenExchange, key: string | undefined, window?: ExchangeWindow, flight?: InFlight): ShadowVerdict {
    if (flight) this.inFlight.delete(flight)
    const match = apiRoutes.match(seen.method, seen.path)
    if (match.kind !== 'found' || match.operation.method !== seen.method) return NOT_JUDGED
    // A 429 or a 5xx says nothing of what the deployment holds, and it changed nothing the shadow can know of: the request is not replayed.
    if (seen.status === 429 || seen.status >= 500) return NOT_JUDGED
    const requestBody = parsed(seen.requestText)
    const shadowKey = this.shadowKeyOf(key, seen.status)
    // A key the snapshot could not see, about what the snapshot could not see either (its own workspace's sites): nothing to judge it by.
    if (shadowKey === this.outsiderKey && !this.namesKnown(seen, requestBody)) return NOT_JUDGED
    const now = performance.now()
    const timing = window ?? { sentAt: now, receivedAt: now }
    this.ledger.times.during(timing)
    const headers = { accept: 'application/json', ...(shadowKey === undefined ? {} : { 'x-api-key': shadowKey }) }
    const shadowRequest = this.shadowRequest(seen.method, seen.path, seen.query, seen.requestText, shadowKey)
    const answer = this.mock.handle(shadowRequest)
    const target = parsed(seen.responseText)
    const isList = seen.status === 200 && isObject(target) && target.object === 'list' && Array.isArray(target.data)
    if (isList) this.learnItems(seen, target.data as unknown[], headers)
    const found = this.differs(seen, target, answer.status, answer.body, requestBody)
    const difference = found && seen.method === 'GET' && this.inEitherOrder(seen, target, requestBody, shadowRequest, flight) ? undefined : found
    if (isObject(target) && isObject(answer.body) && typeof target.publicApiKey === 'string' && typeof answer.body.publicApiKey === 'string') {
      this.mask.learn(target.publicApiKey)
      this.keys.set(target.publicApiKey, answer.body.publicApiKey)
    }
    const request = { method: seen.method, path: seen.query ? `${seen.path}?${seen.query}` : seen.path, template: match.operation.path, ...(requestBody === undefined ? {} : { body: requestBody }) }
    const response = { status: seen.status, ...(target === undefined ? {} : { body: target }) }
    const findings: ShadowVerdict['findings'] = []
    if (difference) {
      const failure: Failure = { message: `diverges from the shadow, which answered ${answer.status}: ${difference.message}`, documents: ['specification'], request, response }
      findings.push({ ...this.promiseOf(difference, seen.method, match.operation.path, target), failure })
    }
    if (seen.method !== 'GET' && seen.status < 400) this.walks.wrote(timing, this.idsTouched(seen, target))
    if (isList) {
      const problem = this.walkPage(seen, target as Json, headers, timing)
      if (problem) findings.push({ rule: 'pagination-walk', promise: problem.promise, failure: { message: problem.message, documents: ['specification'], request, response } })
    }
    return { judged: true, findings }
  }

  /**
   * The broken promise a difference shows, so that every exchange showing it makes one finding:
   * an instant's relation is one promise wherever it shows (a frozen updatedAt shows on the
   * update and on every later read); a hasMore the shadow's list contradicts is the walk's
   * promise (to see every item when false, to hold items after when true); any other
   * difference is the operation's.
   */
  private promiseOf(difference: Difference, method: string, template: string, target: unknown): { rule: ProxyRule; promise: string } {
    if (difference.aspect.startsWith('time ')) return { rule: 'same-as-the-mock', promise: difference.aspect }
    if (difference.aspect === 'hasMore') return { rule: 'pagination-walk', promise: isObject(target) && target.hasMore === true ? HAS_MORE_WITH_ITEMS : EVERY_ITEM }
    return { rule: 'same-as-the-mock', promise: `${difference.aspect.replace(/\[\d+\]/g, '[]')} ${method} ${template}` }
  }

  /**
   * The shadow's key for the caller's: the one learnt for it, or, for a key the snapshot could
   * not see, the stand-in of another workspace when the deployment took it as valid (anything
   * but a 401), and the key itself (unknown to the shadow as well) when it did not.
   */
  private shadowKeyOf(key: string | undefined, status: number): string | undefined {
    if (key === undefined) return undefined
    const known = this.keys.get(key)
    if (known !== undefined) return known
    if (status === 401) return key
    this.keys.set(key, this.outsiderKey)
    return this.outsiderKey
  }

  /** Whether the request names an id the shadow holds: the snapshot's, or one seen pass since. */
  private namesKnown(seen: SeenExchange, body: unknown): boolean {
    const known = (value: string): boolean => this.snapshotIds.has(value) || this.ledger.ids.oracle(value) !== undefined
    const inBody = (value: unknown): boolean =>
      typeof value === 'string' ? known(value) : Array.isArray(value) ? value.some(inBody) : isObject(value) ? Object.values(value).some(inBody) : false
    return seen.path.split('/').some((segment) => known(decodeURIComponent(segment))) || [...new URLSearchParams(seen.query).values()].some(known) || inBody(body)
  }

  /**
   * Items of a list the deployment made on its own, whose ids no answer told (a new site's
   * default locale, a copy's pages and routes): paired with the shadow's item of the same code
   * or pathname in the same site, so that a cursor on them and later reads translate.
   */
  private learnItems(seen: SeenExchange, items: unknown[], headers: Record<string, string>): void {
    const siteId = new URLSearchParams(this.translateQuery(seen.query)).get('siteId') ?? /^\/v\d+\/sites\/([^/]+)\//.exec(this.translatePath(seen.path))?.[1]
    if (siteId === undefined || siteId === null) return
    for (const item of items) {
      if (!isObject(item) || typeof item.id !== 'string' || this.snapshotIds.has(item.id) || this.ledger.ids.oracle(item.id) !== undefined) continue
      const path = LOOKUP_OF[String(item.object)]?.(item)
      if (path === undefined) continue
      const found = this.mock.handle({ method: 'GET', path, query: `siteId=${encodeURIComponent(decodeURIComponent(siteId))}`, headers })
      const id = isObject(found.body) ? found.body.id : undefined
      if (found.status === 200 && typeof id === 'string' && this.ledger.ids.target(id) === undefined) this.ledger.ids.match(item.id, id)
    }
  }

  /** The deployment's ids a write touched: those its path names and the id its answer gives. */
  private idsTouched(seen: SeenExchange, target: unknown): string[] {
    const ids = seen.path.split('/').map((segment) => decodeURIComponent(segment))
    if (isObject(target) && typeof target.id === 'string') ids.push(target.id)
    return ids
  }

  /** A page of a list, as a step of the walk it belongs to, held at the walk's end to the shadow's whole list. */
  private walkPage(seen: SeenExchange, target: Json, headers: Record<string, string>, window: ExchangeWindow): ReturnType<ShadowWalks['page']> {
    const params = new URLSearchParams(seen.query)
    const cursor = params.get('startingAfter') ?? undefined
    const limit = params.get('limit') ?? ''
    params.delete('startingAfter')
    params.delete('limit')
    params.sort()
    const list = params.size ? `${seen.path}?${params.toString()}` : seen.path
    const ids = (target.data as unknown[]).map((item) => String(isObject(item) ? item.id : item))
    return this.walks.page(list, limit, cursor, ids, target.hasMore === true, window, () => this.wholeList(seen, headers))
  }

  /** The shadow's whole list for the request's list, in the deployment's ids; undefined when the shadow cannot list it. */
  private wholeList(seen: SeenExchange, headers: Record<string, string>): string[] | undefined {
    const params = new URLSearchParams(this.translateQuery(seen.query))
    params.delete('startingAfter')
    params.set('limit', '100')
    const path = this.translatePath(seen.path)
    const ids: string[] = []
    // A bound on the pages read, so that a huge list costs the proxy a bounded time.
    for (let page = 0; page < 100; page++) {
      const answer = this.mock.handle({ method: 'GET', path, query: params.toString(), headers })
      if (answer.status !== 200 || !isObject(answer.body) || !Array.isArray(answer.body.data)) return undefined
      const data = answer.body.data as Json[]
      for (const item of data) ids.push(this.ledger.ids.target(String(item.id)) ?? String(item.id))
      if (answer.body.hasMore !== true || data.length === 0) return ids
      params.set('startingAfter', String(data[data.length - 1]!.id))
    }
    return undefined
  }

  private differs(seen: SeenExchange, target: unknown, shadowStatus: number, shadow: unknown, requestBody: unknown): Difference | undefined {
    if (seen.status >= 400 && shadowStatus >= 400) {
      // Which of several broken rules wins, and 403 or 404 for what a key cannot reach, are free (freedom.ts).
      const unreachable = shadowStatus === 403 || shadowStatus === 404
      const broken = { unauthenticated: shadowStatus === 401, forbidden: unreachable, missing: unreachable, invalid: shadowStatus === 400, brokenFields: detailFields(shadow), mayConflict: seen.method !== 'GET' }
      const sent = [...new URLSearchParams(seen.query).keys(), ...(isObject(requestBody) ? Object.keys(requestBody) : [])]
      return compareErrorFreely(seen.status, target, shadowStatus, shadow, broken, sent)
    }
    if (seen.status !== shadowStatus) return { aspect: 'status', message: `expected ${shadowStatus}, got ${seen.status}` }
    if (!isObject(target) || !isObject(shadow)) return undefined
    if (target.object === 'list' && Array.isArray(target.data) && Array.isArray(shadow.data)) return this.differentList(seen.query, target, shadow)
    return compareValue(this.ledger, target, shadow, '')
  }

  /**
   * A list: whole (its first page, nothing more), it must hold the same items, in an order its
   * sort allows; the first page of a longer list, as many items and the same hasMore (which items
   * come first is the deployment's order where the contract fixes none); any page, the same
   * values for the items both pages hold.
   */
  private differentList(query: string, target: Json, shadow: Json): Difference | undefined {
    const params = new URLSearchParams(query)
    const targetItems = target.data as Json[]
    const shadowItems = shadow.data as Json[]
    if (!params.has('startingAfter') && target.hasMore === false && shadow.hasMore === false) {
      const sortBy = params.get('sortBy') ?? undefined
      return compareWholeList(this.ledger, targetItems, shadowItems, { field: sortBy, descending: params.get('sortDirection') === 'desc' }, nameOf)
    }
    // After a cursor, where the page starts depends on the order of ties, broken by ids that differ between the two.
    if (!params.has('startingAfter')) {
      if (targetItems.length !== shadowItems.length) return { aspect: 'list items', message: `the first page holds ${targetItems.length} item(s), expected ${shadowItems.length}` }
      if (target.hasMore !== shadow.hasMore) return { aspect: 'hasMore', message: `hasMore is ${String(target.hasMore)} on the first page, expected ${String(shadow.hasMore)}` }
    }
    // The items both pages hold are the same resources, held to the same values.
    const shadowById = new Map(shadowItems.map((item) => [String(item.id), item]))
    for (const [index, item] of targetItems.entries()) {
      const counterpart = shadowById.get(this.idOf(String(item.id)))
      const found = counterpart && compareValue(this.ledger, item, counterpart, `data[${index}]`)
      if (found) return found
    }
    return undefined
  }

  /** A deployment's id as the shadow knows the same resource. */
  private idOf(value: string): string {
    return this.ledger.ids.oracle(value) ?? value
  }

  private translatePath(path: string): string {
    return path
      .split('/')
      .map((segment) => {
        const known = this.ledger.ids.oracle(segment)
        return known === undefined ? segment : encodeURIComponent(known)
      })
      .join('/')
  }

  private translateQuery(query: string): string {
    const params = new URLSearchParams(query)
    let changed = false
    for (const [name, value] of [...params]) {
      if (this.idOf(value) === value) continue
      params.set(name, this.idOf(value))
      changed = true
    }
    return changed ? params.toString() : query
  }

  private translateValue(value: unknown): unknown {
    if (typeof value === 'string') return this.idOf(value)
    if (Array.isArray(value)) return value.map((item) => this.translateValue(item))
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, this.translateValue(inner)]))
    return value
  }
}
