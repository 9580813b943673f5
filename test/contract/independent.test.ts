import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { GROUPS, type ContractReport } from '../../src/contract/types.js'
import { startIndependent, type Independent } from './independent/index.js'
import { check, describeFailures, implementationOptions, withStatus } from './support.js'
import { atLength } from '../soak/lengths.js'

/**
 * Sequences from seed 1: 150 in `npm test` (they reach 96% of the coverage cells, of the 90% asked
 * for), 500 under `npm run soak`, whose bench/implementations-soak.ts runs 2,000.
 */
const RUNS = atLength(150, 500)

/**
 * The contract suite against a second implementation of the API, written from the specification
 * and the published OpenAPI alone, which decides otherwise than sitemock wherever they leave it
 * free: the suite must hold it conforming. A check that differs only in sitemock's own choices is
 * reported as `differs`, never as failed.
 */
describe('the contract suite against an independent implementation', () => {
  let server: Independent
  beforeAll(async () => {
    server = await startIndependent()
  })
  afterAll(() => server.close())

  it('passes every group but stateful: nothing fails, whatever differs from sitemock', async () => {
    const report: ContractReport = await runContract(implementationOptions(server, { only: GROUPS.filter((group) => group !== 'stateful') }))
    expect(describeFailures(report)).toBe('')
    expect(withStatus(report, 'failed')).toEqual([])
    expect(report.cleanup.leftBehind).toEqual([])
    expect(withStatus(report, 'passed').length).toBeGreaterThan(100)
    // What only differs is a choice of sitemock's, each with the words that say the contract leaves it free.
    for (const differing of withStatus(report, 'differs')) {
      for (const failure of differing.failures) expect(failure, differing.id).toMatchObject({ documents: ['sitemock behaviour'], leftOpen: expect.any(String) })
    }
  }, 300_000)

  it(`passes the stateful group: ${RUNS} sequences and no divergence, whatever it chose where the contract is free`, async () => {
    const runs = RUNS
    const report = await runContract(implementationOptions(server, { only: ['stateful'], stateful: { runs, timeMs: 600_000, seed: 1 } }))
    const result = check(report, 'stateful.model')
    expect(result.failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
    expect(result.status).toBe('passed')
    // Every sequence ran, and the run says how much of the input space they covered.
    expect(report.notices.find((line) => line.startsWith('stateful:'))).toMatch(new RegExp(`^stateful: ${runs} sequence\\(s\\) from seed 1, \\d+ requests to each side in [\\d.]+ s: no divergence from the oracle$`))
    const coverage = /^stateful coverage: (\d+) of (\d+) cells/.exec(report.notices.find((line) => line.startsWith('stateful coverage:')) ?? '')
    expect(coverage).not.toBeNull()
    expect(Number(coverage![1]) / Number(coverage![2])).toBeGreaterThan(0.9)
    expect(report.cleanup.leftBehind).toEqual([])
  }, 600_000)
})
