import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { GROUPS } from '../../src/contract/types.js'
import { atLength } from '../soak/lengths.js'
import { OUTSIDER_DEFECTS, withDefect, type OutsiderDefect } from './outsider-defects.js'
import { startOutsider } from './outsider-process.js'
import { check, expectConforming, implementationOptions } from './support.js'

/**
 * The contract suite against a third deployment nobody tuned it to: outsider3/ was written from
 * the two documents alone, asked to choose otherwise than outsider/ and outsider2/ wherever they
 * are silent and to invent freedoms neither took, and shown to the suite once done. What it chose
 * that the suite had no class for until it was shown: a publicApiKey that reads the site's live
 * pages alone, a limit above 100 served as 100, skipValidation skipping the route's conflicts, a
 * cursor of a deleted item read from the place it had, a page read in a locale the site lacks
 * answered in its default locale, a siteId beside an id of another site refused with a 400, a
 * restore of a live locale refused with a 400, canonicalUrl made of the site's hostOrigin and the
 * pathname and kept in step with it, a site's page list holding its offline pages. Also: site
 * names of at most 40 characters, offsets written +00:00, ids of UUID v7. Run as a process of its
 * own.
 */
const RUNS = atLength(20, 300)

let outsider: Awaited<ReturnType<typeof startOutsider>>
beforeAll(async () => {
  outsider = await startOutsider('outsider3')
})
afterAll(() => outsider.close())

describe('the contract suite against a third deployment written outside the project', () => {
  it('fails no check and skips at most 2 in every group but stateful; what differs is sitemock’s choice, said so', async () => {
    const report = await runContract(implementationOptions(outsider, { only: GROUPS.filter((group) => group !== 'stateful') }))
    expectConforming(report)
    // Learned first by the probes, which the checks then hold it to.
    const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
    for (const choice of ['publicApiKeyAsSiteKey="live-pages"', 'limitAboveMaximum="clamped"', 'skipValidationConflicts="skipped"', 'restoreLiveLocale="400"', 'siteIdBesideId="refused"', 'pageReadUnknownLocale="default"', 'deletedCursor="after-place"']) {
      expect(learned).toContain(choice)
    }
  }, 300_000)

  it(`finds no divergence in ${RUNS} stateful sequences, adopting what it chose where the documents are silent`, async () => {
    const report = await runContract(implementationOptions(outsider, { only: ['stateful'], stateful: { runs: RUNS, timeMs: 600_000, seed: 1 } }))
    const result = check(report, 'stateful.model')
    expect(result.failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
    expect(result.status).toBe('passed')
    expect(report.cleanup.leftBehind).toEqual([])
  }, 600_000)
})

/** The defects of documented rules put in front of the other outsiders, here in front of outsider3/: the checks of their group catch each. */
describe('defects of documented rules on the third deployment written outside the project', () => {
  it.each(Object.keys(OUTSIDER_DEFECTS) as OutsiderDefect[])('catches %s', async (defect) => {
    const defective = await withDefect(outsider, defect)
    try {
      const report = await runContract(implementationOptions(defective, { only: [OUTSIDER_DEFECTS[defect].group] }))
      expect(report.checks.filter((result) => result.status === 'failed').map((result) => result.id), OUTSIDER_DEFECTS[defect].breaks).not.toEqual([])
      expect(report.cleanup.leftBehind).toEqual([])
    } finally {
      await defective.close()
    }
  }, 300_000)
})
