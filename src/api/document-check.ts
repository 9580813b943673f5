import type { ValidateFunction } from 'ajv/dist/2020.js'
import { validators } from '../generated/validators/documents.js'
import { precompiled } from './validate.js'

const documentValidators = validators as unknown as Readonly<Record<string, ValidateFunction>>

/**
 * A document of contracts/ or one of its definitions (`fixture.json#/$defs/site`) as a plain
 * check that does not coerce, for code that reports problems itself rather than as a 400.
 * Precompiled, in a set of its own: a page that judges only requests does not load it.
 */
export function schemaCheck(file: string, pointer: string): ValidateFunction {
  const key = pointer ? `${file}#${pointer}` : file
  return precompiled(documentValidators, key, `contracts/schemas/${key} is not a document of scripts/gen-validators.mjs`)
}
