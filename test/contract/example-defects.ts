import { randomUUID } from 'node:crypto'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import type { Mock } from '../../src/mock.js'

/**
 * Defects of semantics that leave every answer schema-valid and every status documented: the
 * proof that the example checks of order, page boundaries, cascades, timestamps, conflicts and
 * per-object authorization catch what no schema can.
 */
export type ExampleDefect =
  | 'sort-direction-ignored'
  | 'title-sort-ignores-case'
  | 'null-titles-sort-first'
  | 'has-more-at-exact-limit'
  | 'cursor-drops-next-item'
  | 'site-delete-leaves-children'
  | 'updated-at-frozen'
  | 'created-at-follows-update'
  | 'page-rename-conflict-ignored'
  | 'route-over-page-accepted'
  | 'locale-rename-conflict-ignored'
  | 'site-key-reaches-objects-by-id'
  | 'other-workspace-writes-by-id'
  | 'page-delete-takes-below'
  | 'routes-listed-by-id'
  | 'sites-listed-newest-first'
  // Not defects of semantics: a missing capability and a crash, for the verdicts they get.
  | 'locale-creates-missing'
  // Not a defect at all: route operations served elsewhere than sitemock serves them (only their update is documented).
  | 'routes-missing'
  | 'page-read-500'
  // Not a defect either: a page update that answers 200 and ignores title and description (the published update does not take them).
  | 'page-texts-ignored'

/** The defects of semantics, each with an example check that catches it. */
export const EXAMPLE_DEFECTS: readonly ExampleDefect[] = [
  'sort-direction-ignored',
  'title-sort-ignores-case',
  'null-titles-sort-first',
  'has-more-at-exact-limit',
  'cursor-drops-next-item',
  'site-delete-leaves-children',
  'updated-at-frozen',
  'created-at-follows-update',
  'page-rename-conflict-ignored',
  'route-over-page-accepted',
  'locale-rename-conflict-ignored',
  'site-key-reaches-objects-by-id',
  'other-workspace-writes-by-id',
  'page-delete-takes-below',
  'routes-listed-by-id',
  'sites-listed-newest-first',
]

type Json = Record<string, unknown>
type Handle = (request: ApiRequest) => ApiResponse

const BY_ID = /^\/(v2\/locales|v6\/pages|v2\/routes)\/([0-9a-f-]{36})$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isList = (body: unknown): body is Json & { data: Json[] } => (body as Json | undefined)?.object === 'list'
const bodyOf = (request: ApiRequest): Json => (request.body ? (JSON.parse(request.body) as Json) : {})

/** Compares as the service does (UTF-16 code units), with a key function and nulls where the defect wants them. */
function sortBy(items: Json[], key: (item: Json) => string | null, direction: string, nullsFirst: boolean): Json[] {
  const sign = direction === 'desc' ? -1 : 1
  return [...items].sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    if (x === null || y === null) return x === y ? 0 : (x === null) === nullsFirst ? -1 : 1
    return x === y ? 0 : (x < y ? -1 : 1) * sign
  })
}

/** Answers the request with the first workspace App key that reaches the resource: authorization skipped. */
function asOwner(mock: Mock, inner: Handle, request: ApiRequest): ApiResponse | undefined {
  for (const workspace of mock.store.workspaces.values()) {
    const response = inner({ ...request, headers: { ...request.headers, 'x-api-key': workspace.appApiKey } })
    if (response.status !== 403) return response
  }
  return undefined
}

/** The resource a PATCH would have changed, with the change applied in the answer only. */
function pretendApplied(inner: Handle, request: ApiRequest, field: string): ApiResponse {
  const current = inner({ ...request, method: 'GET', body: undefined, query: '' })
  return { status: 200, headers: current.headers, body: { ...(current.body as Json), [field]: bodyOf(request)[field] } }
}

/**
 * Whether the pathname a refused route create asks for is a page's: read through the target itself
 * with the same key, so that the defect takes any 409 of that kind, whatever the target's message.
 */
function heldByPage(inner: Handle, request: ApiRequest): boolean {
  const { siteId, pathname } = bodyOf(request)
  if (typeof siteId !== 'string' || typeof pathname !== 'string') return false
  const read = inner({ ...request, method: 'GET', path: `/v6/pages/${encodeURIComponent(pathname)}`, query: new URLSearchParams({ siteId }).toString(), body: undefined })
  return read.status === 200
}

/** Wraps a handler with the defects it is given; the others leave it as it is. */
export function withExampleDefects(mock: Mock, defects: ReadonlySet<string>, inner: Handle): Handle {
  const has = (defect: ExampleDefect): boolean => defects.has(defect)
  /** Bodies of locales, pages and routes seen, and the ids deleted by their own DELETE. */
  const seen = new Map<string, Json>()
  const deletedDirectly = new Set<string>()
  /** The site and pathname of each page created, by id: a page body does not say its site. */
  const pagesCreated = new Map<string, { siteId: string; pathname: string }>()
  return (request) => {
    const query = new URLSearchParams(request.query)
    const byId = BY_ID.exec(request.path)
    const key = request.headers['x-api-key'] ?? ''
    if (has('routes-missing') && request.path.startsWith('/v2/routes')) return { status: 404, headers: {}, body: { object: 'error', code: 'not_found', message: 'Not found' } }
    if (has('locale-creates-missing') && request.method === 'POST' && request.path === '/v2/locales') return { status: 404, headers: {}, body: { object: 'error', code: 'not_found', message: 'Not found' } }
    if (has('page-read-500') && request.method === 'GET' && request.path.startsWith('/v6/pages/')) {
      return { status: 500, headers: {}, body: { object: 'error', code: 'internal_error', message: 'Internal server error' } }
    }
    let forwarded = request
    if (has('sort-direction-ignored') && request.path === '/v6/pages' && query.get('sortDirection') === 'desc') {
      query.set('sortDirection', 'asc')
      forwarded = { ...request, query: query.toString() }
    }
    if (has('page-texts-ignored') && request.method === 'PATCH' && request.path.startsWith('/v6/pages/')) {
      const { title: _title, description: _description, ...rest } = bodyOf(request)
      forwarded = { ...forwarded, body: JSON.stringify(rest) }
    }
    let response = inner(forwarded)
    if (byId && response.status === 403) {
      const siteKey = UUID.test(key)
      if ((has('site-key-reaches-objects-by-id') && siteKey) || (has('other-workspace-writes-by-id') && !siteKey && request.method !== 'GET')) {
        response = asOwner(mock, inner, request) ?? response
      }
    }
    let { status, body } = response
    if (has('page-delete-takes-below') && request.path === '/v6/pages' && request.method === 'POST' && status === 201) {
      const { siteId, pathname } = bodyOf(request)
      pagesCreated.set(String((body as Json).id), { siteId: String(siteId), pathname: String(pathname) })
    }
    if (has('page-delete-takes-below') && byId?.[1] === 'v6/pages' && request.method === 'DELETE' && status === 204) {
      // A delete that matches pathnames by prefix: the pages below the deleted one go with it.
      const doomed = pagesCreated.get(byId[2]!)
      for (const [id, page] of pagesCreated) {
        if (doomed && page.siteId === doomed.siteId && page.pathname.startsWith(`${doomed.pathname}/`)) inner({ ...request, path: `/v6/pages/${id}` })
      }
    }
    if (status === 409 && request.method === 'PATCH') {
      if (has('page-rename-conflict-ignored') && request.path.startsWith('/v6/pages/')) return pretendApplied(inner, request, 'pathname')
      if (has('locale-rename-conflict-ignored') && request.path.startsWith('/v2/locales/')) return pretendApplied(inner, request, 'locale')
    }
    if (has('route-over-page-accepted') && status === 409 && request.method === 'POST' && request.path === '/v2/routes' && heldByPage(inner, request)) {
      return { status: 201, headers: response.headers, body: { object: 'route', id: randomUUID(), pathname: bodyOf(request).pathname } }
    }
    if (has('site-delete-leaves-children') && byId) {
      if (request.method === 'DELETE' && status === 204) deletedDirectly.add(byId[2]!)
      const id = byId[2]!
      if (request.method === 'GET' && status === 404 && seen.has(id) && !deletedDirectly.has(id)) return { status: 200, headers: response.headers, body: seen.get(id) }
      if (status === 200 || status === 201) seen.set(id, body as Json)
    }
    if (has('site-delete-leaves-children') && status === 201 && body && typeof (body as Json).id === 'string') seen.set(String((body as Json).id), body as Json)
    if (isList(body)) body = listDefects(has, body, query, request.path)
    if (has('updated-at-frozen')) body = retimed(body, (page) => ({ ...page, updatedAt: page.createdAt }))
    if (has('created-at-follows-update')) body = retimed(body, (page) => ({ ...page, createdAt: page.updatedAt }))
    return { ...response, status, body }
  }
}

function listDefects(has: (defect: ExampleDefect) => boolean, list: Json & { data: Json[] }, query: URLSearchParams, path: string): Json {
  let { data } = list
  if (has('routes-listed-by-id') && path === '/v2/routes') data = sortBy(data, (item) => String(item.id), 'asc', false)
  if (has('sites-listed-newest-first') && path === '/v2/sites') data = [...data].reverse()
  let hasMore = list.hasMore
  const direction = query.get('sortDirection') ?? 'asc'
  const title = (item: Json): string | null => (typeof item.title === 'string' ? item.title : null)
  if (has('title-sort-ignores-case') && query.get('sortBy') === 'title') data = sortBy(data, (item) => title(item)?.toLowerCase() ?? null, direction, false)
  if (has('null-titles-sort-first') && query.get('sortBy') === 'title') data = sortBy(data, title, direction, true)
  if (has('cursor-drops-next-item') && query.has('startingAfter')) data = data.slice(1)
  if (has('has-more-at-exact-limit') && data.length === Number(query.get('limit') ?? 20)) hasMore = true
  return { ...list, data, hasMore }
}

/** Applies a change to every page in a body (one page or a list of them). */
function retimed(body: unknown, change: (page: Json) => Json): unknown {
  const one = (item: Json): Json => (item.object === 'page' ? change(item) : item)
  if (isList(body)) return { ...body, data: body.data.map(one) }
  return body !== null && typeof body === 'object' ? one(body as Json) : body
}
