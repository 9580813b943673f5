import type { Collection } from '@msw/data'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { schemaCheck } from '../api/document-check.js'
import { toDetails } from '../api/validate.js'
import type { FixtureLocale, FixturePage, FixtureRoute, FixtureSite, FixtureWorkspace } from '../generated/types.js'
import { exportState } from '../scenarios/export-state.js'
import type { Store } from './store.js'

/**
 * A record definition of contracts/schemas/fixture.json as a Standard Schema, the interface
 * @msw/data validates records with: the collections check the same JSON Schemas as fixtures.
 */
function recordSchema<T>(definition: string): StandardSchemaV1<T, T> {
  // Compiled on first use: importing the package must not compile schemas nobody checks.
  let validate: ValidateFunction | undefined
  return {
    '~standard': {
      version: 1,
      vendor: 'sitemock',
      validate(value) {
        validate ??= schemaCheck('fixture.json', `/$defs/${definition}`)
        if (validate(value)) return { value: value as T }
        return { issues: toDetails(validate.errors ?? []).map(({ field, message }) => ({ message: `${field}: ${message}`, path: field === '(body)' ? [] : field.split('.') })) }
      },
    },
  }
}

export const recordSchemas = {
  workspaces: recordSchema<FixtureWorkspace>('workspace'),
  sites: recordSchema<FixtureSite>('site'),
  locales: recordSchema<FixtureLocale>('locale'),
  pages: recordSchema<FixturePage>('page'),
  routes: recordSchema<FixtureRoute>('route'),
}

export interface StateCollections {
  workspaces: Collection<typeof recordSchemas.workspaces>
  sites: Collection<typeof recordSchemas.sites>
  locales: Collection<typeof recordSchemas.locales>
  pages: Collection<typeof recordSchemas.pages>
  routes: Collection<typeof recordSchemas.routes>
}

/**
 * The state as @msw/data collections, to query with its API in tests (findMany, where, orderBy).
 * A snapshot, not the live store: @msw/data's queries scan every record (findFirst by id takes
 * about 1 ms at 10,000 records), so requests are answered from the indexed store instead, and
 * this copy is made only when asked for.
 */
export async function toCollections(store: Store): Promise<StateCollections> {
  // Loaded here, not with the package: most users of the mock never ask for collections.
  const { Collection } = await import('@msw/data')
  const state = exportState(store)
  const collections: StateCollections = {
    workspaces: new Collection({ schema: recordSchemas.workspaces }),
    sites: new Collection({ schema: recordSchemas.sites }),
    locales: new Collection({ schema: recordSchemas.locales }),
    pages: new Collection({ schema: recordSchemas.pages }),
    routes: new Collection({ schema: recordSchemas.routes }),
  }
  for (const workspace of state.workspaces) await collections.workspaces.create(workspace)
  for (const site of state.sites ?? []) await collections.sites.create(site)
  for (const locale of state.locales ?? []) await collections.locales.create(locale)
  for (const page of state.pages ?? []) await collections.pages.create(page)
  for (const route of state.routes ?? []) await collections.routes.create(route)
  return collections
}
