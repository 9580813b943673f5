// The request path with mock.db in use and without: mean microseconds per request through
// mock.handle (GET page by id, PATCH page) on two mocks of the same state, one whose @msw/data
// collections were made and are queried between rounds, one that never touches them.
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import '../src/data.js'
import { createMock, type Mock } from '../src/mock.js'
import { generateFixture } from '../src/scenarios/generate.js'

export interface MockDbResult {
  pages: number
  /** GET page by id, µs per request. */
  getWithout: number
  getWith: number
  /** PATCH page, µs per request. */
  patchWithout: number
  patchWith: number
  /** The first mock.db query after a write reads the state again: its time in ms. */
  refreshMs: number
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Mean µs per request of `count` requests: GETs of one page, or PATCHes of its title. */
function meanMicros(mock: Mock, method: 'GET' | 'PATCH', count: number): number {
  const { workspaces, sites } = mock.credentials()
  const key = workspaces[0]!.appApiKey
  const pageId = mock.store.pages.ofSite(sites[0]!.id).at(0)!.id
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const body = method === 'PATCH' ? JSON.stringify({ title: `Title ${i}` }) : undefined
    const response = mock.handle({ method, path: `/v6/pages/${pageId}`, query: '', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body })
    if (response.status !== 200) throw new Error(`${method} answered ${response.status}`)
  }
  return ((performance.now() - started) * 1000) / count
}

/**
 * Alternates the two mocks in rounds, in turn first, and keeps each side's median round. Between rounds the
 * mock in use answers a query of its collections (which reads the state again after writes),
 * outside the timed requests: what is timed is the request path alone.
 */
export function measureMockDb(fixture: unknown, pages: number, count = 3000, rounds = 15): MockDbResult {
  const without = createMock({ state: structuredClone(fixture), rateLimit: false, journalSize: 0 })
  const withDb = createMock({ state: structuredClone(fixture), rateLimit: false, journalSize: 0 })
  const siteId = withDb.credentials().sites[0]!.id
  const query = (): number => withDb.db.pages.findMany((q) => q.where({ siteId, draft: { isOnline: true } }), { take: 10 }).length
  query()
  const results = { getWithout: [] as number[], getWith: [] as number[], patchWithout: [] as number[], patchWith: [] as number[], refreshMs: [] as number[] }
  for (const method of ['GET', 'PATCH'] as const) {
    meanMicros(without, method, count)
    meanMicros(withDb, method, count)
  }
  for (let round = 0; round < rounds; round++) {
    // Which mock goes first changes every round: the garbage the first leaves is collected
    // during the second, and a fixed order would charge it to one side.
    const pair = round % 2 === 0 ? ([without, withDb] as const) : ([withDb, without] as const)
    for (const method of ['GET', 'PATCH'] as const) {
      for (const mock of pair) {
        const micros = meanMicros(mock, method, count)
        const side = mock === withDb ? 'With' : 'Without'
        results[`${method === 'GET' ? 'get' : 'patch'}${side}`].push(micros)
      }
    }
    const started = performance.now()
    query()
    results.refreshMs.push(performance.now() - started)
  }
  return {
    pages,
    getWithout: median(results.getWithout),
    getWith: median(results.getWith),
    patchWithout: median(results.patchWithout),
    patchWith: median(results.patchWith),
    refreshMs: median(results.refreshMs),
  }
}

export function describeMockDb(result: MockDbResult): string {
  const ratio = (a: number, b: number): string => `${(b / a).toFixed(2)}x`
  return (
    `mock.db at N = ${result.pages.toLocaleString('en-US')} (mock.handle, median of alternating rounds): GET page by id ${result.getWithout.toFixed(1)} µs without, ` +
    `${result.getWith.toFixed(1)} µs with the collections in use (${ratio(result.getWithout, result.getWith)}); PATCH page ${result.patchWithout.toFixed(1)} µs without, ` +
    `${result.patchWith.toFixed(1)} µs with (${ratio(result.patchWithout, result.patchWith)}); the first query after writes reads the state again in ${result.refreshMs.toFixed(0)} ms`
  )
}

// Run alone (node --import tsx bench/mock-db.ts [pages]) for a short check without the whole benchmark.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = Number(process.argv[2] ?? 1000)
  const fixture = generateFixture({ sites: 1, pages, locales: 2, routes: 10, seed: 1 })
  console.log(describeMockDb(measureMockDb(fixture, pages)))
}
