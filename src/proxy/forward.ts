import http from 'node:http'
import https from 'node:https'
import { networkErrorWords } from '../contract/http-client.js'

/** How long the deployment may take to answer before the caller gets a 504. */
export const UPSTREAM_TIMEOUT_MS = 60_000

/**
 * Headers that describe one connection, not the message (RFC 9110, 7.6.1): never passed on, in
 * either direction. `host` names the proxy; the deployment gets its own.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host'])

/** A request as the caller sent it: its method, its path with the query, its headers as sent (name, value, ...) and its body's bytes. */
export interface OutgoingRequest {
  method: string
  pathAndQuery: string
  rawHeaders: readonly string[]
  body: Buffer
}

/** The deployment's answer: its status, its headers as sent (name, value, ...) less the hop-by-hop ones, and its body's bytes. */
export interface UpstreamAnswer {
  status: number
  rawHeaders: string[]
  body: Buffer
}

/** Why the deployment gave no answer: each is one finding of the proxy's report, however often it happened. */
export type NoAnswer = 'unreachable' | 'broke off' | 'timed out'

/** The deployment could not be reached, broke its answer off, or did not answer in time: the caller gets a 502 (a 504 when it timed out). */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly kind: NoAnswer,
  ) {
    super(message)
  }

  get status(): 502 | 504 {
    return this.kind === 'timed out' ? 504 : 502
  }
}

/** The headers of a message as sent, less the hop-by-hop ones and those its Connection header names. */
export function endToEnd(rawHeaders: readonly string[]): string[] {
  const named = new Set<string>()
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'connection') for (const name of rawHeaders[i + 1]!.split(',')) named.add(name.trim().toLowerCase())
  }
  const kept: string[] = []
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!)
  }
  return kept
}

/**
 * The one way to the deployment: sends the request once, as given, and reads the whole answer.
 * Nothing is retried, a write least of all: a second try could apply it twice.
 */
export class Upstream {
  readonly url: URL
  private readonly agent: http.Agent
  private readonly basePath: string

  constructor(
    to: string,
    private readonly timeoutMs = UPSTREAM_TIMEOUT_MS,
  ) {
    this.url = new URL(to)
    this.basePath = this.url.pathname.replace(/\/+$/, '')
    this.agent = this.url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })
  }

  send(request: OutgoingRequest): Promise<UpstreamAnswer> {
    // The deployment's own host and base path, and only a path from the caller: a target of
    // another form (http://169.254.169.254/...) would be sent on as it came and name another
    // host. The proxy refuses those with a 400 before this; this holds for any other caller.
    if (!request.pathAndQuery.startsWith('/')) {
      return Promise.reject(new TypeError(`Upstream.send(): pathAndQuery must be an origin-form target starting with "/"; got ${JSON.stringify(request.pathAndQuery.slice(0, 200))}`))
    }
    const headers = endToEnd(request.rawHeaders)
    // A chunked body arrives whole here; its length goes along instead of its chunking.
    if (request.body.length > 0 && !headers.some((name, i) => i % 2 === 0 && name.toLowerCase() === 'content-length')) headers.push('content-length', String(request.body.length))
    headers.push('host', this.url.host)
    const client = this.url.protocol === 'https:' ? https : http
    return new Promise((resolve, reject) => {
      const outgoing = client.request(
        { protocol: this.url.protocol, hostname: this.url.hostname, port: this.url.port, method: request.method, path: `${this.basePath}${request.pathAndQuery}`, headers, agent: this.agent, timeout: this.timeoutMs },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 502, rawHeaders: endToEnd(incoming.rawHeaders), body: Buffer.concat(chunks) }))
          incoming.on('error', (error: Error & { code?: string }) => reject(new UpstreamError(`the answer of ${this.url.origin} broke off: ${networkErrorWords(error.code, error.message)}`, 'broke off')))
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new UpstreamError(`${this.url.origin} did not answer within ${this.timeoutMs / 1000} s`, 'timed out')))
      outgoing.on('error', (error: Error & { code?: string }) => reject(error instanceof UpstreamError ? error : new UpstreamError(`${this.url.origin} could not be reached: ${networkErrorWords(error.code, error.message)}`, 'unreachable')))
      outgoing.end(request.body)
    })
  }

  close(): void {
    this.agent.destroy()
  }
}
