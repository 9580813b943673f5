import { ApiError } from '../api/errors.js'
import { listClasses, listPaths } from '../generated/choice-lists.js'
import { choicesProblem, type Choices, type ChoicesByList } from './choices.js'

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

/** What is wrong with a choices file's `lists`, in words, or undefined when each is a list's path with classes of its own. */
export function listsProblem(lists: unknown): string | undefined {
  if (lists === null || typeof lists !== 'object' || Array.isArray(lists)) return 'must be an object of list paths and their own choices'
  for (const [path, own] of Object.entries(lists)) {
    if (!(listPaths as readonly string[]).includes(path)) return `${JSON.stringify(path)} is not a list; lists: ${listPaths.join(', ')}`
    const problem = choicesProblem(own)
    if (problem) return `${path}: ${problem}`
    const other = Object.keys(own as object).find((id) => !(listClasses as readonly string[]).includes(id))
    if (other) return `${path}: ${other} is the same on every list; a list answers in its own way only ${listClasses.join(', ')}`
  }
  return undefined
}
