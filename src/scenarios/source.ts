import type { Store } from '../store/store.js'
import { loadFixture } from './fixture.js'
import { buildScenario, DEFAULT_SEED, type ScenarioName } from './index.js'

/**
 * Where a state comes from: a named scenario, a fixture document, or a function that reads
 * one (the CLI's --scenario PATH, read again on every reset so --watch sees edits).
 */
export type ScenarioSource = ScenarioName | { fixture: unknown } | FixtureReader

/** A fixture read afresh on every load; `label` names it in errors (a file path). */
export interface FixtureReader {
  read: () => unknown
  label: string
}

/**
 * A new store from the source. `seed` reseeds generated content and ids; left out, a named
 * scenario uses the default seed and a document continues its own id stream.
 */
export function buildFromSource(source: ScenarioSource, seed: number | undefined, now?: () => Date): Store {
  if (typeof source === 'string') return buildScenario(source, seed ?? DEFAULT_SEED, now)
  if ('fixture' in source) return loadFixture(source.fixture, { seed, now })
  // Each read makes a new document that nothing else holds, so the store may keep its objects.
  return loadFixture(source.read(), { seed, now, source: source.label, adopt: true })
}
