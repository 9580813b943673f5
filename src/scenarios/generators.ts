import { defaultFixture } from './default.js'
import { generateFixture } from './generate.js'

/**
 * The code that generates a scenario's document with faker. Only a generated scenario needs it,
 * and with it faker: a page imports both on demand (loadFaker, through transports/rare-parts.ts),
 * Node's entries hold it from the start (eager-parts.ts).
 */
export const GENERATORS = { generateFixture, defaultFixture }

export type Generators = typeof GENERATORS
