import { apiRoutes } from '../api/operations.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import type { JournalEntry } from '../contracts/types.js'
import type { Store } from '../store/store.js'
import { capBody } from './cap-body.js'
import { carriesKeys } from './carries-keys.js'
import { describeKey } from './describe-key.js'
import { FAULT_HEADER } from '../faults/fault-header.js'
import { OVERRIDE_HEADER } from '../overrides/override-header.js'

export const DEFAULT_JOURNAL_SIZE = 1000

export type JournalListener = (entry: JournalEntry) => void

/**
 * Every API request, in a ring of the last `size`: method, path, query, the key's kind and
 * scope, status, duration and both bodies (capped). Listeners (the console log) see each one.
 */
export class RequestJournal {
  private ring: Array<JournalEntry | undefined>
  private seq = 0
  private recordedSinceClear = 0
  private readonly listeners = new Set<JournalListener>()

  constructor(readonly size = DEFAULT_JOURNAL_SIZE) {
    this.ring = new Array<JournalEntry | undefined>(size)
  }

  /** Requests journaled since start or the last clear, including those the ring no longer holds. */
  get recorded(): number {
    return this.recordedSinceClear
  }

  /** Calls `listener` with every new entry; returns the function that stops it. */
  onEntry(listener: JournalListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Runs the request and journals it; the response comes back with its body serialized once, for the journal and the transport alike. */
  observe(request: ApiRequest, store: Store, run: () => ApiResponse): ApiResponse {
    if (this.size === 0 && this.listeners.size === 0) return run()
    const started = performance.now()
    const key = describeKey(request.headers, store)
    const response = run()
    const payload = response.payload ?? (response.body === undefined ? undefined : JSON.stringify(response.body))
    const match = apiRoutes.match(request.method, request.path)
    const operation = match.kind === 'found' ? match.operation : undefined
    const fault = response.headers[FAULT_HEADER]
    const override = response.headers[OVERRIDE_HEADER]
    const keys = carriesKeys(operation)
    this.record({
      seq: ++this.seq,
      at: new Date().toISOString(),
      method: request.method,
      path: request.path,
      query: request.query,
      operationId: operation?.operationId ?? null,
      route: operation?.path ?? null,
      key,
      status: response.drop ? null : response.status,
      dropped: response.drop ?? null,
      durationMs: Math.round((performance.now() - started + (response.delayMs ?? 0)) * 100) / 100,
      ...(fault === undefined ? {} : { fault }),
      ...(override === undefined ? {} : { overridden: Number(override) }),
      requestBody: request.invalidUtf8 ? null : capBody(request.body, keys),
      // An error envelope never holds a key.
      responseBody: response.drop ? null : capBody(payload, keys && response.status < 400),
    })
    return payload === undefined ? response : { ...response, payload }
  }

  /** The kept entries, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let i = 1; i <= Math.min(this.size, this.recordedSinceClear); i++) {
      const entry = this.ring[(((this.seq - i) % this.size) + this.size) % this.size]
      if (entry) yield entry
    }
  }

  clear(): void {
    this.ring = new Array<JournalEntry | undefined>(this.size)
    this.recordedSinceClear = 0
  }

  private record(entry: JournalEntry): void {
    this.recordedSinceClear++
    if (this.size > 0) this.ring[(entry.seq - 1) % this.size] = entry
    for (const listener of this.listeners) listener(entry)
  }
}
