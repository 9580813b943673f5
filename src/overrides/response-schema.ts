import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { apiRoutes, operations } from '../api/operations.js'
import type { RegisteredOperation } from '../api/types.js'
import { precompiled, toDetails } from '../api/validate.js'
import type { ErrorDetail, OverrideMatcher } from '../generated/types.js'
import { validators } from '../generated/validators/body.js'

// The validators compiled ahead of time from contracts/ (scripts/gen-validators.mjs, set "body"),
// so that a page checks an override as a server does, with no schema compiler and no eval.
const bodyValidators = validators as unknown as Readonly<Record<string, ValidateFunction>>

const validatorOf = (file: string): ValidateFunction => precompiled(bodyValidators, file, `contracts/schemas/${file} is not a response body of scripts/gen-validators.mjs`)

/** What an answer of one operation at one status must be: a schema, in words for the messages. */
interface ResponseSchema {
  /** The same key for the same schema, so that each is judged once however many operations share it. */
  key: string
  /** What is accepted, for a message: `a list of sites: {...} (contracts/schemas/list.json, site.json)`. */
  accepts: string
  judge(body: unknown): ErrorObject[]
}

const errorsOf = (validate: ValidateFunction, body: unknown): ErrorObject[] => (validate(body) ? [] : [...(validate.errors ?? [])])

function resourceSchema(file: string): ResponseSchema {
  const name = file.replace(/\.json$/, '')
  return { key: file, accepts: `a ${name} (contracts/schemas/${file})`, judge: (body) => errorsOf(validatorOf(file), body) }
}

/** The list envelope, then each item of its data by the resource's schema, as the API's lists are documented. */
function listSchema(file: string): ResponseSchema {
  const name = file.replace(/\.json$/, '')
  return {
    key: `list:${file}`,
    accepts: `a list of ${name}s: {"object": "list", "data": [${name}, ...], "hasMore": true or false} (contracts/schemas/list.json, ${file})`,
    judge(body) {
      const errors = errorsOf(validatorOf('list.json'), body)
      const data = (body as { data?: unknown } | null)?.data
      if (!Array.isArray(data)) return errors
      const item = validatorOf(file)
      data.forEach((value: unknown, index) => {
        for (const error of errorsOf(item, value)) errors.push({ ...error, instancePath: `/data/${index}${error.instancePath}` })
      })
      return errors
    },
  }
}

const ERROR_ENVELOPE: ResponseSchema = {
  key: 'error.json',
  accepts: 'the error envelope: {"object": "error", "code": "not_found", "message": "...", "details": [...]} (contracts/schemas/error.json; details required with code bad_request)',
  judge: (body) => errorsOf(validatorOf('error.json'), body),
}

const THROTTLED: ResponseSchema = {
  key: 'throttled.json',
  accepts: `the throttler's body: {"statusCode": 429, "message": "...", "error": "..."} (contracts/schemas/throttled.json)`,
  judge: (body) => errorsOf(validatorOf('throttled.json'), body),
}

/**
 * The schema the API publishes for this operation's answers at `status`, or undefined when it
 * publishes no body there. An error status has the error envelope (429 the throttler's body); any
 * 2xx the operation's success body, since a client reads that body on every 2xx; a 3xx, or an
 * operation that answers without a body (204), none.
 */
function responseSchemaOf(operation: RegisteredOperation, status: number): ResponseSchema | undefined {
  if (status === 429) return THROTTLED
  if (status >= 400) return ERROR_ENVELOPE
  if (status >= 300) return undefined
  const { shape } = operation.success
  if (shape === 'empty') return undefined
  return 'resource' in shape ? resourceSchema(shape.resource) : listSchema(shape.list)
}

/**
 * The operations whose requests the matcher can match, by its method, operation and path (its
 * query, headers and body narrow which requests, never which operations). An override that
 * matches only requests of no operation (an unknown path) has none.
 */
export function candidateOperations(matcher: OverrideMatcher): RegisteredOperation[] {
  const asked = matcher.method?.toUpperCase()
  // HEAD is answered as GET is (route-table.ts).
  const method = asked === 'HEAD' ? 'GET' : asked
  return operations.filter(
    (operation) =>
      (matcher.operation === undefined || operation.operationId === matcher.operation) &&
      (method === undefined || operation.method === method) &&
      (matcher.path === undefined || pathReaches(matcher.path, operation)),
  )
}

/** Whether a path pattern of a matcher (matchesPathPattern's: a path as sent, a template, a prefix ending in *) reaches the operation. */
function pathReaches(pattern: string, operation: RegisteredOperation): boolean {
  if (pattern.endsWith('*')) return templateMayStartWith(operation.path, pattern.slice(0, -1))
  if (operation.path === pattern) return true
  const match = apiRoutes.match(operation.method, pattern)
  return match.kind === 'found' && match.operation === operation
}

/** Whether some path of the template (each {parameter} one whole segment) starts with `prefix`. */
function templateMayStartWith(template: string, prefix: string): boolean {
  const wanted = prefix.split('/')
  const segments = template.split('/')
  if (wanted.length > segments.length) return false
  return wanted.every((part, index) => {
    const segment = segments[index]!
    const last = index === wanted.length - 1
    // A parameter takes any non-empty segment, so any start of one.
    if (segment.startsWith('{')) return last || part !== ''
    return last ? segment.startsWith(part) : segment === part
  })
}

/**
 * How a response body breaks the schemas the API publishes for every operation the matcher can
 * reach, at `status`: one detail per field (`response.body.data`), saying what is wrong, which
 * operations answer that status with what, and so what is accepted. Empty when it fits them all,
 * or when no schema applies: no body, a status without one, or no operation reached.
 */
export function responseBodyProblems(matcher: OverrideMatcher, status: number, given: unknown): ErrorDetail[] {
  if (given === undefined) return []
  // Judged as the client receives it, in JSON: and a copy, since the validators canonicalise
  // UUIDs in place (x-lowercase), where an override answers exactly what it was given.
  let body: unknown
  try {
    body = JSON.parse(JSON.stringify(given)) as unknown
  } catch (error) {
    return [{ field: 'response.body', message: `is not JSON (${(error as Error).message}); accepted: any JSON value` }]
  }
  const bySchema = new Map<string, { schema: ResponseSchema; operationIds: string[] }>()
  for (const operation of candidateOperations(matcher)) {
    const schema = responseSchemaOf(operation, status)
    if (!schema) continue
    const entry = bySchema.get(schema.key) ?? { schema, operationIds: [] }
    entry.operationIds.push(operation.operationId)
    bySchema.set(schema.key, entry)
  }
  const problems: ErrorDetail[] = []
  for (const { schema, operationIds } of bySchema.values()) {
    const errors = schema.judge(body)
    if (errors.length === 0) continue
    for (const detail of toDetails(errors)) {
      problems.push({ field: bodyField(detail.field), message: `${detail.message}; the body of a ${status} from ${listed(operationIds)} must be ${schema.accepts}` })
    }
  }
  return problems
}

function listed(names: string[]): string {
  const shown = names.length > 4 ? [...names.slice(0, 3), `${names.length - 3} more operations`] : names
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)!}`
}

/** toDetails names a field of the body from its root (`data[0].id`, or `(body)` for the root itself). */
function bodyField(field: string): string {
  if (field === '(body)') return 'response.body'
  return field.startsWith('[') ? `response.body${field}` : `response.body.${field}`
}

/**
 * Headers that frame a message on the wire: the server sets them from the body it sends, and an
 * override that set them would answer with a length or an encoding that is not the body's.
 */
export const FRAMING_HEADERS: readonly string[] = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer']

/** One detail per framing header among an override's response headers (any case). */
export function framingHeaderProblems(headers: Readonly<Record<string, string | undefined>> | undefined): ErrorDetail[] {
  return Object.keys(headers ?? {})
    .filter((name) => FRAMING_HEADERS.includes(name.toLowerCase()))
    .map((name) => ({
      field: `response.headers.${name}`,
      message: `is set by the server, which frames each answer itself; an override may set any header but ${FRAMING_HEADERS.join(', ')} (any case): leave it out`,
    }))
}
