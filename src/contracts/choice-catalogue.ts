import choicesSchema from '../../contracts/schemas/choices.json' with { type: 'json' }
import { choiceRecords } from '../generated/choice-records.js'
import type { Choice, ChoiceId } from './choices.js'

/** What the catalogue adds to a choice's record, read from its property in choices.json. */
interface ChoiceWords {
  description: string
  'x-words': string
}

const properties = choicesSchema.$defs.choices.properties as Record<ChoiceId, ChoiceWords>

/**
 * Every free choice, in the catalogue's order, with its description and the documents' words:
 * the records generated from choices.json, and those two read from it. For the catalogue's
 * readers (the docs' and the contract suite's, sitemock's own entry); the mock reads only the
 * records (choices.ts), so a page's start holds no words.
 */
export const choiceCatalogue: readonly Choice[] = choiceRecords.map((record) => ({
  ...record,
  description: properties[record.id].description,
  words: properties[record.id]['x-words'],
}))
