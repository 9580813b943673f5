import { it } from 'vitest'
import { startNonconforming } from '../contract/nonconforming-server.js'
import { check, runAgainst } from '../contract/support.js'
import { atLength, FULL_LENGTH } from './lengths.js'

/**
 * The stateful group against sitemock itself at length: the oracle and a conforming target must
 * never part. Long, and the same on every Node: `npm run soak` runs 2,000 sequences of each
 * variant (SITEMOCK_FULL_LENGTH=1; SITEMOCK_SOAK_SEQUENCES=N runs N). `npm test` runs the
 * variant with latency only, 60 sequences from seed 1: the full-speed one is what
 * test/contract/stateful.test.ts runs there, from the same seed. The runs wait on HTTP about half
 * the time, so they go side by side.
 */
export const SEQUENCES = Number(process.env.SITEMOCK_SOAK_SEQUENCES ?? atLength(60, 2000))
/** A soak run proper, as `npm run soak` or a length given asks for, rather than a part of `npm test`. */
const SOAKING = FULL_LENGTH || process.env.SITEMOCK_SOAK_SEQUENCES !== undefined

/** `inTest: false`: a variant another file already runs under `npm test`, left out of it there (not reported as skipped). */
export function soakAgainstTheMock(name: string, latencyMs: [number, number] | undefined, { inTest }: { inTest: boolean }): void {
  if (!inTest && !SOAKING) return
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
