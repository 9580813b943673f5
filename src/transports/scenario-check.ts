import { didYouMean } from '../cli/did-you-mean.js'
import { isScenarioName, SCENARIOS } from '../scenarios/index.js'

/**
 * Refuses a scenario that is neither a name nor { fixture } before anything starts, with the
 * names accepted and the closest one, so that a typo in a page says what to write instead.
 */
export function checkScenarioOption(scenario: unknown): void {
  if (scenario === undefined || isScenarioName(scenario)) return
  if (typeof scenario === 'object' && scenario !== null && 'fixture' in scenario) return
  const given = typeof scenario === 'string' ? JSON.stringify(scenario) : scenario === null ? 'null' : typeof scenario === 'object' ? 'an object without a fixture field' : `${typeof scenario} ${String(scenario)}`
  const hint = typeof scenario === 'string' ? didYouMean(scenario, SCENARIOS) : ''
  throw new TypeError(`sitemock: startBrowserMock's scenario ${given} is not a scenario${hint}; accepted: ${SCENARIOS.join(', ')}, or { fixture: document }.`)
}
