import { listClasses, listPaths } from '../generated/choice-lists.js'
import { choicesProblem } from './catalogue.js'

// Lists that answer cursors in their own way (a choices file's `lists`, MockOptions.listChoices):
// what the catalogue takes of them. The mock follows them in src/api/list-choices.ts.

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
