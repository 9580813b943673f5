/**
 * Fixtures: a whole state as one JSON document (contracts/schemas/fixture.json). This is the API
 * for anything that keeps the state itself; in a browser, for example:
 *
 *   sessionStorage.setItem('sitemock', JSON.stringify(exportState(mock.store)))
 *   mock.reset({ fixture: JSON.parse(sessionStorage.getItem('sitemock')!) })
 *
 * loadFixture(exportState(store)) holds the same state as `store`, down to the ids it makes next.
 */
export { loadFixture, startState, type LoadFixtureOptions } from './load-fixture.js'
export { exportChunks, exportState, type ExportChunk } from './export-state.js'
export { FixtureError, type FixtureProblem } from './fixture-error.js'
export { formatFixture } from './format-fixture.js'
export { validateFixture } from './validate-fixture.js'
export type { Fixture } from '../generated/types.js'
