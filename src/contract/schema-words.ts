import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import type { DocumentName, Violation } from './types.js'

// Ajv's errors as the reports show them: where in the body, and "expected X, got Y".

/**
 * The ways a body fails a schema, each with its place and in plain words. `counts` leaves out the
 * errors the document does not stand behind (a field its schema requires that the document's own
 * words do not).
 */
export function violationsOf(validate: ValidateFunction, body: unknown, document: DocumentName, schema: string, counts: (error: ErrorObject) => boolean = () => true): Violation[] {
  if (validate(body)) return []
  const found: Violation[] = []
  for (const error of validate.errors ?? []) {
    // if/then/else only say that a branch failed: the errors inside it say how.
    if (['if', 'then', 'else'].includes(error.keyword) || !counts(error)) continue
    const field = fieldOf(error)
    const pointer = `${error.instancePath}${field === undefined ? '' : `/${field}`}` || '/'
    const value = valueAt(body, pointer)
    found.push({ document, schema, pointer, message: plainWords(error, value), ...(value === undefined ? {} : { value }) })
  }
  return found
}

/** The field an error is about when Ajv reports it on the parent object. */
function fieldOf(error: ErrorObject): string | undefined {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return String(params.missingProperty)
  if (error.keyword === 'additionalProperties') return String(params.additionalProperty)
  return undefined
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`)
const list = (values: unknown): string => (Array.isArray(values) ? values : [values]).map((value) => JSON.stringify(value)).join(', ')

/** A schema error as "expected X, got Y" in plain words, instead of the schema keyword. */
function plainWords(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>
  const size = typeof value === 'string' ? `${value.length} characters` : Array.isArray(value) ? `${value.length} items` : jsonType(value)
  switch (error.keyword) {
    case 'required':
      return 'expected this required field, got none'
    case 'additionalProperties':
      return 'expected no such field, got one'
    case 'type':
      return `expected ${(Array.isArray(params.type) ? params.type : [params.type]).join(' or ')}, got ${jsonType(value)}`
    case 'enum':
      return `expected one of ${list(params.allowedValues)}, got ${jsonType(value)}`
    case 'const':
      return `expected ${list(params.allowedValue)}, got ${jsonType(value)}`
    case 'format':
      return `expected a valid ${String(params.format)}, got ${jsonType(value)}`
    case 'pattern':
      return `expected text of the form ${String(params.pattern)}, got ${jsonType(value)}`
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minLength':
    case 'minItems':
      return `expected at least ${String(params.limit)}${error.keyword === 'exclusiveMinimum' ? ' (exclusive)' : ''}, got ${size}`
    case 'maximum':
    case 'exclusiveMaximum':
    case 'maxLength':
    case 'maxItems':
      return `expected at most ${String(params.limit)}${error.keyword === 'exclusiveMaximum' ? ' (exclusive)' : ''}, got ${size}`
    case 'anyOf':
    case 'oneOf':
      return `expected one of the accepted forms, got ${jsonType(value)}`
    default:
      return `expected ${error.message ?? error.keyword}, got ${jsonType(value)}`
  }
}

/** The part of the body a JSON pointer names. */
export function valueAt(body: unknown, pointer: string): unknown {
  if (pointer === '/' || pointer === '') return body
  let value = body
  for (const raw of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return value
}

