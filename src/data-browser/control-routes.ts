import { parseQuery } from '../api/parse-request.js'
import { compileValidator } from '../api/validate.js'
import { validators as queryValidators } from '../generated/validators/params.js'
import type { DataQuery, DataRecord, FixtureLocale, FixturePage, FixtureRoute, FixtureSite } from '../generated/types.js'
import type { ControlRoute, ControlTarget } from '../control/control-types.js'
import { DbApi } from '../db/db-api.js'
import { MockDbError } from '../db/mock-db-error.js'
import { localeWrites, pageWrites, routeWrites, siteWrites } from '../db/record-writes.js'
import { ApiError } from '../api/errors.js'
import { dataKind, listOfSite, listSites, recordOf } from './listing.js'

const validateQuery = compileValidator<DataQuery>('control-data-query.json', 'params', queryValidators)

/** Deletes a record with the API's own operation (a site takes its locales, pages and routes with it); answers it as it was. */
function deleteRecord(target: ControlTarget, kind: string, id: string): DataRecord {
  const record = recordOf(target.store(), kind, id)
  const api = new DbApi(target)
  try {
    switch (dataKind(kind)) {
      case 'sites':
        siteWrites(api).remove(record as FixtureSite)
        break
      case 'locales':
        localeWrites(api).remove(record as FixtureLocale)
        break
      case 'pages':
        pageWrites(api).remove(record as FixturePage)
        break
      case 'routes':
        routeWrites(api).remove(record as FixtureRoute)
    }
    return record
  } catch (error) {
    // The API's refusal (e.g. the default locale) is the answer, in its envelope.
    if (error instanceof MockDbError) throw new ApiError(error.status, error.body.code, error.body.message, error.body.details)
    throw error
  }
}

/**
 * The dashboard's data browser: sites, and per site its locales, pages and routes, a page of
 * rows at a time and searchable; any record whole; and a delete that runs the API's operation.
 */
export const dataBrowserControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'data/sites', handle: (request, _params, target) => listSites(target.store(), validateQuery(parseQuery(request.query))) },
  {
    method: 'GET',
    path: 'data/sites/{siteId}/{kind}',
    handle: (request, params, target) => listOfSite(target.store(), params.siteId!, params.kind!, validateQuery(parseQuery(request.query))),
  },
  { method: 'GET', path: 'data/records/{kind}/{id}', handle: (_request, params, target) => recordOf(target.store(), params.kind!, params.id!) },
  {
    method: 'DELETE',
    path: 'data/records/{kind}/{id}',
    // The API's DELETE it runs is what a state file keeps, not this request.
    writes: false,
    handle: (_request, params, target) => deleteRecord(target, params.kind!, params.id!),
  },
]
