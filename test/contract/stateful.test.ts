import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSequence, SEQUENCE_LENGTH } from '../../src/contract/stateful/commands.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { NOWHERE_ID } from '../../src/contract/choices-probe-kit.js'
import { check, runAgainst } from './support.js'
import { atLength } from '../soak/lengths.js'

/**
 * Sequences from seed 1 at full speed: 100 in `npm test`, 200 under `npm run soak`, whose
 * test/soak runs 2,000 from the same seed. Enough to reach every operation and documented status.
 */
const RUNS = atLength(100, 200)

/** The stateful group against the mock itself: the oracle and the target must never part. */
describe('the stateful group against the mock', () => {
  let server: Nonconforming
  let report: ContractReport
  let sitesBefore: number

  beforeAll(async () => {
    server = await startNonconforming([])
    sitesBefore = server.mock.store.sites.size
    report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: RUNS, timeMs: 600_000, seed: 1 } })
  }, 600_000)
  afterAll(() => server.close())

  it(`runs ${RUNS} sequences with no divergence, and says how many it ran`, () => {
    const result = check(report, 'stateful.model')
    expect(result.failures.map((failure) => failure.message)).toEqual([])
    expect(result.status).toBe('passed')
    const notice = report.notices.find((line) => line.startsWith('stateful:'))!
    expect(notice).toMatch(new RegExp(`^stateful: ${RUNS} sequence\\(s\\) from seed 1, \\d+ requests to each side in [\\d.]+ s: no divergence from the oracle$`))
    // Every sequence sends its two setup creates and its commands (some through learning steps too).
    expect(Number(/(\d+) requests/.exec(notice)![1])).toBeGreaterThan(RUNS * SEQUENCE_LENGTH)
  })

  it('writes only inside sites it creates, and leaves none of them behind', () => {
    const tagged = [...server.mock.store.sites.values()].filter((site) => site.name.startsWith(report.tag))
    expect(tagged).toEqual([])
    expect(server.mock.store.sites.size).toBe(sitesBefore)
    expect(report.cleanup.leftBehind).toEqual([])
    const created = new Set(server.requests.filter((request) => request.status === 201 && request.responseId).map((request) => request.responseId!))
    // The probes that learn the target's choices first write to one made-up id, which names nothing.
    const named = (request: { path: string }): string => decodeURIComponent(request.path.split('/')[3]!)
    const foreignSiteWrites = server.requests.filter((request) => request.method !== 'GET' && /^\/v2\/sites\/[^/]+/.test(request.path) && !created.has(named(request)) && named(request) !== NOWHERE_ID)
    expect(foreignSiteWrites).toEqual([])
  })

  it('covers every operation of the four families, and answers of every documented status', () => {
    const operations = new Set(server.requests.map((request) => `${request.method} ${request.path.replace(/\/[0-9a-f-]{36}|\/%2F[^/?]*|\/[a-z]{2}(-[A-Z]{2})?(?=$|\/restore)/g, '/{id}')}`))
    for (const operation of [
      'POST /v2/sites', 'GET /v2/sites', 'GET /v2/sites/{id}', 'PATCH /v2/sites/{id}', 'DELETE /v2/sites/{id}', 'POST /v2/sites/{id}/duplicate', 'GET /v2/sites/{id}/pages',
      'POST /v2/locales', 'GET /v2/locales', 'GET /v2/locales/{id}', 'PATCH /v2/locales/{id}', 'DELETE /v2/locales/{id}', 'POST /v2/locales/{id}/restore',
      'POST /v6/pages', 'GET /v6/pages', 'GET /v6/pages/{id}', 'PATCH /v6/pages/{id}', 'DELETE /v6/pages/{id}',
      'POST /v2/routes', 'GET /v2/routes', 'GET /v2/routes/{id}', 'PATCH /v2/routes/{id}', 'DELETE /v2/routes/{id}',
    ]) {
      expect(operations).toContain(operation)
    }
    const statuses = new Set(server.requests.map((request) => request.status))
    for (const status of [200, 201, 204, 400, 401, 403, 404, 409]) expect(statuses).toContain(status)
  })
})

describe('the stateful group', () => {
  it('draws the same commands from the same seed, and others from another', () => {
    expect(generateSequence(42)).toEqual(generateSequence(42))
    expect(generateSequence(42)).not.toEqual(generateSequence(43))
    expect(generateSequence(42)).toHaveLength(SEQUENCE_LENGTH)
  })

  it('is skipped with the reason under --read-only, and sends nothing', async () => {
    const server = await startNonconforming([])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], readOnly: true })
      expect(check(report, 'stateful.model')).toMatchObject({ status: 'skipped', reason: '--read-only: the suite sends only GET requests' })
      expect(server.requests).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('passes against the mock under the published profile too', async () => {
    const server = await startNonconforming([])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'published', stateful: { runs: 10, seed: 7 } })
      expect(check(report, 'stateful.model').failures).toEqual([])
      // Routes are not documented there: the group sends none of their requests.
      expect(server.requests.filter((request) => request.path.startsWith('/v2/routes'))).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('takes a Site key of another workspace as --other-api-key, and without one uses the keys it has', async () => {
    const server = await startNonconforming([])
    try {
      const { workspaces, sites } = server.mock.credentials()
      const otherSiteKey = sites.find((site) => site.workspaceId === workspaces[1]!.id)!.siteApiKey
      for (const otherApiKey of [otherSiteKey, undefined]) {
        const report = await runAgainst(server.url, server.mock, { only: ['stateful'], otherApiKey, stateful: { runs: 5, seed: 11 } })
        expect(check(report, 'stateful.model').failures).toEqual([])
      }
      expect(server.requests.filter((request) => request.status === 403).length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })

  it('keeps to --max-rps', async () => {
    const server = await startNonconforming([])
    try {
      const started = Date.now()
      await runAgainst(server.url, server.mock, { only: ['stateful'], maxRps: 200, stateful: { runs: 1, seed: 3 } })
      // Requests start at least 5 ms apart: a lower bound on the time, whatever the machine's speed.
      expect(Date.now() - started).toBeGreaterThanOrEqual((server.requests.length - 1) * 5)
      expect(server.requests.length).toBeGreaterThan(SEQUENCE_LENGTH)
    } finally {
      await server.close()
    }
  })
})
