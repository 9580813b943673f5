import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { CreateLocaleBody, CreateRouteBody, CreateSiteBody, FixtureLocale, FixturePage, FixtureRoute, FixtureSite, FixtureWorkspace } from '../generated/types.js'
import { exportChunks } from '../scenarios/export-state.js'
import { recordSchemas } from '../store/collections.js'
import { DbApi, type DbSource } from './db-api.js'
import { LiveCollection } from './live-collection.js'
import { localeWrites, pageWrites, routeWrites, siteWrites, workspaceWrites, type PageInput } from './record-writes.js'

/**
 * The state as live @msw/data collections, one per kind of record, in the shapes of a fixture
 * document. Made on first use of mock.db; after a request may have changed the state, the next
 * query reads it again (the request path itself only counts). Writes go through the API's
 * operations, so they are validated, given ids and timestamps, and refused, exactly like requests.
 */
export class MockDb {
  readonly workspaces: LiveCollection<FixtureWorkspace, FixtureWorkspace>
  readonly sites: LiveCollection<FixtureSite, CreateSiteBody>
  readonly locales: LiveCollection<FixtureLocale, CreateLocaleBody>
  readonly pages: LiveCollection<FixturePage, PageInput>
  readonly routes: LiveCollection<FixtureRoute, CreateRouteBody>
  private readVersion: number | undefined

  constructor(private readonly source: DbSource) {
    const api = new DbApi(source)
    const live = { refresh: () => this.refresh(), settled: () => source.settled() }
    this.workspaces = new LiveCollection(recordSchemas.workspaces, live, workspaceWrites())
    this.sites = new LiveCollection(takingInput<FixtureSite, CreateSiteBody>(recordSchemas.sites), live, siteWrites(api))
    this.locales = new LiveCollection(takingInput<FixtureLocale, CreateLocaleBody>(recordSchemas.locales), live, localeWrites(api))
    this.pages = new LiveCollection(takingInput<FixturePage, PageInput>(recordSchemas.pages), live, pageWrites(api))
    this.routes = new LiveCollection(takingInput<FixtureRoute, CreateRouteBody>(recordSchemas.routes), live, routeWrites(api))
  }

  /** Reads the whole state into the collections, when a request or reset may have changed it since the last read. */
  refresh(): void {
    const version = this.source.version()
    if (version === this.readVersion) return
    this.readVersion = version
    const records = { workspaces: [] as FixtureWorkspace[], sites: [] as FixtureSite[], locales: [] as FixtureLocale[], pages: [] as FixturePage[], routes: [] as FixtureRoute[] }
    for (const chunk of exportChunks(this.source.store())) (records[chunk.collection] as object[]).push(...chunk.items)
    this.workspaces.replaceRecords(records.workspaces)
    this.sites.replaceRecords(records.sites)
    this.locales.replaceRecords(records.locales)
    this.pages.replaceRecords(records.pages)
    this.routes.replaceRecords(records.routes)
  }
}

/**
 * A record schema typed to take the API's create body as input: create() hands that body to the
 * API, which checks it, so only the type changes; the records still meet the fixture schema.
 */
function takingInput<T, Input>(schema: StandardSchemaV1<T, T>): StandardSchemaV1<Input, T> {
  return schema as unknown as StandardSchemaV1<Input, T>
}
