import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { GROUPS } from '../../src/contract/types.js'
import { atLength } from '../soak/lengths.js'
import { OUTSIDER_DEFECTS, withDefect, type OutsiderDefect } from './outsider-defects.js'
import { startOutsider, type OutsiderFolder } from './outsider-process.js'
import { check, expectConforming, implementationOptions } from './support.js'

/** What one deployment written outside the project is held to, and what it must be seen to choose. */
export interface OutsiderSuite {
  folder: OutsiderFolder
  /** How its describe blocks call it: "a second deployment", "a third deployment"... */
  called: string
  /** Choices the probes must learn of it, as the `learned` notice writes them (`limitAboveMaximum="clamped"`). */
  learned: readonly string[]
  /** Whether the defects of documented rules (outsider-defects.ts) are put in front of it too, each caught by the checks of its group. */
  defects: boolean
  /** Of them, the ones `npm run soak` (SITEMOCK_FULL_CATALOGUES=1) asks the stateful group alone, in 60 sequences from seed 1. */
  statefulAsked?: readonly OutsiderDefect[]
}

// Twelve sequences a deployment in `npm test` (each of the twenty-odd passed 60 s of them on first contact once mended); `npm run soak` runs 300.
const RUNS = atLength(12, 300)

/**
 * The contract suite against a deployment written outside the project, from the two documents
 * alone, and shown to the suite once done: every group but stateful fails no check and skips at
 * most 2, the stateful group finds no divergence, and each defect of a documented rule put in
 * front of it is caught by the checks of its group. Run as a process of its own.
 */
export function describeOutsider(suite: OutsiderSuite): void {
  let outsider: Awaited<ReturnType<typeof startOutsider>>
  beforeAll(async () => {
    outsider = await startOutsider(suite.folder)
  })
  afterAll(() => outsider.close())

  describe(`the contract suite against ${suite.called} written outside the project`, () => {
    it('fails no check and skips at most 2 in every group but stateful; what differs is sitemock’s choice, said so', async () => {
      const report = await runContract(implementationOptions(outsider, { only: GROUPS.filter((group) => group !== 'stateful') }))
      expectConforming(report)
      // Learned first by the probes, which the checks then hold it to.
      const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
      for (const choice of suite.learned) expect(learned).toContain(choice)
    }, 300_000)

    it(`finds no divergence in ${RUNS} stateful sequences, adopting what it chose where the documents are silent`, async () => {
      const report = await runContract(implementationOptions(outsider, { only: ['stateful'], stateful: { runs: RUNS, timeMs: 600_000, seed: 1 } }))
      const result = check(report, 'stateful.model')
      expect(result.failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
      expect(result.status).toBe('passed')
      expect(report.cleanup.leftBehind).toEqual([])
    }, 600_000)
  })

  if (!suite.defects) return
  const defects = Object.keys(OUTSIDER_DEFECTS) as OutsiderDefect[]
  const statefulAsked = new Set(process.env.SITEMOCK_FULL_CATALOGUES === '1' ? (suite.statefulAsked ?? []) : [])
  describe(`defects of documented rules on ${suite.called} written outside the project`, () => {
    it.each(defects)('catches %s', async (defect) => {
      const defective = await withDefect(outsider, defect)
      try {
        const report = await runContract(implementationOptions(defective, { only: [OUTSIDER_DEFECTS[defect].group] }))
        expect(report.checks.filter((result) => result.status === 'failed').map((result) => result.id), OUTSIDER_DEFECTS[defect].breaks).not.toEqual([])
        expect(report.cleanup.leftBehind).toEqual([])
        if (!statefulAsked.has(defect)) return
        const alone = await runContract(implementationOptions(defective, { only: ['stateful'], stateful: { runs: 60, timeMs: 120_000, seed: 1 } }))
        expect(check(alone, 'stateful.model').status, `${defect}: the stateful group alone`).toBe('failed')
      } finally {
        await defective.close()
      }
    }, 300_000)
  })
}
