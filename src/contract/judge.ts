import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { documentedStatuses as statusesOf, type ResponseShape } from '../api/types.js'
import { contractsValidator, publishedDocumentsStatus, publishedValidator } from '../contracts/response-check.js'
import { operationAt } from './endpoints.js'
import { SERVER_ERROR_DOCUMENTS } from './server-errors.js'
import type { Exchange } from './http-client.js'
import { DOCUMENT_OF, holdsServiceRules, type DocumentName, type Failure, type Profile, type Violation } from './types.js'

/** The statuses the profile's document declares for an operation; undefined when it has no such operation. */
export function documentedStatuses(profile: Profile, method: string, template: string): number[] | undefined {
  if (holdsServiceRules(profile)) {
    const operation = operationAt(method, template)
    return operation ? statusesOf(operation) : undefined
  }
  if (publishedDocumentsStatus(method, template, 200) === undefined) return undefined
  return [200, 201, 204, 400, 401, 403, 404, 409].filter((status) => publishedDocumentsStatus(method, template, status))
}

/** Whether the document promises this status for the operation. */
export function documents(profile: Profile, method: string, template: string, status: number): boolean {
  return documentedStatuses(profile, method, template)?.includes(status) ?? false
}

/** The documents that promise `status` here: the service rules always do under the spec profile. */
export function promisedBy(profile: Profile, method: string, template: string, status: number): DocumentName[] {
  if (profile === 'published') return [DOCUMENT_OF.published]
  return publishedDocumentsStatus(method, template, status) ? ['service rules', 'published OpenAPI'] : ['service rules']
}

/**
 * Every way a response breaks the profile's contract: an undocumented status, a non-JSON
 * content type, a body with a 204, or a body that fails the schema of its operation and status.
 * Under the spec profile the published schema is checked too, so a failure says whether the
 * deployment breaks the service rules alone (a gap in the published OpenAPI) or both (a bug).
 */
export function judgeExchange(profile: Profile, exchange: Exchange): Failure[] {
  const { method, template } = exchange.request
  const { status } = exchange
  const failures: Failure[] = []
  const fail = (message: string, documents: DocumentName[], violations?: Violation[]): void => {
    failures.push({ message, documents, request: exchange.request, response: summarize(exchange), ...(violations ? { violations } : {}) })
  }
  const declared = documentedStatuses(profile, method, template)
  if (!declared) {
    fail(`${method} ${template} is not an operation of the ${DOCUMENT_OF[profile]}`, [DOCUMENT_OF[profile]])
    return failures
  }
  // Where the published OpenAPI describes the operation too, a non-JSON answer breaks it as well.
  const inPublished = holdsServiceRules(profile) && publishedDocumentsStatus(method, template, status) !== undefined
  // A 5xx breaks both documents under any profile: neither allows one (see server-errors.ts).
  const serverError = status >= 500
  const both: DocumentName[] = inPublished || serverError ? [...SERVER_ERROR_DOCUMENTS] : [DOCUMENT_OF[profile]]
  if (!declared.includes(status)) {
    const undeclaredThere = serverError || (inPublished && publishedDocumentsStatus(method, template, status) === false)
    fail(`expected one of ${declared.join(', ')}, got ${status}: a status not documented for ${method} ${template}`, undeclaredThere ? both : [DOCUMENT_OF[profile]])
  }
  if (status === 204) {
    if (exchange.text.length > 0) fail('expected no body with a 204, got one', both)
    return failures
  }
  if (!/^application\/json\b/i.test(exchange.contentType ?? '')) {
    fail(`expected the content type application/json, got ${exchange.contentType ?? 'none'}`, both)
  }
  if (exchange.jsonError !== undefined || exchange.text.length === 0) {
    fail(`expected a JSON body, got ${exchange.jsonError ? `text that is not JSON (${exchange.jsonError})` : 'an empty body'}`, both)
    return failures
  }
  const found = schemaViolations(profile, method, template, status, exchange.body)
  if (found.length > 0) {
    const broken = [...new Set(found.map((violation) => violation.document))]
    fail(`expected the ${status} body to match ${[...new Set(found.map((violation) => violation.schema))].join(' and ')}, got ${found.length} difference${found.length === 1 ? '' : 's'}`, broken, found)
  }
  return failures
}

function schemaViolations(profile: Profile, method: string, template: string, status: number, body: unknown): Violation[] {
  const found: Violation[] = []
  const operation = operationAt(method, template)
  if (holdsServiceRules(profile) && operation) {
    const validate = contractsValidator(operation.success.shape, status)
    if (validate) found.push(...named(validate, body, 'service rules', contractsSchemaName(operation.success.shape, status)))
  }
  const published = publishedValidator(method, template, status)
  if (published) found.push(...named(published, body, 'published OpenAPI', `the published OpenAPI's ${method} ${template} ${status} response`))
  return found
}

function named(validate: ValidateFunction, body: unknown, document: DocumentName, schema: string): Violation[] {
  if (validate(body)) return []
  const found: Violation[] = []
  for (const error of validate.errors ?? []) {
    // if/then/else only say that a branch failed: the errors inside it say how.
    if (['if', 'then', 'else'].includes(error.keyword)) continue
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

function contractsSchemaName(shape: ResponseShape, status: number): string {
  if (status >= 400) return 'contracts/schemas/error.json'
  if (shape === 'empty') return 'no body'
  return 'resource' in shape ? `contracts/schemas/${shape.resource}` : `contracts/schemas/list.json of ${shape.list}`
}

/** The part of the body a JSON pointer names. */
function valueAt(body: unknown, pointer: string): unknown {
  if (pointer === '/' || pointer === '') return body
  let value = body
  for (const raw of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return value
}

export function summarize(exchange: Exchange): Failure['response'] {
  return {
    status: exchange.status,
    ...(exchange.contentType ? { contentType: exchange.contentType } : {}),
    ...(exchange.body !== undefined ? { body: exchange.body } : exchange.text ? { body: exchange.text.slice(0, 500) } : {}),
  }
}
