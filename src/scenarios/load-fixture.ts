// loadFixture apart from fixture.ts, the API that also exports states: a mock's start loads
// documents, and a page's mock needs no export until it is asked for one (GET /__mock/state).
import { createRandom } from '../random.js'
import type { Store } from '../store/store.js'
import { buildStore } from './build-store.js'
import { validateFixture } from './validate-fixture.js'

export interface LoadFixtureOptions {
  /**
   * Reseeds the ids made after loading. Left out, they continue from the document's
   * randomState (an exact restore), or from seed 1 when it has none.
   */
  seed?: number
  /** The clock of the new store; the wall clock by default. */
  now?: () => Date
  /** Names the document in error messages, e.g. its file path. */
  source?: string
  /**
   * The document was made for this load and nobody else holds it (e.g. just read from a
   * file): its page objects become the store's records instead of being copied.
   */
  adopt?: boolean
}

/**
 * A new Store holding the document, or a FixtureError listing every problem with its path
 * (nothing is half-loaded: the store only exists once the whole document passed).
 */
export function loadFixture(document: unknown, options: LoadFixtureOptions = {}): Store {
  const fixture = validateFixture(document, options.source)
  return buildStore(fixture, createRandom(startState(fixture.randomState, options.seed)), options.now, options.adopt ? 'adopt' : 'copy')
}

/** Where the id generator starts: a seed given for a document with a randomState moves it somewhere else, predictably. */
export function startState(randomState: number | undefined, seed: number | undefined): number {
  if (seed === undefined) return randomState ?? 1
  if (randomState === undefined) return seed
  // murmur3's finalizer: nearby seeds land far apart, away from the ids already in the document.
  let h = (randomState ^ Math.imul(seed, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
