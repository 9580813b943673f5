import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calibrate, calibrationLines, type Calibration } from '../../src/contract/calibration.js'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { startIndependent } from '../contract/independent/index.js'
import { startOutsider } from '../contract/outsider-process.js'
import { startPermissive } from '../contract/permissive/index.js'
import { startTwin } from '../contract/twin/index.js'

/**
 * Calibration measured: the choices the probes of `--write-choices` learn from a deployment make
 * the mock answer the stateful sequences, replayed side by side with nothing adopted, with the
 * deployment's status. Each figure is printed beside the one of a mock without choices, so that
 * the gain can be quoted.
 */

interface Started {
  url: string
  appKey: string
  workspaceId: string
  /** A Site key apart from the sites' publicApiKey, where the deployment keeps them apart. */
  siteApiKey?: string
  close(): Promise<void>
}

const SEQUENCES = 12
/** What calibration reaches today on every one of them (before the mock's fixes of this test, twin 3 was at 90.4%). */
const FLOOR = 0.94
/** The goal (issue 47): a calibrated mock answers with the deployment's status in 99% of the calls. */
const GOAL = 0.99

const TARGETS = [
  ['the strict implementation', () => startIndependent()],
  ['the permissive implementation', () => startPermissive()],
  ['twin 1', () => startTwin(1)],
  ['twin 2', () => startTwin(2)],
  ['twin 3', () => startTwin(3)],
  // Written outside the project: Site keys apart from the publicApiKey, route operations elsewhere, lower-case pathnames...
  ['the outsider implementation', () => startOutsider()],
] as const

const measured = new Map<string, { before: Calibration; after: Calibration }>()
const share = (calibration: Calibration): string => `${((100 * calibration.sameStatus) / calibration.calls).toFixed(1)}% (${((100 * calibration.sameShape) / calibration.calls).toFixed(1)}%)`
const statusShare = (calibration: Calibration): number => calibration.sameStatus / calibration.calls

/**
 * Runs `measure` against a fresh instance of the deployment: each figure is taken from the same
 * starting state, as `--write-choices` meets a deployment, not after another measure's runs (whose
 * leftovers, a locale domain a deleted site still holds, the mock does not have).
 */
async function onFresh<T>(start: () => Promise<Started>, measure: (base: Parameters<typeof calibrate>[0]) => Promise<T>): Promise<T> {
  const target = await start()
  try {
    return await measure({ baseUrl: target.url, apiKey: target.appKey, workspaceId: target.workspaceId, sequences: SEQUENCES, tag: 'contract-ca11b000', ...(target.siteApiKey === undefined ? {} : { siteApiKey: target.siteApiKey }) })
  } finally {
    await target.close()
  }
}

beforeAll(async () => {
  for (const [name, start] of TARGETS) {
    const before = await onFresh(start, (base) => calibrate({ ...base, tag: 'contract-ca11b001' }))
    const after = await onFresh(start, async (base) => {
      const learned = await probeChoices(base)
      return calibrate({ ...base, tag: 'contract-ca11b002', choices: learned.choices, listChoices: learned.lists })
    })
    measured.set(name, { before, after })
  }
}, 240_000)

afterAll(() => {
  const lines = [...measured].map(([name, { before, after }]) => `  ${name}: without choices ${share(before)} → with learned choices ${share(after)}, of ${after.calls} calls`)
  process.stdout.write(`calibration figures (${SEQUENCES} sequences; calls with the deployment's status, in brackets also its body shape):\n${lines.join('\n')}\n`)
})

describe.each(TARGETS.map(([name]) => name))('calibrating from %s', (name) => {
  it(`answers with its status in at least ${FLOOR * 100}% of the replayed calls, more than a mock without choices`, () => {
    const { before, after } = measured.get(name)!
    expect(after.calls).toBeGreaterThan(200)
    expect(statusShare(after), calibrationLines(after, 'the learned choices').join('\n')).toBeGreaterThanOrEqual(FLOOR)
    expect(after.sameStatus).toBeGreaterThan(before.sameStatus)
  })

  it('counts every call that differs under one kind, each with an example', () => {
    const { after } = measured.get(name)!
    // Each kind counts its calls and shows one, so the list can be read without the transcript.
    for (const left of after.notCalibrated) expect(left.example).toMatch(/→ target \d{3} .* \| mock \d{3}/)
    expect(after.notCalibrated.reduce((sum, left) => sum + left.count, 0)).toBe(after.calls - after.sameShape)
  })
})

it(`reaches the goal: ${GOAL * 100}% of the calls with the deployment's status on every one`, () => {
  for (const [name, { after }] of measured) expect(statusShare(after), name).toBeGreaterThanOrEqual(GOAL)
})
