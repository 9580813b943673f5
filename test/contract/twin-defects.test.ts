import { describe, expect, it } from 'vitest'
import { describeChoices, drawChoices } from './twin/index.js'
import { CHOICE_DEFECTS, seedsFor, TWIN_DEFECTS, verdict } from './twin/defects.js'

/**
 * The defect catalogues injected into twins of randomly drawn seeds: every defect of a documented
 * rule must make the suite fail a check the clean twin passes. In the suite, one defect of a
 * documented rule, chosen by the draw, with a short stateful run; every defect of the catalogues
 * under npm run soak (SITEMOCK_FULL_CATALOGUES=1).
 */
const BASE = Number(process.env.TWIN_DEFECT_SEED ?? 47)
const FULL = process.env.SITEMOCK_FULL_CATALOGUES === '1'
const DOCUMENTED = TWIN_DEFECTS.filter((defect) => !CHOICE_DEFECTS.has(defect))
const ALL = seedsFor(FULL ? TWIN_DEFECTS : DOCUMENTED, BASE)
const RUN = FULL ? ALL : [ALL[BASE % ALL.length]!]
const STATEFUL_RUNS = FULL ? 20 : 3

describe(`the defect catalogues injected into conformance twins (draw ${BASE})`, () => {
  it.each(RUN)('catches $defect on the twin of seed $seed', async ({ defect, seed }) => {
    const found = await verdict(defect, seed, STATEFUL_RUNS)
    console.log(`twin defect ${defect} on seed ${seed}: ${found.caughtBy.length > 0 ? `caught by ${found.caughtBy.join(', ')}` : 'not caught'}; failing without it: ${found.failingClean.join(', ') || 'none'}`)
    if (CHOICE_DEFECTS.has(defect)) return
    expect(found.caughtBy, `${defect} on the twin of seed ${seed} (${describeChoices(drawChoices(seed))}); failing without it: ${found.failingClean.join(', ') || 'none'}`).not.toEqual([])
  }, 300_000)
})
