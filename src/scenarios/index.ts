import defaultAtDefaultSeed from '../../fixtures/default.json' with { type: 'json' }
import edgeCases from '../../fixtures/edge-cases.json' with { type: 'json' }
import empty from '../../fixtures/empty.json' with { type: 'json' }
import type { Fixture } from '../contracts/types.js'
import { createRandom } from '../random.js'
import type { Store } from '../store/store.js'
import { buildStore } from './build-store.js'
import { defaultFixture } from './default.js'
import { startState } from './fixture.js'
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
 * Generated documents by scenario and seed. loadFixture copies what it reads, so one document
 * serves every mock and every reset that asks for it: none is generated twice in a process.
 */
const generatedDocuments = new Map<string, Fixture>()

/**
 * The named scenario as a fixture document. default, multi-locale and large are generated
 * from the seed; empty and edge-cases are committed documents the seed does not change.
 */
export function scenarioFixture(name: ScenarioName, seed: number): Fixture {
  const key = `${name} ${seed}`
  let document = generatedDocuments.get(key)
  if (document === undefined) generatedDocuments.set(key, (document = fixtureOf(name, seed)))
  return document
}

/** A document committed under fixtures/: the scenario tests judge each against the fixture schema. */
const committed = (document: unknown): Fixture => document as Fixture

function fixtureOf(name: ScenarioName, seed: number): Fixture {
  switch (name) {
    case 'default':
      // Committed, and kept equal to what the generator makes (a test compares them): most mocks start here.
      return seed === DEFAULT_SEED ? committed(defaultAtDefaultSeed) : defaultFixture(seed)
    case 'multi-locale':
      return generateFixture({ ...MULTI_LOCALE, seed })
    case 'large':
      return generateFixture({ ...LARGE, seed })
    case 'empty':
      return committed(empty)
    case 'edge-cases':
      return committed(edgeCases)
  }
}

/** A fresh store holding the named scenario; the same name and seed give the same state. */
export function buildScenario(name: ScenarioName, seed: number, now?: () => Date): Store {
  const generated = name === 'default' || name === 'multi-locale' || name === 'large'
  const fixture = scenarioFixture(name, seed)
  // The package's own documents are valid by construction (test/scenarios judges every one
  // against the schema), so they skip the judging, which would compile the fixture schema at
  // every start. A generated document already carries where its seed's id stream stopped; a
  // committed one is reseeded.
  return buildStore(fixture, createRandom(startState(fixture.randomState, generated ? undefined : seed)), now)
}
