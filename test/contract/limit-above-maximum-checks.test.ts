import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { ContractReport } from '../../src/contract/types.js'
import { createMock } from '../../src/mock.js'
import { apiRequestOf } from './nonconforming-server.js'
import { startPermissive, type Handle } from './permissive/index.js'
import { check, describeFailures, implementationOptions, runAgainst } from './support.js'

/**
 * The pagination and stateful groups against a target that answers a `limit` above 100 as
 * `limit=100` (limitAboveMaximum `clamped`): the documents leave it free, so it passes under the
 * default profile and fails under `--profile sitemock`, naming the class. A page of more than 100
 * items breaks the specification's maximum under either profile, and List Locales keeps its range.
 */

const CLAMPED = { limitAboveMaximum: 'clamped', limitZero: 'refused' } as const
const CLAMPED_LISTS = ['sites', 'pages', 'site-pages', 'routes']

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function paginationRun(profile: 'documents' | 'sitemock', wrap?: (inner: Handle) => Handle): Promise<ContractReport> {
  const server = await startPermissive({ choices: CLAMPED, ...(wrap ? { wrap } : {}) })
  close = () => server.close()
  return runContract(implementationOptions(server, { profile, only: ['pagination'] }))
}

/** A route list that answers limit=101 with 101 items, clamping nothing. */
const routesOverMaximum =
  (inner: Handle): Handle =>
  (request) => {
    const answer = inner(request)
    if (request.method !== 'GET' || request.path !== '/v2/routes' || new URLSearchParams(request.query).get('limit') !== '101' || answer.status !== 200) return answer
    const { data } = answer.body as { data: unknown[] }
    return { ...answer, body: { object: 'list', data: Array.from({ length: 101 }, (_, i) => data[i % data.length]), hasMore: false } }
  }

describe('the limit-range checks against a target that clamps a limit above 100', () => {
  it('pass under the default profile', async () => {
    const report = await paginationRun('documents')
    expect(describeFailures(report)).toBe('')
    for (const list of [...CLAMPED_LISTS, 'locales']) expect(check(report, `pagination.${list}.limit-range`).status, list).toBe('passed')
  }, 120_000)

  it('fail under --profile sitemock, naming limitAboveMaximum; the locale list, which refuses it, passes', async () => {
    const report = await paginationRun('sitemock')
    for (const list of CLAMPED_LISTS) {
      const result = check(report, `pagination.${list}.limit-range`)
      expect(result.status, list).toBe('failed')
      expect(result.failures.map((failure) => failure.leftOpen ?? ''), list).toEqual([expect.stringContaining('sitemock\'s choice limitAboveMaximum="refused"')])
      expect(result.failures[0]!.documents, list).toEqual(['sitemock behaviour'])
    }
    expect(check(report, 'pagination.locales.limit-range').status).toBe('passed')
  }, 120_000)

  it('fail a page of more than 100 items under the default profile', async () => {
    const report = await paginationRun('documents', routesOverMaximum)
    const result = check(report, 'pagination.routes.limit-range')
    expect(result.status).toBe('failed')
    expect(result.failures.map((failure) => failure.message)).toEqual(['expected at most 100 items with limit=101, got 101'])
  }, 120_000)
})

/** The lists a limit above 100 is clamped on. */
const CLAMPING_PATHS = /^\/(v2\/sites|v6\/pages|v2\/routes|v2\/sites\/[^/]+\/pages)$/

/**
 * sitemock in all but limitAboveMaximum: its mock without choices (so that nothing else it follows
 * differs from the oracle's), behind a server that asks it limit=100 for a larger whole limit on
 * those lists. Counts the requests it clamped.
 */
async function startClampingMock(): Promise<{ url: string; mock: ReturnType<typeof createMock>; clamped: () => number; close: () => Promise<void> }> {
  const mock = createMock({ rateLimit: false })
  let clamped = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = apiRequestOf(req, Buffer.concat(chunks).toString('utf8'))
      const query = new URLSearchParams(request.query)
      const limit = query.get('limit') ?? ''
      if (request.method === 'GET' && CLAMPING_PATHS.test(request.path) && /^\d+$/.test(limit) && Number(limit) > 100) {
        query.set('limit', '100')
        clamped++
      }
      const response = mock.handle({ ...request, query: query.toString() })
      const payload = response.body === undefined ? undefined : JSON.stringify(response.body)
      res.writeHead(response.status, { ...(payload === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...response.headers })
      res.end(payload)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const closed = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  close = closed
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, mock, clamped: () => clamped, close: closed }
}

describe('the stateful group against a target that clamps a limit above 100', () => {
  const RUNS = 20

  it('adopts it under the default profile, and finds no divergence', async () => {
    const target = await startClampingMock()
    const report = await runAgainst(target.url, target.mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 } })
    expect(target.clamped(), 'limit=101 sent on a list that clamps it').toBeGreaterThan(0)
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('limitAboveMaximum: clamped')
  }, 300_000)

  it('names limitAboveMaximum in each divergence under --profile sitemock', async () => {
    const target = await startClampingMock()
    const report = await runAgainst(target.url, target.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const failures = check(report, 'stateful.model').failures
    expect(failures.length).toBeGreaterThan(0)
    for (const failure of failures) expect(failure.leftOpen ?? '', failure.message.split('\n')[0]).toContain('sitemock\'s choice limitAboveMaximum="refused"')
  }, 300_000)
})
