import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { sitemockChoices, type Choices } from '../freedom/catalogue.js'
import type { ErrorDetail } from '../generated/types.js'
import { validators as bodyValidators } from '../generated/validators/body.js'
import { operationValidator } from '../contracts/validator-sets.js'
import { ApiError, badRequest } from './errors.js'
import { MAX_LISTED, unlistedDetail } from './listed.js'
import { OnDemandPart } from '../control/on-demand-part.js'
import type { fieldChoicesOf, FieldChoices, followChoices, tighterLimits } from './follow-choices.js'
import type { segmentsAsPathname } from '../freedom/pathname-in-path.js'
import type { answerAsChosen } from './chosen-answers.js'
import type { choicesOfLists } from './list-choices.js'

// The validators are compiled ahead of time from contracts/ (scripts/gen-validators.mjs), so a
// mock compiles nothing when it starts or answers, and runs under a Content-Security-Policy
// without 'unsafe-eval'. Bodies are judged as sent; query and path values arrive as strings and
// are coerced to the schema's types ("20" → 20) before judging.
type ValidatorSet = Readonly<Record<string, ValidateFunction>>
const sets: Record<'body' | 'params', ValidatorSet> = {
  body: bodyValidators as unknown as ValidatorSet,
  // The control plane's query validators (generated/validators/params.ts) come with the routes
  // that judge by them, which a page imports on demand: those routes hand their set over.
  params: {},
}

/**
 * How a deployment's choices are followed (follow-choices.ts, which reads every schema's choice
 * keywords; a pathname read as the rest of the path; an answer shown as the deployment shows it):
 * only a mock given other choices or rules than sitemock's needs it, so a page's mock imports it
 * before its first answer (see Mock.prepare), and Node's entries hold it from the start.
 */
export const choiceFollowing = new OnDemandPart<{ fieldChoicesOf: typeof fieldChoicesOf; followChoices: typeof followChoices; tighterLimits: typeof tighterLimits; segmentsAsPathname: typeof segmentsAsPathname; answerAsChosen: typeof answerAsChosen; choicesOfLists: typeof choicesOfLists }>(
  "the following of a deployment's choices (createMock's choices, or rules other than sitemock's)",
)

/** In a page, what a mock that follows a deployment's choices imports before it answers; undefined when there is nothing to wait for. */
export function prepareChoices(choices: Required<Choices> | undefined): Promise<void> | undefined {
  return choices === undefined || choices === sitemockChoices ? undefined : choiceFollowing.load()
}

/** Judges a value by sitemock's rules, or by a deployment's free choices when given (see follow-choices.ts). */
export type Validator<T> = (value: unknown, choices?: Required<Choices>) => T

/**
 * A function that returns the value or throws a 400. `set` holds the file's validator when it is
 * in neither set this module imports nor an operation's (the control plane's queries).
 */
export function compileValidator<T>(file: string, kind: 'body' | 'params', set: object = sets[kind]): Validator<T> {
  const from = set as ValidatorSet
  // An operation's own validator may come later (a page imports it on demand): looked up on first use.
  let validate = Object.hasOwn(from, file) ? from[file] : undefined
  let fields: FieldChoices | undefined
  return (value, choices) => {
    validate ??= loadedValidator(file, kind)
    const valid = validate(value)
    if (choices === undefined || choices === sitemockChoices) {
      if (valid) return value as T
      throw badRequest(toDetails(validate.errors ?? []))
    }
    const following = choiceFollowing.get()
    fields ??= following.fieldChoicesOf(file)
    const errors = [...following.followChoices(valid ? [] : withSchemas(validate.errors ?? []), choices, fields), ...following.tighterLimits(value, choices, fields)]
    if (errors.length === 0) return value as T
    throw badRequest(toDetails(errors))
  }
}

/**
 * The errors with their `schema`, which followChoices reads (an anyOf's branches, a pattern): the
 * validators a page loads leave it out (scripts/gen-validators.mjs, leanErrors), since it is
 * always the parentSchema's value of the keyword.
 */
function withSchemas(errors: ErrorObject[]): ErrorObject[] {
  for (const error of errors) if (error.schema === undefined) error.schema = (error.parentSchema as Record<string, unknown> | undefined)?.[error.keyword]
  return errors
}

/** An operation's validator; in a page one not imported yet is the caller's to await (mock.prepare), said in the envelope. */
function loadedValidator(file: string, kind: 'body' | 'params'): ValidateFunction {
  try {
    return operationValidator(file, kind)
  } catch (error) {
    throw new ApiError(500, 'internal_error', `sitemock: ${(error as Error).message}.`)
  }
}

/** The precompiled validator of `key` in a set of src/generated/validators/. */
export function precompiled(set: Readonly<Record<string, ValidateFunction>>, key: string, missing: string): ValidateFunction {
  const validate = Object.hasOwn(set, key) ? set[key] : undefined
  if (!validate) throw new Error(missing)
  return validate
}

/**
 * One detail per invalid field, worded as: what is wrong with the value, and what is accepted.
 * The first MAX_LISTED fields are listed and the rest counted in one more detail: 10,000
 * unknown query parameters made a 400 of 3 MB, and 20,000 invalid records of a fixture one of 4 MB.
 */
export function toDetails(errors: ErrorObject[]): ErrorDetail[] {
  const { listed, count, unlistedAreUnknown } = listErrors(errors)
  if (count === listed.length) return listed
  const more = unlistedAreUnknown ? unlistedDetail(count - listed.length, '(more unknown fields)', 'fields that are not known') : unlistedDetail(count - listed.length, '(more invalid fields)', 'invalid fields')
  return [...listed, more]
}

export interface ListedErrors {
  /** The details of the first MAX_LISTED invalid fields. */
  listed: ErrorDetail[]
  /** How many fields are invalid, listed or not. */
  count: number
  /** Whether every field past the listed ones is only unknown (additionalProperties). */
  unlistedAreUnknown: boolean
}

/** Ajv's errors by field: the first fields worded, every one counted (only the listed ones cost a message). */
export function listErrors(errors: ErrorObject[]): ListedErrors {
  const byField = new Map<string, ErrorObject[]>()
  for (const error of errors) {
    const field = fieldOf(error)
    const same = byField.get(field)
    if (same) same.push(error)
    else byField.set(field, [error])
  }
  const listed: ErrorDetail[] = []
  let unlistedAreUnknown = true
  for (const [field, fieldErrors] of byField) {
    // anyOf reports each branch too; its own message carries what the field accepts as a whole.
    const chosen = fieldErrors.find((e) => e.keyword === 'anyOf') ?? fieldErrors[0]!
    if (listed.length < MAX_LISTED) listed.push({ field, message: messageOf(chosen) })
    else if (chosen.keyword !== 'additionalProperties') unlistedAreUnknown = false
  }
  return { listed, count: byField.size, unlistedAreUnknown }
}

/** A check of a value against a schema of contracts/: undefined when it holds, else Ajv's errors (see listErrors). */
export function compileCheck(file: string, kind: 'body' | 'params'): (value: unknown) => ErrorObject[] | undefined {
  const validate = precompiled(sets[kind], file, `contracts/schemas/${file} is not a ${kind} schema of scripts/gen-validators.mjs`)
  return (value) => (validate(value) ? undefined : (validate.errors ?? []))
}

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
      return `is invalid; must be ${accepts ?? `valid (${error.message ?? leanMessage(error)})`}; got ${got}`
  }
}

/**
 * Ajv's own message of an error of the keywords messageOf leaves to it: the validators a page
 * loads carry none (scripts/gen-validators.mjs, WORDED_KEYWORDS), which saves their code the
 * words, and the 400s read the same.
 */
function leanMessage({ keyword, params }: ErrorObject): string {
  const { limit, format, pattern, failingKeyword } = params as Record<string, unknown>
  switch (keyword) {
    case 'anyOf':
      return 'must match a schema in anyOf'
    case 'format':
      return `must match format "${String(format)}"`
    case 'pattern':
      return `must match pattern "${String(pattern)}"`
    case 'if':
      return `must match "${String(failingKeyword)}" schema`
    case 'propertyNames':
      return 'property name must be valid'
    case 'minItems':
    case 'maxItems':
      return `must NOT have ${keyword === 'maxItems' ? 'more' : 'fewer'} than ${String(limit)} items`
    case 'minProperties':
    case 'maxProperties':
      return `must NOT have ${keyword === 'maxProperties' ? 'more' : 'fewer'} than ${String(limit)} properties`
    default:
      return keyword
  }
}

const isRefused = (schema: { not?: object } | undefined): boolean => schema?.not !== undefined && Object.keys(schema.not).length === 0

function rangeOf(schema: Record<string, unknown>): string {
  const min = schema.minimum ?? schema.exclusiveMinimum
  const max = schema.maximum ?? schema.exclusiveMaximum
  if (min !== undefined && max !== undefined) return `from ${String(min)} to ${String(max)}`
  return min !== undefined ? `at least ${String(min)}` : `at most ${String(max)}`
}
