import type { ValidateFunction } from 'ajv/dist/2020.js'
import { documentedStatuses as statusesOf, type ResponseShape } from '../api/types.js'
import { contractsValidator, publishedDocumentsStatus, publishedValidator, violations } from '../contracts/response-check.js'
import { operationAt } from './endpoints.js'
import type { Exchange } from './http-client.js'
import { DOCUMENT_OF, type DocumentName, type Failure, type Profile, type Violation } from './types.js'

/** The statuses the profile's document declares for an operation; undefined when it has no such operation. */
export function documentedStatuses(profile: Profile, method: string, template: string): number[] | undefined {
  if (profile === 'spec') {
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

/** The documents that promise `status` here: SPEC.md always does under the spec profile. */
export function promisedBy(profile: Profile, method: string, template: string, status: number): DocumentName[] {
  if (profile === 'published') return [DOCUMENT_OF.published]
  return publishedDocumentsStatus(method, template, status) ? ['SPEC.md', 'published OpenAPI'] : ['SPEC.md']
}

/**
 * Every way a response breaks the profile's contract: an undocumented status, a non-JSON
 * content type, a body with a 204, or a body that fails the schema of its operation and status.
 * Under the spec profile the published schema is checked too, so a failure says whether the
 * deployment breaks SPEC.md alone (a spec gap) or both documents (a bug).
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
  const inPublished = profile === 'spec' && publishedDocumentsStatus(method, template, status) !== undefined
  const both: DocumentName[] = inPublished ? ['SPEC.md', 'published OpenAPI'] : [DOCUMENT_OF[profile]]
  if (!declared.includes(status)) {
    const undeclaredThere = inPublished && publishedDocumentsStatus(method, template, status) === false
    fail(`status ${status} is not documented for ${method} ${template} (documented: ${declared.join(', ')})`, undeclaredThere ? both : [DOCUMENT_OF[profile]])
  }
  if (status === 204) {
    if (exchange.text.length > 0) fail('a 204 response has a body', both)
    return failures
  }
  if (!/^application\/json\b/i.test(exchange.contentType ?? '')) {
    fail(`the content type is ${exchange.contentType ?? 'missing'}, not application/json`, both)
  }
  if (exchange.jsonError !== undefined || exchange.text.length === 0) {
    fail(`the body is not JSON${exchange.jsonError ? ` (${exchange.jsonError})` : ' (empty)'}`, both)
    return failures
  }
  const found = schemaViolations(profile, method, template, status, exchange.body)
  if (found.length > 0) {
    const broken = [...new Set(found.map((violation) => violation.document))]
    fail(`the ${status} body breaks ${[...new Set(found.map((violation) => violation.schema))].join(' and ')}`, broken, found)
  }
  return failures
}

function schemaViolations(profile: Profile, method: string, template: string, status: number, body: unknown): Violation[] {
  const found: Violation[] = []
  const operation = operationAt(method, template)
  if (profile === 'spec' && operation) {
    const validate = contractsValidator(operation.success.shape, status)
    if (validate) found.push(...named(validate, body, 'SPEC.md', contractsSchemaName(operation.success.shape, status)))
  }
  const published = publishedValidator(method, template, status)
  if (published) found.push(...named(published, body, 'published OpenAPI', `the published OpenAPI's ${method} ${template} ${status} response`))
  return found
}

function named(validate: ValidateFunction, body: unknown, document: DocumentName, schema: string): Violation[] {
  const key = document === 'SPEC.md' ? 'contracts' : 'published'
  return violations(key, validate, body).map((violation) => ({
    document,
    schema,
    pointer: violation.pointer,
    message: violation.message,
    value: valueAt(body, violation.pointer),
  }))
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
