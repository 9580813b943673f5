import { choice, choiceIds, type ChoiceId, type Choices } from '../contracts/choices.js'
import type { Failure } from './types.js'

/**
 * --choices: a difference from sitemock's own choice is no difference when the target's recorded
 * choices (contract --write-choices) say the target chose otherwise on that very point. A
 * failure is such a difference when it rests on sitemock's behaviour only and its reason names a
 * choice of the catalogue whose recorded value is not sitemock's.
 */
export function recordedChoiceOf(failure: Failure, choices: Choices | undefined): string | undefined {
  if (choices === undefined || failure.documents.length !== 1 || failure.documents[0] !== 'sitemock behaviour') return undefined
  const words = new Set((failure.leftOpen ?? '').match(/[A-Za-z]+/g) ?? [])
  for (const id of choiceIds.filter((known) => words.has(known))) {
    const value = choices[id as ChoiceId]
    if (value !== undefined && value !== choice(id).sitemock) return `${id}=${JSON.stringify(value)}`
  }
  return undefined
}
