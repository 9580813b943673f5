import type { DbSource } from './db-api.js'

/**
 * mock.db is made by the sitemock/data entry, which loads @msw/data: the core only knows how to
 * ask for it. So importing the core never loads @msw/data, and the core's types never name it
 * (they stay valid under node10 resolution and without the DOM lib).
 */
type DbFactory = (source: DbSource) => unknown

let factory: DbFactory | undefined

/** Called once by the sitemock/data entry when it loads. */
export function provideMockDb(make: DbFactory): void {
  factory = make
}

export function makeMockDb(source: DbSource): unknown {
  if (factory === undefined) {
    throw new Error("mock.db comes with the sitemock/data entry, which loads @msw/data: add import 'sitemock/data' (or import from it) before using mock.db.")
  }
  return factory(source)
}
