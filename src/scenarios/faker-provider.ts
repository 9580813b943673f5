import type { Faker } from '@faker-js/faker'

/**
 * The English faker, which only generating a scenario needs (the default scenario at the default
 * seed is a committed document). Loading it costs a test file about 50 ms, so the core does not
 * import it: each entry says how to get it. Node's entries load it on first use (faker-node.ts);
 * the browser entry, bundled ahead of time, imports it.
 */
type FakerLoader = () => Faker

let load: FakerLoader | undefined
let loaded: Faker | undefined

export function provideFaker(loader: FakerLoader): void {
  load ??= loader
}

export function englishFaker(): Faker {
  if (loaded === undefined) {
    if (load === undefined) throw new Error('No faker to generate a scenario with: import sitemock, sitemock/browser or the CLI, which provide it.')
    loaded = load()
  }
  return loaded
}
