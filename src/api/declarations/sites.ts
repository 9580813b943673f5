import { declareOperation } from '../types.js'

/** The site operations: where each lives, what it takes and answers, and who may call it (what it does: ../sites.ts). */
export const siteOperations = [
  declareOperation({
    operationId: 'createSite',
    method: 'POST',
    path: '/v2/sites',
    summary: 'Create a site, with its default locale',
    body: 'site-create.json',
    success: { status: 201, shape: { resource: 'site.json' } },
    errors: [400, 401, 403],
    appKeyOnly: true,
  }),

  declareOperation({
    operationId: 'listSites',
    method: 'GET',
    path: '/v2/sites',
    summary: "List a workspace's sites, oldest first",
    query: 'site-list-query.json',
    success: { status: 200, shape: { list: 'site.json' } },
    errors: [400, 401, 403],
    appKeyOnly: true,
  }),

  declareOperation({
    operationId: 'getSite',
    method: 'GET',
    path: '/v2/sites/{siteId}',
    summary: 'Get a site',
    params: 'site-params.json',
    success: { status: 200, shape: { resource: 'site.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'updateSite',
    method: 'PATCH',
    path: '/v2/sites/{siteId}',
    summary: "Update a site's name or host origin",
    params: 'site-params.json',
    body: 'site-update.json',
    success: { status: 200, shape: { resource: 'site.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'deleteSite',
    method: 'DELETE',
    path: '/v2/sites/{siteId}',
    summary: 'Delete a site with its locales, pages and routes',
    params: 'site-params.json',
    success: { status: 204, shape: 'empty' },
    errors: [400, 401, 403, 404],
    appKeyOnly: true,
  }),

  declareOperation({
    operationId: 'duplicateSite',
    method: 'POST',
    path: '/v2/sites/{siteId}/duplicate',
    summary: 'Copy a site with its locales, pages and routes under fresh ids',
    params: 'site-params.json',
    body: 'site-duplicate.json',
    success: { status: 201, shape: { resource: 'site.json' } },
    errors: [400, 401, 403, 404],
    appKeyOnly: true,
  }),
]
