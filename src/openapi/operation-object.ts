import { CODE_OF_STATUS } from '../api/errors.js'
import { errorStatuses, type RegisteredOperation, type ResponseShape } from '../api/types.js'
import type { ComponentCollector } from './component-collector.js'
import { schemaFile, wordsOf, type JsonObject } from './schema-components.js'

const JSON_TYPE = 'application/json'

/** What each error status of the route table means, as every operation answers it; the code is appended. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid request, with one detail per invalid field (body fields, query and path parameters)',
  401: 'Missing, malformed or unknown API key',
  403: 'The API key has no access to this resource or operation',
  404: 'No resource with this id (or code or pathname)',
  405: 'The path exists but not with this method',
  409: 'The change conflicts with the current state',
  413: 'The request body is larger than the mock accepts',
  429: 'Too many requests for this key',
  500: 'A bug in the mock',
}

const errorDescription = (status: number): string => {
  const meaning = ERROR_MEANINGS[status] ?? 'Error'
  const code = CODE_OF_STATUS[status]
  return code ? `${meaning}: ${code}` : meaning
}

const SUCCESS_MEANINGS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'Deleted; no body' }

/** Headers on every API response, as the real service sends them. */
export const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': { description: 'Requests allowed per window for this key.', schema: { type: 'integer' } },
  'x-ratelimit-remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'x-ratelimit-reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
}

const headerRefs = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]))

/** The OpenAPI Operation Object of one route-table operation; schemas it names go into `components`. */
export function operationObject(operation: RegisteredOperation, components: ComponentCollector): JsonObject {
  const parameters = [...pathParameters(operation, components), ...queryParameters(operation, components)]
  const object: JsonObject = {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [tagOf(operation.path)],
  }
  if (operation.appKeyOnly) object.description = 'Needs an App API key: a Site API key is answered with 403.'
  if (parameters.length) object.parameters = parameters
  if (operation.body) {
    object.requestBody = { required: true, content: { [JSON_TYPE]: { schema: { $ref: components.ref(operation.body) } } } }
  }
  object.responses = {
    [String(operation.success.status)]: successResponse(operation.success.status, operation.success.shape, components),
    ...Object.fromEntries(errorStatuses(operation).map((status) => [String(status), errorResponse(status, components)])),
  }
  return object
}

/** /v2/sites/{siteId}/pages → sites: operations are grouped by the resource their path starts with. */
function tagOf(path: string): string {
  return path.split('/')[2] ?? path
}

function pathParameters(operation: RegisteredOperation, components: ComponentCollector): JsonObject[] {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
  if (!names.length) return []
  if (!operation.params) throw new Error(`${operation.operationId}: ${operation.path} has path parameters but no params schema`)
  const properties = propertiesOf(operation.params)
  return names.map((name) => {
    const property = properties[name]
    if (property === undefined) throw new Error(`${operation.operationId}: ${operation.params} does not describe the path parameter ${name}`)
    return parameter(name, 'path', true, property, operation.params!, components)
  })
}

function queryParameters(operation: RegisteredOperation, components: ComponentCollector): JsonObject[] {
  if (!operation.query) return []
  const required = new Set((schemaFile(operation.query).required as string[] | undefined) ?? [])
  return Object.entries(propertiesOf(operation.query)).map(([name, property]) =>
    parameter(name, 'query', required.has(name), property, operation.query!, components),
  )
}

function propertiesOf(file: string): JsonObject {
  return (schemaFile(file).properties as JsonObject | undefined) ?? {}
}

function parameter(name: string, location: 'path' | 'query', required: boolean, property: unknown, file: string, components: ComponentCollector): JsonObject {
  const { description, accepts } = wordsOf(property, file)
  const text = [description, accepts && `Accepts ${accepts}.`].filter(Boolean).join(' ')
  return { name, in: location, required, ...(text ? { description: text } : {}), schema: components.schema(property, file) }
}

function successResponse(status: number, shape: ResponseShape, components: ComponentCollector): JsonObject {
  const response: JsonObject = { description: SUCCESS_MEANINGS[status] ?? 'Success', headers: headerRefs }
  if (shape === 'empty') return response
  const schema =
    'resource' in shape
      ? { $ref: components.ref(shape.resource) }
      : { allOf: [{ $ref: components.ref('list.json') }, { type: 'object', properties: { data: { type: 'array', items: { $ref: components.ref(shape.list) } } } }] }
  return { ...response, content: { [JSON_TYPE]: { schema } } }
}

function errorResponse(status: number, components: ComponentCollector): JsonObject {
  return {
    description: errorDescription(status),
    headers: headerRefs,
    content: { [JSON_TYPE]: { schema: { $ref: components.ref(status === 429 ? 'throttled.json' : 'error.json') } } },
  }
}
