import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import { createMock, type Mock, type MockOptions } from '../../src/mock.js'
import { withSemanticDefects, type SemanticDefect } from './semantic-defects.js'
import { withExampleDefects, type ExampleDefect } from './example-defects.js'

/**
 * A server that behaves like the mock except for the defects it is given: the proof that the
 * contract suite catches each kind of breakage, and the place its requests are recorded.
 */
export type Defect =
  | 'wrong-field-type'
  | 'missing-has-more'
  | 'ok-instead-of-401'
  | 'error-500-on-bad-input'
  | 'pagination-repeats-an-item'
  | 'delete-does-not-delete'
  | 'conflict-answered-as-201'
  | 'html-not-found'
  | 'old-version-answers'
  | 'update-not-applied'
  | 'bad-request-without-details'
  | 'site-key-not-scoped'
  | SemanticDefect
  // Defects of semantics behind schema-valid answers, for the example checks.
  | ExampleDefect

export interface RecordedRequest {
  method: string
  path: string
  query: string
  status: number
  /** The siteId of the request body, if any. */
  bodySiteId?: string
  /** The request body as sent, if it was JSON. */
  body?: unknown
  /** The id in the response body, if any. */
  responseId?: string
  /** The ids of a list's items, if the response is a list. */
  listedIds?: string[]
  /** Whether the id in the path, or the body's siteId, named something that existed when the request came. */
  targetExisted: boolean
}

export interface Nonconforming {
  url: string
  mock: Mock
  requests: RecordedRequest[]
  close(): Promise<void>
}

type Json = Record<string, unknown>
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const isList = (body: unknown): body is Json & { data: Json[] } => (body as Json | undefined)?.object === 'list'

/** Applies the defects around one call of the real mock. */
function defective(mock: Mock, defects: ReadonlySet<Defect>, seen: Map<string, Json>): (request: ApiRequest) => ApiResponse {
  return (request) => {
    const { method, path } = request
    if (defects.has('delete-does-not-delete') && method === 'DELETE') return { status: 204, headers: {}, body: undefined }
    if (defects.has('update-not-applied') && method === 'PATCH' && path.startsWith('/v2/sites/')) {
      return mock.handle({ ...request, method: 'GET', body: undefined })
    }
    const forwarded = defects.has('old-version-answers') ? { ...request, path: path.replace(/^\/v1\//, '/v2/') } : request
    let response = mock.handle(forwarded)
    const siteKey = request.headers['x-api-key']
    const site = siteKey === undefined ? undefined : mock.store.siteByApiKey.get(siteKey)
    if (defects.has('site-key-not-scoped') && response.status === 403 && site) {
      // The key of one site treated as its workspace's App key.
      const appKey = mock.store.workspaces.get(site.workspaceId)!.appApiKey
      response = mock.handle({ ...forwarded, headers: { ...forwarded.headers, 'x-api-key': appKey } })
    }
    let { status, body } = response
    let headers = response.headers
    if (isList(body)) for (const item of body.data) seen.set(String(item.id), item)
    if (defects.has('wrong-field-type')) body = retypeSiteNames(body)
    if (defects.has('missing-has-more') && isList(body)) body = { object: 'list', data: body.data }
    if (defects.has('pagination-repeats-an-item') && isList(body)) body = repeatCursor(body, request.query, seen)
    if (defects.has('ok-instead-of-401') && status === 401) status = 200
    if (defects.has('error-500-on-bad-input') && status === 400) {
      status = 500
      body = { object: 'error', code: 'internal_error', message: 'Internal server error' }
    }
    if (defects.has('bad-request-without-details') && status === 400) body = { ...(body as Json), details: undefined }
    if (defects.has('conflict-answered-as-201') && status === 409 && method === 'POST') {
      status = 201
      body = { ...(JSON.parse(request.body ?? '{}') as Json), object: path.includes('pages') ? 'page' : path.includes('routes') ? 'route' : 'locale', id: randomUUID() }
    }
    if (defects.has('html-not-found') && status === 404) {
      headers = { ...headers, 'content-type': 'text/html' }
      body = '<html><body>Not Found</body></html>'
    }
    return { status, headers, body }
  }
}

function retypeSiteNames(body: unknown): unknown {
  const retype = (item: Json): Json => (item.object === 'site' ? { ...item, name: 42 } : item)
  if (isList(body)) return { ...body, data: body.data.map(retype) }
  return body !== null && typeof body === 'object' ? retype(body as Json) : body
}

/** The classic off-by-one: the page after a cursor starts with the cursor's own item again. */
function repeatCursor(body: Json & { data: Json[] }, query: string, seen: Map<string, Json>): Json {
  const cursor = new URLSearchParams(query).get('startingAfter')
  const item = cursor === null ? undefined : seen.get(cursor)
  return item ? { ...body, data: [item, ...body.data.slice(0, -1)] } : body
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function idIn(value: unknown, field: string): string | undefined {
  const id = (value as Json | undefined)?.[field]
  return typeof id === 'string' ? id : undefined
}

/** Whether the id in the path (or else the body's siteId) names a site, locale, page or route of the store. */
function existing(mock: Mock, path: string, bodySiteId: string | undefined): boolean {
  const id = decodeURIComponent(path.split('/')[3] ?? '') || bodySiteId
  if (id === undefined) return false
  const { sites, locales, pages, routes } = mock.store
  return sites.has(id) || locales.byId.has(id) || pages.byId.has(id) || routes.byId.has(id)
}

/** A request as a test server received it, in the core's form: path and query apart, header values joined. */
export function apiRequestOf(req: http.IncomingMessage, text: string): ApiRequest {
  const url = req.url ?? '/'
  const q = url.indexOf('?')
  const headers: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return { method: req.method ?? 'GET', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1), headers, body: text.length ? text : undefined }
}

/** A host's handle (the mock, or an implementation seen as one) with the defects of every catalogue applied. */
export function defectiveHandle(host: Mock, defects: readonly Defect[]): (request: ApiRequest) => ApiResponse {
  const withDefects = withSemanticDefects(host, new Set(defects))
  return withExampleDefects(withDefects, new Set(defects), defective(withDefects, new Set(defects), new Map()))
}

/** Starts it on an ephemeral port. `delayMs` slows every answer, to interrupt a run midway. */
export async function startNonconforming(defects: Defect[], options: MockOptions & { delayMs?: number } = {}): Promise<Nonconforming> {
  const mock = createMock({ rateLimit: false, ...options })
  const handle = defectiveHandle(mock, defects)
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const request = apiRequestOf(req, text)
      const targetExisted = existing(mock, request.path, idIn(jsonOf(text), 'siteId'))
      const response = handle(request)
      const listedIds = isList(response.body) ? response.body.data.map((item) => String(item.id)) : undefined
      requests.push({ method: request.method, path: request.path, query: request.query, status: response.status, bodySiteId: idIn(jsonOf(text), 'siteId'), body: jsonOf(text), responseId: idIn(response.body, 'id'), listedIds, targetExisted })
      const payload = response.body === undefined ? undefined : typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
      setTimeout(() => {
        res.writeHead(response.status, { ...(payload === undefined ? {} : JSON_TYPE), ...response.headers })
        res.end(payload)
      }, options.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mock,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
