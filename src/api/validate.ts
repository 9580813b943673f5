import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { sitemockChoices, type Choices } from '../contracts/choices.js'
import type { ErrorDetail } from '../contracts/types.js'
import { validators as bodyValidators } from '../contracts/validators/body.js'
import { validators as paramsValidators } from '../contracts/validators/params.js'
import { badRequest } from './errors.js'
import { fieldChoicesOf, followChoices, tighterLimits, type FieldChoices } from './follow-choices.js'

// The validators are compiled ahead of time from contracts/ (scripts/gen-validators.mjs), so a
// mock compiles nothing when it starts or answers, and runs under a Content-Security-Policy
// without 'unsafe-eval'. Bodies are judged as sent; query and path values arrive as strings and
// are coerced to the schema's types ("20" → 20) before judging.
const sets: Record<'body' | 'params', Readonly<Record<string, ValidateFunction>>> = {
  body: bodyValidators as unknown as Readonly<Record<string, ValidateFunction>>,
  params: paramsValidators as unknown as Readonly<Record<string, ValidateFunction>>,
}

/** Judges a value by sitemock's rules, or by a deployment's free choices when given (see follow-choices.ts). */
export type Validator<T> = (value: unknown, choices?: Required<Choices>) => T

/** A function that returns the value or throws a 400. */
export function compileValidator<T>(file: string, kind: 'body' | 'params'): Validator<T> {
  const validate = precompiled(sets[kind], file, `contracts/schemas/${file} is not a ${kind} schema of scripts/gen-validators.mjs`)
  let fields: FieldChoices | undefined
  return (value, choices) => {
    const valid = validate(value)
    if (choices === undefined || choices === sitemockChoices) {
      if (valid) return value as T
      throw badRequest(toDetails(validate.errors ?? []))
    }
    fields ??= fieldChoicesOf(file)
    const errors = [...followChoices(valid ? [] : (validate.errors ?? []), choices, fields), ...tighterLimits(value, choices, fields)]
    if (errors.length === 0) return value as T
    throw badRequest(toDetails(errors))
  }
}

/** The precompiled validator of `key` in a set of src/contracts/validators/. */
export function precompiled(set: Readonly<Record<string, ValidateFunction>>, key: string, missing: string): ValidateFunction {
  const validate = Object.hasOwn(set, key) ? set[key] : undefined
  if (!validate) throw new Error(missing)
  return validate
}

/** One detail per invalid field, worded as: what is wrong with the value, and what is accepted. */
export function toDetails(errors: ErrorObject[]): ErrorDetail[] {
  const byField = new Map<string, ErrorObject[]>()
  for (const error of errors) {
    const field = fieldOf(error)
    byField.set(field, [...(byField.get(field) ?? []), error])
  }
  const details: ErrorDetail[] = []
  let unknown = 0
  for (const [field, fieldErrors] of byField) {
    // anyOf reports each branch too; its own message carries what the field accepts as a whole.
    const chosen = fieldErrors.find((e) => e.keyword === 'anyOf') ?? fieldErrors[0]!
    // 10,000 unknown query parameters made a 400 of 3 MB: the first few name the mistake.
    if (chosen.keyword === 'additionalProperties' && ++unknown > MAX_UNKNOWN_LISTED) continue
    details.push({ field, message: messageOf(chosen) })
  }
  if (unknown > MAX_UNKNOWN_LISTED) {
    details.push({ field: '(more unknown fields)', message: `${unknown - MAX_UNKNOWN_LISTED} more fields that are not known are not listed; the first ${MAX_UNKNOWN_LISTED} are` })
  }
  return details
}

/** Unknown fields or parameters a 400 names one by one; the rest are counted. */
export const MAX_UNKNOWN_LISTED = 20

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '')
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const child = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined
  if (child === undefined) return base || '(body)'
  return base ? `${base}.${child}` : child
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.length > 60 ? `a string of ${value.length} characters` : JSON.stringify(value)
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

function messageOf(error: ErrorObject): string {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>
  const accepts = typeof parent['x-accepts'] === 'string' ? parent['x-accepts'] : undefined
  const params = error.params as Record<string, unknown>
  const got = describe(error.data)
  switch (error.keyword) {
    case 'required':
      return 'is required'
    case 'additionalProperties': {
      // A property declared only to be refused ({"not": {}}, such as defaultLocale in a site
      // update) is not something the request accepts, so it is not listed.
      const properties = (parent.properties ?? {}) as Record<string, { not?: object } | undefined>
      const known = Object.keys(properties).filter((name) => !isRefused(properties[name]))
      return known.length
        ? `is not a known field; accepted fields: ${known.join(', ')}`
        : 'is not a known field; this request accepts no fields here'
    }
    case 'type':
      return `must be ${accepts ?? `of type ${String(params.type)}`}; got ${got}`
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; got ${got}`
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}; got ${got}`
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `is out of range; must be ${accepts ?? rangeOf(parent)}; got ${got}`
    case 'minLength':
      return `is too short; must be ${accepts ?? `at least ${String(params.limit)} characters`}; got ${got}`
    case 'maxLength':
      return `is too long; must be ${accepts ?? `at most ${String(params.limit)} characters`}; got ${got}`
    case 'not':
      return `is not accepted; expected ${accepts ?? 'this field to be absent'}`
    default:
      return `is invalid; must be ${accepts ?? `valid (${error.message ?? error.keyword})`}; got ${got}`
  }
}

const isRefused = (schema: { not?: object } | undefined): boolean => schema?.not !== undefined && Object.keys(schema.not).length === 0

function rangeOf(schema: Record<string, unknown>): string {
  const min = schema.minimum ?? schema.exclusiveMinimum
  const max = schema.maximum ?? schema.exclusiveMaximum
  if (min !== undefined && max !== undefined) return `from ${String(min)} to ${String(max)}`
  return min !== undefined ? `at least ${String(min)}` : `at most ${String(max)}`
}
