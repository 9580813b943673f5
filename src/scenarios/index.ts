import edgeCases from '../../fixtures/edge-cases.json' with { type: 'json' }
import empty from '../../fixtures/empty.json' with { type: 'json' }
import type { Store } from '../store/store.js'
import { defaultFixture } from './default.js'
import { loadFixture } from './fixture.js'
import { generateFixture, type GenerateOptions } from './generate.js'

export const SCENARIOS = ['default', 'empty', 'multi-locale', 'large', 'edge-cases'] as const
export type ScenarioName = (typeof SCENARIOS)[number]

export const DEFAULT_SEED = 1

/** The generator options of the generated scenarios; fixtures/multi-locale.json is the first for seed 1. */
export const MULTI_LOCALE: Omit<GenerateOptions, 'seed'> = { sites: 2, pages: 24, locales: 4, routes: 3 }
export const LARGE: Omit<GenerateOptions, 'seed'> = { sites: 1, pages: 10_000, locales: 3, routes: 20 }

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value)
}

/**
 * The named scenario as a fixture document. default, multi-locale and large are generated
 * from the seed; empty and edge-cases are committed documents the seed does not change.
 */
export function scenarioFixture(name: ScenarioName, seed: number): unknown {
  switch (name) {
    case 'default':
      return defaultFixture(seed)
    case 'multi-locale':
      return generateFixture({ ...MULTI_LOCALE, seed })
    case 'large':
      return generateFixture({ ...LARGE, seed })
    case 'empty':
      return empty
    case 'edge-cases':
      return edgeCases
  }
}

/** A fresh store holding the named scenario; the same name and seed give the same state. */
export function buildScenario(name: ScenarioName, seed: number, now?: () => Date): Store {
  const generated = name === 'default' || name === 'multi-locale' || name === 'large'
  // A generated document already carries where its seed's id stream stopped; a committed one is reseeded.
  return loadFixture(scenarioFixture(name, seed), { seed: generated ? undefined : seed, now, source: `The ${name} scenario` })
}
