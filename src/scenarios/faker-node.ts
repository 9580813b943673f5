import { createRequire } from 'node:module'
import type { Faker } from '@faker-js/faker'
import { provideFaker } from './faker-provider.js'

// Node's entries load faker when a scenario is first generated, not when they are imported:
// require() of an ES module is synchronous (Node 20.19 and later), as generating is.
provideFaker(() => (createRequire(import.meta.url)('@faker-js/faker/locale/en') as { faker: Faker }).faker)
