import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import type { DataValidationCxt } from 'ajv/dist/types/index.js'
import addFormats from 'ajv-formats'
import { sitemockChoices, type Choices } from '../contracts/choices.js'
import type { ErrorDetail } from '../contracts/types.js'
import { schemaId, schemas } from '../contracts/schemas.js'
import { badRequest } from './errors.js'
import { fieldChoicesOf, followChoices, tighterLimits, type FieldChoices } from './follow-choices.js'
import { lowerCase } from './lower-case.js'
import { isUuid } from './uuid.js'

/**
 * Annotation keywords of contracts/: `x-accepts` words error messages, `tsType` steers type
 * generation, the others describe the free choices (choices.json, and `x-choices` beside a
 * keyword that is one of them).
 */
const ANNOTATIONS = ['x-accepts', 'tsType', 'x-behaviour', 'x-kind', 'x-documents', 'x-choices']

function createAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, coerceTypes, schemas: judgedSchemas() })
  ajv.addVocabulary(ANNOTATIONS)
  // `x-lowercase` marks common.json's uuid: the service treats UUIDs case-insensitively, and the
  // store keys them in lower case, so an upper-case siteId or cursor finds its record.
  ajv.addKeyword({
    keyword: 'x-lowercase',
    schemaType: 'boolean',
    modifying: true,
    validate: (enabled: boolean, data: unknown, _schema?: unknown, context?: DataValidationCxt) => {
      // Only a UUID is canonicalised: in an anyOf such as "a UUID or a locale code", the UUID
      // branch must leave fr-FR as it is. A value already in lower case (ids as clients send
      // them) has nothing to change.
      if (!enabled || typeof data !== 'string' || data === lowerCase(data) || !isUuid(data)) return true
      if (context?.parentData) (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = data.toLowerCase()
      return true
    },
  })
  addFormats.default(ajv)
  // The same check as everywhere else in the mock, in place of ajv-formats' regular expression
  // (which also admits a urn:uuid: prefix, where the service does not).
  ajv.addFormat('uuid', isUuid)
  return ajv
}

/**
 * The schemas as Ajv judges them. common.json's uuid carries a pattern for the served OpenAPI
 * (tools that do not know the uuid format still generate and check UUIDs by it); here the
 * format decides the same thing, and a second, regular-expression test of every id costs a
 * good part of a request's validation.
 */
function judgedSchemas(): object[] {
  return schemas.map((schema) => {
    if (schema.$id !== schemaId('common.json')) return schema
    const common = schema as { $id: string; $defs: Record<string, Record<string, unknown>> }
    const uuid = { ...common.$defs.uuid }
    delete uuid.pattern
    return { ...common, $defs: { ...common.$defs, uuid } }
  })
}

// Bodies are judged as sent; query and path values arrive as strings and are coerced to the
// schema's types ("20" → 20) before judging. Each Ajv is made on first use and each schema
// compiled when first judged: a mock starts without compiling what its requests never reach.
let bodyAjv: Ajv2020 | undefined
let paramsAjv: Ajv2020 | undefined
const ajvFor = (kind: 'body' | 'params'): Ajv2020 =>
  kind === 'body' ? (bodyAjv ??= createAjv(false)) : (paramsAjv ??= createAjv(true))

/** Judges a value by sitemock's rules, or by a deployment's free choices when given (see follow-choices.ts). */
export type Validator<T> = (value: unknown, choices?: Required<Choices>) => T

/** A function that returns the value or throws a 400; the schema file is compiled on its first call. */
export function compileValidator<T>(file: string, kind: 'body' | 'params'): Validator<T> {
  let validate: ValidateFunction<T> | undefined
  let fields: FieldChoices | undefined
  return (value, choices) => {
    validate ??= compiled<T>(ajvFor(kind), schemaId(file), `contracts/schemas/${file} is not registered in src/contracts/schemas.ts`)
    const valid = validate(value)
    if (choices === undefined || choices === sitemockChoices) {
      if (valid) return value
      throw badRequest(toDetails(validate.errors ?? []))
    }
    fields ??= fieldChoicesOf(file)
    const errors = [...followChoices(valid ? [] : (validate.errors ?? []), choices, fields), ...tighterLimits(value, choices, fields)]
    if (errors.length === 0) return value as T
    throw badRequest(toDetails(errors))
  }
}

function compiled<T>(ajv: Ajv2020, id: string, missing: string): ValidateFunction<T> {
  const validate = ajv.getSchema(id) as ValidateFunction<T> | undefined
  if (!validate) throw new Error(missing)
  return validate
}

/**
 * A part of a contracts/ schema (`fixture.json#/$defs/site`) as a plain Ajv check that does not
 * coerce, for code that reports problems itself rather than as a 400.
 */
export function schemaCheck(file: string, pointer: string): ValidateFunction {
  return compiled(ajvFor('body'), `${schemaId(file)}#${pointer}`, `contracts/schemas/${file}#${pointer} does not exist`)
}

/** One detail per invalid field, worded as: what is wrong with the value, and what is accepted. */
export function toDetails(errors: ErrorObject[]): ErrorDetail[] {
  const byField = new Map<string, ErrorObject[]>()
  for (const error of errors) {
    const field = fieldOf(error)
    byField.set(field, [...(byField.get(field) ?? []), error])
  }
  return [...byField].map(([field, fieldErrors]) => {
    // anyOf reports each branch too; its own message carries what the field accepts as a whole.
    const chosen = fieldErrors.find((e) => e.keyword === 'anyOf') ?? fieldErrors[0]!
    return { field, message: messageOf(chosen) }
  })
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
