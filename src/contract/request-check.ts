import type { ValidateFunction } from 'ajv/dist/2020.js'
import { precompiled } from '../api/validate.js'
import { validators } from '../generated/validators/contract.js'

const contractValidators = validators as unknown as Readonly<Record<string, ValidateFunction>>

/**
 * A request's schema file, or one root property of it (`/properties/limit`), as a check that
 * judges a value as the planner typed it (no coercion). Precompiled, in a set a page never loads.
 */
export function requestCheck(file: string, pointer: string): ValidateFunction {
  const key = pointer ? `${file}#${pointer}` : file
  return precompiled(contractValidators, key, `contracts/schemas/${key} is not a request schema of scripts/gen-validators.mjs`)
}
