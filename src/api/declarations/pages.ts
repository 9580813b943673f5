import { declareOperation } from '../types.js'

/** The page operations: where each lives, what it takes and answers, and who may call it (what it does: ../pages.ts). */
export const pageOperations = [
  declareOperation({
    operationId: 'createPage',
    method: 'POST',
    path: '/v6/pages',
    summary: 'Create a page in the default locale of its site',
    body: 'page-create.json',
    success: { status: 201, shape: { resource: 'page.json' } },
    errors: [400, 401, 403, 404, 409],
    bodyNamesSite: true,
  }),

  declareOperation({
    operationId: 'listPages',
    method: 'GET',
    path: '/v6/pages',
    summary: "List a site's pages, sorted and filtered",
    query: 'page-list-query.json',
    success: { status: 200, shape: { list: 'page.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'listSitePages',
    method: 'GET',
    path: '/v2/sites/{siteId}/pages',
    summary: "List a site's pages (the same list as GET /v6/pages)",
    params: 'site-params.json',
    query: 'site-pages-query.json',
    success: { status: 200, shape: { list: 'page.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'getPage',
    method: 'GET',
    path: '/v6/pages/{pageIdOrPathname}',
    summary: 'Get a page by id or pathname, as a version and in a locale',
    params: 'page-params.json',
    query: 'page-get-query.json',
    success: { status: 200, shape: { resource: 'page.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'updatePage',
    method: 'PATCH',
    path: '/v6/pages/{pageIdOrPathname}',
    summary: "Update a page's draft: pathname, name, online state and SEO fields",
    params: 'page-params.json',
    query: 'site-query.json',
    body: 'page-update.json',
    success: { status: 200, shape: { resource: 'page.json' } },
    errors: [400, 401, 403, 404, 409],
  }),

  declareOperation({
    operationId: 'deletePage',
    method: 'DELETE',
    path: '/v6/pages/{pageIdOrPathname}',
    summary: 'Delete a page',
    params: 'page-params.json',
    query: 'site-query.json',
    success: { status: 204, shape: 'empty' },
    errors: [400, 401, 403, 404],
  }),
]
