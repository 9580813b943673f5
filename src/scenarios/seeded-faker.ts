import type { Faker } from '@faker-js/faker'
import { englishFaker } from './faker-provider.js'

type FakerClass = new (options: { locale: Faker['rawDefinitions'] }) => Faker

/**
 * A Faker of its own, in English, seeded: generated content depends on the seed alone. It comes
 * from the English locale module, which loads one locale where the package's main entry loads
 * every one of them; and it is a new instance, since seeding the module's shared one would
 * reseed the faker of whoever else imports it.
 */
export function seededFaker(seed: number): Faker {
  const sharedEnglish = englishFaker()
  const faker = new (sharedEnglish.constructor as FakerClass)({ locale: sharedEnglish.rawDefinitions })
  faker.seed(seed)
  return faker
}
