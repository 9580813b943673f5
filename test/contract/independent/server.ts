import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Call } from './call.js'
import { ApiError, badRequest } from './http-error.js'
import { principalOf } from './keys.js'
import { route } from './router.js'
import { Store } from './store.js'

/** Bodies larger than this are refused before they are parsed. */
const MAX_BODY = 1_000_000

export interface Independent {
  url: string
  workspaceId: string
  appKey: string
  /** The App key of a second workspace, the other tenant of the cross-tenant rules. */
  otherWorkspaceKey: string
  close(): Promise<void>
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    request.on('end', () => (size > MAX_BODY ? reject(new ApiError('payload_too_large', `The body is larger than ${MAX_BODY} bytes.`)) : resolve(Buffer.concat(chunks).toString('utf8'))))
    request.on('error', reject)
  })
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest([{ field: 'body', message: 'the body is not valid JSON' }])
  }
}

/** The query as text fields; a repeated parameter keeps its first value. */
function queryOf(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [name, value] of search) if (!(name in query)) query[name] = value
  return query
}

/** A request in parts, as the defect catalogues wrap one (the shape of the core's ApiRequest). */
export interface PlainRequest {
  method: string
  path: string
  query: string
  headers: Readonly<Record<string, string | undefined>>
  body: string | undefined
}

export interface PlainAnswer {
  status: number
  headers: Record<string, string>
  body: unknown
}

export type Handle = (request: PlainRequest) => PlainAnswer

/**
 * One request, in the order this service judges it: the path (404), the key (401), the body's
 * JSON, then the handler: input (400), existence (404), the key's reach (403), conflicts (409).
 */
function answer(store: Store, request: PlainRequest): PlainAnswer {
  try {
    const { handler, params } = route(request.method, request.path)
    const principal = principalOf(store, request.headers['x-api-key'])
    // Only creates and updates read a body; a body sent with a read or a delete is ignored.
    const body = request.method === 'POST' || request.method === 'PATCH' ? parseJson(request.body ?? '') : undefined
    const call: Call = { params, query: queryOf(new URLSearchParams(request.query)), body, principal, store }
    const result = handler(call)
    return { status: result.status, headers: {}, body: result.body }
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, headers: {}, body: error.body() }
    throw error
  }
}

function send(response: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    response.writeHead(status, headers).end()
    return
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers }).end(text)
}

/**
 * Starts the service on 127.0.0.1 at a free port, with two workspaces and no sites. `wrap` puts
 * something between the server and the service (a defect of the suite's catalogues).
 */
export async function startIndependent(options: { wrap?: (inner: Handle, workspaces: Array<{ id: string; appApiKey: string }>) => Handle } = {}): Promise<Independent> {
  const store = new Store()
  const own = store.addWorkspace()
  const other = store.addWorkspace()
  const inner: Handle = (request) => answer(store, request)
  const handle = options.wrap ? options.wrap(inner, [own, other].map((workspace) => ({ id: workspace.id, appApiKey: workspace.appKey }))) : inner
  const server = http.createServer((request, response) => {
    readBody(request).then(
      (text) => {
        const url = request.url ?? '/'
        const q = url.indexOf('?')
        const header = request.headers['x-api-key']
        const headers = { ...(header === undefined ? {} : { 'x-api-key': Array.isArray(header) ? header[0] : header }) }
        const result = handle({ method: request.method ?? 'GET', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1), headers, body: text })
        send(response, result.status, result.body, result.headers)
      },
    ).catch((error: unknown) => {
      if (error instanceof ApiError) send(response, error.status, error.body())
      else send(response, 500, { object: 'error', code: 'internal_error', message: error instanceof Error ? error.message : 'unexpected failure' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    workspaceId: own.id,
    appKey: own.appKey,
    otherWorkspaceKey: other.appKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
