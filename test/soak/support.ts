import { it } from 'vitest'
import { startNonconforming } from '../contract/nonconforming-server.js'
import { check, runAgainst } from '../contract/support.js'

/**
 * The stateful group against sitemock itself at length: the oracle and a conforming target must
 * never part. Long, and the same on every Node: `npm test` runs it once (the Node 24 pass leaves
 * test/soak out) with 300 sequences, which keeps CI's run within its quarter hour; `npm run
 * soak` runs 2,000 (SITEMOCK_SOAK_SEQUENCES). The runs wait on HTTP about half the time, so they
 * go side by side.
 */
export const SEQUENCES = Number(process.env.SITEMOCK_SOAK_SEQUENCES ?? 300)

export function soakAgainstTheMock(name: string, latencyMs: [number, number] | undefined): void {
  it.concurrent(`runs ${SEQUENCES} sequences ${name} with no divergence`, async ({ expect }) => {
    const server = await startNonconforming([], latencyMs === undefined ? {} : { faults: [{ latencyMs }] })
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: SEQUENCES, timeMs: 1_800_000, seed: 1 } })
      expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
      expect(report.notices.find((line) => line.startsWith('stateful:'))).toMatch(new RegExp(`^stateful: ${SEQUENCES} sequence\\(s\\) from seed 1, \\d+ requests to each side in [\\d.]+ s: no divergence from the oracle$`))
    } finally {
      await server.close()
    }
  }, 1_800_000)
}
