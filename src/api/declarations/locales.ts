import { declareOperation } from '../types.js'

/** The locale operations: where each lives, what it takes and answers, and who may call it (what it does: ../locales.ts). */
export const localeOperations = [
  declareOperation({
    operationId: 'createLocale',
    method: 'POST',
    path: '/v2/locales',
    summary: 'Add a locale to a site',
    body: 'locale-create.json',
    success: { status: 201, shape: { resource: 'locale.json' } },
    errors: [400, 401, 403, 404, 409],
    bodyNamesSite: true,
  }),

  declareOperation({
    operationId: 'listLocales',
    method: 'GET',
    path: '/v2/locales',
    summary: "List a site's locales, the default first",
    query: 'locale-list-query.json',
    success: { status: 200, shape: { list: 'locale.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'getLocale',
    method: 'GET',
    path: '/v2/locales/{localeIdOrCode}',
    summary: 'Get a locale by id, or by code with siteId',
    params: 'locale-params.json',
    query: 'site-query.json',
    success: { status: 200, shape: { resource: 'locale.json' } },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'updateLocale',
    method: 'PATCH',
    path: '/v2/locales/{localeIdOrCode}',
    summary: "Change a locale's code or domain",
    params: 'locale-params.json',
    query: 'site-query.json',
    body: 'locale-update.json',
    success: { status: 200, shape: { resource: 'locale.json' } },
    errors: [400, 401, 403, 404, 409],
  }),

  declareOperation({
    operationId: 'deleteLocale',
    method: 'DELETE',
    path: '/v2/locales/{localeIdOrCode}',
    summary: 'Soft-delete a locale (restorable); the default locale cannot be deleted',
    params: 'locale-params.json',
    query: 'site-query.json',
    success: { status: 204, shape: 'empty' },
    errors: [400, 401, 403, 404],
  }),

  declareOperation({
    operationId: 'restoreLocale',
    method: 'POST',
    path: '/v2/locales/{localeIdOrCode}/restore',
    summary: 'Bring a deleted locale back with its id and data',
    params: 'locale-params.json',
    query: 'site-query.json',
    success: { status: 200, shape: { resource: 'locale.json' } },
    errors: [400, 401, 403, 404, 409],
  }),
]
