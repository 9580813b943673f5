import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractReport } from '../../src/contract/types.js'
import { serveWithChoices, type ChoicesServer } from '../choices/choices-server.js'
import { check, runAgainst } from './support.js'
import { atLength } from '../soak/lengths.js'

/**
 * The stateful group against a target that answers `limit=0` as `limit=1` (limitZero `clamped`),
 * or as no limit given (`default`): its pages asked with limit=0 are judged as the pages of
 * limit=1, or as the default pages, whether the run learned the choice first (the oracle follows
 * it) or adopts it as it sees it, and under `--profile sitemock` each divergence names the class.
 */

/** Sequences of the stateful group: enough that several ask a list with limit=0 (the adoption below shows that they do). */
const STATEFUL = { runs: atLength(20, 40), seed: 1 }

describe.each([
  { alternative: 'clamped', served: 'limit=1' },
  { alternative: 'default', served: 'no limit given' },
] as const)('the stateful group against a target that answers limit=0 as $served ($alternative)', ({ alternative }) => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ limitZero: alternative })
  })
  afterAll(() => server.close())

  const headlines = (report: ContractReport): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0]!)

  it('finds no divergence where the probes learned it first', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: STATEFUL })
    expect(report.notices.join('\n')).toContain(`limitZero="${alternative}"`)
    expect(headlines(report)).toEqual([])
  }, 300_000)

  it('adopts it where the run has not learned it, and finds no divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: STATEFUL, choices: {} })
    expect(headlines(report)).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain(`limitZero: ${alternative}`)
  }, 300_000)

  it('names limitZero in each divergence under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: STATEFUL, choices: {} })
    const failures = check(report, 'stateful.model').failures
    expect(failures.length).toBeGreaterThan(0)
    for (const failure of failures) expect(failure.leftOpen ?? '', failure.message.split('\n')[0]).toContain('sitemock\'s choice limitZero="refused"')
  }, 300_000)
})
