import type { HttpMethod } from '../api/types.js'
import { buildPath, CREATES, LOCALE_RESTORE, SITE } from './endpoints.js'
import { pathnameAsSegments } from '../freedom/pathname-in-path.js'
import type { Throttle } from './throttle.js'
import { SafetyError, type CreatedResources } from './tracker.js'
import type { RequestSummary } from './types.js'

export interface ContractRequest {
  method: HttpMethod
  template: string
  params?: Record<string, string>
  query?: Record<string, string | number | undefined>
  /** Sent as JSON. */
  body?: unknown
  /** The App key when left out; null sends no key at all. */
  key?: string | null
  /** A path outside the API's templates (an undocumented version), sent as given. */
  rawPath?: string
}

/** One request and what came back. */
export interface Exchange {
  request: RequestSummary & { template: string }
  status: number
  headers: Headers
  contentType: string | undefined
  text: string
  /** The parsed JSON body; undefined when empty or not JSON (see jsonError). */
  body: unknown
  jsonError?: string
  /**
   * When the request left and when its answer had been read, on performance.now(): the target
   * made any instant of its answer within that window. Absent for an exchange the suite did not
   * send itself (one a proxy passed on).
   */
  timing?: { sentAt: number; receivedAt: number }
}

/** The target could not be reached at all (refused, unknown host, timed out). */
export class NetworkError extends Error {}
/** The run was interrupted: no new request is sent. */
export class InterruptedError extends Error {}

export interface ClientConfig {
  baseUrl: string
  apiKey: string
  throttle: Throttle
  tracker: CreatedResources
  readOnly: boolean
  timeoutMs: number
  signal?: AbortSignal
  notice(message: string): void
  /** The fetch to send with; the global one when left out. */
  fetch?: typeof fetch
  /** Counts the requests sent to the target (shared by this client's uninterruptible copy). */
  sent?: { count: number }
  /**
   * How the target takes a pathname in the path (choice pathnameInPath), shared by this client's
   * copies: once the probes learn `segments`, every request writes it as the rest of the path.
   */
  pathnames?: { inPath: 'encoded' | 'segments' }
}

const MAX_RETRIES = 5

/**
 * The suite's only way to the target: paced by the throttle, patient on 429, and safe: under
 * --read-only it sends nothing but GET, and every write must target what this run created.
 * Every created resource is recorded from its create response, whatever the check expected.
 */
export class ContractClient {
  private readonly baseUrl: string

  constructor(private readonly config: ClientConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '')
    config.pathnames ??= { inPath: 'encoded' }
  }

  /** Writes pathnames in the path as the target takes them from now on, in this client and its copies. */
  writePathnames(inPath: 'encoded' | 'segments'): void {
    this.config.pathnames!.inPath = inPath
  }

  /** The same client without the interruption signal: cleanup must run after a Ctrl-C. */
  uninterruptible(): ContractClient {
    return new ContractClient({ ...this.config, signal: undefined })
  }

  async send(request: ContractRequest): Promise<Exchange> {
    const params = request.params ?? {}
    const query = request.query ?? {}
    if (request.method !== 'GET' && this.config.readOnly) throw new SafetyError(`--read-only: refused to send ${request.method} ${request.template}`)
    this.config.tracker.assertMayWrite({ method: request.method, template: request.template, params, query, body: request.body })
    const built = request.rawPath ?? buildPath(request.template, params, query)
    const path = this.config.pathnames!.inPath === 'segments' ? pathnameAsSegments(built) : built
    const summary = { method: request.method, path, template: request.template, ...(request.body === undefined ? {} : { body: request.body }) }
    for (let attempt = 1; ; attempt++) {
      const exchange = await this.config.throttle.run(() => this.fetchOnce(request, summary)).catch((error: unknown) => {
        if (error instanceof NetworkError && CREATES[`${request.method} ${request.template}`]) this.config.tracker.uncertainCreates++
        throw error
      })
      if (exchange.status !== 429 || attempt > MAX_RETRIES) {
        this.record(request, params, exchange)
        return exchange
      }
      const wait = rateLimitWait(exchange.headers)
      this.config.notice(
        `429 Too Many Requests on ${request.method} ${path}: waiting ${(wait.ms / 1000).toFixed(1)} s (${wait.source}), then retrying (retry ${attempt} of ${MAX_RETRIES})`,
      )
      this.config.throttle.pauseUntil(Date.now() + wait.ms)
    }
  }

  private async fetchOnce(request: ContractRequest, summary: Exchange['request']): Promise<Exchange> {
    if (this.config.signal?.aborted) throw new InterruptedError('interrupted')
    if (this.config.sent) this.config.sent.count++
    const headers: Record<string, string> = { accept: 'application/json' }
    const key = request.key === undefined ? this.config.apiKey : request.key
    if (key !== null) headers['x-api-key'] = key
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    const sentAt = performance.now()
    try {
      // In-flight requests are not aborted on Ctrl-C: a create must finish so its id is known and cleaned up.
      response = await (this.config.fetch ?? fetch)(this.baseUrl + summary.path, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: 'manual',
      })
    } catch (error) {
      throw new NetworkError(`${request.method} ${summary.path}: ${describeNetworkError(error, this.config.timeoutMs)}`)
    }
    const text = await response.text()
    const receivedAt = performance.now()
    let body: unknown
    let jsonError: string | undefined
    if (text.length > 0) {
      try {
        body = JSON.parse(text)
      } catch (error) {
        jsonError = (error as Error).message
      }
    }
    return {
      request: summary,
      status: response.status,
      headers: response.headers,
      contentType: response.headers.get('content-type') ?? undefined,
      text,
      body,
      ...(jsonError === undefined ? {} : { jsonError }),
      timing: { sentAt, receivedAt },
    }
  }

  /** Learns from the response what now exists, so cleanup can remove it. */
  private record(request: ContractRequest, params: Record<string, string>, exchange: Exchange): void {
    if (exchange.status < 200 || exchange.status >= 300) return
    const tracker = this.config.tracker
    const body = (exchange.body ?? {}) as Record<string, unknown>
    const kind = CREATES[`${request.method} ${request.template}`]
    if (kind && typeof body.id === 'string') {
      const siteId = (request.body as Record<string, unknown> | undefined)?.siteId
      const label = [body.name, body.pathname, body.locale].find((value) => typeof value === 'string') as string | undefined
      tracker.add({ kind, id: body.id, ...(kind !== 'site' && typeof siteId === 'string' ? { siteId } : {}), label: label ?? body.id })
    }
    const answeredSite = kind === 'site' ? body.id : request.template === SITE ? params.siteId : undefined
    if (typeof answeredSite === 'string' && request.method !== 'GET' && request.method !== 'DELETE') tracker.sawSite(answeredSite, body, { template: request.template, body: request.body, source: params.siteId })
    const [target] = Object.values(params)
    if (request.method === 'DELETE' && target !== undefined) tracker.markDeleted(target)
    if (request.template === LOCALE_RESTORE && typeof body.id === 'string') tracker.markRestored(body.id)
  }
}

/** How long a 429 asks to wait: x-ratelimit-reset (seconds, or an epoch time), else Retry-After. */
export function rateLimitWait(headers: Headers): { ms: number; source: string } {
  const clamp = (ms: number): number => Math.min(60_000, Math.max(50, ms))
  const reset = headers.get('x-ratelimit-reset')
  if (reset !== null && /^\d+(\.\d+)?$/.test(reset.trim())) {
    const value = Number(reset)
    const ms = value > 1e12 ? value - Date.now() : value > 1e9 ? value * 1000 - Date.now() : value * 1000
    return { ms: clamp(ms), source: `x-ratelimit-reset: ${reset}` }
  }
  const retryAfter = headers.get('retry-after')
  if (retryAfter !== null) {
    const seconds = Number(retryAfter)
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now()
    if (Number.isFinite(ms)) return { ms: clamp(ms), source: `Retry-After: ${retryAfter}` }
  }
  return { ms: 1000, source: 'no x-ratelimit-reset or Retry-After header' }
}

/**
 * Network error codes in words: what a user reads instead of Node's or undici's code. A code not
 * listed here follows the error's own message, in parentheses.
 */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'the host name could not be resolved for now (DNS)',
  ECONNRESET: 'the connection was reset by the other side',
  EPIPE: 'the connection was closed while the request was being sent',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed before the answer was complete',
  UND_ERR_CLOSED: 'the connection was closed before the answer was complete',
  UND_ERR_CONNECT_TIMEOUT: 'no connection could be made in time',
  UND_ERR_HEADERS_TIMEOUT: 'the server sent no answer in time',
  UND_ERR_BODY_TIMEOUT: "the answer's body stopped arriving",
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the answer was shorter or longer than its Content-Length said',
  HPE_INVALID_CONSTANT: 'the answer is not valid HTTP',
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed, and not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's TLS certificate chain is self-signed, and not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate could not be verified",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate is for another host name",
}

/** A network error's code in words; the message when there is no code. */
export function networkErrorWords(code: string | undefined, message: string): string {
  if (code === undefined) return message
  return NETWORK_WORDS[code] ?? `${message || 'network error'} (${code})`
}

/** A fetch failure in a few words: connection refused, unknown host, no answer within N s. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`
  // undici puts the socket's error in cause, sometimes one level further down.
  type Cause = { code?: string; message?: string; cause?: Cause } | undefined
  const outer = (error as { cause?: Cause }).cause
  const cause = outer?.code === undefined && outer?.cause?.code !== undefined ? outer.cause : outer
  return networkErrorWords(cause?.code, cause?.message ?? (error as Error).message)
}
