import { createRandom } from '../random.js'
import { Store } from '../store/store.js'
import { addWorkspace, seedDefault } from './default.js'

export const SCENARIOS = ['default', 'empty'] as const
export type ScenarioName = (typeof SCENARIOS)[number]

export const DEFAULT_SEED = 1

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value)
}

/** A fresh store holding the named scenario; the same name and seed give the same state. */
export function buildScenario(name: ScenarioName, seed: number, now?: () => Date): Store {
  const store = new Store(createRandom(seed), now)
  if (name === 'default') seedDefault(store, seed)
  else addWorkspace(store) // "empty": one workspace with an App key and no sites
  return store
}
