import defaultAtDefaultSeed from '../../fixtures/default.json' with { type: 'json' }
import edgeCases from '../../fixtures/edge-cases.json' with { type: 'json' }
import empty from '../../fixtures/empty.json' with { type: 'json' }
import type { Fixture } from '../generated/types.js'
import { createRandom } from '../random.js'
import type { Store } from '../store/store.js'
import { buildStore } from './build-store.js'
import { englishFaker } from './faker-provider.js'
import { startState } from './load-fixture.js'
import type { GenerateOptions } from './generate.js'
import type { Generators } from './generators.js'
import { scenarioCache, type GeneratedInputs } from './scenario-cache.js'

export const SCENARIOS = ['default', 'empty', 'multi-locale', 'large', 'edge-cases'] as const
export type ScenarioName = (typeof SCENARIOS)[number]

export const DEFAULT_SEED = 1

/** The generator options of the generated scenarios; fixtures/multi-locale.json is the first for seed 1. */
export const MULTI_LOCALE: Omit<GenerateOptions, 'seed'> = { sites: 2, pages: 24, locales: 4, routes: 3 }
export const LARGE: Omit<GenerateOptions, 'seed'> = { sites: 1, pages: 10_000, locales: 3, routes: 20 }

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value)
}

let generators: Generators | undefined

/** Called by each entry: Node's at import, a page's with faker (loadFaker), since only generating needs either. */
export function provideGenerators(given: Generators): void {
  generators ??= given
}

/** The generators' code; without it, why not (a page that has not awaited loadFaker is told to). */
function scenarioGenerators(): Generators {
  if (generators === undefined) {
    // Throws what a page must do first: faker and the generators come together.
    englishFaker()
    throw new Error('No scenario generator: import sitemock, sitemock/browser, sitemock/handlers or the CLI, which provide it.')
  }
  return generators
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
  const generator = generatorOf(name, seed)
  if (generator) {
    const document = generator.generate()
    scenarioCache()?.write(generator.inputs, document)
    return document
  }
  return committed(name === 'empty' ? empty : name === 'edge-cases' ? edgeCases : defaultAtDefaultSeed)
}

/**
 * How the named scenario is generated from the seed, and from what; undefined for a committed
 * document. The default scenario at the default seed is committed, and kept equal to what the
 * generator makes (a test compares them): most mocks start there.
 */
function generatorOf(name: ScenarioName, seed: number): { inputs: GeneratedInputs; generate: () => Fixture } | undefined {
  const of = (options: Omit<GenerateOptions, 'seed'>): { inputs: GeneratedInputs; generate: () => Fixture } => ({
    inputs: { scenario: name, seed, options: JSON.stringify(options) },
    generate: () => scenarioGenerators().generateFixture({ ...options, seed }),
  })
  if (name === 'multi-locale') return of(MULTI_LOCALE)
  if (name === 'large') return of(LARGE)
  if (name === 'default' && seed !== DEFAULT_SEED) return { inputs: { scenario: name, seed, options: '{}' }, generate: () => scenarioGenerators().defaultFixture(seed) }
  return undefined
}

/**
 * Whether a reset to this scenario and seed may generate a document, and so need faker: a page
 * loads it first (see loadFaker). An absent name or seed is the mock's current one, which may be
 * generated: only the committed documents and what this page already generated are sure not to.
 */
export function mayGenerate(scenario: unknown, seed: unknown): boolean {
  if (scenario === undefined && seed === undefined) return false
  if (scenario === 'empty' || scenario === 'edge-cases') return false
  if (!isScenarioName(scenario) || typeof seed !== 'number') return true
  return generatorOf(scenario, seed) !== undefined && !generatedDocuments.has(`${scenario} ${seed}`)
}

/** A fresh store holding the named scenario; the same name and seed give the same state. */
export function buildScenario(name: ScenarioName, seed: number, now?: () => Date): Store {
  const generated = name === 'default' || name === 'multi-locale' || name === 'large'
  // A document generated by an earlier process: parsed for this store alone, which takes its
  // pages as they are (the cache writes them complete, their strings shared).
  const generator = generatedDocuments.has(`${name} ${seed}`) ? undefined : generatorOf(name, seed)
  const cached = generator && scenarioCache()?.read(generator.inputs)
  if (cached) return buildStore(cached, createRandom(startState(cached.randomState, undefined)), now, 'take')
  const fixture = scenarioFixture(name, seed)
  // The package's own documents are valid by construction (test/scenarios judges every one
  // against the schema), so they skip the judging, which would compile the fixture schema at
  // every start. A generated document already carries where its seed's id stream stopped; a
  // committed one is reseeded.
  return buildStore(fixture, createRandom(startState(fixture.randomState, generated ? undefined : seed)), now)
}
