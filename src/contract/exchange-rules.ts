import { CODE_OF_STATUS } from '../api/errors.js'
import type { ResponseShape } from '../api/types.js'
import { contractsValidator, publishedDocumentsStatus, publishedValidator } from '../contracts/response-check.js'
import { operationAt } from './endpoints.js'
import type { Exchange } from './http-client.js'
import { documentedStatuses, summarize } from './judge.js'
import type { ErrorObject } from 'ajv/dist/2020.js'
import { specificationRequires } from './response-required.js'
import { valueAt, violationsOf } from './schema-words.js'
import { SERVER_ERROR_DOCUMENTS } from './server-errors.js'
import { DOCUMENT_OF, holdsServiceRules, type DocumentName, type Failure, type Profile, type Violation } from './types.js'
import { appendAll } from '../append.js'

/*
 * The rules one exchange, or one walk of a list's pages, can decide: the answer's status and
 * shape, an error's code and the fields a 400 names, and what each page of a walk promises. The
 * contract suite's checks, its stateful oracle and the proxy judge with these, so a rule is
 * written once.
 */

type Json = Record<string, unknown>

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
    // sitemock's schemas require more fields than the specification's tables do: only those the tables mark "yes" count against it.
    const stated = (error: ErrorObject): boolean => error.keyword !== 'required' || specificationRequires((valueAt(body, error.instancePath || '/') as Json | undefined)?.object, String((error.params as Json).missingProperty))
    if (validate) appendAll(found, violationsOf(validate, body, 'specification', contractsSchemaName(operation.success.shape, status), stated))
  }
  const published = publishedValidator(method, template, status)
  if (published) appendAll(found, violationsOf(published, body, 'published OpenAPI', `the published OpenAPI's ${method} ${template} ${status} response`))
  return found
}

function contractsSchemaName(shape: ResponseShape, status: number): string {
  if (status >= 400) return 'contracts/schemas/error.json'
  if (shape === 'empty') return 'no body'
  return 'resource' in shape ? `contracts/schemas/${shape.resource}` : `contracts/schemas/list.json of ${shape.list}`
}


const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The fields an error's `details` name, in their order. */
export function detailFields(body: unknown): string[] {
  const details = isObject(body) ? body.details : undefined
  return Array.isArray(details) ? details.map((detail) => String((detail as Json | null)?.field)) : []
}

/**
 * The error statuses of the specification's Errors table, each paired there with one code. Another
 * status (a 405, a 413) is in no document: the code it carries is the target's own.
 */
const TABLED_ERRORS: ReadonlySet<number> = new Set([400, 401, 403, 404, 409])

/** The specification pairs each error status of its table with one code: a problem in words when the envelope carries another. */
export function errorCodeProblem(status: number, body: unknown): string | undefined {
  const code = TABLED_ERRORS.has(status) ? CODE_OF_STATUS[status] : undefined
  if (code === undefined) return undefined
  const got = isObject(body) ? body.code : undefined
  return got === code ? undefined : `a ${status} carries the code ${JSON.stringify(got)}, expected ${JSON.stringify(code)}`
}

/** A 400 names at least one invalid field in its `details`: a problem in words when it names none. */
export function unnamedFieldProblem(body: unknown): string | undefined {
  if (detailFields(body).length > 0) return undefined
  const details = isObject(body) ? body.details : undefined
  return `the 400 names no field, expected at least one of the invalid ones (details ${details === undefined ? 'absent' : JSON.stringify(details)})`
}

/** The default page size of every list. */
export const DEFAULT_LIMIT = 20

/**
 * One walk of a list, page by page, following startingAfter: each page must say hasMore true or
 * false, hold at most the limit, show no item an earlier page showed, and hold items when it says
 * more follow. `next` takes each page in turn and says the first promise it breaks.
 */
export class PageWalk {
  private readonly pageOf = new Map<string, number>()
  private readonly ids: string[] = []
  private pages = 0

  /** `limit` as the request gave it (the default when left out); `label` names the walk in messages. */
  constructor(
    private readonly limit: number | undefined,
    readonly label: string,
  ) {}

  /** The ids seen so far, in the order seen. */
  get seen(): readonly string[] {
    return this.ids
  }

  /** The cursor a client passes for the page after the last one taken: the id of its last item. */
  get cursor(): string | undefined {
    return this.ids[this.ids.length - 1]
  }

  next(body: unknown): string | undefined {
    const page = ++this.pages
    const json = isObject(body) ? body : {}
    const items = Array.isArray(json.data) ? (json.data as unknown[]) : []
    if (typeof json.hasMore !== 'boolean') return `expected hasMore true or false, got ${json.hasMore === undefined ? 'none' : JSON.stringify(json.hasMore)}: page ${page} of ${this.label}`
    const max = this.limit ?? DEFAULT_LIMIT
    if (items.length > max) return `expected at most ${max} items, got ${items.length}: page ${page} of ${this.label}`
    for (const item of items) {
      const id = String((item as Json | null)?.id)
      const earlier = this.pageOf.get(id)
      if (earlier !== undefined) return `expected each item once, got ${id} twice, on page ${earlier} and on page ${page}: ${this.label}`
      this.pageOf.set(id, page)
      this.ids.push(id)
    }
    if (json.hasMore && items.length === 0) return `expected items on a page with hasMore true, got none: page ${page} of ${this.label}`
    return undefined
  }
}

/**
 * An item a page skipped: given the order of a list as an earlier walk saw it whole, the page
 * after `cursor` must start with the item that followed the cursor there. Only a list known not
 * to have changed since can be held to this.
 */
export function skippedItem(known: readonly string[], cursor: string, page: readonly string[]): string | undefined {
  const at = known.indexOf(cursor)
  if (at < 0 || page.length === 0) return undefined
  const expected = known[at + 1]
  if (expected === undefined || page[0] === expected) return undefined
  return `expected the page after ${cursor} to start with ${expected}, which followed it in an earlier walk of the same list, got ${page[0]}: ${expected} was skipped`
}
