import { declareOperation } from '../types.js'

/** The route operations: where each lives, what it takes and answers, and who may call it (what it does: ../routes.ts). */
export const routeOperations = [
  declareOperation({
    operationId: 'createRoute',
    method: 'POST',
    path: '/v2/routes',
    summary: 'Create an external route of a site',
    query: 'route-create-query.json',
    body: 'route-create.json',
    success: { status: 201, shape: { resource: 'route.json' } },
    errors: [400, 401, 403, 404, 409],
    bodyNamesSite: true,
  }),

  declareOperation({
    operationId: 'listRoutes',
    method: 'GET',
    path: '/v2/routes',
    summary: "List a site's routes, ordered by pathname",
    query: 'route-list-query.json',
    success: { status: 200, shape: { list: 'route.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'getRoute',
    method: 'GET',
    path: '/v2/routes/{routeIdOrPathname}',
    summary: 'Get a route by id, or by pathname with siteId',
    params: 'route-params.json',
    query: 'site-query.json',
    success: { status: 200, shape: { resource: 'route.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'updateRoute',
    method: 'PATCH',
    path: '/v2/routes/{routeIdOrPathname}',
    summary: "Change a route's pathname",
    params: 'route-params.json',
    query: 'route-update-query.json',
    body: 'route-update.json',
    success: { status: 200, shape: { resource: 'route.json' } },
    errors: [400, 401, 403, 404, 409],
  }),

  declareOperation({
    operationId: 'deleteRoute',
    method: 'DELETE',
    path: '/v2/routes/{routeIdOrPathname}',
    summary: 'Delete a route',
    params: 'route-params.json',
    query: 'site-query.json',
    success: { status: 204, shape: 'empty' },
    errors: [400, 401, 403, 404],
  }),
]
