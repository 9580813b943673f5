import type { Fixture } from '../generated/types.js'

/**
 * Generated scenarios kept between processes: generating `large` takes faker about 300 ms, and
 * each test file of a suite runs in a fresh process or module graph. Node's entries provide a
 * cache on disk (scenario-cache-node.ts); the browser has none and generates.
 */
export interface ScenarioCache {
  /** The document generated for these inputs, or undefined when none is kept (or it is stale or damaged). */
  read(inputs: GeneratedInputs): Fixture | undefined
  /** Keeps the document for later processes; failures (a read-only disk) are ignored. */
  write(inputs: GeneratedInputs, document: Fixture): void
}

/** Everything a generated document depends on besides the code that generates it. */
export interface GeneratedInputs {
  scenario: string
  seed: number
  /** The generator's options, as JSON. */
  options: string
}

let provided: ScenarioCache | undefined

export function provideScenarioCache(cache: ScenarioCache): void {
  provided ??= cache
}

export function scenarioCache(): ScenarioCache | undefined {
  return provided
}
