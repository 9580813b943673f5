import { randomUUID } from 'node:crypto'
import type { OverrideDocument, OverrideRequest } from '../generated/types.js'
import { responseBodyProblems } from '../overrides/response-schema.js'
import { writeFileSafelySync } from '../persist/safe-file.js'
import type { KeyMask } from './mask.js'

/** The answer's headers a playback gives again: what a client may read. The others describe one connection or one server. */
const KEPT_HEADERS = new Set(['content-type', 'location', 'retry-after', 'etag', 'last-modified', 'cache-control', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
/** The override schema's bound on a path, a query value and a header value. */
const MAX_HEADER_VALUE = 2048
const MAX_PRIORITY = 1000

export interface RecordedExchange {
  method: string
  path: string
  query: string
  requestText: string | undefined
  status: number
  /** The answer's headers as sent: name, value, ... */
  rawHeaders: readonly string[]
  responseText: string
}

/** Body fields that hold a key: the Site key a site's answer carries is its publicApiKey. */
const KEY_FIELDS = new Set(['publicApiKey', 'siteApiKey'])
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object'

/** How many JSON fields a value constrains a request body to. */
function fieldCount(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1
  return Object.values(value).reduce<number>((sum, inner) => sum + fieldCount(inner), 0)
}

/**
 * The exchanges as response overrides that `serve --overrides FILE` plays back. Each matches
 * its request by method, path as sent, query parameters and body; not by key, which is never
 * written. An override matches any request that has at least its fields, so a more particular
 * one gets a higher priority and is tried first. The same request sent again may have had
 * another answer: its answers play in their order, each once, the last one for good.
 */
export class Recorder {
  private readonly byRequest = new Map<string, OverrideRequest[]>()
  /** Exchanges an override cannot give again: an answer that is not JSON, a path or query value past 2,048 characters. */
  skipped = 0

  /** Each real key's stand-in: a UUID of its own, the same wherever the key appears in the recording. */
  private readonly standIns = new Map<string, string>()

  constructor(private readonly mask: KeyMask) {}

  /**
   * The value as the recording writes it: keys masked as everywhere, except that a key field
   * holds a stand-in UUID instead of a hint, so that what plays back keeps the documented shape
   * (a publicApiKey is a UUID) and one site keeps one key across answers. The real key is never written.
   */
  private written(value: unknown): unknown {
    const masked = this.mask.value(value)
    const restore = (real: unknown, out: unknown): void => {
      if (Array.isArray(real) && Array.isArray(out)) real.forEach((item, index) => restore(item, out[index]))
      else if (isObject(real) && isObject(out) && !Array.isArray(out)) {
        for (const [name, inner] of Object.entries(real)) {
          if (KEY_FIELDS.has(name) && typeof inner === 'string') out[name] = this.standInOf(inner)
          else restore(inner, out[name])
        }
      }
    }
    restore(value, masked)
    return masked
  }

  private standInOf(key: string): string {
    let standIn = this.standIns.get(key)
    if (standIn === undefined) this.standIns.set(key, (standIn = randomUUID()))
    return standIn
  }

  add(exchange: RecordedExchange): void {
    let body: unknown
    try {
      body = exchange.responseText === '' ? undefined : JSON.parse(exchange.responseText)
    } catch {
      this.skipped++
      return
    }
    let requestBody: unknown
    try {
      requestBody = exchange.requestText ? JSON.parse(exchange.requestText) : undefined
    } catch {
      // A body that is not JSON cannot be matched on: the override matches without it.
    }
    if (exchange.path.length > MAX_HEADER_VALUE || [...new URLSearchParams(exchange.query).values()].some((value) => value.length > MAX_HEADER_VALUE)) {
      this.skipped++
      return
    }
    // A key sent in the path or the query, in any spelling, is written as its hint, as everywhere else.
    const query = Object.fromEntries(new URLSearchParams(this.mask.query(exchange.query)))
    const match: OverrideRequest['match'] = {
      method: exchange.method,
      path: this.mask.path(exchange.path),
      ...(Object.keys(query).length ? { query } : {}),
      ...(requestBody === undefined ? {} : { body: this.written(requestBody) }),
    }
    const headers: Record<string, string> = {}
    for (let i = 0; i < exchange.rawHeaders.length; i += 2) {
      const name = exchange.rawHeaders[i]!.toLowerCase()
      const value = exchange.rawHeaders[i + 1]!
      if (KEPT_HEADERS.has(name) && value.length <= MAX_HEADER_VALUE) headers[name] = name === 'location' ? this.mask.url(value) : this.mask.text(value)
    }
    const priority = Math.min(MAX_PRIORITY, Object.keys(query).length + (requestBody === undefined ? 0 : fieldCount(requestBody)))
    const response: OverrideRequest['response'] = { status: exchange.status, headers, ...(body === undefined || exchange.status === 204 ? {} : { body: this.written(body) }) }
    // What the deployment answered plays back as it was, even off its own schema: such an
    // answer is marked, so that serve --overrides warns about it instead of refusing the file.
    const offSchema = responseBodyProblems(match, response.status, response.body).length > 0
    const override: OverrideRequest = { match, response, priority, ...(offSchema ? { check: 'warn' } : {}) }
    const key = JSON.stringify(match)
    const answers = this.byRequest.get(key) ?? []
    answers.push(override)
    this.byRequest.set(key, answers)
  }

  get count(): number {
    let count = 0
    for (const answers of this.byRequest.values()) count += answers.length
    return count
  }

  /**
   * The overrides document. Of equal priority the later override is tried first, so a request's
   * answers go last to first: the first answer, once, is tried first; the last answers for good.
   */
  document(): OverrideDocument {
    const overrides: OverrideRequest[] = []
    for (const answers of this.byRequest.values()) {
      answers.forEach((answer, index) => {
        overrides.push(index === answers.length - 1 ? answer : { ...answer, times: 1 })
      })
    }
    return { overrides: overrides.reverse() }
  }

  /** Writes the document whole, or not at all: a file half written would not load. */
  write(file: string): void {
    // 0600 (as every file written so): a recording holds the deployment's answers, whatever the masks missed.
    writeFileSafelySync(file, `${JSON.stringify(this.document(), null, 2)}\n`)
  }
}
