import type { Store } from '../store/store.js'
import { loadFixture } from './load-fixture.js'
import { buildScenario, DEFAULT_SEED, isScenarioName, SCENARIOS, type ScenarioName } from './index.js'

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
  if (isScenarioName(source)) return buildScenario(source, seed ?? DEFAULT_SEED, now)
  if (typeof source === 'object' && source !== null) {
    if ('fixture' in source) return loadFixture(source.fixture, { seed, now })
    // Each read makes a new document that nothing else holds, so the store may keep its objects.
    if (typeof source.read === 'function') return loadFixture(source.read(), { seed, now, source: source.label, adopt: true })
  }
  throw new TypeError(`scenario ${describeSource(source)} is not a scenario; accepted: ${SCENARIOS.join(', ')}, { fixture: document } or { read: () => document, label }`)
}

/** What was passed, as a JavaScript caller (no type checker) may get it wrong: a bare document most likely. */
function describeSource(source: unknown): string {
  if (typeof source === 'string') return JSON.stringify(source)
  if (typeof source !== 'object' || source === null) return String(source)
  const fields = Object.keys(source)
  const bare = fields.includes('workspaces') ? ' (a fixture document itself: pass it as { fixture: document })' : ''
  return `(an object with ${fields.length ? `fields ${fields.join(', ')}` : 'no fields'}${bare})`
}
