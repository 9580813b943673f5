import { chosen, component, contradiction, openapi, operation, sitemock, spec, type Source } from './sources.js'

/**
 * Where the stateful group's input classes come from: for each operation × parameter × value
 * class of its coverage (src/contract/stateful/coverage.ts), the statement or schema node that
 * fixes how the service answers a value of that class, or sitemock's choice where neither
 * document does. test/contract/sources.test.ts holds every cell of the coverage to a source that
 * states its claim.
 */

const FIELD_LIMITS = 'field-limits'

const notFound = spec('errors.statuses', { 404: { code: 'not_found', for: 'resource does not exist' } })
const conflict = spec('errors.statuses', { 409: { code: 'conflict', for: 'creating a resource that already exists' } })
const uuid = spec('resources.identifiers', { idFormat: 'uuid' })
const keys = spec('authentication.keys', { missingOrInvalid: { status: 401 }, withoutPermission: { status: 403 } })
const MAX_LENGTH_CHOICE = { name: 'nameMaxLength', hostOrigin: 'urlMaxLength', domain: 'urlMaxLength', canonicalUrl: 'urlMaxLength', socialImageUrl: 'urlMaxLength', title: 'titleMaxLength', description: 'descriptionMaxLength', pathname: 'pathnameMaxLength', pathPrefix: 'pathnameMaxLength' } as const
const tooLong = (parameter: string): Source => {
  const id = (MAX_LENGTH_CHOICE as Partial<Record<string, (typeof MAX_LENGTH_CHOICE)[keyof typeof MAX_LENGTH_CHOICE]>>)[parameter]
  const says = `${parameter} has a maximum length`
  return id ? chosen(id, says, 'neither document sets a maximum length') : sitemock(FIELD_LIMITS, says, 'neither document sets a maximum length')
}
const localeCode = sitemock(
  FIELD_LIMITS,
  'a locale code is 2 or 3 lower-case letters, then optionally - and 2 upper-case letters or 3 digits',
  'the documents call it a locale code (a language with an optional region) without a pattern: a deployment may refuse what is not one, or take any string',
)
const localeCodeCase = chosen('localeCodeCase', 'a locale code is written language lower, region upper; another case is refused', 'the documents give no case: a deployment may take FR-fr or pt-br')
const controlCharacters = chosen('controlCharacters', 'names, titles and descriptions refuse control characters', 'neither document says which characters a text field takes')
const emptyName = chosen('emptySiteName', 'a name is 1 to 256 characters', 'the specification sets a minimum length only for the name of a new page')
const pathnameCharacters = chosen('pagePathnameCharacters', 'a pathname starts with /, has no empty segment, whitespace, ? or #; dots, brackets and non-ASCII letters are ordinary characters', 'neither document gives a pathname a format: a deployment may refuse more, or less')
const pagePathnameCase = chosen('pagePathnameCase', 'pathnames are case-sensitive and compared exactly: a capital letter in a page pathname is kept', 'neither document gives a pathname a case: a deployment may store it in lower case, or refuse capital letters')
const routeFormat = sitemock('routes', 'a route pathname has the segment forms of Routes (plain, [name], [...name], [[...name]])', 'the specification writes a route pathname with a leading slash and says validation may be skipped, without the rules')
const pagination = chosen('cursorOutsideList', 'a startingAfter must be the id of an item of that very list, otherwise a 400 naming it', 'the documents say only that it is the id to list after: an id of nothing may be an empty page or a 404')
const unknownItem = chosen('unknownCursor', 'a startingAfter that names no item at all is a 400 naming it', 'the documents say only that it is the id to list after: an id of nothing may be a 404, an empty page, or ignored, the list from its start')
const foreignItem = chosen('foreignCursor', "a startingAfter naming an item of another list (another site's, another family's) is answered as one the list leaves out: a 400 naming it", 'the documents say only that it is the id of the last item listed: a deployment may answer an item of another list with a 404 or an empty page, or one its key does not reach with a 403')
const deletedItem = chosen('deletedCursor', 'a startingAfter naming a site, page or route a delete removed names no item: it is answered as an unknown cursor, a 400 naming it', 'the documents say only that it is the id of the last item listed: a deployment may go on after the place the deleted item had')
const freed = sitemock('pages', 'a pathname or code freed by a rename or delete can be taken again at once')
const routesOnly = sitemock('routes', 'routes other than their update follow the conventions of locales and pages', 'the specification shows only the route update; the published OpenAPI has no routes')
const pageUpdateField = (field: string): Source =>
  chosen('pageUpdateSearchFields', `a page update takes ${field} (as a page answers it), refusing a wrong value`, `the published page update takes only pathname, name and isOnline: a deployment may refuse ${field} or ignore it`)
const listParameter = (field: string): Source => chosen('sitePagesQuery', `GET /v2/sites/{siteId}/pages takes ${field} as GET /v6/pages does`, 'the specification names only limit and startingAfter there: a deployment may refuse or ignore the others')
const limitAbove = chosen('limitAboveMaximum', 'limit is at most 100 on every list: a larger one is refused', 'the specification sets the maximum 100 without saying what a larger limit gets, and states a range on List Locales only: elsewhere limit=101 may be answered as limit=100')
const createSkipValidation = chosen('routeCreateSkipValidation', 'a route create takes skipValidation as Update Route does', 'the specification documents skipValidation on Update Route alone: a create may not know it, and refuse or ignore it')
const pathName = chosen('malformedPathName', 'a page pathname or a locale code in the path that a body would refuse is a 400 naming it', 'the published OpenAPI types the path parameter as a plain string: a deployment may look it up as it is and find nothing, a 404')

const CS = 'CreateSiteV2RequestBodyDto'
const US = 'UpdateSiteV2RequestBodyDto'
const UP = 'UpdatePageV6RequestBodyDto'
const UL = 'UpdateSiteLocaleV2RequestBodyDto'
const CL = 'CreateSiteLocaleV2RequestBodyDto'

/** The list operations by the path of their published operation, when they have one. */
const LIST_PATH: Record<string, string | undefined> = { 'site.list': '/v2/sites', 'locale.list': '/v2/locales', 'page.list': '/v6/pages' }

/** Where a parameter is documented: its valid and absent classes rest there. */
function documented(op: string, parameter: string): readonly Source[] {
  const family = op.split('.')[0]
  if (family === 'route' && op !== 'route.update') return [routesOnly]
  switch (parameter) {
    case 'workspaceId':
      return op === 'site.create' ? [spec('endpoints.create-site', { required: ['workspaceId'] })] : [openapi(`${operation('GET', '/v2/sites')}/parameters/0`, { required: true })]
    case 'name':
      if (op === 'site.create') return [spec('endpoints.create-site', { name: { type: 'string' } })]
      if (op === 'site.update') return [spec('endpoints.update-site', { name: { type: 'string' } })]
      if (op === 'site.duplicate') return [spec('endpoints.duplicate-site', { name: { type: 'string' } })]
      if (op === 'page.create') return [spec('endpoints.create-page', { name: { type: 'string' } })]
      return [openapi(component(UP, 'name'), { type: 'string' })]
    case 'hostOrigin':
      return [spec(op === 'site.create' ? 'endpoints.create-site' : 'endpoints.update-site', { hostOrigin: { format: 'uri' } })]
    case 'defaultLocale':
      return op === 'site.create' ? [spec('endpoints.create-site', { defaultLocale: { default: 'en-US' } })] : [spec('endpoints.update-site', { refuses: ['defaultLocale'] })]
    case 'key':
      return [keys]
    case 'siteId':
      if (op === 'locale.list') return [spec('endpoints.list-locales', { required: ['siteId'] })]
      if (op === 'page.create') return [spec('endpoints.create-page', { required: ['siteId'] })]
      if (op === 'locale.create') return [openapi(component(CL), { required: ['siteId'] })]
      if (op === 'page.list') return [openapi(`${operation('GET', '/v6/pages')}/parameters/0`, { required: true })]
      if (op === 'route.update') return [spec('endpoints.update-route', { siteIdRequiredWith: 'a pathname' })]
      if (op.startsWith('locale.')) return [spec('endpoints.get-locale', { siteIdRequiredWith: 'a locale code' })]
      if (op.startsWith('page.')) return [openapi(`${operation('GET', '/v6/pages/{pageIdOrPathname}')}/parameters/1`, { description: 'required when using a pathname' })]
      return [uuid]
    case 'limit':
      return op === 'route.list' ? [routesOnly] : [spec('limits.limit', { default: 20, maximum: 100 })]
    case 'startingAfter':
      return [spec('endpoints.pagination', { cursor: 'the id of the last item of data' })]
    case 'locale':
      if (op === 'locale.create') return [openapi(component(CL), { required: ['locale'] })]
      if (op === 'locale.update') return [openapi(component(UL, 'locale'), { type: 'string' })]
      return [openapi(`${operation('GET', op === 'page.list' ? '/v6/pages' : '/v6/pages/{pageIdOrPathname}')}/parameters/${op === 'page.list' ? 7 : 3}/schema`, { type: 'string' })]
    case 'domain':
      return [spec('resources.locale', { domain: { format: 'uri', nullable: true } }), openapi(component(op === 'locale.create' ? CL : UL, 'domain'), { format: 'uri' })]
    case 'localeIdOrCode':
      return [spec('endpoints.get-locale', { siteIdRequiredWith: 'a locale code' }), openapi(`${operation('GET', '/v2/locales/{localeIdOrCode}')}/parameters/0`, { description: 'The locale ID or locale code.' })]
    case 'pathname':
      if (op === 'page.create') return [spec('endpoints.create-page', { required: ['pathname'] })]
      if (op === 'page.update') return [openapi(component(UP, 'pathname'), { type: 'string' })]
      return [spec('endpoints.update-route', { pathname: { type: 'string' } })]
    case 'pageIdOrPathname':
      return [openapi(operation('GET', '/v6/pages/{pageIdOrPathname}'), { description: 'Returns a page by its ID or pathname.' })]
    case 'routeIdOrPathname':
      return [spec('endpoints.update-route', { siteIdRequiredWith: 'a pathname' })]
    case 'isOnline':
      return [openapi(component(UP, 'isOnline'), { type: 'boolean' })]
    case 'skipValidation':
      return [spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } })]
    case 'versionRef':
      return [openapi(component(op === 'page.list' ? 'V6PagesGetParametersVersionRef' : 'V6PagesPageIdOrPathnameGetParametersVersionRef'), { enum: ['ref:live', 'ref:draft'] })]
    case 'sortBy':
      return [openapi(component('V6PagesGetParametersSortBy'), { enum: ['title', 'path', 'description', 'updatedAt', 'createdAt'] })]
    case 'sortDirection':
      return [openapi(component('V6PagesGetParametersSortDirection'), { enum: ['asc', 'desc'] })]
    case 'includeOffline':
      return [openapi(component('V6PagesGetParametersIncludeOffline'), { enum: ['true', 'false'] })]
    case 'pathPrefix':
      return [openapi(`${operation('GET', '/v6/pages')}/parameters/3/schema`, { type: 'string', default: '/' })]
    default:
      // title, description, the URLs and the sitemap fields: a page has them, the published update does not take them.
      return [pageUpdateField(parameter)]
  }
}

/** The sources of a value class that the service refuses, or treats in a way of its own. */
function ofClass(op: string, parameter: string, valueClass: string): readonly Source[] | undefined {
  const family = op.split('.')[0]
  const onPageUpdate = op === 'page.update' && !['pathname', 'name', 'isOnline', 'key', 'siteId', 'pageIdOrPathname'].includes(parameter)
  // A limit above 100 on the route list: routes follow the other lists there, and what a larger limit gets is limitAboveMaximum's.
  if (op === 'route.list' && parameter === 'limit' && valueClass === 'above maximum') return [routesOnly, limitAbove]
  // skipValidation sent on a create: the update's parameter, which a create may not know.
  if (op === 'route.create' && parameter === 'skipValidation' && valueClass !== 'absent') return [routesOnly, createSkipValidation]
  if (family === 'route' && op !== 'route.update' && parameter !== 'key') return [routesOnly]
  if (onPageUpdate) return [pageUpdateField(parameter)]
  if (parameter === 'key') {
    const appKeyOnly = ['site.create', 'site.list', 'site.delete', 'site.duplicate'].includes(op)
    return valueClass === 'own site key' && appKeyOnly ? [sitemock('authentication', 'the App key is the only key that can list, create, duplicate or delete sites', 'the documents accept both kinds of key without saying what each may do')] : [keys]
  }
  if (op === 'page.list' && family === 'page' && ['sortBy', 'sortDirection', 'includeOffline', 'versionRef', 'pathPrefix', 'locale'].includes(parameter) && valueClass !== 'absent') {
    // The same cells serve GET /v6/pages and GET /v2/sites/{siteId}/pages, which the specification names with limit and startingAfter alone.
    const own = ofListParameter(parameter, valueClass)
    return own ? [...own, listParameter(parameter)] : undefined
  }
  switch (valueClass) {
    case 'malformed':
      return [uuid, ...(LIST_PATH[op] && parameter === 'startingAfter' ? [openapi(`${operation('GET', LIST_PATH[op]!)}/parameters/2/schema`, { format: 'uuid' })] : [])]
    case 'unknown':
      return parameter === 'startingAfter' ? [unknownItem] : [notFound]
    case 'deleted':
    case 'by name in another site':
    case "another family's id":
      return parameter === 'startingAfter' ? [pagination] : [notFound]
    case 'deleted item':
      // A deleted locale is soft-deleted: an item its list leaves out.
      return op === 'locale.list' ? [pagination] : [deletedItem]
    case "from another site's list":
    case "from another family's list":
      return [foreignItem]
    case 'too long':
      return [tooLong(parameter)]
    case 'taken':
      return parameter === 'locale' ? [conflict, openapi(`${operation('POST', '/v2/locales')}/responses/409`, { status: 409 })] : [conflict, openapi(`${operation('POST', '/v6/pages')}/responses/409`, { status: 409, description: 'A page or route with this pathname already exists.' })]
    case 'freed':
      return [freed]
    case 'present':
      return [spec('endpoints.update-site', { refuses: ['defaultLocale'] }), contradiction(component(US, 'defaultLocale'), { type: 'string' })]
    case 'null':
      if (parameter === 'hostOrigin') return [spec('endpoints.update-site', { hostOrigin: { type: 'string' } }), openapi(component(US, 'hostOrigin'), { type: 'string' }), sitemock('sites', 'hostOrigin: null clears it', 'both documents type it a string: a deployment may refuse null with a 400')]
      return [openapi(component(UL, 'domain'), { type: ['string', 'null'] })]
    case 'empty':
      if (parameter === 'name') return op === 'page.create' ? [spec('limits.page-name', { name: { minLength: 1 } })] : [emptyName]
      if (parameter === 'locale' && op.startsWith('page.')) return [chosen('emptyLocaleQuery', 'an empty locale= is refused', 'the published OpenAPI has locale as any string: an empty one may be read as absent, or looked up as a code no locale has')]
      if (parameter === 'locale' || parameter === 'defaultLocale') return [localeCode]
      return [pathnameCharacters]
    case 'mixed case':
      if (parameter === 'locale' || parameter === 'defaultLocale') return [localeCodeCase]
      if (parameter === 'pathname') return [op.startsWith('page.') ? pagePathnameCase : sitemock('pages', 'pathnames are case-sensitive and compared exactly')]
      return undefined
    case 'unicode':
      if (parameter === 'locale' || parameter === 'defaultLocale') return [localeCode]
      if (parameter === 'pathname') return [pathnameCharacters]
      return undefined
    case 'invalid':
      return ofInvalid(op, parameter)
    case 'below minimum':
      return op === 'locale.list' ? [spec('limits.limit', { minimumOnlyOn: { operation: 'GET /v2/locales', minimum: 1 } })] : [chosen('limitZero', 'limit is at least 1 on every list', 'the specification sets the minimum 1 on List Locales only: elsewhere limit=0 may be refused, or answered')]
    case 'above maximum':
      return op === 'locale.list' ? [spec('limits.limit', { maximum: 100 })] : [limitAbove]
    case 'maximum':
    case 'minimum':
    case 'between':
      return [spec('limits.limit', { maximum: 100 })]
    case 'wrong type':
      return parameter === 'limit' && LIST_PATH[op] ? [openapi(`${operation('GET', LIST_PATH[op]!)}/parameters/1/schema`, { type: 'number' })] : undefined
    default:
      return undefined
  }
}

function ofListParameter(parameter: string, valueClass: string): readonly Source[] | undefined {
  if (valueClass === 'invalid' && ['sortBy', 'sortDirection', 'includeOffline', 'versionRef'].includes(parameter)) return [spec('errors.statuses', { 400: { code: 'bad_request' } }), ...documented('page.list', parameter)]
  if (parameter === 'pathPrefix' && valueClass !== 'valid') return [chosen('pathPrefixForm', 'pathPrefix is a string that starts with /, at most 2048 characters', 'the published OpenAPI has pathPrefix as any string')]
  if (parameter === 'locale' && valueClass !== 'valid') return ofClass('page.get', 'locale', valueClass)
  return documented('page.list', parameter)
}

function ofInvalid(op: string, parameter: string): readonly Source[] {
  switch (parameter) {
    case 'name':
      return [controlCharacters]
    case 'hostOrigin':
      return [spec(op === 'site.create' ? 'endpoints.create-site' : 'endpoints.update-site', { hostOrigin: { format: 'uri' } }), openapi(component(op === 'site.create' ? CS : US, 'hostOrigin'), { format: 'uri' })]
    case 'domain':
      return documented(op, parameter)
    case 'locale':
    case 'defaultLocale':
      return [localeCode]
    case 'pathname':
      return op === 'route.update' ? [routeFormat] : [pathnameCharacters]
    case 'localeIdOrCode':
    case 'pageIdOrPathname':
      return [pathName]
    case 'skipValidation':
      return [spec('errors.statuses', { 400: { code: 'bad_request' } }), spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } })]
    default:
      return [spec('errors.statuses', { 400: { code: 'bad_request' } }), ...documented(op, parameter)]
  }
}

/** The sources of one cell of the stateful group's coverage: how the service answers that class of value there. */
export function sourcesOfClass(op: string, parameter: string, valueClass: string): readonly Source[] {
  return ofClass(op, parameter, valueClass) ?? documented(op, parameter)
}
