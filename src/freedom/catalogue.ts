/**
 * The catalogue of free choices: what neither the specification nor the published OpenAPI fixes
 * and sitemock chose. contracts/schemas/choices.json is its one source (its `$defs/choices`
 * properties), so an id, its alternatives and sitemock's default are written once. This module
 * reads what the mock needs of it, generated from it without the documents' words
 * (src/generated/choice-records.ts), so that a page's start does not hold them; the full
 * catalogue, words included, is catalogue-words.ts's. The contract suite labels a rule that is
 * sitemock's own with one of these ids, the mock follows a deployment's recorded values
 * (`createMock({ choices })`), and the documents-only rules take each validation choice's
 * `x-documents` value.
 */
import { choiceRecords } from '../generated/choice-records.js'
import type { Choices, ChoicesFile } from '../generated/types.js'

export type { Choices, ChoicesFile, ListChoices } from '../generated/types.js'

/** A list's own answers to cursors, by the list's path (a choices file's `lists`). */
export type ChoicesByList = NonNullable<ChoicesFile['lists']>

export type ChoiceId = keyof Choices

/** An alternative of a class of the catalogue that names its alternatives (not a limit), as choices.json writes it. */
export type Alternative<K extends ChoiceId> = Extract<NonNullable<Choices[K]>, string>

/** Kinds: validation sitemock adds, refusals a stricter deployment may add, fields outside the documented operation, lookups, and values no document fixes. */
export type ChoiceKind = 'validation' | 'strict' | 'fields' | 'lookup' | 'value'

/** A choice as the mock and the contract suite's rules read it: all of it but its description and words. */
export interface ChoiceRecord {
  id: ChoiceId
  /** The values a deployment may take; a limit takes any integer, or null for none. */
  alternatives: readonly (string | null)[] | 'a limit (integer) or null'
  /** sitemock's own choice. */
  sitemock: string | number | null
  /** The value the documents-only rules take, for the validation sitemock adds; absent otherwise. */
  documents?: string | number | null
}

/** A choice of the catalogue, as the docs and the catalogue's readers show it. */
export interface Choice extends ChoiceRecord {
  kind: ChoiceKind
  /** The section of the docs folder that states sitemock's choice, e.g. `api-behaviour.md#field-limits`. */
  behaviour: string
  /** What the choice is about, in the project's words. */
  description: string
  /** The words of the specification or the published OpenAPI that leave the choice free, with where they are. */
  words: string
}

export const choiceIds: readonly ChoiceId[] = choiceRecords.map((choice) => choice.id)

const byId = new Map(choiceRecords.map((choice) => [choice.id, choice]))

/** One choice of the catalogue by id, without its description and words. */
export function choice(id: ChoiceId): ChoiceRecord {
  return byId.get(id)!
}

/** Every choice as sitemock makes it. */
export const sitemockChoices = Object.fromEntries(choiceRecords.map((c) => [c.id, c.sitemock])) as Required<Choices>

/** The choices of the documents-only rules: each validation choice at its most permissive value, the rest as sitemock makes them. */
export const documentsChoices = Object.fromEntries(
  choiceRecords.map((c) => [c.id, 'documents' in c ? c.documents : c.sitemock]),
) as Required<Choices>

/** sitemock's choices with the given ones over them. */
export const resolveChoices = (given: Choices = {}): Required<Choices> => ({ ...sitemockChoices, ...given }) as Required<Choices>

/**
 * The choices the mock cannot take another value of yet (and `contract --write-choices` does not
 * probe): given another value than sitemock's, createMock refuses it rather than ignore it. None
 * today: the mock follows every class. A class written into the catalogue before the mock can
 * take its alternatives goes here until it can.
 */
export const NOT_FOLLOWED: ReadonlySet<ChoiceId> = new Set<ChoiceId>([])

/** Whose rules the mock's validation follows: sitemock's own, or only what the documents state. */
export type Rules = 'sitemock' | 'documents'

/**
 * The choices a mock follows: the rules' set with the given choices over it, or undefined when
 * both are sitemock's own (the validators' fast path). Throws, naming the choice, on an unknown
 * id or a value that is not one of its alternatives.
 */
export function choicesFor(rules: Rules = 'sitemock', given?: Choices): Required<Choices> | undefined {
  if (rules !== 'sitemock' && rules !== 'documents') throw new Error(`rules must be "sitemock" or "documents"; got ${JSON.stringify(rules)}`)
  if (given !== undefined) {
    const problem = choicesProblem(given)
    if (problem) throw new Error(`choices: ${problem}`)
    const unfollowed = Object.entries(given).find(([id, value]) => NOT_FOLLOWED.has(id as ChoiceId) && value !== choice(id as ChoiceId).sitemock)
    if (unfollowed) {
      const [id, value] = unfollowed
      throw new Error(`choices: the mock follows only sitemock's value of ${id} (${JSON.stringify(choice(id as ChoiceId).sitemock)}) so far; got ${JSON.stringify(value)} (see docs/choices.md)`)
    }
  }
  if (rules === 'sitemock' && (given === undefined || Object.keys(given).length === 0)) return undefined
  return { ...(rules === 'documents' ? documentsChoices : sitemockChoices), ...given } as Required<Choices>
}

/** What is wrong with a set of choices, in words, or undefined when every id and value is in the catalogue. */
export function choicesProblem(given: unknown): string | undefined {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return 'must be an object of choice ids and values'
  for (const [id, value] of Object.entries(given)) {
    const known = byId.get(id as ChoiceId)
    if (!known) return `${JSON.stringify(id)} is not a choice; known choices: ${choiceIds.join(', ')}`
    if (Array.isArray(known.alternatives)) {
      if (!known.alternatives.includes(value as string)) return `${id} must be one of ${known.alternatives.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}`
    } else if (value !== null && !(Number.isInteger(value) && (value as number) >= 0)) {
      return `${id} must be a limit (an integer from 0) or null for none; got ${JSON.stringify(value)}`
    }
  }
  return undefined
}
