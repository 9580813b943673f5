/**
 * The catalogue of free choices: what neither the specification nor the published OpenAPI fixes
 * and sitemock chose. contracts/schemas/choices.json is its one source (its `$defs/choices`
 * properties); this module only reads it, so an id, its alternatives and sitemock's default are
 * written once. The contract suite labels a rule that is sitemock's own with one of these ids, the
 * mock follows a deployment's recorded values (`createMock({ choices })`), and the
 * documents-only rules take each validation choice's `x-documents` value.
 */
import choicesSchema from '../../contracts/schemas/choices.json' with { type: 'json' }
import type { Choices } from './types.js'

export type { Choices, ChoicesFile } from './types.js'

export type ChoiceId = keyof Choices

/** Kinds, after the lists of issue 41: validation sitemock adds, refusals a stricter deployment may add, fields outside the documented operation, lookups, and values no document fixes. */
export type ChoiceKind = 'validation' | 'strict' | 'fields' | 'lookup' | 'value'

export interface Choice {
  id: ChoiceId
  /** What the choice is about, in the project's words. */
  description: string
  kind: ChoiceKind
  /** The values a deployment may take; a limit takes any integer, or null for none. */
  alternatives: readonly (string | null)[] | 'a limit (integer) or null'
  /** sitemock's own choice. */
  sitemock: string | number | null
  /** The section of the docs folder that states sitemock's choice, e.g. `api-behaviour.md#field-limits`. */
  behaviour: string
  /** The value the documents-only rules take, for the validation sitemock adds; absent otherwise. */
  documents?: string | number | null
}

interface ChoiceSchema {
  description: string
  enum?: string[]
  type?: string[]
  default: string | number | null
  'x-behaviour': string
  'x-kind': ChoiceKind
  'x-documents'?: string | number | null
}

const properties = choicesSchema.$defs.choices.properties as Record<ChoiceId, ChoiceSchema>

/** Every free choice, in the catalogue's order. */
export const choiceCatalogue: readonly Choice[] = Object.entries(properties).map(([id, schema]) => ({
  id: id as ChoiceId,
  description: schema.description,
  kind: schema['x-kind'],
  alternatives: schema.enum ?? 'a limit (integer) or null',
  sitemock: schema.default,
  behaviour: schema['x-behaviour'],
  ...('x-documents' in schema ? { documents: schema['x-documents'] } : {}),
}))

export const choiceIds: readonly ChoiceId[] = choiceCatalogue.map((choice) => choice.id)

const byId = new Map(choiceCatalogue.map((choice) => [choice.id, choice]))

/** One choice of the catalogue by id. */
export function choice(id: ChoiceId): Choice {
  return byId.get(id)!
}

/** Every choice as sitemock makes it. */
export const sitemockChoices = Object.fromEntries(choiceCatalogue.map((c) => [c.id, c.sitemock])) as Required<Choices>

/** The choices of the documents-only rules: each validation choice at its most permissive value, the rest as sitemock makes them. */
export const documentsChoices = Object.fromEntries(
  choiceCatalogue.map((c) => [c.id, 'documents' in c ? c.documents : c.sitemock]),
) as Required<Choices>

/** sitemock's choices with the given ones over them. */
export const resolveChoices = (given: Choices = {}): Required<Choices> => ({ ...sitemockChoices, ...given }) as Required<Choices>
