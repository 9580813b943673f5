import type { Choices, ChoicesByList } from '../freedom/catalogue.js'
import { listsProblem } from '../freedom/list-choices.js'
import { ApiError } from './errors.js'

// Lists that answer cursors in their own way (MockOptions.listChoices, a choices file's `lists`):
// only a mock given them needs this, so a page imports it with the following of choices.

/**
 * The choices each list follows where it answers cursors in its own way (`lists`): its own over
 * `choices`, by the list's path. Throws, naming the list and the class, on a path that is no list,
 * a class a list cannot answer in its own way, or a value that is not one of the class's
 * alternatives: from createMock, or where a page's mock meets them at its first list request, as
 * the 500 that answers it (in the API's envelope, saying why).
 */
export function choicesOfLists(choices: Required<Choices>, lists: ChoicesByList): ReadonlyMap<string, Required<Choices>> {
  const problem = listsProblem(lists)
  if (problem) throw new ApiError(500, 'internal_error', `sitemock: lists: ${problem}`)
  return new Map(Object.entries(lists).map(([path, own]) => [path, { ...choices, ...own }]))
}

