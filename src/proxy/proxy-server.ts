import http from 'node:http'
import { ApiError } from '../api/errors.js'
import type { ApiRequest } from '../api/types.js'
import type { JournalEntry } from '../generated/types.js'
import { ControlPlane, unframed } from '../control/control-plane.js'
import { CONTROL_PREFIX } from '../control/control-types.js'
import { capBody } from '../journal/cap-body.js'
import { sentKeyKind } from '../journal/describe-key.js'
import { sentKeyHint } from '../journal/key-hint.js'
import { wallTimeAt } from '../journal/wall-clock.js'
import { hostCheck, hostRefusal, originCheck } from '../transports/host-check.js'
import { answerUnexpected, guarded } from '../transports/last-guard.js'
import { answerClientErrors, closeSilentConnections, DEFAULT_MAX_BODY, listenOn, MAX_HEADER_SIZE, refuseTooLarge, refuseUnread, writeResponse } from '../transports/node-server.js'
import { targetRefusal } from '../transports/request-target.js'
import { ExchangeJournal } from './exchange-journal.js'
import { Findings } from './findings.js'
import { Upstream, UpstreamError, type UpstreamAnswer } from './forward.js'
import { ExchangeJudge } from './judge.js'
import { KeyMask } from './mask.js'
import { proxyControlRoutes, type ProxyState } from './proxy-control.js'
import type { Recorder } from './record.js'
import type { InFlight, Shadow } from './shadow.js'

export interface ProxyOptions {
  /** The deployment's base URL. */
  to: string
  port?: number
  host?: string
  /** Host names answered besides localhost, IP addresses and `host`, as serve's allowedHosts (see hostCheck). */
  allowedHosts?: string[]
  /** How long a connection may send nothing before it is closed (default IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number
  /** The largest request body forwarded; past it the caller gets a 413 and the deployment sees nothing. */
  maxBody?: number
  /** Exchanges kept for GET /__mock/requests. */
  journalSize?: number
  /** Called with each exchange once judged: the log line's source. */
  onExchange?: (entry: JournalEntry) => void
  /** Called when an exchange could not be judged (the answer went to the caller all the same). */
  onUnjudged?: (what: string) => void
  /** Masks keys in everything the proxy writes; the shadow and the recorder share it. */
  mask?: KeyMask
  /** Records every exchange as an override (--record). */
  record?: Recorder
  /** Answers every request again and compares (--shadow). */
  shadow?: Shadow
  /** How long the deployment may take to answer before the caller gets a 504 (60 s by default). */
  upstreamTimeoutMs?: number
}

export interface RunningProxy extends ProxyState {
  url: string
  close(): Promise<void>
}

/** The key a request carries, as the API reads it: x-api-key, or Authorization: Bearer. */
function sentKey(headers: http.IncomingHttpHeaders): string | undefined {
  const apiKey = headers['x-api-key']
  if (typeof apiKey === 'string') return apiKey
  return /^Bearer\s+(\S+)/i.exec(headers.authorization ?? '')?.[1]
}

/** A request as the shadow sees it leave. */
function leaving(req: http.IncomingMessage, body: Buffer): Omit<InFlight, 'before'> {
  const url = req.url ?? '/'
  const at = url.indexOf('?')
  return { method: req.method ?? 'GET', path: at < 0 ? url : url.slice(0, at), query: at < 0 ? '' : url.slice(at + 1), requestText: body.length ? body.toString('utf8') : undefined, key: sentKey(req.headers) }
}

const headerOf = (rawHeaders: readonly string[], wanted: string): string | undefined => {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === wanted) return rawHeaders[i + 1]
  return undefined
}

/**
 * Listens locally and forwards every API request to the deployment as sent, answering with the
 * deployment's answer as it came; then judges the exchange. /__mock/* is the proxy's own control
 * plane, never forwarded.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new Upstream(options.to, options.upstreamTimeoutMs)
  const mask = options.mask ?? new KeyMask()
  const judge = new ExchangeJudge()
  const state: ProxyState = { journal: new ExchangeJournal(options.journalSize), findings: new Findings(), mask, recorder: options.record, shadow: options.shadow }
  const control = new ControlPlane(proxyControlRoutes)

  const observe = (req: http.IncomingMessage, body: Buffer, answer: UpstreamAnswer, started: number, received: number, flight: InFlight | undefined): void => {
    const url = req.url ?? '/'
    const at = url.indexOf('?')
    const path = at < 0 ? url : url.slice(0, at)
    const query = at < 0 ? '' : url.slice(at + 1)
    const key = sentKey(req.headers)
    mask.learn(key)
    mask.learnQuery(query)
    const requestText = body.length ? body.toString('utf8') : undefined
    const responseText = answer.body.toString('utf8')
    const contentType = headerOf(answer.rawHeaders, 'content-type')
    const seen = { method: req.method ?? 'GET', path, query, requestText, status: answer.status, contentType, responseText }
    const judged = judge.judge(seen)
    const shadowed = state.shadow?.compare(seen, key, { sentAt: started, receivedAt: received }, flight)
    for (const rule of [...judged.judgedBy, ...(shadowed?.judged ? (['same-as-the-mock'] as const) : [])]) state.findings.judgedBy(rule)
    const shown = [...judged.findings, ...(shadowed?.findings ?? [])]
    // A finding names the request by its path and query, where a key may be, in any spelling.
    for (const { rule, failure, promise } of shown) state.findings.add(rule, mask.value(failure.request ? { ...failure, request: { ...failure.request, path: mask.url(failure.request.path) } } : failure), judged.template, promise)
    state.recorder?.add({ ...seen, rawHeaders: answer.rawHeaders })
    const entry: JournalEntry = {
      seq: state.journal.nextSeq(),
      at: new Date(wallTimeAt(started)).toISOString(),
      method: seen.method,
      // A caller may put a key anywhere, a query included.
      path: mask.path(path),
      query: mask.query(query),
      operationId: judged.operationId ?? null,
      route: judged.template ?? null,
      key: { kind: sentKeyKind(key, answer.status), hint: sentKeyHint(key), workspaceId: null, siteId: null },
      status: answer.status,
      dropped: null,
      durationMs: Math.round((received - started) * 100) / 100,
      requestBody: capBody(requestText === undefined ? undefined : mask.text(requestText), false),
      responseBody: capBody(mask.text(responseText), false),
      ...(shown.length ? { findings: shown.map(({ failure }) => mask.text(failure.message)) } : {}),
    }
    state.journal.add(entry)
    options.onExchange?.(entry)
  }

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void => {
    const started = performance.now()
    state.findings.sent()
    const flight = state.shadow?.begin(leaving(req, body))
    upstream.send({ method: req.method ?? 'GET', pathAndQuery: req.url ?? '/', rawHeaders: req.rawHeaders, body }).then(
      (answer) => {
        const received = performance.now()
        res.writeHead(answer.status, answer.rawHeaders)
        res.end(answer.body)
        // Judged once the caller has its answer, and after the I/O that is ready by then (other
        // requests to pass on, other answers to pass back): judging one exchange adds nothing to
        // its caller's wait, and under load delays no one else's. Exchanges are judged in the
        // order their answers came.
        setImmediate(() => {
          try {
            observe(req, body, answer, started, received, flight)
          } catch (error) {
            // The caller has its answer; an exchange the proxy could not judge must not stop the others,
            // nor stay in flight for the shadow.
            if (flight) state.shadow?.abandon(flight)
            options.onUnjudged?.(`${req.method ?? 'GET'} ${mask.url(req.url ?? '/')}: ${error instanceof Error ? error.message : String(error)}`)
          }
        })
      },
      (error: unknown) => {
        if (flight) state.shadow?.abandon(flight)
        const reason = error instanceof UpstreamError ? error : new UpstreamError(String(error), 'unreachable')
        // The envelope's codes are the API's; a gateway failure is the server side's.
        writeResponse(res, new ApiError(reason.status, 'internal_error', `sitemock proxy: ${reason.message}. The request was not retried.`).toResponse())
        // No answer to judge, and no PASSED for it either: each kind of failure is one finding of the report.
        const request = { method: req.method ?? 'GET', path: mask.url(req.url ?? '/') }
        state.findings.unanswered(reason.kind, { message: `no answer from the deployment, the caller got a ${reason.status}: ${reason.message}`, documents: ['specification'], request, response: { status: reason.status } })
      },
    // An answer Node will not pass on as it came (a header it refuses to write) must not end the process.
    ).catch((error: unknown) => answerUnexpected(req, res, error))
  }

  const maxBody = options.maxBody ?? DEFAULT_MAX_BODY
  const hostAllowed = hostCheck(options.host, options.allowedHosts)
  const originAllowed = originCheck(options.host, options.allowedHosts)
  // The same doors as serve: a page that rebinds a name to 127.0.0.1 would otherwise read the
  // deployment's answers from the journal, and send requests through the proxy with them.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE, requireHostHeader: false }, (req, res) => {
    try {
      handle(req, res)
    } catch (error) {
      answerUnexpected(req, res, error)
    }
  })
  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const refusal = hostRefusal(req, hostAllowed, originAllowed)
    if (refusal !== undefined) return writeResponse(res, refusal.toResponse({ connection: 'close' }))
    // Only an origin-form target is forwarded: a client that takes the proxy for an HTTP proxy
    // (GET http://169.254.169.254/...) must not choose where the deployment's host sends it.
    const badTarget = targetRefusal(req.url)
    if (badTarget !== undefined) return refuseUnread(res, badTarget)
    const url = req.url!
    const at = url.indexOf('?')
    const path = at < 0 ? url : url.slice(0, at)
    // The limit holds before anything is forwarded: a declared length past it is refused unread,
    // and a chunked body is read only up to it, so what is held is at most maxBody bytes.
    if (Number(req.headers['content-length'] ?? 0) > maxBody) return refuseTooLarge(res, maxBody)
    const chunks: Buffer[] = []
    let size = 0
    req.on(
      'data',
      guarded(req, res, (chunk: Buffer) => {
        if (res.headersSent) return
        size += chunk.length
        if (size > maxBody) return refuseTooLarge(res, maxBody)
        chunks.push(chunk)
      }),
    )
    req.on(
      'end',
      guarded(req, res, () => {
        if (res.headersSent) return
        const body = Buffer.concat(chunks)
        if (path === CONTROL_PREFIX.slice(0, -1) || path.startsWith(CONTROL_PREFIX)) {
          const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]))
          const request: ApiRequest = { method: req.method ?? 'GET', path: path.startsWith(CONTROL_PREFIX) ? path : CONTROL_PREFIX, query: at < 0 ? '' : url.slice(at + 1), headers, body: body.length ? body.toString('utf8') : undefined }
          writeResponse(res, unframed(control.handle(request, state)))
          return
        }
        forward(req, res, body)
      }),
    )
  }
  answerClientErrors(server)
  closeSilentConnections(server, options.idleTimeoutMs)
  const running = await listenOn(server, options)
  return {
    ...state,
    url: running.url,
    close: async () => {
      await running.close()
      upstream.close()
    },
  }
}
