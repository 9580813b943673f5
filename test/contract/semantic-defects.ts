import { randomUUID } from 'node:crypto'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import type { Mock } from '../../src/mock.js'
import { publishedDocument } from '../../src/contract/published.js'

/**
 * Defects of meaning: every answer keeps a documented status and a body that matches its
 * schema, yet the behaviour behind it is wrong. Schema checks cannot see them; the stateful
 * group, comparing with the mock as the oracle, must.
 */
export const SEMANTIC_DEFECTS = [
  // List order
  'page-desc-sorted-asc',
  'page-updated-sorted-as-created',
  'page-title-nulls-first',
  'routes-sorted-descending',
  'locales-newest-first',
  // Pagination boundaries
  'has-more-when-exactly-limit-left',
  'last-item-lost-at-limit-plus-one',
  'page-short-by-one-after-cursor',
  'item-after-cursor-skipped',
  // The workspace's site list alone skips the item after a cursor: a walk must see it whatever else the list holds.
  'site-list-skips-after-cursor',
  // What a delete does to what hangs below it
  'site-delete-leaves-pages',
  'page-delete-keeps-pathname',
  'deleted-site-key-answers-404',
  // Timestamps
  'page-created-at-follows-updates',
  'page-updated-at-frozen',
  'empty-patch-keeps-updated-at',
  // Conflicts on every write path
  'page-over-route-created',
  'route-over-page-created',
  'page-renamed-onto-page',
  'locale-code-twice',
  'locale-renamed-onto-code',
  // Object-level authorization by resource kind and key kind
  'site-key-reads-other-site-page',
  'site-key-writes-other-site-route',
  'site-key-reads-other-site-locale',
  // What the documents' filters, flags and lookups mean, and side effects they decide (docs/contract-statements.md)
  'page-prefix-excludes-equal',
  'default-locale-filter-empty',
  'include-offline-false-lists-offline',
  'offline-pages-sorted-last',
  'locale-code-looked-up-anywhere',
  'renamed-route-keeps-old-pathname',
  'skip-validation-false-skips',
  'duplicate-pages-tied',
  'original-key-reaches-copy',
  'refused-site-delete-takes-pages',
  'refused-page-update-applies-pathname',
  'page-pathname-looked-up-anywhere',
  'route-pathname-looked-up-anywhere',
  'renamed-page-keeps-old-pathname',
  'restore-leaves-locale-deleted',
  'page-update-not-stored',
  'page-list-values-read-loosely',
  'skip-validation-read-loosely',
  'uuid-fields-read-loosely',
  'uri-fields-take-iris',
] as const
export type SemanticDefect = (typeof SEMANTIC_DEFECTS)[number]

type Json = Record<string, unknown>
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const PAGE_LIST = /^\/(v6\/pages|v2\/sites\/[^/]+\/pages)$/
/** The body fields the published OpenAPI declares `format: uri`, which a WHATWG URL parser takes as IRIs too. */
const URI_FIELDS = ['hostOrigin', 'domain'] as const
/** An IRI as a WHATWG URL parser keeps it: its host in punycode (`https://xn--exmple-cua.com/`); anything else as it is. */
function punycoded(value: unknown): unknown {
  if (typeof value !== 'string' || /^[\x00-\x7f]*$/.test(value) || !URL.canParse(value)) return value
  const { origin, pathname, search, hash } = new URL(value)
  return pathname === '/' && search === '' && hash === '' && !value.endsWith('/') ? origin : `${origin}${pathname}${search}${hash}`
}
/** The body and query fields both documents declare `format: uuid`, which a forgiving reader takes in any spelling. */
const UUID_FIELDS = ['siteId', 'workspaceId'] as const
/** A forgiving reader's UUID: 32 hex digits, or the hyphenated form in braces, as the hyphenated form; anything else as it is. */
function looseUuid(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const bare = /^[0-9a-f]{32}$/i.test(value) ? value : /^\{([0-9a-f-]{36})\}$/i.exec(value)?.[1]?.replaceAll('-', '')
  return bare === undefined ? value : `${bare.slice(0, 8)}-${bare.slice(8, 12)}-${bare.slice(12, 16)}-${bare.slice(16, 20)}-${bare.slice(20)}`
}

/** What a lax boolean reads its spellings as, in any case. */
const LAX_BOOLEANS: ReadonlyMap<string, string> = new Map([['true', 'true'], ['1', 'true'], ['yes', 'true'], ['false', 'false'], ['0', 'false'], ['no', 'false']])
/** The page list's parameters with a list of values, read from the published OpenAPI (`V6PagesGetParametersSortBy` gives sortBy). */
const PAGE_LIST_VALUES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(((publishedDocument.components as { schemas?: Record<string, { enum?: string[] }> } | undefined)?.schemas ?? {}))
    .filter(([name, schema]) => name.startsWith('V6PagesGetParameters') && Array.isArray(schema.enum))
    .map(([name, schema]) => {
      const parameter = name.slice('V6PagesGetParameters'.length)
      return [parameter[0]!.toLowerCase() + parameter.slice(1), schema.enum!] as const
    }),
)

/** The member a forgiving reader takes a value for: any letter case, no `ref:`, a sort's `-`, `1` for `true`. */
function looseMember(value: string, members: readonly string[]): string | undefined {
  return members.find((member) => member.toLowerCase() === value.toLowerCase() || member === `ref:${value.toLowerCase()}` || `-${member}` === value || (value === '1' && member === 'true'))
}

/** A page list's query with each value a forgiving reader takes for a member replaced by it, or undefined when none is. */
function loosened(params: URLSearchParams): string | undefined {
  const read = new URLSearchParams(params)
  let changed = false
  for (const [name, members] of PAGE_LIST_VALUES) {
    const value = params.get(name)
    if (value === null || members.includes(value)) continue
    const member = looseMember(value, members)
    if (member === undefined) continue
    read.set(name, member)
    changed = true
  }
  return changed ? read.toString() : undefined
}

const isList = (body: unknown): body is Json & { data: Json[] } => (body as Json | undefined)?.object === 'list'

function parseBody(request: ApiRequest): Json {
  try {
    const value = JSON.parse(request.body ?? '{}') as unknown
    return value !== null && typeof value === 'object' ? (value as Json) : {}
  } catch {
    return {}
  }
}

const ok = (status: number, body: unknown): ApiResponse => ({ status, headers: JSON_TYPE, body })
const errorOf = (status: number, code: string, message: string): ApiResponse => ok(status, { object: 'error', code, message })

/** The mock with the semantic defects given: the other parts of the server see it as the mock itself. */
export function withSemanticDefects(mock: Mock, defects: ReadonlySet<string>): Mock {
  const has = (defect: SemanticDefect): boolean => defects.has(defect)
  const deletedPages = new Map<string, Json>()
  const freedPathnames = new Set<string>()
  const deletedSiteKeys = new Set<string>()
  const store = (): Mock['store'] => mock.store

  /** The App key of the workspace a key belongs to. */
  const appKeyOf = (key: string | undefined): string | undefined => {
    if (key === undefined) return undefined
    const site = store().siteByApiKey.get(key)
    return site ? store().workspaces.get(site.workspaceId)?.appApiKey : store().workspaceByAppKey.get(key) ? key : undefined
  }
  const as = (request: ApiRequest, changes: Partial<ApiRequest>, key?: string): ApiResponse =>
    mock.handle({ ...request, ...changes, headers: { ...request.headers, ...(key === undefined ? {} : { 'x-api-key': key }) } })
  const query = (request: ApiRequest): URLSearchParams => new URLSearchParams(request.query)

  /** A list answered from the whole list, reordered or cut the defect's way. */
  const relist = (request: ApiRequest, reorder: (items: Json[]) => Json[], cut: Cut = standardCut): ApiResponse => {
    const asked = mock.handle(request)
    if (asked.status !== 200) return asked
    const params = query(request)
    const whole = new URLSearchParams(params)
    whole.delete('startingAfter')
    whole.set('limit', '100')
    const response = as(request, { query: whole.toString() })
    if (response.status !== 200 || !isList(response.body)) return as(request, {})
    const items = reorder(response.body.data)
    const cursor = params.get('startingAfter')
    const start = cursor === null ? 0 : items.findIndex((item) => item.id === cursor) + 1
    if (cursor !== null && start === 0) return as(request, {})
    const limit = Number(params.get('limit') ?? 20)
    return ok(200, { object: 'list', ...cut(items, start, limit, cursor !== null) })
  }

  const handle = (request: ApiRequest): ApiResponse => {
    const { method, path } = request
    const params = query(request)
    const key = request.headers['x-api-key']
    if (has('deleted-site-key-answers-404') && key !== undefined && deletedSiteKeys.has(key)) return errorOf(404, 'not_found', 'Not found.')
    const documented = documentedDefect(request)
    if (documented !== undefined) return documented
    if (method === 'GET' && PAGE_LIST.test(path)) {
      if (has('page-desc-sorted-asc') && params.get('sortDirection') === 'desc') return as(request, { query: withParam(params, 'sortDirection', 'asc') })
      if (has('page-updated-sorted-as-created') && params.get('sortBy') === 'updatedAt') return as(request, { query: withParam(params, 'sortBy', 'createdAt') })
      if (has('page-title-nulls-first') && params.get('sortBy') === 'title') return relist(request, (items) => [...items.filter((item) => item.title === null), ...items.filter((item) => item.title !== null)])
    }
    if (method === 'GET' && path === '/v2/routes' && has('routes-sorted-descending')) return relist(request, (items) => [...items].reverse())
    if (method === 'GET' && path === '/v2/locales' && has('locales-newest-first')) return relist(request, (items) => [...items].reverse())
    if (method === 'GET' && (PAGE_LIST.test(path) || ['/v2/routes', '/v2/locales', '/v2/sites'].includes(path))) {
      if (has('has-more-when-exactly-limit-left')) return relist(request, same, (items, start, limit) => ({ data: items.slice(start, start + limit), hasMore: items.length - start >= limit }))
      if (has('last-item-lost-at-limit-plus-one')) {
        return relist(request, same, (items, start, limit) => (items.length - start === limit + 1 ? { data: items.slice(start, start + limit), hasMore: false } : standardCut(items, start, limit)))
      }
      if (has('page-short-by-one-after-cursor')) {
        return relist(request, same, (items, start, limit, after) => (after && limit > 1 ? { data: items.slice(start, start + limit - 1), hasMore: start + limit < items.length } : standardCut(items, start, limit)))
      }
      if (has('item-after-cursor-skipped')) return relist(request, same, (items, start, limit, after) => standardCut(items, after ? Math.min(start + 1, items.length) : start, limit))
    }
    if (method === 'GET' && path === '/v2/sites' && has('site-list-skips-after-cursor')) {
      return relist(request, same, (items, start, limit, after) => standardCut(items, after ? Math.min(start + 1, items.length) : start, limit))
    }
    if (method === 'DELETE' && /^\/v2\/sites\/[^/]+$/.test(path)) {
      const site = store().sites.get(decodeURIComponent(path.split('/')[3]!))
      const key = appKeyOf(site?.publicApiKey)
      const pages = site && key !== undefined ? as(request, { method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&includeOffline=true&limit=100`, body: undefined }, key) : undefined
      const response = mock.handle(request)
      if (response.status === 204 && site) {
        if (has('deleted-site-key-answers-404')) deletedSiteKeys.add(site.publicApiKey)
        if (has('site-delete-leaves-pages') && isList(pages?.body)) for (const page of pages.body.data) deletedPages.set(String(page.id), page)
      }
      return response
    }
    if (method === 'DELETE' && path.startsWith('/v6/pages/') && has('page-delete-keeps-pathname')) {
      const page = as(request, { method: 'GET' })
      const siteId = siteOfPage(page.body)
      const response = mock.handle(request)
      if (response.status === 204 && siteId) freedPathnames.add(`${siteId} ${String((page.body as Json).pathname)}`)
      return response
    }
    if (method === 'POST' && (path === '/v6/pages' || path === '/v2/routes') && has('page-delete-keeps-pathname')) {
      const body = parseBody(request)
      const siteId = String(body.siteId)
      const allowed = key !== undefined && (store().siteByApiKey.get(key)?.id === siteId || store().workspaceByAppKey.get(key)?.id === store().sites.get(siteId)?.workspaceId)
      if (allowed && freedPathnames.has(`${siteId} ${String(body.pathname)}`) && !store().pathnames.owner(siteId, String(body.pathname))) {
        return errorOf(409, 'conflict', 'A page or route with this pathname already exists in this site.')
      }
    }
    if (method === 'PATCH' && path.startsWith('/v6/pages/') && has('empty-patch-keeps-updated-at') && Object.keys(parseBody(request)).length === 0) {
      const current = as(request, { method: 'GET', body: undefined })
      if (current.status === 200) return current
    }
    const response = mock.handle(request)
    return adjust(request, response)
  }

  /** The answer of the mock, changed the defect's way. */
  const adjust = (request: ApiRequest, response: ApiResponse): ApiResponse => {
    const { method, path } = request
    const key = request.headers['x-api-key']
    const body = parseBody(request)
    if (response.status === 404 && has('site-delete-leaves-pages') && method === 'GET' && path.startsWith('/v6/pages/')) {
      const page = deletedPages.get(decodeURIComponent(path.split('/')[3]!))
      if (page) return ok(200, page)
    }
    if (response.status === 409) {
      const owner = store().pathnames.owner(String(body.siteId), String(body.pathname))
      if (has('page-over-route-created') && method === 'POST' && path === '/v6/pages' && owner?.kind === 'route') return ok(201, newPage(store(), body))
      if (has('route-over-page-created') && method === 'POST' && path === '/v2/routes' && owner?.kind === 'page') return ok(201, { object: 'route', id: randomUUID(), pathname: body.pathname })
      if (has('locale-code-twice') && method === 'POST' && path === '/v2/locales') {
        return ok(201, { object: 'locale', id: randomUUID(), locale: body.locale, domain: body.domain ?? null, pathPrefix: null, isDefault: false })
      }
      if (method === 'PATCH' && typeof body.pathname === 'string' && has('page-renamed-onto-page') && path.startsWith('/v6/pages/')) {
        const page = as(request, { method: 'GET', body: undefined })
        if (page.status === 200 && store().pathnames.owner(siteOfPage(page.body) ?? '', body.pathname)?.kind === 'page') return ok(200, { ...(page.body as Json), pathname: body.pathname })
      }
      if (method === 'PATCH' && typeof body.locale === 'string' && has('locale-renamed-onto-code') && path.startsWith('/v2/locales/')) {
        const locale = as(request, { method: 'GET', body: undefined })
        if (locale.status === 200) return ok(200, { ...(locale.body as Json), locale: body.locale })
      }
    }
    if (response.status === 403 && key !== undefined && store().siteByApiKey.has(key)) {
      const widened =
        (has('site-key-reads-other-site-page') && method === 'GET' && path.startsWith('/v6/pages/')) ||
        (has('site-key-writes-other-site-route') && method !== 'GET' && path.startsWith('/v2/routes/')) ||
        (has('site-key-reads-other-site-locale') && method === 'GET' && path.startsWith('/v2/locales/'))
      if (widened) return adjust(request, as(request, {}, appKeyOf(key)))
    }
    if (has('page-created-at-follows-updates')) return retimePages(response, (page) => ({ ...page, createdAt: page.updatedAt }))
    if (has('page-updated-at-frozen')) return retimePages(response, (page) => ({ ...page, updatedAt: page.createdAt }))
    return response
  }

  /** The site of a page body, looked up in the store. */
  const siteOfPage = (page: unknown): string | undefined => store().pages.byId.get(String((page as Json | undefined)?.id))?.siteId

  // The defects of documented filters, lookups and side effects: what they remember of earlier calls.
  const knownSites = new Set<string>()
  /** Pathnames a page or route had before a rename, to the id they named. */
  const formerPathnames = new Map<string, string>()
  const twinPages = new Map<string, string>()
  const copies = new Map<string, string>()

  /** The pages of a site, read with the request's own key. */
  const pagesOf = (request: ApiRequest, siteId: string): Json[] => {
    const listed = as(request, { method: 'GET', path: '/v6/pages', query: `siteId=${siteId}&includeOffline=true&limit=100`, body: undefined })
    return isList(listed.body) ? listed.body.data : []
  }

  /** Whether a request names a site made by duplicating another: by siteId, by its path, or by one of its pages. */
  const concernsCopy = (request: ApiRequest): boolean => {
    const siteId = query(request).get('siteId') ?? /^\/v2\/sites\/([^/]+)/.exec(request.path)?.[1]
    const pageId = /^\/v6\/pages\/([^/]+)$/.exec(request.path)?.[1]
    const pageSite = pageId === undefined ? undefined : store().pages.byId.get(decodeURIComponent(pageId))?.siteId
    return [siteId, pageSite].some((id) => id !== undefined && copies.has(id))
  }

  /** The answer under one of the documented-rule defects, or undefined when none applies to the request. */
  const documentedDefect = (request: ApiRequest): ApiResponse | undefined => {
    const { method, path } = request
    const params = query(request)
    const key = request.headers['x-api-key']
    if (method === 'GET' && PAGE_LIST.test(path)) {
      const loose = has('page-list-values-read-loosely') ? loosened(params) : undefined
      if (loose !== undefined) return as(request, { query: loose })
      if (has('include-offline-false-lists-offline') && params.get('includeOffline') === 'false') return as(request, { query: withParam(params, 'includeOffline', 'true') })
      if (has('offline-pages-sorted-last') && params.get('includeOffline') === 'true') return relist(request, (items) => [...items.filter((item) => item.isOnline !== false), ...items.filter((item) => item.isOnline === false)])
      const prefix = params.get('pathPrefix')
      if (has('page-prefix-excludes-equal') && prefix !== null) return filtered(mock.handle(request), (item) => item.pathname !== prefix)
      const siteId = params.get('siteId') ?? decodeURIComponent(path.split('/')[3] ?? '')
      if (has('default-locale-filter-empty') && params.get('locale') === store().sites.get(siteId)?.defaultLocale) return filtered(mock.handle(request), () => false)
    }
    const anywhere = (has('locale-code-looked-up-anywhere') && path.startsWith('/v2/locales/')) || (has('page-pathname-looked-up-anywhere') && path.startsWith('/v6/pages/')) || (has('route-pathname-looked-up-anywhere') && path.startsWith('/v2/routes/'))
    if (anywhere && params.has('siteId')) {
      const response = mock.handle(request)
      if (response.status !== 404) return response
      for (const other of knownSites) {
        const elsewhere = as(request, { query: withParam(params, 'siteId', other) })
        if (elsewhere.status < 300) return elsewhere
      }
      return response
    }
    if (has('skip-validation-false-skips') && path.startsWith('/v2/routes') && params.get('skipValidation') === 'false') return as(request, { query: withParam(params, 'skipValidation', 'true') })
    // A lax boolean's spellings of the enum true | false (TRUE, 1, yes; FALSE, 0, no) read as the member they stand for.
    const skip = params.get('skipValidation')
    const member = skip === null || skip === 'true' || skip === 'false' ? undefined : LAX_BOOLEANS.get(skip.toLowerCase())
    if (has('skip-validation-read-loosely') && path.startsWith('/v2/routes') && member !== undefined) return as(request, { query: withParam(params, 'skipValidation', member) })
    // A URI field holding an IRI (a letter outside ASCII in its host) taken as WHATWG's URL parser reads it, its host in punycode.
    if (has('uri-fields-take-iris') && (method === 'POST' || method === 'PATCH')) {
      const body = parseBody(request)
      const taken = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, (URI_FIELDS as readonly string[]).includes(name) ? punycoded(value) : value]))
      if (JSON.stringify(taken) !== JSON.stringify(body)) return as(request, { body: JSON.stringify(taken) })
    }
    // A UUID field in any spelling Python's uuid.UUID or .NET's Guid.Parse reads (no hyphens, braces) read as the hyphenated form.
    if (has('uuid-fields-read-loosely')) {
      const loosened = new URLSearchParams(params)
      for (const field of UUID_FIELDS) if (params.has(field)) loosened.set(field, String(looseUuid(params.get(field))))
      const body = parseBody(request)
      const looseBody = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, (UUID_FIELDS as readonly string[]).includes(name) ? looseUuid(value) : value]))
      const bodyChanged = JSON.stringify(looseBody) !== JSON.stringify(body)
      if (bodyChanged || loosened.toString() !== params.toString()) return as(request, { query: loosened.toString(), ...(bodyChanged ? { body: JSON.stringify(looseBody) } : {}) })
    }
    const renamedFamily = has('renamed-route-keeps-old-pathname') && /^\/v2\/routes\/[^/]+$/.test(path) ? '/v2/routes/' : has('renamed-page-keeps-old-pathname') && /^\/v6\/pages\/[^/]+$/.test(path) ? '/v6/pages/' : undefined
    if (renamedFamily !== undefined) {
      const named = decodeURIComponent(path.split('/')[3]!)
      const before = method === 'PATCH' ? as(request, { method: 'GET', body: undefined }) : undefined
      const response = mock.handle(request)
      const formerId = formerPathnames.get(named)
      if (response.status === 404 && formerId !== undefined) return as(request, { path: `${renamedFamily}${encodeURIComponent(formerId)}` })
      const old = (before?.body as Json | undefined)?.pathname
      if (response.status === 200 && typeof old === 'string' && old !== (response.body as Json).pathname) formerPathnames.set(old, String((response.body as Json).id))
      return response
    }
    const remembersSites = ['locale-code-looked-up-anywhere', 'page-pathname-looked-up-anywhere', 'route-pathname-looked-up-anywhere', 'duplicate-pages-tied', 'original-key-reaches-copy'].some((defect) => defects.has(defect))
    if (method === 'POST' && (path === '/v2/sites' || /^\/v2\/sites\/[^/]+\/duplicate$/.test(path)) && remembersSites) {
      const response = mock.handle(request)
      if (response.status !== 201) return response
      const created = response.body as Json
      knownSites.add(String(created.id))
      const originalId = /^\/v2\/sites\/([^/]+)\/duplicate$/.exec(path)?.[1]
      if (originalId === undefined) return response
      const original = decodeURIComponent(originalId)
      copies.set(String(created.id), store().sites.get(original)?.publicApiKey ?? '')
      if (has('duplicate-pages-tied')) {
        const copied = pagesOf(request, String(created.id))
        for (const page of pagesOf(request, original)) {
          const twin = copied.find((candidate) => candidate.pathname === page.pathname)
          if (twin) twinPages.set(String(page.id), String(twin.id)).set(String(twin.id), String(page.id))
        }
      }
      return response
    }
    if (has('duplicate-pages-tied') && method === 'PATCH' && path.startsWith('/v6/pages/')) {
      const response = mock.handle(request)
      const twin = twinPages.get(decodeURIComponent(path.split('/')[3]!))
      if (response.status === 200 && twin !== undefined) as(request, { path: `/v6/pages/${encodeURIComponent(twin)}` })
      return response
    }
    if (has('original-key-reaches-copy') && key !== undefined && [...copies.values()].includes(key) && concernsCopy(request)) {
      const response = mock.handle(request)
      return response.status === 403 ? as(request, {}, appKeyOf(key)) : response
    }
    if (has('refused-site-delete-takes-pages') && method === 'DELETE' && /^\/v2\/sites\/[^/]+$/.test(path)) {
      const response = mock.handle(request)
      const site = store().sites.get(decodeURIComponent(path.split('/')[3]!))
      const appKey = appKeyOf(site?.publicApiKey)
      if (response.status === 403 && site && appKey !== undefined) {
        const asApp = { ...request, headers: { ...request.headers, 'x-api-key': appKey } }
        for (const page of pagesOf(asApp, site.id)) as(asApp, { method: 'DELETE', path: `/v6/pages/${encodeURIComponent(String(page.id))}`, query: '', body: undefined })
      }
      return response
    }
    if (has('restore-leaves-locale-deleted') && method === 'POST' && /^\/v2\/locales\/[^/]+\/restore$/.test(path)) {
      const response = mock.handle(request)
      if (response.status === 200) as(request, { method: 'DELETE', path: path.replace(/\/restore$/, ''), body: undefined })
      return response
    }
    if (has('page-update-not-stored') && method === 'PATCH' && path.startsWith('/v6/pages/')) {
      const before = as(request, { method: 'GET', body: undefined })
      const response = mock.handle(request)
      if (response.status !== 200 || before.status !== 200) return response
      // The answer says the change was made; the page is put back as it was.
      const was = before.body as Json
      as(request, { body: JSON.stringify({ pathname: was.pathname, isOnline: was.isOnline }) })
      return response
    }
    if (has('refused-page-update-applies-pathname') && method === 'PATCH' && path.startsWith('/v6/pages/')) {
      const response = mock.handle(request)
      const pathname = parseBody(request).pathname
      if (response.status === 400 && typeof pathname === 'string') as(request, { body: JSON.stringify({ pathname }) })
      return response
    }
    return undefined
  }

  return Object.assign(Object.create(mock) as Mock, { handle })
}

const same = (items: Json[]): Json[] => items
/** One page of the whole list: from `start`, `limit` items; `after` tells a page that follows a cursor. */
type Cut = (items: Json[], start: number, limit: number, after: boolean) => { data: Json[]; hasMore: boolean }
function standardCut(items: Json[], start: number, limit: number): { data: Json[]; hasMore: boolean } {
  return { data: items.slice(start, start + limit), hasMore: start + limit < items.length }
}

/** A list answer with only the items `keep` keeps. */
function filtered(response: ApiResponse, keep: (item: Json) => boolean): ApiResponse {
  return isList(response.body) ? { ...response, body: { ...response.body, data: response.body.data.filter(keep) } } : response
}

function withParam(params: URLSearchParams, name: string, value: string): string {
  const changed = new URLSearchParams(params)
  changed.set(name, value)
  return changed.toString()
}

function retimePages(response: ApiResponse, change: (page: Json) => Json): ApiResponse {
  const retime = (item: Json): Json => (item.object === 'page' ? change(item) : item)
  if (isList(response.body)) return { ...response, body: { ...response.body, data: response.body.data.map(retime) } }
  if (response.body !== null && typeof response.body === 'object') return { ...response, body: retime(response.body as Json) }
  return response
}

/** A page body as a create would answer it, for a page that is never stored. */
function newPage(store: Mock['store'], body: Json): Json {
  const at = new Date().toISOString()
  return {
    object: 'page', id: randomUUID(), pathname: body.pathname, canonicalUrl: null, title: null, description: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: null, createdAt: at, updatedAt: at, publishedAt: null, isOnline: true,
    excludedFromSearchEngines: null, locale: store.sites.get(String(body.siteId))?.defaultLocale ?? 'en-US', localizations: [],
  }
}
