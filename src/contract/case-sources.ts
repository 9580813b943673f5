import { SITE_UPDATE_DEFAULT_LOCALE, sourcesOfRuleCheck } from './rule-sources.js'
import { chosen, component, operation, sitemock, spec, type Source } from './sources.js'

/**
 * Where each generated validation case comes from, by its check id (a repeated case's `-2`
 * left out): the statement or schema node that refuses the value, or the section of
 * docs/api-behaviour.md where sitemock chose to refuse it. The 400 itself is the invalid-input
 * rule's (the specification's Errors table). test/contract/sources.test.ts holds every case the
 * suite generates, under each profile, to have an entry here.
 */

const body = (dto: string, field: string, claim: Record<string, unknown>): Source => ({ kind: 'openapi', pointer: component(dto, field), claim })
const required = (dto: string, field: string): Source => ({ kind: 'openapi', pointer: component(dto), claim: { required: [field] } })
/** A query parameter of the published OpenAPI: whether it is required is said on the parameter, what it accepts in its schema. */
const query = (method: string, template: string, index: number, claim: Record<string, unknown>): Source => ({ kind: 'openapi', pointer: `${operation(method, template)}/parameters/${index}${'required' in claim ? '' : '/schema'}`, claim })
const invalidQuery = spec('errors.statuses', { 400: { for: 'invalid request body or query parameters' } })

const FIELD_LIMITS = 'field-limits'
const emptyName = chosen('emptySiteName', 'a site name is 1 to 256 characters: an empty one is refused', 'the specification sets a minimum length only for the name of a new page')
const emptyPageName = sitemock(FIELD_LIMITS, 'a page name stays 1 to 256 characters in an update', 'the specification sets the minimum length for the name of a new page only')
const localeCode = sitemock(
  FIELD_LIMITS,
  'a locale code is 2 or 3 lower-case letters, then optionally - and 2 upper-case letters or 3 digits',
  'the documents call it a locale code (a language with an optional region) without a pattern: a deployment may refuse what is not one, or take any string',
)
const pagePathname = chosen('pagePathnameForm', 'a page pathname starts with /, has no empty segment, whitespace, ? or #', 'neither document gives a page pathname a format: a deployment may take any string')
const emptyPagePathname = chosen('pagePathnameSlash', 'a page pathname is not empty', 'neither document gives a page pathname a minimum length: a deployment that adds a missing leading slash takes an empty one as the root /')
const outsideUpdate = (field: string): Source =>
  chosen('pageUpdateSearchFields', `a page update takes ${field} too, and refuses a wrong value of it`, `the published page update takes only pathname, name and isOnline: a deployment may refuse ${field} or ignore it`)
const routes = (what: string): Source => sitemock('routes', what, 'routes other than their update are in neither document')
const pageList = (id: 'emptyLocaleQuery' | 'pathPrefixForm', field: string, what: string, readings: string): Source => chosen(id, `${field}: ${what}`, readings)
const pathPrefixForm = pageList('pathPrefixForm', 'pathPrefix', 'a string that starts with /', 'the published OpenAPI has pathPrefix as any string (/ by default)')
const emptyLocaleQuery = pageList('emptyLocaleQuery', 'locale', 'an empty locale= is refused', 'the published OpenAPI has locale as any string: an empty one may be read as absent, or looked up as a code no locale has')
const malformedPathId = chosen('malformedPathId', 'a malformed id in the path is a 400 naming it', 'the specification\'s 400 covers invalid bodies and query parameters: a malformed path id may as well be a 404')
const sitePagesUntaken = (field: string): Source =>
  chosen('sitePagesUntaken', `where GET /v2/sites/{siteId}/pages does not take ${field}, it is judged as a parameter it does not know`, 'neither document says what it does with the page list\'s other parameters: a deployment may refuse them whatever it does with unknown ones')
/** The sources of a site page list's cell: it takes the parameter (sitePagesQuery), or does not and judges it its own way (sitePagesUntaken). */
const sitePagesQuery = (field: string): Source[] => [
  chosen('sitePagesQuery', `GET /v2/sites/{siteId}/pages takes the list parameters of GET /v6/pages, ${field} among them`, 'the specification names only limit and startingAfter there: a deployment may refuse or ignore the others'),
  sitePagesUntaken(field),
]

const CS = 'CreateSiteV2RequestBodyDto'
const US = 'UpdateSiteV2RequestBodyDto'
const DS = 'DuplicateSiteV2RequestBodyDto'
const CL = 'CreateSiteLocaleV2RequestBodyDto'
const UL = 'UpdateSiteLocaleV2RequestBodyDto'
const CP = 'CreatePageV6RequestBodyDto'
const UP = 'UpdatePageV6RequestBodyDto'

export const CASE_SOURCES: Readonly<Record<string, readonly Source[]>> = {
  'validation.post.v2-sites.workspaceId.missing': [spec('endpoints.create-site', { required: ['workspaceId'] }), required(CS, 'workspaceId')],
  'validation.post.v2-sites.workspaceId.wrong-type': [spec('endpoints.create-site', { workspaceId: { type: 'string' } }), body(CS, 'workspaceId', { type: 'string' })],
  'validation.post.v2-sites.workspaceId.invalid-value': [spec('endpoints.create-site', { workspaceId: { format: 'uuid' } }), body(CS, 'workspaceId', { format: 'uuid' })],
  'validation.post.v2-sites.name.missing': [spec('endpoints.create-site', { required: ['name'] }), required(CS, 'name')],
  'validation.post.v2-sites.name.wrong-type': [spec('endpoints.create-site', { name: { type: 'string' } }), body(CS, 'name', { type: 'string' })],
  'validation.post.v2-sites.name.out-of-range': [emptyName],
  'validation.post.v2-sites.hostOrigin.wrong-type': [spec('endpoints.create-site', { hostOrigin: { type: 'string' } }), body(CS, 'hostOrigin', { type: 'string' })],
  'validation.post.v2-sites.hostOrigin.invalid-value': [spec('endpoints.create-site', { hostOrigin: { format: 'uri' } }), body(CS, 'hostOrigin', { format: 'uri' })],
  'validation.post.v2-sites.defaultLocale.wrong-type': [spec('endpoints.create-site', { defaultLocale: { type: 'string' } }), body(CS, 'defaultLocale', { type: 'string' })],
  'validation.post.v2-sites.defaultLocale.invalid-value': [localeCode],

  'validation.patch.v2-sites-siteId.name.wrong-type': [spec('endpoints.update-site', { name: { type: 'string' } }), body(US, 'name', { type: 'string' })],
  'validation.patch.v2-sites-siteId.name.out-of-range': [emptyName],
  'validation.patch.v2-sites-siteId.hostOrigin.wrong-type': [spec('endpoints.update-site', { hostOrigin: { type: 'string' } }), body(US, 'hostOrigin', { type: 'string' })],
  'validation.patch.v2-sites-siteId.hostOrigin.invalid-value': [spec('endpoints.update-site', { hostOrigin: { format: 'uri' } }), body(US, 'hostOrigin', { format: 'uri' })],
  'validation.patch.v2-sites-siteId.defaultLocale.not-accepted': SITE_UPDATE_DEFAULT_LOCALE,
  // Generated under --profile published alone, whose site update takes defaultLocale (a string); the specification refuses it at all.
  'validation.patch.v2-sites-siteId.defaultLocale.wrong-type': [body(US, 'defaultLocale', { type: 'string' }), spec('endpoints.update-site', { refuses: ['defaultLocale'] })],

  'validation.post.v2-sites-siteId-duplicate.name.missing': [spec('endpoints.duplicate-site', { required: ['name'] }), required(DS, 'name')],
  'validation.post.v2-sites-siteId-duplicate.name.wrong-type': [spec('endpoints.duplicate-site', { name: { type: 'string' } }), body(DS, 'name', { type: 'string' })],
  'validation.post.v2-sites-siteId-duplicate.name.out-of-range': [emptyName],

  'validation.post.v2-locales.siteId.missing': [required(CL, 'siteId')],
  'validation.post.v2-locales.siteId.wrong-type': [body(CL, 'siteId', { type: 'string' })],
  'validation.post.v2-locales.siteId.invalid-value': [spec('resources.identifiers', { idFormat: 'uuid' }), body(CL, 'siteId', { format: 'uuid' })],
  'validation.post.v2-locales.locale.missing': [required(CL, 'locale')],
  'validation.post.v2-locales.locale.wrong-type': [body(CL, 'locale', { type: 'string' })],
  'validation.post.v2-locales.locale.invalid-value': [localeCode],
  'validation.post.v2-locales.domain.wrong-type': [body(CL, 'domain', { type: 'string' })],
  'validation.post.v2-locales.domain.invalid-value': [spec('resources.locale', { domain: { format: 'uri' } }), body(CL, 'domain', { format: 'uri' })],

  'validation.patch.v2-locales-localeIdOrCode.locale.wrong-type': [body(UL, 'locale', { type: 'string' })],
  'validation.patch.v2-locales-localeIdOrCode.locale.invalid-value': [localeCode],
  'validation.patch.v2-locales-localeIdOrCode.domain.wrong-type': [body(UL, 'domain', { type: ['string', 'null'] })],
  'validation.patch.v2-locales-localeIdOrCode.domain.invalid-value': [spec('resources.locale', { domain: { format: 'uri' } }), body(UL, 'domain', { format: 'uri' })],

  'validation.post.v6-pages.siteId.missing': [spec('endpoints.create-page', { required: ['siteId'] }), required(CP, 'siteId')],
  'validation.post.v6-pages.siteId.wrong-type': [spec('endpoints.create-page', { siteId: { type: 'string' } }), body(CP, 'siteId', { type: 'string' })],
  'validation.post.v6-pages.siteId.invalid-value': [spec('endpoints.create-page', { siteId: { format: 'uuid' } }), body(CP, 'siteId', { format: 'uuid' })],
  'validation.post.v6-pages.pathname.missing': [spec('endpoints.create-page', { required: ['pathname'] }), required(CP, 'pathname')],
  'validation.post.v6-pages.pathname.wrong-type': [spec('endpoints.create-page', { pathname: { type: 'string' } }), body(CP, 'pathname', { type: 'string' })],
  'validation.post.v6-pages.pathname.invalid-value': [pagePathname],
  'validation.post.v6-pages.pathname.out-of-range': [emptyPagePathname],
  'validation.post.v6-pages.name.missing': [spec('endpoints.create-page', { required: ['name'] }), required(CP, 'name')],
  'validation.post.v6-pages.name.wrong-type': [spec('endpoints.create-page', { name: { type: 'string' } }), body(CP, 'name', { type: 'string' })],
  'validation.post.v6-pages.name.out-of-range': [spec('limits.page-name', { name: { minLength: 1 } }), spec('endpoints.create-page', { name: { minLength: 1 } })],

  'validation.patch.v6-pages-pageIdOrPathname.pathname.wrong-type': [body(UP, 'pathname', { type: 'string' })],
  'validation.patch.v6-pages-pageIdOrPathname.pathname.invalid-value': [pagePathname],
  'validation.patch.v6-pages-pageIdOrPathname.pathname.out-of-range': [emptyPagePathname],
  'validation.patch.v6-pages-pageIdOrPathname.name.wrong-type': [body(UP, 'name', { type: 'string' })],
  'validation.patch.v6-pages-pageIdOrPathname.name.out-of-range': [emptyPageName],
  'validation.patch.v6-pages-pageIdOrPathname.isOnline.wrong-type': [body(UP, 'isOnline', { type: 'boolean' })],
  'validation.patch.v6-pages-pageIdOrPathname.title.wrong-type': [outsideUpdate('title')],
  'validation.patch.v6-pages-pageIdOrPathname.description.wrong-type': [outsideUpdate('description')],
  'validation.patch.v6-pages-pageIdOrPathname.canonicalUrl.wrong-type': [outsideUpdate('canonicalUrl')],
  // Refused only by a deployment that takes the field in an update at all (pageUpdateSearchFields) and holds it to a URL's form (urlFormat).
  'validation.patch.v6-pages-pageIdOrPathname.canonicalUrl.invalid-value': [
    chosen('urlFormat', 'canonicalUrl is an absolute URL', 'the specification has it as a string or null, with no format; the published page update does not take it'),
    outsideUpdate('canonicalUrl'),
  ],
  'validation.patch.v6-pages-pageIdOrPathname.socialImageUrl.wrong-type': [outsideUpdate('socialImageUrl')],
  'validation.patch.v6-pages-pageIdOrPathname.socialImageUrl.invalid-value': [
    chosen('urlFormat', 'socialImageUrl is an absolute URL', 'the specification has it as a string or null, with no format; the published page update does not take it'),
    outsideUpdate('socialImageUrl'),
  ],
  'validation.patch.v6-pages-pageIdOrPathname.sitemapPriority.wrong-type': [outsideUpdate('sitemapPriority')],
  'validation.patch.v6-pages-pageIdOrPathname.sitemapPriority.out-of-range': [outsideUpdate('sitemapPriority (0 to 1, as the specification has it on a page)')],
  'validation.patch.v6-pages-pageIdOrPathname.sitemapFrequency.wrong-type': [outsideUpdate('sitemapFrequency')],
  'validation.patch.v6-pages-pageIdOrPathname.sitemapFrequency.invalid-value': [outsideUpdate('sitemapFrequency (one of the seven values the specification lists on a page)')],
  'validation.patch.v6-pages-pageIdOrPathname.excludedFromSearchEngines.wrong-type': [outsideUpdate('excludedFromSearchEngines')],

  'validation.post.v2-routes.siteId.missing': [routes('a route create takes siteId in its body, required')],
  'validation.post.v2-routes.siteId.wrong-type': [routes('a route create takes siteId, a UUID string')],
  'validation.post.v2-routes.siteId.invalid-value': [routes('a route create takes siteId, a UUID string')],
  'validation.post.v2-routes.pathname.missing': [routes('a route create takes pathname, required')],
  'validation.post.v2-routes.pathname.wrong-type': [routes('a route create takes pathname, a string')],
  'validation.post.v2-routes.pathname.out-of-range': [routes('a route pathname is 1 to 2048 characters: an empty one is refused')],
  'validation.patch.v2-routes-routeIdOrPathname.pathname.wrong-type': [spec('endpoints.update-route', { pathname: { type: 'string' } })],
  'validation.patch.v2-routes-routeIdOrPathname.pathname.out-of-range': [routes('a route pathname is 1 to 2048 characters: an empty one is refused')],
  'validation.patch.v2-routes-routeIdOrPathname.skipValidation.invalid-value': [invalidQuery, spec('endpoints.update-route', { skipValidation: { enum: ['true', 'false'] } })],

  'validation.get.v2-sites.workspaceId.missing': [invalidQuery, query('GET', '/v2/sites', 0, { required: true })],
  'validation.get.v2-sites.workspaceId.invalid-value': [invalidQuery, query('GET', '/v2/sites', 0, { format: 'uuid' })],
  'validation.get.v2-locales.siteId.missing': [spec('endpoints.list-locales', { required: ['siteId'] }), query('GET', '/v2/locales', 0, { required: true })],
  'validation.get.v2-locales.siteId.invalid-value': [spec('endpoints.list-locales', { siteId: { format: 'uuid' } }), query('GET', '/v2/locales', 0, { format: 'uuid' })],
  'validation.get.v6-pages.siteId.missing': [invalidQuery, query('GET', '/v6/pages', 0, { required: true })],
  'validation.get.v6-pages.siteId.invalid-value': [invalidQuery, query('GET', '/v6/pages', 0, { format: 'uuid' })],
  'validation.get.v6-pages.pathPrefix.invalid-value': [pathPrefixForm],
  'validation.get.v6-pages.sortBy.invalid-value': [invalidQuery, { kind: 'openapi', pointer: component('V6PagesGetParametersSortBy'), claim: { enum: ['title', 'path', 'description', 'updatedAt', 'createdAt'] } }],
  'validation.get.v6-pages.sortDirection.invalid-value': [invalidQuery, { kind: 'openapi', pointer: component('V6PagesGetParametersSortDirection'), claim: { enum: ['asc', 'desc'] } }],
  'validation.get.v6-pages.includeOffline.invalid-value': [invalidQuery, { kind: 'openapi', pointer: component('V6PagesGetParametersIncludeOffline'), claim: { enum: ['true', 'false'] } }],
  'validation.get.v6-pages.locale.out-of-range': [emptyLocaleQuery],
  'validation.get.v6-pages.versionRef.invalid-value': [invalidQuery, { kind: 'openapi', pointer: component('V6PagesGetParametersVersionRef'), claim: { enum: ['ref:live', 'ref:draft'] } }],
  'validation.get.v2-routes.siteId.missing': [routes('the route list takes siteId, required')],
  'validation.get.v2-routes.siteId.invalid-value': [routes('the route list takes siteId, a UUID')],
  // Refused only by a deployment that takes the parameter there (sitePagesQuery) and refuses the value on the page list too.
  'validation.get.v2-sites-siteId-pages.pathPrefix.invalid-value': [...sitePagesQuery('pathPrefix'), pathPrefixForm],
  'validation.get.v2-sites-siteId-pages.sortBy.invalid-value': [...sitePagesQuery('sortBy')],
  'validation.get.v2-sites-siteId-pages.sortDirection.invalid-value': [...sitePagesQuery('sortDirection')],
  'validation.get.v2-sites-siteId-pages.includeOffline.invalid-value': [...sitePagesQuery('includeOffline')],
  'validation.get.v2-sites-siteId-pages.locale.out-of-range': [...sitePagesQuery('locale'), emptyLocaleQuery],
  'validation.get.v2-sites-siteId-pages.versionRef.invalid-value': [...sitePagesQuery('versionRef')],
  'validation.get.v2-sites-siteId.siteId.invalid-value': [malformedPathId],
  'validation.get.v2-sites-siteId-pages.siteId.invalid-value': [malformedPathId],
}

/** The sources of a check: a generated validation case's own, else its rule's (or its own override). */
export function sourcesOfCheck(checkId: string): readonly Source[] {
  return CASE_SOURCES[checkId.replace(/-\d+$/, '')] ?? sourcesOfRuleCheck(checkId)
}
