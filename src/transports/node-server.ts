import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { ApiError, badRequest, JSON_HEADERS, payloadTooLarge } from '../api/errors.js'
import type { ApiResponse, MockRequest } from '../api/types.js'
import type { Mock } from '../mock.js'
import { unsavedResponse } from '../persist/changes.js'
import { decodeBody } from './decode-body.js'
import { contentTypeRefusal } from '../api/parse-request.js'
import { hostCheck, hostRefusal, originCheck } from './host-check.js'
import { answerUnexpected, guarded } from './last-guard.js'
import { trackPendingAnswers } from './pending-answers.js'
import { targetRefusal } from './request-target.js'

export const DEFAULT_MAX_BODY = 1024 * 1024

/**
 * The state import takes a whole exported state, far larger than any API body (the large
 * scenario exports about 10 MB): it gets its own limit, still a bound on what is buffered.
 */
export const DEFAULT_MAX_STATE_BODY = 256 * 1024 * 1024

/**
 * Room for the request line and headers. A path or query value may be 2,048 characters, and a
 * 4-byte character percent-encodes to 12 bytes: a pathname and a pathPrefix at their limits,
 * and a little past them (so that they get the 400 naming them), fit with the other headers.
 * Node's default of 16 KiB would answer a bare 431 for values the API documents as valid.
 */
export const MAX_HEADER_SIZE = 64 * 1024

export interface NodeServerOptions {
  port?: number
  host?: string
  /**
   * Host names the server answers to besides localhost, IP addresses and `host`: a name
   * (mock.test), or a domain with its subdomains (.example.com). Any other Host is a 403, so
   * that a web page cannot reach the server through DNS rebinding (see hostCheck).
   */
  allowedHosts?: string[]
  maxBody?: number
  /** The body limit of PUT /__mock/state (default DEFAULT_MAX_STATE_BODY). */
  maxStateBody?: number
  /** How long a connection may stay open without sending a byte of a request (default IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number
}

export interface RunningServer {
  url: string
  server: http.Server
  close(): Promise<void>
}

/** The fast path: node:http straight into the core, no Fetch objects in between. */
export function createNodeServer(mock: Mock, options: NodeServerOptions = {}): http.Server {
  const limits = { maxBody: options.maxBody ?? DEFAULT_MAX_BODY, maxStateBody: options.maxStateBody ?? DEFAULT_MAX_STATE_BODY }
  const hostAllowed = hostCheck(options.host, options.allowedHosts)
  const originAllowed = originCheck(options.host, options.allowedHosts)
  // Node's own refusal of an HTTP/1.1 request without Host is a bare 400: hostRefusal answers it in the envelope.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE, requireHostHeader: false }, (req, res) => {
    try {
      const refusal = hostRefusal(req, hostAllowed, originAllowed)
      if (refusal === undefined) return serveRequest(mock, req, res, limits)
      // The body is not read: the connection closes after the answer.
      writeResponse(res, refusal.toResponse({ connection: 'close' }))
    } catch (error) {
      answerUnexpected(req, res, error)
    }
  })
  answerClientErrors(server)
  closeSilentConnections(server, options.idleTimeoutMs)
  return server
}

/** How long a new connection may send no request before it is closed. */
export const IDLE_TIMEOUT_MS = 10_000

/**
 * Closes connections that send nothing: a thousand sockets opened and left silent would hold
 * every file descriptor a process may have (ulimit -n 1024) and lock every client out. Node's
 * own timeouts start with a request's first byte, and its keepAliveTimeout covers only the time
 * between requests. A request's headers stop the clock: a slow upload is under way and a long
 * request is answered when it is done, which Node's requestTimeout bounds.
 */
export function closeSilentConnections(server: http.Server, idleTimeoutMs = IDLE_TIMEOUT_MS): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>()
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), idleTimeoutMs)
    timer.unref()
    timers.set(socket, timer)
    socket.once('close', () => clearTimeout(timer))
  })
  // The parser reads the socket itself (no 'data' events): a request's headers stop the clock.
  // One that sends part of its headers and stalls meets Node's headersTimeout.
  server.on('request', (req: http.IncomingMessage) => clearTimeout(timers.get(req.socket)))
}

export interface ServeOptions {
  maxBody: number
  /** The body limit of PUT /__mock/state, which takes a whole exported state. */
  maxStateBody: number
  /** Stripped from the path before the core routes it (a mount path such as "/api"). */
  pathPrefix?: string
  /** The body when something before the core (a body parser) has already read the stream. */
  consumedBody?: Uint8Array
}

/**
 * One request through the core: reads the body up to the limit, answers it, and writes the
 * response once every change is saved. The node server and the express mount both end here.
 * Whatever throws on the way, now or in a callback, is a 500 in the envelope (see guarded).
 */
export function serveRequest(mock: Mock, req: http.IncomingMessage, res: http.ServerResponse, options: ServeOptions): void {
  try {
    serveGuarded(mock, req, res, options)
  } catch (error) {
    answerUnexpected(req, res, error)
  }
}

function serveGuarded(mock: Mock, req: http.IncomingMessage, res: http.ServerResponse, options: ServeOptions): void {
  // Only an origin-form target is routed: see targetRefusal.
  const badTarget = targetRefusal(req.url)
  if (badTarget) return refuseUnread(res, badTarget)
  const url = req.url!
  const q = url.indexOf('?')
  const rawPath = q < 0 ? url : url.slice(0, q)
  const path = options.pathPrefix ? rawPath.slice(options.pathPrefix.length) || '/' : rawPath
  const maxBody = req.method === 'PUT' && path === STATE_PATH ? options.maxStateBody : options.maxBody
  const answer = guarded(req, res, (bytes: Uint8Array) => {
    if (res.headersSent) return
    // A literal, not a spread of the decoded body: a spread that adds fields costs about a microsecond.
    const { body, invalidUtf8 } = decodeBody(bytes)
    const request: MockRequest = { method: req.method ?? 'GET', path, query: q < 0 ? '' : url.slice(q + 1), headers: singleValued(req.headers), body, invalidUtf8 }
    // A large state import is judged in turns of the event loop first: other requests are answered meanwhile.
    const preparing = mock.prepare(request)
    if (preparing === undefined) respondTo(request)
    else void preparing.then(guarded(req, res, () => respondTo(request)))
  })
  const respondTo = (request: MockRequest): void => {
    const response = mock.respond(request)
    // With a state file, nothing is answered before every change so far is saved.
    const saving = mock.settled()
    if (saving === undefined) deliver(res, response)
    else saving.then(() => deliver(res, response), (error: unknown) => writeResponse(res, unsavedResponse(error))).catch((error: unknown) => answerUnexpected(req, res, error))
  }
  if (options.consumedBody !== undefined) {
    if (options.consumedBody.length > maxBody) return refuseTooLarge(res, maxBody)
    return answer(options.consumedBody)
  }
  const length = req.headers['content-length']
  // Without a body (most requests) there is nothing to wait for: answering at once spares the
  // stream's data and end events, a good part of a GET's cost.
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return answer(NO_BYTES)
  if (Number(length ?? 0) > maxBody) return refuseTooLarge(res, maxBody)
  // A state import may be 256 MB: one that is not JSON is refused before a byte of it is read.
  if (maxBody === options.maxStateBody && req.method === 'PUT' && path === STATE_PATH) {
    const refusal = contentTypeRefusal(req.headers['content-type'])
    if (refusal) return refuseUnread(res, refusal)
  }
  const chunks: Buffer[] = []
  let size = 0
  req.on(
    'data',
    guarded(req, res, (chunk: Buffer) => {
      size += chunk.length
      // Stop reading as soon as the limit is passed: a huge body never sits in memory.
      if (size > maxBody) return refuseTooLarge(res, maxBody)
      chunks.push(chunk)
    }),
  )
  req.on('end', () => answer(Buffer.concat(chunks)))
}

const STATE_PATH = '/__mock/state'
const NO_BYTES = new Uint8Array(0)

/**
 * Node gives a header sent twice as one comma-joined value, except set-cookie, an array: the
 * core takes strings. The headers object itself when no value is an array (every API request).
 */
function singleValued(headers: http.IncomingHttpHeaders): Record<string, string | undefined> {
  let joined: Record<string, string | undefined> | undefined
  for (const name in headers) {
    const value = headers[name]
    if (!Array.isArray(value)) continue
    joined ??= { ...(headers as Record<string, string | undefined>) }
    joined[name] = value.join(', ')
  }
  return joined ?? (headers as Record<string, string | undefined>)
}

/**
 * Requests node:http refuses before any handler sees them (headers past MAX_HEADER_SIZE, a
 * malformed request line) are answered in the API's envelope instead of node's bare status
 * line, or with nothing at all; so is CONNECT, whose socket Node would close unanswered. The
 * refusal comes after the answers of the requests before it on the connection (see
 * trackPendingAnswers). Exported for express apps, which create their own server.
 */
export function answerClientErrors(server: http.Server): void {
  const afterPendingAnswers = trackPendingAnswers(server)
  const refused = new WeakSet<Duplex>()
  const refuse = (socket: Duplex, apiError: ApiError): void => {
    // The parser gives the same error for every later read of the connection: one answer.
    if (refused.has(socket)) return
    refused.add(socket)
    afterPendingAnswers(socket, () => {
      if (!socket.writable) return void socket.destroy()
      const payload = JSON.stringify(apiError.toBody())
      socket.end(
        `HTTP/1.1 ${apiError.status} ${http.STATUS_CODES[apiError.status]}\r\n` +
          `content-type: ${JSON_HEADERS['content-type']}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
      )
    })
  }
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // Only what the parser refused gets an answer: a reset or timed-out connection, or one
    // already answered, has no one left to read it.
    if (!error.code?.startsWith('HPE_') || !socket.writable) return void socket.destroy()
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    refuse(
      socket,
      tooLarge
        ? new ApiError(431, 'request_header_fields_too_large', `The request line and headers are larger than the limit of ${MAX_HEADER_SIZE} bytes; path and query values are at most 2048 characters.`)
        : new ApiError(400, 'bad_request', 'The request is not valid HTTP/1.1.', [{ field: '(request)', message: `could not be parsed (${error.code ?? error.message}); send a valid HTTP/1.1 request` }]),
    )
  })
  // A CONNECT asks for a tunnel, as to a proxy: sitemock opens none.
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    refuse(socket, targetRefusal(req.url) ?? badRequest([{ field: '(request)', message: 'CONNECT opens a tunnel through a proxy, and sitemock is not one; send the request itself, such as GET /v2/sites' }]))
  })
}

export function refuseTooLarge(res: http.ServerResponse, maxBody: number): void {
  refuseUnread(res, payloadTooLarge(maxBody))
}

/** Answers `error` before the body is read; the connection closes once the client has the answer. */
export function refuseUnread(res: http.ServerResponse, error: ApiError): void {
  if (res.headersSent) return
  lingerAfterAnswer(res.req.socket)
  writeResponse(res, error.toResponse({ connection: 'close' }))
  // The rest of the body is read and thrown away (a data listener no longer keeps it).
  res.req.resume()
}

/** How long a refused body may go on arriving after its 413 before the socket is closed outright. */
export const LINGER_MS = 2000

/**
 * Node destroys a socket as soon as a `connection: close` answer is written. With a body still
 * arriving, the client's kernel then gets a reset, which drops the answer it has not read yet:
 * Node's fetch saw ECONNRESET instead of the 413. Here the socket only half-closes once the
 * answer is out (the client reads the 413 and the end), and what still arrives is read and
 * dropped (req.resume) for at most LINGER_MS, after which it closes.
 */
function lingerAfterAnswer(socket: Socket): void {
  Object.defineProperty(socket, 'destroySoon', {
    configurable: true,
    value: () => {
      socket.end()
      const timer = setTimeout(() => socket.destroy(), LINGER_MS)
      timer.unref()
      socket.once('close', () => clearTimeout(timer))
    },
  })
}

/** Answers once the response's delay is over, or drops the connection as an injected fault asks. */
export function deliver(res: http.ServerResponse, response: ApiResponse): void {
  if (response.delayMs) {
    setTimeout(guarded(res.req, res, () => deliver(res, { ...response, delayMs: undefined })), response.delayMs)
    return
  }
  if (response.drop === 'reset') {
    // A TCP reset, as a crashed upstream gives: the client sees ECONNRESET, not a status.
    if (res.socket && !res.socket.destroyed) res.socket.resetAndDestroy()
    return
  }
  // A "timeout" is never answered: the client's own timeout ends it, or the server's close.
  if (response.drop === 'timeout') return
  writeResponse(res, response)
}

export function writeResponse(res: http.ServerResponse, response: ApiResponse): void {
  const payload = response.payload ?? (response.body === undefined ? undefined : JSON.stringify(response.body))
  if (payload === undefined) {
    res.writeHead(response.status, response.headers)
    return void res.end()
  }
  // Node's flat [name, value, ...] form: adding content-length to a spread copy of the
  // headers would cost more than writing them.
  const headers: string[] = []
  for (const name in response.headers) headers.push(name, response.headers[name]!)
  headers.push('content-length', String(Buffer.byteLength(payload)))
  res.writeHead(response.status, headers)
  res.end(payload)
}

/** Starts the server and resolves once it listens; port 0 picks a free port. */
export function listen(mock: Mock, options: NodeServerOptions = {}): Promise<RunningServer> {
  return listenOn(createNodeServer(mock, options), options)
}

/** Resolves once `server` listens on the port (0 picks a free one) and host; close() ends every connection too. */
export async function listenOn(server: http.Server, options: Pick<NodeServerOptions, 'port' | 'host'>): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
