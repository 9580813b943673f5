import { choice, choiceIds } from '../../../src/freedom/catalogue.js'
import { ALTERNATIVES, LIMITS, LIST_CLASSES, LISTS, type Choices, type EnumClass, type LimitClass } from '../permissive/index.js'
import { prng } from '../../support/prng.js'

/**
 * The conformance twin's free choices, drawn from a seed. The classes and their alternatives are
 * the catalogue's (contracts/schemas/choices.json, read through src/freedom/catalogue.ts as the
 * mock and the contract suite read it), so that a class added there is drawn at once; one the twin
 * cannot take fails the draw, naming it.
 */

/** A class of the catalogue: an enum of alternatives, or a maximum length (a nullable integer). */
export type CatalogueClass = { id: string; kind: 'enum'; alternatives: string[] } | { id: string; kind: 'limit'; alternatives: Array<number | null> }

/** The lengths a drawn limit takes besides no limit: each leaves room for what a client ordinarily sends. */
export const LIMIT_VALUES: Array<number | null> = [null, 100, 255, 2048]

export function catalogueClasses(): CatalogueClass[] {
  return choiceIds.map((id): CatalogueClass => {
    const { alternatives } = choice(id)
    return Array.isArray(alternatives) ? { id, kind: 'enum', alternatives: alternatives.map((value) => String(value)) } : { id, kind: 'limit', alternatives: LIMIT_VALUES }
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
  const lists = drawLists(seed, choices as Choices)
  return { ...(choices as Choices), ...(lists === undefined ? {} : { lists }) }
}

/** Apart from the classes' draws, so that a seed's classes stay as they were drawn before lists were. */
const LIST_STREAM = 0x115_7000

/**
 * The lists that answer cursors in their own way, drawn from the seed: each list but `/v6/pages`
 * (where the observations of the cursor classes look) may take its own value of one cursor class.
 * `refused-unreached` is judged where access is, for every list alike: never a list's own, and
 * never taken over by one.
 */
function drawLists(seed: number, choices: Choices): Choices['lists'] {
  const next = prng(seed + LIST_STREAM)
  const lists: Record<string, Record<string, string>> = {}
  for (const list of LISTS) {
    const draw = next()
    const id = LIST_CLASSES[Math.floor(next() * LIST_CLASSES.length)]!
    const pick = next()
    if (list === '/v6/pages' || draw < 0.5 || choices[id] === undefined || choices[id] === 'refused-unreached') continue
    const others = (ALTERNATIVES[id] as readonly string[]).filter((alternative) => alternative !== 'refused-unreached' && alternative !== choices[id])
    lists[list] = { [id]: others[Math.floor(pick * others.length)]! }
  }
  return Object.keys(lists).length > 0 ? (lists as Choices['lists']) : undefined
}

/** The drawn choices in one line, for test names and logs. */
export const describeChoices = (choices: Choices): string =>
  Object.entries(choices)
    .map(([id, value]) => `${id}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' ')
