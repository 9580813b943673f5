import { ApiError } from '../api/errors.js'
import type { OverrideDocument } from '../generated/types.js'
import type { OverrideSet } from '../overrides/override-set.js'
import { readTrustedFileSync, UntrustedFileError } from '../persist/safe-file.js'

/** An --overrides file that cannot be used: one line saying why, exit code 1. */
export class OverrideFileError extends Error {}

/** Makes the file's overrides the active ones (as PUT /__mock/overrides does); says how many. */
export function loadOverrideFile(file: string, overrides: OverrideSet): number {
  let text: string
  try {
    // Refused when another user could write it: a recording's answers are served as they are.
    text = readTrustedFileSync(file, '--overrides file')
  } catch (error) {
    if (error instanceof UntrustedFileError) throw new OverrideFileError(error.message)
    throw new OverrideFileError(`--overrides ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    throw new OverrideFileError(`--overrides ${file}: is not JSON (${(error as Error).message}); expected {"overrides": [...]}, as sitemock proxy --record writes`)
  }
  try {
    overrides.replace(document as OverrideDocument)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const problems = (error.details ?? []).map((detail) => `${detail.field} ${detail.message}`).join('; ')
    throw new OverrideFileError(`--overrides ${file}: ${problems || error.message}`)
  }
  return overrides.size
}
