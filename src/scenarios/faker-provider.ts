import type { Faker } from '@faker-js/faker'

/**
 * The English faker, which only generating a scenario needs (the default scenario at the default
 * seed and the committed scenarios are documents). Loading it costs a test file about 50 ms and
 * a page some 130 kB of gzip, so the core does not import it: each entry says how to get it.
 * Node's entries load it synchronously on first use (faker-node.ts); the browser entries import
 * it on demand, in a chunk of its own (loadFaker), before anything is generated.
 */
type FakerLoader = () => Faker
type AsyncFakerLoader = () => Promise<Faker>

let load: FakerLoader | undefined
let loadAsync: AsyncFakerLoader | undefined
let loaded: Faker | undefined
let loading: Promise<void> | undefined

export function provideFaker(loader: FakerLoader): void {
  load ??= loader
}

/** For a page: faker comes from a dynamic import, which loadFaker() awaits. */
export function provideFakerOnDemand(loader: AsyncFakerLoader): void {
  loadAsync ??= loader
}

/** Whether generating now would first need `await loadFaker()`. */
export function fakerPending(): boolean {
  return loaded === undefined && load === undefined && loadAsync !== undefined
}

/** Loads faker where it comes on demand (a page), once; resolves at once where it is already there. */
export function loadFaker(): Promise<void> {
  if (loaded !== undefined || load !== undefined || loadAsync === undefined) return Promise.resolve()
  loading ??= loadAsync().then(
    (faker) => {
      loaded = faker
    },
    (error: unknown) => {
      // A failed chunk (offline, a stale deploy) can be asked for again.
      loading = undefined
      throw error
    },
  )
  return loading
}

export function englishFaker(): Faker {
  if (loaded === undefined) {
    if (load === undefined) {
      throw new Error(
        loadAsync
          ? 'This scenario is generated with faker, which a page loads only when it is needed: call `await loadFaker()` (from sitemock/handlers) before creating or resetting a mock on a generated scenario (multi-locale, large, default at another seed), or use startBrowserMock, which does it.'
          : 'No faker to generate a scenario with: import sitemock, sitemock/browser, sitemock/handlers or the CLI, which provide it.',
      )
    }
    loaded = load()
  }
  return loaded
}
