import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { check, runAgainst } from './support.js'

const servers: Nonconforming[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A deployment that says hasMore when exactly a page is left: the stateful group finds it from seed 2 on (under the sitemock profile, which fails any divergence). */
async function defective(): Promise<Nonconforming> {
  const server = await startNonconforming(['has-more-when-exactly-limit-left'])
  servers.push(server)
  return server
}

describe('the stateful group in the reports', () => {
  it('interrupted, reports the divergences it found until then, not "skipped", and still cleans up', async () => {
    const server = await defective()
    const interrupt = new AbortController()
    const timer = setTimeout(() => interrupt.abort(), 6000)
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', signal: interrupt.signal, stateful: { runs: 1000, timeMs: 60_000, seed: 2 } }).finally(() => clearTimeout(timer))
    expect(report.interrupted).toBe(true)
    const result = check(report, 'stateful.model')
    expect(result.status, JSON.stringify({ reason: result.reason, notices: report.notices })).toBe('failed')
    expect(result.failures.length).toBeGreaterThan(0)
    expect(result.failures[0]!.message).toMatch(/\nseed \d+ \(replay with --seed \d+\); (shrunk|shrinking interrupted)/)
    expect(report.notices).toContainEqual(expect.stringMatching(/^stateful: \d+ \(interrupted\) sequence\(s\) from seed 2, /))
    expect(report.cleanup.leftBehind).toEqual([])
    expect(render(report, 'pretty')).toMatch(/^INTERRUPTED: 0 passed, 1 failed( \(\d+ failures\))?, 0 differ, 0 skipped before the run was interrupted$/m)
  }, 60_000)

  it('pretty shows a divergence as its shrunk calls once, after the verdict, without the setup every sequence repeats; JSON keeps the whole transcript', async () => {
    const server = await defective()
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 1, seed: 2 } })
    const failure = check(report, 'stateful.model').failures[0]!
    expect(failure.message).toContain('setup: the own site')
    const pretty = render(report, 'pretty')
    expect(pretty.split('\n')[3]).toMatch(/^FAILED: 1 of 1 checks break the documents and sitemock's own choices/)
    expect(pretty).not.toContain('setup: the own site')
    expect(pretty).toMatch(/the shrunk sequence, \d+ call\(s\) \(target \| oracle\), after \d+ setup request\(s\) every sequence makes/)
    // The calls appear once: not again as the failure's request and response.
    expect(pretty).not.toMatch(/\n +request: /)
    expect(pretty.length).toBeLessThan(failure.message.length + 3000)
    expect(JSON.stringify(JSON.parse(render(report, 'json')))).toContain('setup: the own site')
  }, 60_000)
})
