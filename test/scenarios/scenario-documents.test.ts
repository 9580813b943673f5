import { describe, expect, it } from 'vitest'
import { exportState } from '../../src/scenarios/export-state.js'
import { loadFixture } from '../../src/scenarios/fixture.js'
import { buildScenario, SCENARIOS, scenarioFixture } from '../../src/scenarios/index.js'
import { validateFixture } from '../../src/scenarios/validate-fixture.js'

// Named scenarios are built without judging their documents again: this is what makes that safe.
describe('the named scenario documents', () => {
  for (const name of SCENARIOS) {
    for (const seed of [1, 7]) {
      it(`${name} at seed ${seed} passes the fixture schema and builds the state loadFixture builds`, () => {
        const document = scenarioFixture(name, seed)
        expect(() => validateFixture(document)).not.toThrow()
        const generated = name === 'default' || name === 'multi-locale' || name === 'large'
        const judged = loadFixture(document, { seed: generated ? undefined : seed })
        expect(exportState(buildScenario(name, seed))).toEqual(exportState(judged))
      })
    }
  }
})
