import { apiRoutes } from '../api/operations.js'
import { detailFields } from '../contract/exchange-rules.js'
import { compareValue, compareWholeList, Correspondence, FreeDefaults, TimeRelations, type Difference, type Ledger } from '../contract/stateful/compare.js'
import { compareErrorFreely } from '../contract/stateful/freedom.js'
import type { Failure } from '../contract/types.js'
import { createMock, type Mock } from '../mock.js'
import { takeSnapshot, type SnapshotOptions, type SnapshotResult } from '../snapshot/take-snapshot.js'
import type { ProxyRule } from './findings.js'
import type { SeenExchange } from './judge.js'
import type { KeyMask } from './mask.js'

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
const nameOf = (item: Json): string => String(item.name ?? item.code ?? item.pathname ?? item.path ?? item.id)

/**
 * The shadow: sitemock, in this process, seeded with a snapshot of the deployment, answers every
 * request the proxy forwards, and the deployment's answer is compared with its answer by the
 * stateful oracle's rules: ids through the ids each side made, instants by their relations,
 * values the contract leaves free adopted, errors as the broken rules allow. A difference is a
 * divergence from the contract's semantics, not only from its shapes.
 */
export class Shadow {
  private readonly ledger: Ledger = { ids: new Correspondence(), times: new TimeRelations(false), defaults: new FreeDefaults() }
  /** The deployment's keys and the shadow's key of the same kind: the App key given, the Site keys of the snapshot (kept), those of sites created since. */
  private readonly keys = new Map<string, string>()

  private constructor(
    private readonly mock: Mock,
    private readonly mask: KeyMask,
    appKey: string,
    snapshot: SnapshotResult,
  ) {
    // The key given is an App key unless it is one of the Site keys the snapshot kept.
    this.keys.set(appKey, snapshot.keys.appKey)
    for (const siteKey of Object.values(snapshot.keys.siteKeys)) this.keys.set(siteKey, siteKey)
  }

  /** Snapshots the deployment (GET only) and starts the shadow on it. The Site keys stay the deployment's, in memory only. */
  static async start(options: Pick<SnapshotOptions, 'baseUrl' | 'apiKey' | 'workspaceId' | 'siteId' | 'onProgress'>, mask: KeyMask): Promise<{ shadow: Shadow; counts: SnapshotResult['counts'] }> {
    const snapshot = await takeSnapshot({ ...options, keepSiteKeys: true })
    let last = 0
    // Every write its own instant, as the oracle's clock gives: the deployment's order is then told apart from a tie.
    const now = (): Date => new Date((last = Math.max(Date.now(), last + 1)))
    // Its own id stream, as the oracle has: an id it makes must never be one the deployment already holds.
    const mock = createMock({ scenario: { fixture: snapshot.fixture }, seed: SHADOW_SEED, now, journalSize: 0, control: false })
    mask.learn(options.apiKey)
    for (const siteKey of Object.values(snapshot.keys.siteKeys)) mask.learn(siteKey)
    return { shadow: new Shadow(mock, mask, options.apiKey, snapshot), counts: snapshot.counts }
  }

  /** The divergences of the deployment's answer from the shadow's; the shadow's state moves on with the request. */
  compare(seen: SeenExchange, key: string | undefined): Array<{ rule: ProxyRule; failure: Failure }> {
    const match = apiRoutes.match(seen.method, seen.path)
    if (match.kind !== 'found' || match.operation.method !== seen.method) return []
    // A 429 or a 5xx says nothing of what the deployment holds, and it changed nothing the shadow can know of: the request is not replayed.
    if (seen.status === 429 || seen.status >= 500) return []
    const shadowKey = key === undefined ? undefined : (this.keys.get(key) ?? key)
    const requestBody = parsed(seen.requestText)
    const answer = this.mock.handle({
      method: seen.method,
      path: this.translatePath(seen.path),
      query: this.translateQuery(seen.query),
      headers: { accept: 'application/json', ...(shadowKey === undefined ? {} : { 'x-api-key': shadowKey }), ...(seen.requestText === undefined ? {} : { 'content-type': 'application/json' }) },
      body: requestBody === undefined ? seen.requestText : JSON.stringify(this.translateValue(requestBody)),
    })
    const target = parsed(seen.responseText)
    const difference = this.differs(seen, target, answer.status, answer.body, requestBody)
    if (isObject(target) && isObject(answer.body) && typeof target.publicApiKey === 'string' && typeof answer.body.publicApiKey === 'string') {
      this.mask.learn(target.publicApiKey)
      this.keys.set(target.publicApiKey, answer.body.publicApiKey)
    }
    if (!difference) return []
    const failure: Failure = {
      message: `diverges from the shadow, which answered ${answer.status}: ${difference.message}`,
      documents: ['specification'],
      request: { method: seen.method, path: seen.query ? `${seen.path}?${seen.query}` : seen.path, template: match.operation.path, ...(requestBody === undefined ? {} : { body: requestBody }) },
      response: { status: seen.status, ...(target === undefined ? {} : { body: target }) },
    }
    return [{ rule: 'same-as-the-mock', failure }]
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
