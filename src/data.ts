// sitemock/data: the state as @msw/data collections, live (mock.db) or as a snapshot. An entry
// of its own because @msw/data's types resolve only under node16, nodenext or bundler resolution
// and need the DOM lib, which a user of the main entry need not have; importing it is also what
// loads @msw/data, so nobody else pays for it.
// mock.db's writes run the API's operations synchronously: their validators must all be there.
import './eager-parts.js'
import { provideMockDb } from './db/db-provider.js'
import { MockDb } from './db/mock-db.js'

provideMockDb((source) => new MockDb(source))

declare module './mock.js' {
  interface Mock {
    /**
     * The state as live @msw/data collections (db.sites, db.pages, ...), made on first use:
     * queries see every write, and their writes run the API's own operations.
     */
    readonly db: MockDb
  }
}

export { recordSchemas, toCollections, type StateCollections } from './store/collections.js'
export { MockDb } from './db/mock-db.js'
export { MockDbError } from './db/mock-db-error.js'
export type { LiveCollection } from './db/live-collection.js'
export type { PageInput } from './db/record-writes.js'
