import { badField, type Json } from './http.js'
import { Fields, isUuid, limitOf } from './input.js'
import type { Page } from './store.js'
import type { Rules } from './rules.js'

/**
 * The operations and how their input is read: the body readers the handlers use, and the
 * reading of a whole request (path, query, body) that `validationOrder` can put before access.
 */
export type Operation =
  | 'sites.list' | 'sites.create' | 'site.read' | 'site.update' | 'site.delete' | 'site.duplicate' | 'site.pages'
  | 'locales.list' | 'locales.create' | 'locale.read' | 'locale.update' | 'locale.delete' | 'locale.restore'
  | 'pages.list' | 'pages.create' | 'page.read' | 'page.update' | 'page.delete'
  | 'routes.list' | 'routes.create' | 'route.read' | 'route.update' | 'route.delete'

const ITEM: Record<string, Record<string, Operation>> = {
  locales: { GET: 'locale.read', PATCH: 'locale.update', DELETE: 'locale.delete' },
  pages: { GET: 'page.read', PATCH: 'page.update', DELETE: 'page.delete' },
  routes: { GET: 'route.read', PATCH: 'route.update', DELETE: 'route.delete' },
}

export function operationOf(family: string, method: string, segments: string[]): Operation | undefined {
  const [first, action, ...more] = segments
  if (more.length > 0) return undefined
  if (first === undefined) return method === 'GET' ? (`${family}.list` as Operation) : method === 'POST' ? (`${family}.create` as Operation) : undefined
  if (family === 'sites') {
    if (action === undefined) return ({ GET: 'site.read', PATCH: 'site.update', DELETE: 'site.delete' } as Record<string, Operation>)[method]
    return action === 'duplicate' && method === 'POST' ? 'site.duplicate' : action === 'pages' && method === 'GET' ? 'site.pages' : undefined
  }
  if (action === undefined) return ITEM[family]?.[method]
  return family === 'locales' && action === 'restore' && method === 'POST' ? 'locale.restore' : undefined
}

const PAGE_LIST_QUERY = ['limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef']
const QUERY: Record<Operation, readonly string[]> = {
  'sites.list': ['workspaceId', 'limit', 'startingAfter'],
  'sites.create': [],
  'site.read': [],
  'site.update': [],
  'site.delete': [],
  'site.duplicate': [],
  'site.pages': PAGE_LIST_QUERY,
  'locales.list': ['siteId', 'limit', 'startingAfter'],
  'locales.create': [],
  'locale.read': ['siteId'],
  'locale.update': ['siteId'],
  'locale.delete': ['siteId'],
  'locale.restore': ['siteId'],
  'pages.list': ['siteId', ...PAGE_LIST_QUERY],
  'pages.create': [],
  'page.read': ['siteId', 'versionRef', 'locale'],
  'page.update': ['siteId'],
  'page.delete': ['siteId'],
  'routes.list': ['siteId', 'limit', 'startingAfter'],
  'routes.create': ['skipValidation'],
  'route.read': ['siteId'],
  'route.update': ['siteId', 'skipValidation'],
  'route.delete': ['siteId'],
}

export const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'] as const
const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const
/** The page's own fields that a page update may carry beyond the published body (`pageUpdateSearchFields`). */
const SEARCH_FIELDS = ['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines'] as const

// --- bodies --------------------------------------------------------------------------------------

export function siteCreateBody(rules: Rules, body: Json) {
  rules.onlyDeclared(body, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale'], 'body')
  const fields = new Fields(body)
  return {
    workspaceId: fields.uuid('workspaceId', true)!,
    name: rules.name(fields, 'name', { required: true, kind: 'site' })!,
    hostOrigin: rules.url(fields, 'hostOrigin', { uri: true, nullable: false }) ?? null,
    defaultLocale: rules.localeCode(fields, 'defaultLocale', false) ?? 'en-US',
  }
}

export function siteUpdateBody(rules: Rules, body: Json) {
  rules.onlyDeclared(body, ['name', 'hostOrigin', 'defaultLocale'], 'body')
  const fields = new Fields(body)
  // The specification: "`defaultLocale` is not accepted in this body".
  if (fields.has('defaultLocale')) throw badField('defaultLocale', 'is not accepted when updating a site')
  // Without choices the update's field is a URI, not null (`hostOriginNull`: refused); null clears the origin at `clears`, and is no change at `unchanged`.
  const nullTaken = rules.choices.hostOriginNull === 'clears' || rules.choices.hostOriginNull === 'unchanged'
  const hostOrigin = rules.url(fields, 'hostOrigin', { uri: true, nullable: nullTaken })
  return { name: rules.name(fields, 'name', { required: false, kind: 'site' }), hostOrigin: hostOrigin === null && rules.choices.hostOriginNull === 'unchanged' ? undefined : hostOrigin }
}

export function duplicateBody(rules: Rules, body: Json): string {
  rules.onlyDeclared(body, ['name'], 'body')
  return rules.name(new Fields(body), 'name', { required: true, kind: 'site' })!
}

export function localeCreateBody(rules: Rules, body: Json) {
  rules.onlyDeclared(body, ['siteId', 'locale', 'domain'], 'body')
  const fields = new Fields(body)
  return { siteId: fields.uuid('siteId', true)!, code: rules.localeCode(fields, 'locale', true)!, domain: rules.url(fields, 'domain', { uri: true, nullable: true }) ?? null }
}

export function localeUpdateBody(rules: Rules, body: Json) {
  rules.onlyDeclared(body, ['locale', 'domain'], 'body')
  const fields = new Fields(body)
  return { code: rules.localeCode(fields, 'locale', false), domain: rules.url(fields, 'domain', { uri: true, nullable: true }) }
}

export function pageCreateBody(rules: Rules, body: Json) {
  rules.onlyDeclared(body, ['siteId', 'pathname', 'name'], 'body')
  const fields = new Fields(body)
  const siteId = fields.uuid('siteId', true)!
  // Any string is a page pathname but the empty one, which no path `/v6/pages/{pageIdOrPathname}` can name.
  const pathname = rules.pagePathname(fields, true)!
  return { siteId, pathname, name: rules.name(fields, 'name', { required: true, kind: 'page' })! }
}

/** The published update (`pathname`, `name`, `isOnline`) and, as `pageUpdateSearchFields` says, the page's other nullable fields. */
export function pageUpdateBody(rules: Rules, body: Json) {
  const searchFields = rules.choices.pageUpdateSearchFields ?? 'applied'
  rules.onlyDeclared(body, ['pathname', 'name', 'isOnline', ...(searchFields === 'refused' ? [] : SEARCH_FIELDS)], 'body')
  const fields = new Fields(body)
  const pathname = rules.pagePathname(fields, false)
  const name = rules.name(fields, 'name', { required: false, kind: 'page' })
  const isOnline = fields.boolean('isOnline')
  const sent = SEARCH_FIELDS.filter((field) => fields.has(field))
  if (searchFields === 'refused' && sent.length > 0) throw badField(sent[0]!, 'is not a field of a page update; accepted: pathname, name, isOnline')
  const changesNothing = pathname === undefined && name === undefined && isOnline === undefined && (searchFields !== 'applied' || sent.length === 0)
  if (changesNothing && rules.choices.emptyPageUpdate === 'refused') throw badField('pathname', 'is missing; send at least one of pathname, name, isOnline')
  if (pathname === undefined && rules.choices.emptyPageUpdate === 'pathname-required') throw badField('pathname', "is missing; every page update carries the page's pathname")
  const changes: Partial<Page> = searchFields !== 'applied' ? {} : {
    title: rules.text(fields, 'title'),
    description: rules.text(fields, 'description'),
    canonicalUrl: rules.url(fields, 'canonicalUrl', { uri: false, nullable: true }),
    socialImageUrl: rules.url(fields, 'socialImageUrl', { uri: false, nullable: true }),
    sitemapPriority: fields.nullable<number>('sitemapPriority', 'number', (value) => (value >= 0 && value <= 1 ? undefined : 'must be from 0 to 1')),
    sitemapFrequency: fields.nullable<string>('sitemapFrequency', 'string', (value) => ((FREQUENCIES as readonly string[]).includes(value) ? undefined : `must be one of ${FREQUENCIES.join(', ')}`)),
    excludedFromSearchEngines: fields.nullable<boolean>('excludedFromSearchEngines', 'boolean'),
  }
  return { pathname, name, isOnline, changes, empty: Object.keys(body).length === 0 }
}

export const skipValidationOf = (query: Json): boolean => new Fields(query).oneOf('skipValidation', ['true', 'false'], 'false') === 'true'

/** A route create's query as the deployment reads it: without skipValidation where its create does not know that parameter (`routeCreateSkipValidation: unknown`). */
export const routeCreateQuery = (rules: Rules, query: Json): Json =>
  rules.choices.routeCreateSkipValidation === 'unknown' ? Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'skipValidation')) : query

/** The query parameters an operation declares: none on a route create whose deployment does not know skipValidation there. */
const declaredQuery = (rules: Rules, operation: Operation): readonly string[] =>
  operation === 'routes.create' && rules.choices.routeCreateSkipValidation === 'unknown' ? [] : QUERY[operation]

/** Whether the route rules wait for the route, or its site, to be found: at `routeRulesOrder: after-lookup` (`slash-with-body`: all but the leading slash), where the whole input goes first (elsewhere they come after access anyway). */
export const routeRulesLater = (rules: Rules): boolean => rules.choices.validationOrder === 'input-first' && (rules.choices.routeRulesOrder === 'after-lookup' || rules.choices.routeRulesOrder === 'slash-with-body')

/** `rulesLater`: the route rules wait for the route, or its site, to be found (`routeRulesOrder: after-lookup`), the body's shape alone judged now. */
export function routeCreateBody(rules: Rules, body: Json, query: Json, rulesLater = false) {
  rules.onlyDeclared(body, ['siteId', 'pathname'], 'body')
  const fields = new Fields(body)
  const siteId = fields.uuid('siteId', true)!
  return { siteId, pathname: rules.routePathname(fields, true, skipValidationOf(routeCreateQuery(rules, query)), rulesLater)! }
}

export function routeUpdateBody(rules: Rules, body: Json, query: Json, rulesLater = false): string | undefined {
  rules.onlyDeclared(body, ['pathname'], 'body')
  return rules.routePathname(new Fields(body), false, skipValidationOf(query), rulesLater)
}

// --- queries -------------------------------------------------------------------------------------

/** The page list's parameters a site's page list does not take, and why, by `sitePagesQuery`. */
const SITE_PAGES_UNTAKEN: Readonly<Record<string, { names: readonly string[]; why: string }>> = {
  pagination: { names: PAGE_LIST_QUERY.filter((name) => name !== 'limit' && name !== 'startingAfter'), why: 'accepted: limit, startingAfter' },
  'fixed-order': { names: ['sortBy', 'sortDirection'], why: 'its pages come in creation order' },
}

/**
 * The query of a page list; on a site's pages, only `limit` and `startingAfter` at `sitePagesQuery:
 * pagination`, and all but the sort at `fixed-order`, which lists them in creation order.
 */
export function pageListQuery(rules: Rules, sent: Json, sitePages: boolean) {
  let query = sent
  const untaken = sitePages ? SITE_PAGES_UNTAKEN[rules.choices.sitePagesQuery ?? 'page-list'] : undefined
  if (untaken !== undefined) {
    // The page list's other parameters are unknown here: refused, or ignored as unknown ones are, but
    // where the untaken ones are refused whatever it does with parameters it does not know (sitePagesUntaken).
    const other = Object.keys(query).find((name) => untaken.names.includes(name))
    if (other !== undefined && (rules.choices.unknownQueryParameters !== 'ignored' || rules.choices.sitePagesUntaken === 'refused')) throw badField(other, `is not taken by the pages of a site; ${untaken.why}`)
    query = Object.fromEntries(Object.entries(query).filter(([name]) => !untaken.names.includes(name)))
  }
  const fields = new Fields(query)
  const sortBy = fields.oneOf('sortBy', SORT_BY, 'path')
  const direction: 1 | -1 = fields.oneOf('sortDirection', ['asc', 'desc'], 'asc') === 'asc' ? 1 : -1
  const includeOffline = fields.oneOf('includeOffline', ['true', 'false'], 'false') === 'true'
  const live = fields.oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live'
  const prefix = rules.pathPrefix(fields)
  const locale = localeQuery(rules, fields)
  limitOf(query, rules.limitRange('other'))
  fields.uuid('startingAfter')
  const creationOrder = sitePages && rules.choices.sitePagesQuery === 'fixed-order'
  return { sortBy, direction, includeOffline, live, prefix, locale, creationOrder }
}

/** `locale` of a page list or read: an empty one is no locale, a 400 at `emptyLocaleQuery: refused`, or at `unknown` a code like any other, which no locale has. */
export function localeQuery(rules: Rules, fields: Fields): string | undefined {
  const locale = fields.string('locale')
  if (locale === '' && rules.choices.emptyLocaleQuery === 'refused') throw badField('locale', 'must not be empty; pass a locale code or id of the site, or leave it out')
  // No code of any grammar and no id, refused before any lookup where the deployment judges the form (`localeQueryForm: refused`).
  if (locale !== undefined && locale !== '' && rules.choices.localeQueryForm === 'refused' && !/^[A-Za-z0-9]+([-_][A-Za-z0-9]+)*$/.test(locale) && !isUuid(locale)) {
    throw badField('locale', 'must be a locale code (letters, a region after - or _) or a locale id')
  }
  return locale === '' && rules.choices.emptyLocaleQuery !== 'unknown' ? undefined : locale
}

/**
 * A malformed path parameter at `malformedPathId: 400`: a site id that is no UUID; and, where names
 * in the path are judged (`malformedPathName: refused`), a locale that is neither an id nor a code,
 * a page pathname without its leading slash where a body needs one. Names looked up as they are
 * (`looked-up`) name nothing when malformed: the lookup's 404.
 */
export function pathParameter(rules: Rules, operation: Operation, value: string | undefined): void {
  if (rules.choices.malformedPathId !== '400' || value === undefined) return
  if (operation.startsWith('site.') && !isUuid(value)) throw badField('siteId', 'must be a UUID')
  if (rules.choices.malformedPathName === 'looked-up') return
  if (operation.startsWith('page.') && !isUuid(value) && rules.choices.pagePathnameForm !== 'any' && !value.startsWith('/')) throw badField('pageIdOrPathname', 'must be a page id (a UUID) or a pathname that starts with /')
  if (operation.startsWith('locale.') && !isUuid(value)) new Fields({ localeIdOrCode: value }).localeCode('localeIdOrCode', false, rules.underscore)
}

/** Reads the path and the query of a request, or the whole of it, for the errors of its input alone. */
export function readInput(rules: Rules, operation: Operation, request: { segments: string[]; query: Json; body: () => Json }, part: 'params' | 'all'): void {
  pathParameter(rules, operation, request.segments[0])
  rules.onlyDeclared(request.query, declaredQuery(rules, operation), 'query')
  const query = new Fields(request.query)
  const byCode = request.segments[0] !== undefined && !isUuid(request.segments[0])
  if (QUERY[operation].includes('siteId')) query.uuid('siteId', operation.endsWith('.list') || byCode)
  if (operation === 'sites.list') query.uuid('workspaceId', true)
  if (operation === 'pages.list' || operation === 'site.pages') pageListQuery(rules, request.query, operation === 'site.pages')
  else if (operation.endsWith('.list')) {
    limitOf(request.query, rules.limitRange(operation === 'locales.list' ? 'locales' : 'other'))
    query.uuid('startingAfter')
  }
  if (operation === 'page.read') {
    query.oneOf('versionRef', ['ref:draft', 'ref:live'], 'ref:draft')
    localeQuery(rules, query)
  }
  if (declaredQuery(rules, operation).includes('skipValidation')) skipValidationOf(request.query)
  if (part === 'params') return
  const body = (): Json => request.body()
  const readers: Partial<Record<Operation, () => unknown>> = {
    'sites.create': () => siteCreateBody(rules, body()),
    'site.update': () => siteUpdateBody(rules, body()),
    'site.duplicate': () => duplicateBody(rules, body()),
    'locales.create': () => localeCreateBody(rules, body()),
    'locale.update': () => localeUpdateBody(rules, body()),
    'pages.create': () => pageCreateBody(rules, body()),
    'page.update': () => pageUpdateBody(rules, body()),
    // Where the route rules wait for the lookup, the handler judges them once the route or its site is found.
    'routes.create': () => routeCreateBody(rules, body(), request.query, routeRulesLater(rules)),
    'route.update': () => routeUpdateBody(rules, body(), request.query, routeRulesLater(rules)),
  }
  readers[operation]?.()
}
