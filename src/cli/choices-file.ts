import { schemaCheck } from '../api/document-check.js'
import { choicesProblem, type ChoicesFile } from '../freedom/catalogue.js'
import { listsProblem } from '../freedom/list-choices.js'
import type { MockOptions } from '../mock.js'
import { readTrustedFileSync, UntrustedFileError } from '../persist/safe-file.js'

/** A --choices file that cannot be used: one line saying why, exit code 1. */
export class ChoicesFileError extends Error {}

const validFile = schemaCheck('choices.json', '')

/** A choices file as `sitemock contract --write-choices` writes it, checked against contracts/schemas/choices.json. */
export function readChoicesFile(flag: string, file: string): ChoicesFile {
  let text: string
  try {
    // Refused when another user could write it: the choices decide what the mock answers.
    text = readTrustedFileSync(file, `${flag} file`)
  } catch (error) {
    if (error instanceof UntrustedFileError) throw new ChoicesFileError(error.message)
    throw new ChoicesFileError(`${flag} ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    throw new ChoicesFileError(`${flag} ${file}: is not JSON (${(error as Error).message}); expected {"choices": {...}}, as sitemock contract --write-choices writes`)
  }
  // The catalogue's own words first (which id, which alternatives), then the schema for the rest of the file.
  const { choices: inner, lists } = document !== null && typeof document === 'object' ? (document as { choices?: unknown; lists?: unknown }) : {}
  const problem = inner === undefined ? undefined : choicesProblem(inner)
  if (problem) throw new ChoicesFileError(`${flag} ${file}: choices: ${problem}`)
  const listProblem = lists === undefined ? undefined : listsProblem(lists)
  if (listProblem) throw new ChoicesFileError(`${flag} ${file}: lists: ${listProblem}`)
  if (!validFile(document)) {
    const first = validFile.errors?.[0]
    throw new ChoicesFileError(`${flag} ${file}: ${first ? `${first.instancePath || '(file)'} ${first.message ?? ''}` : 'is not a choices file'}; expected {"choices": {...}}, as sitemock contract --write-choices writes`)
  }
  return document as ChoicesFile
}

/** createMock's options of a --choices file: its choices, and the lists that answer cursors in their own way. */
export function choicesFileOptions(file: string | undefined): Pick<MockOptions, 'choices' | 'listChoices'> {
  if (file === undefined) return {}
  const { choices, lists } = readChoicesFile('--choices', file)
  return { choices, ...(lists === undefined ? {} : { listChoices: lists }) }
}
