import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { GROUPS, type ContractReport } from '../../src/contract/types.js'
import { startPermissive, type Permissive } from './permissive/index.js'
import { check, describeFailures, implementationOptions, withStatus } from './support.js'
import { atLength } from '../soak/lengths.js'

/** Sequences from seed 1: 80 in `npm test`, 200 under `npm run soak`, whose bench/implementations-soak.ts runs 2,000. */
const RUNS = atLength(80, 200)

/**
 * The contract suite against the permissive implementation: written from the specification and
 * the published OpenAPI alone, it accepts whatever they allow and decides the free aspects
 * otherwise than sitemock and the strict implementation (permissive/CHOICES.md). The suite must
 * hold it conforming: what differs from sitemock's choices is a difference, never a failure.
 */
describe('the contract suite against the permissive implementation', () => {
  let server: Permissive
  beforeAll(async () => {
    server = await startPermissive()
  })
  afterAll(() => server.close())

  it('passes every group but stateful: nothing fails, whatever differs from sitemock', async () => {
    const report: ContractReport = await runContract(implementationOptions(server, { only: GROUPS.filter((group) => group !== 'stateful') }))
    expect(describeFailures(report)).toBe('')
    expect(withStatus(report, 'failed')).toEqual([])
    expect(report.cleanup.leftBehind).toEqual([])
    expect(withStatus(report, 'passed').length).toBeGreaterThan(100)
  }, 300_000)

  it(`passes the stateful group: ${RUNS} sequences and no divergence, whatever it chose where the contract is free`, async () => {
    const runs = RUNS
    const report = await runContract(implementationOptions(server, { only: ['stateful'], stateful: { runs, timeMs: 600_000, seed: 1 } }))
    const result = check(report, 'stateful.model')
    expect(result.failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
    expect(result.status).toBe('passed')
    expect(report.cleanup.leftBehind).toEqual([])
  }, 600_000)
})
