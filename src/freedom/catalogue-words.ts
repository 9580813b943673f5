import choicesSchema from '../../contracts/schemas/choices.json' with { type: 'json' }
import { choiceRecords } from '../generated/choice-records.js'
import type { Choice, ChoiceId, ChoiceKind } from './catalogue.js'

/** What the catalogue adds to a choice's record, read from its property in choices.json. */
interface ChoiceWords {
  description: string
  'x-words': string
  'x-behaviour': string
  'x-kind': ChoiceKind
}

const properties = choicesSchema.$defs.choices.properties as Record<ChoiceId, ChoiceWords>

/**
 * Every free choice, in the catalogue's order, with its description, the documents' words and
 * the docs section that states sitemock's: the records generated from choices.json, and those read
 * from it. For the catalogue's readers (the docs' and the contract suite's, sitemock's own entry);
 * the mock reads only the records (choices.ts), so a page's start holds no words.
 */
export const choiceCatalogue: readonly Choice[] = choiceRecords.map((record) => ({
  ...record,
  description: properties[record.id].description,
  words: properties[record.id]['x-words'],
  behaviour: properties[record.id]['x-behaviour'],
  kind: properties[record.id]['x-kind'],
}))

const byId = new Map(choiceCatalogue.map((entry) => [entry.id, entry]))

/** One choice of the catalogue, with its words and the docs section that states sitemock's. */
export const catalogued = (id: ChoiceId): Choice => byId.get(id)!
