import { isUuid } from '../../src/contracts/uuid.js'
import type { PlainAnswer, PlainRequest } from './independent/server.js'

/**
 * Free choices a deployment may make where the specification and the published OpenAPI are
 * silent, put in front of the permissive or the strict implementation (their `wrap` option), so
 * that the contract suite is seen to hold them conforming too: none of these breaks a statement
 * of either document. Each is one alternative of a class of freedom (docs/contract-rules.md).
 */
export const FREE_CHOICES = [
  // Defaults no document fixes: a new page is offline (the page create body has no isOnline).
  'new-pages-offline',
  // Fields a response may leave out: defaultLocalePathPrefix is in no required list and not in the specification's Site table.
  'no-default-locale-path-prefix',
  // What a deployment keeps of the input.
  'trailing-slash-dropped',
  'names-trimmed',
  'canonical-locale-codes',
  // Codes stored and shown in lower case (found whatever the case they are asked in).
  'locale-codes-lower-case',
  'origins-with-trailing-slash',
  'leading-slash-added',
  // What a request may carry beyond the published page update (pathname, name, isOnline).
  'page-search-fields-ignored',
  'page-search-fields-refused',
  // Cursor and lookup semantics.
  'unknown-cursor-404',
  // An empty `locale=` on a page list or read read as a code the site lacks (neither the default locale nor a 400).
  'site-id-beside-id-ignored',
  'live-locale-restore-200',
  // Clock granularity, and how an instant is written.
  'whole-second-clock',
  // A row's createdAt kept to the second (a column without a fraction), with the updatedAt written with it at creation.
  'created-at-seconds',
  // Every instant with the fewest fraction digits, as Go's RFC3339Nano writes it: `…:05.63Z`, `…:05Z` at a whole second.
  'fewest-fraction-digits',
  // A pathname format stricter than any document asks: brackets refused in a route pathname.
  'route-brackets-refused',
] as const
export type FreeChoice = (typeof FREE_CHOICES)[number]

/** A request and an answer as both implementations see them. */
export type { PlainAnswer, PlainRequest }
export type PlainHandle = (request: PlainRequest) => PlainAnswer

type Json = Record<string, unknown>

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const PAGE_SEARCH_FIELDS = ['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines']
const LIST_PATHS = /^\/(v2\/sites|v2\/locales|v2\/routes|v6\/pages|v2\/sites\/[^/]+\/pages)$/
const BY_ID = /^\/(v6\/pages|v2\/locales|v2\/routes)\/([^/]+)(\/restore)?$/
const RESTORE = /^\/v2\/locales\/([^/]+)\/restore$/

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

function bodyOf(request: PlainRequest): Json | undefined {
  try {
    const value = JSON.parse(request.body ?? '') as unknown
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}

const withBody = (request: PlainRequest, body: Json): PlainRequest => ({ ...request, body: JSON.stringify(body) })
const withQuery = (request: PlainRequest, query: URLSearchParams): PlainRequest => ({ ...request, query: query.toString() })
const errorAnswer = (status: number, code: string, message: string, field?: string): PlainAnswer => ({
  status,
  headers: JSON_TYPE,
  body: { object: 'error', code, message, ...(field ? { details: [{ field, message }] } : {}) },
})

/** `en-us` → `en-US`: language lower case, a two-letter region upper case. */
function canonicalCode(code: string): string {
  const [language, ...rest] = code.split('-')
  return [language!.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-')
}

/** `https://a.example` → `https://a.example/`: the form a URL parser writes an origin in. */
const withRootSlash = (value: unknown): unknown => (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+$/i.test(value) ? `${value}/` : value)

/** The answer with every object of its body (itself, the items of a list) changed by `change`, on a copy: the body may be the implementation's own stored object. */
function eachObject(answer: PlainAnswer, change: (item: Json) => void): PlainAnswer {
  if (!isObject(answer.body)) return answer
  const body = JSON.parse(JSON.stringify(answer.body)) as Json
  change(body)
  if (Array.isArray(body.data)) for (const item of body.data) if (isObject(item)) change(item)
  return { ...answer, body }
}

/** An instant without the trailing zeros of its fraction, and without a fraction at a whole second. */
const fewestDigits = (value: unknown): unknown => (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/.test(value) ? value.replace(/0+Z$/, 'Z').replace(/\.Z$/, 'Z') : value)

const toSecond = (value: unknown): unknown => (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/.test(value) ? value.replace(/\.\d+Z$/, '.000Z') : value)

/** What each choice does to a request before the implementation sees it (undefined: nothing). */
function rewrite(choice: FreeChoice, request: PlainRequest): PlainRequest | PlainAnswer {
  const body = bodyOf(request)
  const query = new URLSearchParams(request.query)
  const writesPathname = (request.method === 'POST' || request.method === 'PATCH') && /^\/(v6\/pages|v2\/routes)/.test(request.path) && typeof body?.pathname === 'string'
  switch (choice) {
    case 'trailing-slash-dropped':
      return writesPathname && /.\/$/.test(String(body!.pathname)) ? withBody(request, { ...body, pathname: String(body!.pathname).replace(/\/+$/, '') }) : request
    case 'names-trimmed':
      return (request.method === 'POST' || request.method === 'PATCH') && typeof body?.name === 'string' ? withBody(request, { ...body, name: body.name.trim() }) : request
    case 'canonical-locale-codes':
    case 'locale-codes-lower-case': {
      // Codes are looked up whatever their case: the implementation behind is given the canonical one.
      let changed = query.has('locale') ? withQuery(request, new URLSearchParams([...query].map(([name, value]) => [name, name === 'locale' ? canonicalCode(value) : value]))) : request
      if (body && typeof body.locale === 'string' && request.path.startsWith('/v2/locales')) changed = withBody(changed, { ...body, locale: canonicalCode(body.locale) })
      if (body && typeof body.defaultLocale === 'string' && request.path === '/v2/sites') changed = withBody(changed, { ...body, defaultLocale: canonicalCode(body.defaultLocale) })
      const inPath = /^\/v2\/locales\/([^/]+)(.*)$/.exec(request.path)
      if (inPath && !isUuid(decodeURIComponent(inPath[1]!))) changed = { ...changed, path: `/v2/locales/${encodeURIComponent(canonicalCode(decodeURIComponent(inPath[1]!)))}${inPath[2]}` }
      return changed
    }
    case 'origins-with-trailing-slash': {
      if (!body || !(request.method === 'POST' || request.method === 'PATCH')) return request
      const fields = ['hostOrigin', 'domain'].filter((field) => withRootSlash(body[field]) !== body[field])
      return fields.length ? withBody(request, { ...body, ...Object.fromEntries(fields.map((field) => [field, withRootSlash(body[field])])) }) : request
    }
    case 'leading-slash-added':
      return writesPathname && request.path.startsWith('/v2/routes') && query.get('skipValidation') === 'true' && !String(body!.pathname).startsWith('/') && body!.pathname !== ''
        ? withBody(request, { ...body, pathname: `/${String(body!.pathname)}` })
        : request
    case 'page-search-fields-ignored': {
      if (request.method !== 'PATCH' || !request.path.startsWith('/v6/pages/') || !body) return request
      return withBody(request, Object.fromEntries(Object.entries(body).filter(([field]) => !PAGE_SEARCH_FIELDS.includes(field))))
    }
    case 'page-search-fields-refused': {
      const extra = request.method === 'PATCH' && request.path.startsWith('/v6/pages/') && body ? Object.keys(body).find((field) => PAGE_SEARCH_FIELDS.includes(field)) : undefined
      return extra === undefined ? request : errorAnswer(400, 'bad_request', `${extra}: not a field of the page update (pathname, name, isOnline)`, extra)
    }
    case 'site-id-beside-id-ignored': {
      const match = BY_ID.exec(request.path)
      if (!match || !isUuid(decodeURIComponent(match[2]!)) || !query.has('siteId')) return request
      query.delete('siteId')
      return withQuery(request, query)
    }
    case 'route-brackets-refused':
      return writesPathname && request.path.startsWith('/v2/routes') && /[[\]]/.test(String(body!.pathname)) ? errorAnswer(400, 'bad_request', 'pathname: only letters, digits, "-", "_", "." and "/" are accepted', 'pathname') : request
    default:
      return request
  }
}

/** Whether `id` is an item of the list the request reads, walked from its start. */
function inList(inner: PlainHandle, request: PlainRequest, id: string): boolean {
  const query = new URLSearchParams(request.query)
  query.delete('startingAfter')
  query.set('limit', '100')
  for (let page = 0; page < 100; page++) {
    const answer = inner(withQuery(request, query))
    const body = answer.body as { data?: Json[]; hasMore?: boolean } | undefined
    if (answer.status !== 200 || !body?.data) return true
    if (body.data.some((item) => item.id === id)) return true
    if (!body.hasMore || body.data.length === 0) return false
    query.set('startingAfter', String(body.data[body.data.length - 1]!.id))
  }
  return true
}

/** The whole exchange of one choice: its request rewrite, then what it does around the implementation's answer. */
function around(choice: FreeChoice, inner: PlainHandle): PlainHandle {
  // new-pages-offline: the updatedAt a page had at its creation, by id, while the update that took it offline is its last change.
  const createdTimes = new Map<string, { created: unknown; offline: unknown }>()
  return (original) => {
    const rewritten = rewrite(choice, original)
    if ('status' in rewritten) return rewritten
    const request = rewritten
    const query = new URLSearchParams(request.query)
    if (choice === 'unknown-cursor-404' && request.method === 'GET' && LIST_PATHS.test(request.path) && query.has('startingAfter')) {
      if (!inList(inner, request, query.get('startingAfter')!)) return errorAnswer(404, 'not_found', `startingAfter: no item ${query.get('startingAfter')} in this list`)
    }
    const answer = inner(request)
    switch (choice) {
      case 'new-pages-offline': {
        if (request.method !== 'POST' || request.path !== '/v6/pages' || answer.status !== 201 || !isObject(answer.body)) {
          // A write of the page is a change of its own: from then on its updatedAt is the implementation's.
          const written = /^\/v6\/pages\/([^/]+)$/.exec(request.path)
          if (written && request.method !== 'GET' && answer.status < 300) createdTimes.delete(decodeURIComponent(written[1]!))
          // The update that took a page offline is the implementation's means, not a change of the page: its time is not shown.
          return eachObject(answer, (item) => {
            const times = item.object === 'page' ? createdTimes.get(String(item.id)) : undefined
            if (times && item.updatedAt === times.offline) item.updatedAt = times.created
          })
        }
        // The create body has no isOnline: the deployment turns a new page offline itself.
        const offline = inner({ ...request, method: 'PATCH', path: `/v6/pages/${encodeURIComponent(String(answer.body.id))}`, query: '', body: JSON.stringify({ isOnline: false }) })
        if (offline.status !== 200 || !isObject(offline.body)) return answer
        createdTimes.set(String(answer.body.id), { created: answer.body.updatedAt, offline: offline.body.updatedAt })
        return { ...offline, status: 201, body: { ...offline.body, updatedAt: answer.body.updatedAt } }
      }
      case 'no-default-locale-path-prefix':
        return eachObject(answer, (item) => {
          if (item.object === 'site') delete item.defaultLocalePathPrefix
        })
      case 'locale-codes-lower-case':
        return eachObject(answer, (item) => {
          for (const field of ['locale', 'defaultLocale']) if (typeof item[field] === 'string') item[field] = String(item[field]).toLowerCase()
        })
      case 'whole-second-clock':
        return eachObject(answer, (item) => {
          for (const field of ['createdAt', 'updatedAt', 'publishedAt']) if (field in item) item[field] = toSecond(item[field])
        })
      case 'created-at-seconds':
        return eachObject(answer, (item) => {
          if (item.updatedAt === item.createdAt && 'updatedAt' in item) item.updatedAt = toSecond(item.updatedAt)
          if ('createdAt' in item) item.createdAt = toSecond(item.createdAt)
        })
      case 'fewest-fraction-digits':
        return eachObject(answer, (item) => {
          for (const field of ['createdAt', 'updatedAt', 'publishedAt']) if (field in item) item[field] = fewestDigits(item[field])
        })
      case 'live-locale-restore-200': {
        const match = RESTORE.exec(request.path)
        if (request.method !== 'POST' || !match || (answer.status !== 404 && answer.status !== 409)) return answer
        const live = inner({ ...request, method: 'GET', path: `/v2/locales/${match[1]}`, body: undefined })
        return live.status === 200 ? live : answer
      }
      default:
        return answer
    }
  }
}

/** The implementation behind the choices, the first of the list outermost. */
export function withFreeChoices(inner: PlainHandle, choices: readonly FreeChoice[]): PlainHandle {
  return choices.reduceRight<PlainHandle>((handle, choice) => around(choice, handle), inner)
}
