import { readFileSync } from 'node:fs'
import { ALTERNATIVES, LIMITS, type Choices, type EnumClass, type LimitClass } from '../permissive/index.js'
import { prng } from '../../support/prng.js'

/**
 * The conformance twin's free choices, drawn from a seed. The classes and their alternatives are
 * read from the catalogue (contracts/schemas/choices.json), so that a class added there is drawn
 * at once; one the twin cannot take fails the draw, naming it.
 */
interface CatalogueEntry {
  enum?: unknown[]
  type?: string | string[]
}

/** A class of the catalogue: an enum of alternatives, or a maximum length (a nullable integer). */
export type CatalogueClass = { id: string; kind: 'enum'; alternatives: string[] } | { id: string; kind: 'limit'; alternatives: Array<number | null> }

/** The lengths a drawn limit takes besides no limit: each leaves room for what a client ordinarily sends. */
export const LIMIT_VALUES: Array<number | null> = [null, 100, 255, 2048]

const CATALOGUE = new URL('../../../contracts/schemas/choices.json', import.meta.url)

export function catalogueClasses(): CatalogueClass[] {
  const file = JSON.parse(readFileSync(CATALOGUE, 'utf8')) as { $defs: { choices: { properties: Record<string, CatalogueEntry> } } }
  return Object.entries(file.$defs.choices.properties).map(([id, entry]): CatalogueClass => {
    if (Array.isArray(entry.enum)) return { id, kind: 'enum', alternatives: entry.enum.map((value) => String(value)) }
    const types = Array.isArray(entry.type) ? entry.type : [entry.type]
    if (types.includes('integer')) return { id, kind: 'limit', alternatives: LIMIT_VALUES }
    throw new Error(`the choice catalogue's class ${id} is neither an enum nor a nullable integer limit; the twin cannot draw it`)
  })
}


const isEnumClass = (id: string): id is EnumClass => Object.hasOwn(ALTERNATIVES, id)
const isLimitClass = (id: string): id is LimitClass => (LIMITS as readonly string[]).includes(id)

/** One alternative of every class of the catalogue, drawn from the seed in catalogue order. */
export function drawChoices(seed: number, classes: CatalogueClass[] = catalogueClasses()): Choices {
  const next = prng(seed)
  const choices: Record<string, string | number | null> = {}
  for (const entry of classes) {
    const value = entry.alternatives[Math.floor(next() * entry.alternatives.length)]!
    if (entry.kind === 'limit') {
      if (!isLimitClass(entry.id)) throw new Error(`the twin does not implement the limit ${entry.id} of the choice catalogue`)
    } else {
      if (!isEnumClass(entry.id)) throw new Error(`the twin does not implement the class ${entry.id} of the choice catalogue`)
      if (!(ALTERNATIVES[entry.id] as readonly string[]).includes(String(value))) throw new Error(`the twin does not implement the alternative ${String(value)} of ${entry.id}; it takes ${ALTERNATIVES[entry.id].join(', ')}`)
    }
    choices[entry.id] = value
  }
  return choices as Choices
}

/** The drawn choices in one line, for test names and logs. */
export const describeChoices = (choices: Choices): string =>
  Object.entries(choices)
    .map(([id, value]) => `${id}=${String(value)}`)
    .join(' ')
