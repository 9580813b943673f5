import { ruleOf, type RuleId } from './rules.js'
import { chosen, component, contradiction, openapi, operation, sitemock, spec, type Source } from './sources.js'

/**
 * Where each rule of docs/contract-rules.md comes from. A rule may rest on several sources; the
 * parts of a check that only sitemock's choices hold run inside `ctx.sitemockChoice`, so that a
 * check of a documented rule fails only on what a document states.
 */
export const RULE_SOURCES: Readonly<Record<RuleId, readonly Source[]>> = {
  'answer-shape': [
    spec('overview.json', { contentType: 'application/json', listFields: ['object', 'data', 'hasMore'] }),
    spec('errors.body', { fields: ['object', 'code', 'message'] }),
    openapi(component('BadRequestResponseDto'), { required: ['object', 'code', 'message'] }),
  ],
  'keys-401': [spec('authentication.keys', { missingOrInvalid: { status: 401, code: 'unauthorized' } }), spec('errors.statuses', { 401: { code: 'unauthorized' } })],
  'tenant-403': [spec('authentication.keys', { withoutPermission: { status: 403, code: 'forbidden' } }), openapi(`${operation('POST', '/v2/sites')}/responses/403`, { status: 403 })],
  'site-key-sites': [sitemock('authentication', 'the App key is the only key that can list, create, duplicate or delete sites; the documents accept both kinds of key without saying what each may do')],
  'site-key-scope': [
    spec('authentication.keys', { withoutPermission: { status: 403 } }),
    spec('resources.site', { required: ['publicApiKey'] }),
    openapi(`${operation('GET', '/v2/sites/{siteId}')}/parameters/1`, { description: 'Site API key' }),
    openapi(`${operation('GET', '/v2/sites/{siteId}')}/responses/403`, { status: 403 }),
  ],
  'object-authorization': [spec('authentication.keys', { withoutPermission: { status: 403, code: 'forbidden' } }), openapi(`${operation('GET', '/v2/locales/{localeIdOrCode}')}/responses/403`, { status: 403 })],
  'read-back': [
    spec('endpoints.update-site', { operation: 'PATCH /v2/sites/{siteId}' }),
    openapi(operation('GET', '/v2/sites/{siteId}'), { description: 'Returns a site by its ID.' }),
    openapi(operation('GET', '/v2/locales/{localeIdOrCode}'), { description: 'Returns a locale by its ID or locale code.' }),
    openapi(operation('GET', '/v6/pages/{pageIdOrPathname}'), { description: 'Returns a page by its ID or pathname.' }),
  ],
  duplicate: [spec('endpoints.duplicate-site', { copies: 'all content and configuration' }), openapi(operation('POST', '/v2/sites/{siteId}/duplicate'), { description: 'with all its content and configuration' })],
  cascade: [sitemock('sites', "deleting a site deletes its locales, pages and routes; neither document says what a delete does beyond the deleted resource")],
  timestamps: [
    spec('resources.page', { createdAt: { means: 'creation time' }, updatedAt: { means: 'last update time' } }),
    chosen('updatedAtAtCreation', 'a new page has updatedAt equal to createdAt', 'updatedAt may be null until the first change (nullable, "last update time")'),
    chosen('emptyPatchUpdatedAt', 'every PATCH, an empty one included, moves updatedAt forward', 'an empty PATCH changes nothing, so it may leave updatedAt'),
    chosen('onlineUpdatedAt', 'turning a page online or offline moves updatedAt forward, as any change does', "turning a page online or offline is its publication, which may leave updatedAt"),
  ],
  'invalid-input': [
    spec('errors.statuses', { 400: { code: 'bad_request', for: 'invalid request body or query parameters' } }),
    spec('errors.body', { details: { on: 400, item: ['field', 'message'] } }),
    openapi(`${operation('POST', '/v2/sites')}/responses/400`, { status: 400 }),
  ],
  'lookup-needs-site': [
    spec('endpoints.get-locale', { siteIdRequiredWith: 'a locale code' }),
    spec('endpoints.update-route', { siteIdRequiredWith: 'a pathname' }),
    openapi(`${operation('GET', '/v2/locales/{localeIdOrCode}')}/parameters/1`, { description: 'required when using a locale code' }),
    openapi(`${operation('GET', '/v6/pages/{pageIdOrPathname}')}/parameters/1`, { description: 'required when using a pathname' }),
  ],
  'default-locale': [sitemock('locales', "the site's default locale cannot be deleted (a 400); the published OpenAPI declares a 400 for the delete without saying when")],
  'route-skip-validation': [spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } })],
  pathnames: [
    spec('errors.statuses', { 409: { code: 'conflict', for: 'creating a resource that already exists' } }),
    openapi(`${operation('POST', '/v6/pages')}/responses/409`, { status: 409, description: 'A page or route with this pathname already exists.' }),
    openapi(`${operation('PATCH', '/v6/pages/{pageIdOrPathname}')}/responses/409`, { status: 409, description: 'A page or route with this pathname already exists.' }),
  ],
  'locale-codes': [
    spec('errors.statuses', { 409: { code: 'conflict' } }),
    openapi(`${operation('POST', '/v2/locales')}/responses/409`, { status: 409 }),
    openapi(`${operation('PATCH', '/v2/locales/{localeIdOrCode}')}/responses/409`, { status: 409 }),
  ],
  'pagination-walk': [
    spec('endpoints.pagination', { cursor: 'the id of the last item of data', ends: 'hasMore is false' }),
    spec('limits.limit', { default: 20 }),
    openapi(`${operation('GET', '/v2/locales')}/parameters/2`, { description: 'The pagination cursor.' }),
    openapi(`${operation('GET', '/v2/locales')}/parameters/1/schema`, { default: 20 }),
  ],
  'pagination-boundaries': [
    spec('endpoints.pagination', { ends: 'hasMore is false' }),
    spec('overview.json', { listFields: ['hasMore'] }),
    openapi(`${operation('GET', '/v2/locales')}/parameters/1`, { description: 'The maximum number of locales to return.' }),
    openapi(component('ListSiteLocaleV2ResponseBodyDto', 'hasMore'), { type: 'boolean', description: 'whether there are more' }),
  ],
  'pagination-parameters': [
    spec('limits.limit', { maximum: 100, minimumOnlyOn: { operation: 'GET /v2/locales', minimum: 1 } }),
    spec('endpoints.list-locales', { limit: { minimum: 1, maximum: 100 }, startingAfter: { format: 'uuid' } }),
    openapi(`${operation('GET', '/v2/locales')}/parameters/2/schema`, { format: 'uuid' }),
  ],
  'sort-order': [
    openapi(component('V6PagesGetParametersSortBy'), { enum: ['title', 'path', 'description', 'updatedAt', 'createdAt'] }),
    openapi(component('V6PagesGetParametersSortDirection'), { enum: ['asc', 'desc'] }),
  ],
  'path-versions': [
    spec('versioning.paths', { v2: ['sites', 'locales', 'routes'], v6: ['pages'] }),
    openapi(operation('GET', '/v2/sites/{siteId}'), { summary: 'Get Site' }),
    openapi(operation('POST', '/v6/pages'), { summary: 'Create Page' }),
  ],
  // The model compares what the documents fix; what each class of input it sends rests on is in class-sources.ts.
  'same-as-the-mock': [
    spec('errors.statuses', { 400: { code: 'bad_request' }, 404: { code: 'not_found' }, 409: { code: 'conflict' } }),
    spec('authentication.keys', { missingOrInvalid: { status: 401 }, withoutPermission: { status: 403 } }),
    spec('endpoints.pagination', { cursor: 'the id of the last item of data' }),
    spec('resources.page', { createdAt: { means: 'creation time' }, updatedAt: { means: 'last update time' } }),
  ],
}

/**
 * The pagination checks of a published list, each on that list's own parameters (not the locale
 * list's): `key` is the check id's list, `dto` the list's published response.
 */
function listSources(key: 'sites' | 'pages', template: string, dto: string): Array<[RegExp, readonly Source[]]> {
  const parameter = (index: number, schema: boolean, claim: Record<string, unknown>): Source => openapi(`${operation('GET', template)}/parameters/${index}${schema ? '/schema' : ''}`, claim)
  return [
    [new RegExp(`^pagination\\.${key}\\.walk$`), [spec('endpoints.pagination', { cursor: 'the id of the last item of data', ends: 'hasMore is false' }), spec('limits.limit', { default: 20 }), parameter(2, false, { description: 'The pagination cursor.' }), parameter(1, true, { default: 20 })]],
    [new RegExp(`^pagination\\.${key}\\.boundaries$`), [spec('endpoints.pagination', { ends: 'hasMore is false' }), spec('overview.json', { listFields: ['hasMore'] }), parameter(1, false, { description: 'The maximum number of' }), openapi(component(dto, 'hasMore'), { type: 'boolean', description: 'whether there are more' })]],
    [new RegExp(`^pagination\\.${key}\\.limit-range$`), [spec('limits.limit', { maximum: 100 }), parameter(1, true, { type: 'number' })]],
    [new RegExp(`^pagination\\.${key}\\.bad-cursor$`), [spec('endpoints.pagination', { cursor: 'the id of the last item of data' }), spec('resources.identifiers', { idFormat: 'uuid' }), parameter(2, true, { format: 'uuid' })]],
  ]
}

/** One parameter of the page list, by its place in the published OpenAPI's list. */
const PAGE_LIST = (index: number, description: string): Source => openapi(`${operation('GET', '/v6/pages')}/parameters/${index}`, { description })

/** Checks whose source is narrower than their rule's. */
const CHECK_SOURCES: Array<[RegExp, readonly Source[]]> = [
  [/^lifecycle\.filter\.page-path-prefix$/, [PAGE_LIST(3, 'begins with this value')]],
  [/^lifecycle\.filter\.page-include-offline$/, [PAGE_LIST(6, 'whether to include offline pages')]],
  [/^lifecycle\.filter\.page-locale-default$/, [spec('resources.page', { locale: { default: "the site's default locale" } }), PAGE_LIST(7, 'The locale code to filter pages by.')]],
  [/^pagination\.pages\.sorts-offline-by-field$/, [PAGE_LIST(4, 'The field to sort pages by.'), PAGE_LIST(5, 'The sort direction.')]],
  [
    /^lifecycle\.lookup\.code-in-named-site$/,
    [
      spec('endpoints.get-locale', { siteIdRequiredWith: 'a locale code' }),
      spec('endpoints.update-route', { siteIdRequiredWith: 'a pathname' }),
      openapi(`${operation('GET', '/v6/pages/{pageIdOrPathname}')}/parameters/1`, { description: 'required when using a pathname' }),
    ],
  ],
  [/^lifecycle\.lookup\.renamed-old-pathname$/, [spec('endpoints.update-route', { pathname: { type: 'string' } }), openapi(operation('GET', '/v6/pages/{pageIdOrPathname}'), { description: 'Returns a page by its ID or pathname.' })]],
  [/^lifecycle\.route\.skip-validation-false$/, [spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } })]],
  [/^lifecycle\.duplicate\.independent$/, RULE_SOURCES.duplicate],
  [/^auth\.object\.site-key\.copy-of-its-site$|^auth\.object\.refused-delete\.site$/, [spec('authentication.keys', { withoutPermission: { status: 403, code: 'forbidden' } }), openapi(`${operation('GET', '/v6/pages')}/responses/403`, { status: 403 })]],
  [/^lifecycle\.refused\.page-update$/, [spec('errors.statuses', { 400: { code: 'bad_request', for: 'invalid request body or query parameters' } }), openapi(`${operation('PATCH', '/v6/pages/{pageIdOrPathname}')}/responses/400`, { status: 400 })]],
  [/^auth\.site-key-no-sites$/, RULE_SOURCES['site-key-sites']],
  [/^conflicts\.locale-restore$/, [chosen('restoreLiveLocale', 'restoring a locale that is not deleted is a 409, and so is restoring one whose code was taken again', 'a live locale may also be a 404 (nothing deleted to restore), or a 400 naming its path parameter')]],
  [/^conflicts\.route-over-route$|^conflicts\.route-update-onto-route$/, [spec('errors.statuses', { 409: { code: 'conflict', for: 'creating a resource that already exists' } })]],
  [/^pagination\.[\w-]+\.foreign-cursor$/, [chosen('cursorOutsideList', 'a startingAfter that is no item of that very list is a 400 naming it', 'the documents say only that it is the id to list after')]],
  [/^pagination\.sites\.order$/, [chosen('siteListOrder', 'sites are listed oldest first')]],
  [/^pagination\.locales\.order$/, [chosen('localeListOrder', 'locales are listed in creation order, the default locale first')]],
  [/^pagination\.routes\.order$/, [chosen('routeListOrder', 'routes are listed by pathname, ties by id')]],
  ...listSources('sites', '/v2/sites', 'ListSiteV2ResponseBodyDto'),
  ...listSources('pages', '/v6/pages', 'ListPagesV2ResponseBodyDto'),
  [/^pagination\.routes\.|^pagination\.site-pages\./, [spec('endpoints.pagination', { cursor: 'the id of the last item of data' }), spec('limits.limit', { maximum: 100 })]],
  [/^versions\.undocumented$/, [spec('versioning.paths', { v2: ['sites'] }), spec('errors.statuses', { 404: { code: 'not_found' } })]],
  [/^lifecycle\.site\.update$/, [spec('endpoints.update-site', { accepts: ['name', 'hostOrigin'] }), openapi(operation('PATCH', '/v2/sites/{siteId}'), { description: 'Updates an existing site.' })]],
  // The other read-back checks rest on the statements of their own operations, not on the site update's.
  [/^lifecycle\.site\.create$/, [spec('endpoints.create-site', { operation: 'POST /v2/sites' }), openapi(operation('POST', '/v2/sites'), { description: 'Creates a new site in a workspace.' }), openapi(operation('GET', '/v2/sites/{siteId}'), { description: 'Returns a site by its ID.' })]],
  [/^lifecycle\.site\.delete$/, [spec('errors.statuses', { 404: { code: 'not_found', for: 'resource does not exist' } }), openapi(operation('DELETE', '/v2/sites/{siteId}'), { description: 'Deletes a site.' })]],
  [
    /^lifecycle\.locale\.(create|update|delete-restore)$/,
    [
      spec('endpoints.get-locale', { operation: 'GET /v2/locales/{localeIdOrCode}', siteIdRequiredWith: 'a locale code' }),
      openapi(operation('GET', '/v2/locales/{localeIdOrCode}'), { description: 'Returns a locale by its ID or locale code.' }),
      openapi(operation('PATCH', '/v2/locales/{localeIdOrCode}'), { description: 'Updates an existing locale.' }),
      openapi(operation('POST', '/v2/locales/{localeIdOrCode}/restore'), { description: 'Restores a previously deleted locale.' }),
    ],
  ],
  [/^lifecycle\.page\.create$/, [spec('endpoints.create-page', { operation: 'POST /v6/pages' }), openapi(operation('POST', '/v6/pages'), { description: 'Creates a new page in a site.' }), openapi(operation('GET', '/v6/pages/{pageIdOrPathname}'), { description: 'Returns a page by its ID or pathname.' })]],
  [
    /^lifecycle\.page\.update$/,
    [
      spec('resources.page', { updatedAt: { means: 'last update time' } }),
      openapi(operation('PATCH', '/v6/pages/{pageIdOrPathname}'), { description: 'Updates an existing page.' }),
      openapi(component('UpdatePageV6RequestBodyDto'), { properties: { pathname: {}, name: {}, isOnline: {} } }),
      openapi(`${operation('GET', '/v6/pages')}/parameters/6`, { description: 'whether to include offline pages' }),
    ],
  ],
  [/^lifecycle\.page\.delete$/, [spec('errors.statuses', { 404: { code: 'not_found', for: 'resource does not exist' } }), openapi(operation('DELETE', '/v6/pages/{pageIdOrPathname}'), { description: 'Deletes a page.' })]],
  [/^lifecycle\.cascade\.page-delete$/, [sitemock('pages', 'deleting a page deletes that page alone: the pages below its pathname stay', 'the published OpenAPI says only "Deletes a page."')]],
  [/^auth\.object\.[\w-]+\.page$/, [spec('authentication.keys', { withoutPermission: { status: 403, code: 'forbidden' } }), openapi(`${operation('GET', '/v6/pages/{pageIdOrPathname}')}/responses/403`, { status: 403 })]],
  [/^auth\.object\.[\w-]+\.route$/, [spec('authentication.keys', { withoutPermission: { status: 403, code: 'forbidden' } })]],
  [/^lifecycle\.route\.create-update-delete$/, [spec('endpoints.update-route', { operation: 'PATCH /v2/routes/{routeIdOrPathname}', siteIdRequiredWith: 'a pathname' })]],
  [/^validation\.locale\.code-needs-site$/, [spec('endpoints.get-locale', { siteIdRequiredWith: 'a locale code' }), openapi(`${operation('GET', '/v2/locales/{localeIdOrCode}')}/parameters/1`, { description: 'required when using a locale code' })]],
  [/^validation\.page\.pathname-needs-site$/, [spec('errors.statuses', { 400: { code: 'bad_request' } }), openapi(`${operation('GET', '/v6/pages/{pageIdOrPathname}')}/parameters/1`, { description: 'required when using a pathname' })]],
  [/^validation\.route\.pathname-needs-site$/, [sitemock('routes', 'GET and DELETE of a route by pathname need siteId, as the specification asks of its PATCH')]],
  [/^validation\.locale\.default-undeletable$/, RULE_SOURCES['default-locale']],
  [
    /^validation\.route\.skip-validation$/,
    [
      spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } }),
      chosen('routePathnameSlash', 'without skipValidation a route pathname must start with a slash, at creation too', 'the specification writes route pathnames with a leading slash, which a deployment may or may not enforce'),
      chosen('skipValidationConflicts', 'skipValidation=true never skips the 409 of a pathname a page or another route of the site holds', "a deployment may count a pathname's uniqueness as route validation and skip it too"),
    ],
  ],
]

/** A site update with defaultLocale: the specification refuses it, the published OpenAPI accepts it. */
export const SITE_UPDATE_DEFAULT_LOCALE: readonly Source[] = [
  spec('endpoints.update-site', { refuses: ['defaultLocale'] }),
  contradiction(component('UpdateSiteV2RequestBodyDto', 'defaultLocale'), { type: 'string' }),
]

/** The sources a check has of its own, narrower than its rule's; undefined when it has its rule's. */
export const ownSourcesOf = (checkId: string): readonly Source[] | undefined => CHECK_SOURCES.find(([pattern]) => pattern.test(checkId))?.[1]

/** The sources of a check other than a generated validation case: its own, or its rule's. */
export function sourcesOfRuleCheck(checkId: string): readonly Source[] {
  const own = ownSourcesOf(checkId)
  if (own) return own
  const rule = ruleOf(checkId)
  return rule ? RULE_SOURCES[rule] : []
}
