import type { Caller } from '../api/auth.js'
import type { RouteMatch } from '../api/route-table.js'
import type { ApiRequest, ApiResponse, RegisteredOperation } from '../api/types.js'
import type { JournalEntry, JournalKey } from '../generated/types.js'
import { BODY_CAP, capBody } from './cap-body.js'
import { carriesKeys } from './carries-keys.js'
import { keyKind, keyScope, keyTail } from './describe-key.js'
import { hintOf } from './key-hint.js'
import { maskPath, maskQuery, scrubKeys, type KnownKeys } from './mask-keys.js'
import { FAULT_HEADER } from '../faults/fault-header.js'
import { OVERRIDE_HEADER } from '../overrides/override-header.js'
import { TextRing } from './text-ring.js'
import { wallTimeAt } from './wall-clock.js'

export const DEFAULT_JOURNAL_SIZE = 1000

export type JournalListener = (entry: JournalEntry) => void

// An entry is kept as numbers in typed arrays, its texts as bytes in a TextRing, and references
// to objects the state already holds (the operation, the key's scope): a request allocates
// nothing the garbage collector must keep tracing. Holding the request's own strings (path,
// query) instead of copying them would save two calls into Node's Buffer, but a list's request
// allocates about 36 KB, so the young generation is collected every few hundred requests: an
// entry would outlive two collections, and V8 promoted 8 MB a second of them (a list at 47,000
// requests/s). Entries become objects only when read.
// `overridden` holds the id of the override that answered (ids start at 1), 0 for none.
// `keptParts` counts the response's parts held by reference (see ApiResponse.payloadParts), 0 when its text was copied.
const NUMBERS = { seq: 0, at: 1, durationMs: 2, status: 3, flags: 4, textStart: 5, overridden: 6, keptParts: 7 } as const
const NUMBER_COUNT = 8
const TEXTS = { method: 0, path: 1, query: 2, keyTail: 3, fault: 4, requestBody: 5, responseBody: 6 } as const
const TEXT_COUNT = 7
const REFS = { operation: 0, keyKind: 1, workspaceId: 2, siteId: 3 } as const
const REF_COUNT = 4

/**
 * A read's response made of texts the state keeps (a page's JSON, a list of them) is held as references
 * to those texts, at most this many per entry (a list of 100 pages, its commas and brackets), in
 * slots allocated once: no copy, and nothing allocated per request. A longer one is copied.
 */
const MAX_KEPT_PARTS = 2 * 100 + 1

/** Yes-or-no facts of an entry, a bit each: a new marker takes a bit here and a line in `materialize`. */
const FLAGS = {
  droppedReset: 1,
  droppedTimeout: 2,
  /** The request body may hold an API key: redacted when read. */
  requestMayCarryKeys: 4,
  responseMayCarryKeys: 8,
} as const

type EntryRef = RegisteredOperation | JournalKey['kind'] | string | null | undefined

/** A body as kept: one character past the cap is enough to know, when read, that it was cut. */
const keptBody = (text: string | undefined): string | undefined => (text !== undefined && text.length > BODY_CAP ? text.slice(0, BODY_CAP + 1) : text)

/**
 * Every API request, in a ring of the last `size`: method, path, query, the key's kind and
 * scope, status, duration and both bodies (capped). Listeners (the console log) see each one.
 */
export class RequestJournal {
  /** Room for one entry even at size 0, so listeners still get each one. */
  private readonly slots: number
  // The entries' storage (about a megabyte at the default size) is made at the first request,
  // not with the mock: a test file that makes a mock per test and sends nothing pays nothing.
  private numbers = new Float64Array(0)
  private lengths = new Int32Array(0)
  private refs: EntryRef[] = []
  private keptParts: Array<string | null> = []
  private texts = new TextRing(0)
  private readonly entryTexts = new Array<string | undefined>(TEXT_COUNT)
  private seq = 0
  private recordedSinceClear = 0
  private readonly listeners = new Set<JournalListener>()
  /** The request's own x-api-key, the one key looked for anywhere in its path and query; filled in place per request. */
  private readonly sentKeys: Array<string | undefined> = [undefined]
  private readonly foundKeys: string[] = []
  private readonly known: KnownKeys

  /**
   * `isKey` says whether a word is a key the mock holds (a site's publicApiKey): sent under any
   * parameter name, or in the path, it is masked too.
   */
  constructor(
    readonly size = DEFAULT_JOURNAL_SIZE,
    isKey?: (word: string) => boolean,
  ) {
    this.slots = Math.max(1, size)
    this.known = isKey === undefined ? { sent: this.sentKeys } : { sent: this.sentKeys, isKey }
  }

  private allocate(): void {
    this.numbers = new Float64Array(this.slots * NUMBER_COUNT)
    this.lengths = new Int32Array(this.slots * TEXT_COUNT)
    this.refs = new Array<EntryRef>(this.slots * REF_COUNT).fill(null)
    this.keptParts = new Array<string | null>(this.slots * MAX_KEPT_PARTS).fill(null)
    // About a page's answer per entry to start with; the ring grows as larger bodies need.
    this.texts = new TextRing(this.slots * 1024)
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

  /**
   * Runs the request and journals it; the response comes back with its body serialized once,
   * for the journal and the transport alike. The route and the caller are the ones the request
   * is dispatched with, read before it runs.
   */
  observe(request: ApiRequest, match: RouteMatch, caller: Caller, run: () => ApiResponse): ApiResponse {
    if (this.size === 0 && this.listeners.size === 0) return run()
    if (this.numbers.length === 0) this.allocate()
    const started = performance.now()
    const response = run()
    const payload = response.payload ?? (response.body === undefined ? undefined : JSON.stringify(response.body))
    const operation = match.kind === 'found' ? match.operation : undefined
    const keys = carriesKeys(operation)
    // A read's parts are texts the state keeps (a page's JSON, made by an earlier request). A
    // write's answer is a text made just now, which the state drops at the page's next write:
    // held here it would outlive two scavenges and be promoted, at every write, so it is copied.
    const parts = response.drop || request.method !== 'GET' ? undefined : response.payloadParts
    // A key in the path or the query is kept as its hint, and, wherever the request or its answer
    // echoes it (a 400 naming the value, a body), as its hint too: the ring never holds it.
    const found = this.foundKeys
    found.length = 0
    this.sentKeys[0] = caller.key
    const path = maskPath(request.path, this.known, found)
    const query = maskQuery(request.query, this.known, found)
    const kept = parts !== undefined && parts.length <= MAX_KEPT_PARTS && found.length === 0
    const slot = this.seq % this.slots
    this.seq++
    this.recordedSinceClear++
    const n = slot * NUMBER_COUNT
    this.numbers[n + NUMBERS.seq] = this.seq
    this.numbers[n + NUMBERS.at] = wallTimeAt(started)
    this.numbers[n + NUMBERS.durationMs] = Math.round((performance.now() - started + (response.delayMs ?? 0)) * 100) / 100
    this.numbers[n + NUMBERS.status] = response.status
    this.numbers[n + NUMBERS.overridden] = Number(response.headers[OVERRIDE_HEADER] ?? 0)
    this.numbers[n + NUMBERS.flags] =
      (response.drop === 'reset' ? FLAGS.droppedReset : 0) |
      (response.drop === 'timeout' ? FLAGS.droppedTimeout : 0) |
      (keys ? FLAGS.requestMayCarryKeys : 0) |
      // An error envelope never holds a key.
      (keys && response.status < 400 ? FLAGS.responseMayCarryKeys : 0)
    this.numbers[n + NUMBERS.keptParts] = kept ? parts.length : 0
    if (kept) for (let i = 0; i < parts.length; i++) this.keptParts[slot * MAX_KEPT_PARTS + i] = parts[i]!
    // Filled in place: one array for every entry, as the texts are copied out at once.
    const texts = this.entryTexts
    texts[TEXTS.method] = request.method
    texts[TEXTS.path] = path
    texts[TEXTS.query] = query
    texts[TEXTS.keyTail] = keyTail(caller)
    texts[TEXTS.fault] = response.headers[FAULT_HEADER]
    texts[TEXTS.requestBody] = request.invalidUtf8 ? undefined : keptBody(this.scrubbed(request.body))
    texts[TEXTS.responseBody] = response.drop || kept ? undefined : keptBody(this.scrubbed(payload))
    this.numbers[n + NUMBERS.textStart] = this.texts.write(texts, this.lengths, slot * TEXT_COUNT, this.oldestKeptStart())
    const r = slot * REF_COUNT
    const scope = keyScope(caller)
    this.refs[r + REFS.operation] = operation
    this.refs[r + REFS.keyKind] = keyKind(caller)
    this.refs[r + REFS.workspaceId] = scope ? scope.workspaceId : null
    this.refs[r + REFS.siteId] = scope?.kind === 'site' ? scope.siteId : null
    if (this.listeners.size > 0) {
      const entry = this.materialize(slot)
      for (const listener of this.listeners) listener(entry)
    }
    return payload === response.payload ? response : { ...response, payload }
  }

  /** A body with the keys the request's path and query held shown as their hints, in any spelling it echoes them. */
  private scrubbed(text: string | undefined): string | undefined {
    return this.foundKeys.length === 0 || text === undefined ? text : scrubKeys(text, this.foundKeys)
  }

  /** The kept entries, newest first. */
  *newestFirst(): Generator<JournalEntry> {
    for (let i = 1; i <= Math.min(this.size, this.recordedSinceClear); i++) yield this.materialize((this.seq - i) % this.slots)
  }

  clear(): void {
    this.recordedSinceClear = 0
    this.texts.clear()
  }

  /** Where the texts of the oldest entry the next one leaves in place begin; entries older than it may be overwritten. */
  private oldestKeptStart(): number {
    const kept = Math.min(this.size - 1, this.recordedSinceClear - 1)
    if (kept <= 0) return Infinity
    return this.numbers[((this.seq - kept - 1) % this.slots) * NUMBER_COUNT + NUMBERS.textStart]!
  }

  /** The response body of an entry whose parts are held by reference; undefined when it was copied. */
  private responseText(slot: number): string | undefined {
    const count = this.numbers[slot * NUMBER_COUNT + NUMBERS.keptParts]!
    if (count === 0) return undefined
    const first = slot * MAX_KEPT_PARTS
    return this.keptParts.slice(first, first + count).join('')
  }

  private materialize(slot: number): JournalEntry {
    const n = slot * NUMBER_COUNT
    const flags = this.numbers[n + NUMBERS.flags]!
    const [method, path, query, tail, fault, requestBody, responseBody] = this.texts.read(this.numbers[n + NUMBERS.textStart]!, this.lengths, slot * TEXT_COUNT, TEXT_COUNT)
    const r = slot * REF_COUNT
    const operation = this.refs[r + REFS.operation] as RegisteredOperation | undefined
    const dropped = flags & FLAGS.droppedReset ? 'reset' : flags & FLAGS.droppedTimeout ? 'timeout' : null
    const overridden = this.numbers[n + NUMBERS.overridden]!
    return {
      seq: this.numbers[n + NUMBERS.seq]!,
      at: new Date(this.numbers[n + NUMBERS.at]!).toISOString(),
      method: method!,
      path: path!,
      query: query!,
      operationId: operation?.operationId ?? null,
      route: operation?.path ?? null,
      key: {
        kind: this.refs[r + REFS.keyKind] as JournalKey['kind'],
        hint: hintOf(tail),
        workspaceId: this.refs[r + REFS.workspaceId] as string | null,
        siteId: this.refs[r + REFS.siteId] as string | null,
      },
      status: dropped ? null : this.numbers[n + NUMBERS.status]!,
      dropped,
      durationMs: this.numbers[n + NUMBERS.durationMs]!,
      ...(fault === undefined ? {} : { fault }),
      ...(overridden === 0 ? {} : { overridden }),
      requestBody: capBody(requestBody, (flags & FLAGS.requestMayCarryKeys) !== 0),
      responseBody: dropped ? null : capBody(this.responseText(slot) ?? responseBody, (flags & FLAGS.responseMayCarryKeys) !== 0),
    }
  }
}
