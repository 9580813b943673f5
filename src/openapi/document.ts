import { operations } from '../api/operations.js'
import type { RegisteredOperation } from '../api/types.js'
import { operationObject, RATE_LIMIT_HEADERS } from './operation-object.js'
import { ComponentCollector } from './component-collector.js'
import type { JsonObject } from './schema-components.js'

export interface OpenApiOptions {
  /** Where the API is served: the Server Object's url (relative to the document, or absolute). */
  serverUrl: string
}

const KEY_FORMS =
  'An App API key (sk_ followed by at least 20 letters or digits) grants every site of its workspace; ' +
  'a Site API key (a UUID, the site\'s publicApiKey) grants that one site. ' +
  'The x-api-key header and Authorization: Bearer are alternatives: send the key in one of them; both at once is a 400 bad_request naming authorization.'

/**
 * The OpenAPI 3.1 document of the API, built from the route table and contracts/schemas alone:
 * a route, parameter, body or response exists here exactly when the mock has it.
 */
export function buildOpenApiDocument(options: OpenApiOptions, table: readonly RegisteredOperation[] = operations): JsonObject {
  const components = new ComponentCollector()
  const paths: Record<string, JsonObject> = {}
  for (const operation of table) {
    const item = (paths[operation.path] ??= {})
    const method = operation.method.toLowerCase()
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is in the route table twice`)
    item[method] = operationObject(operation, components)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site-Building Service REST API',
      version: '1.0.0',
      description:
        'Served by sitemock, the local mock of the service, from its route table and JSON Schemas. ' +
        'Every error is {object: "error", code, message}, with details on a 400. ' +
        'Mock only: the header Prefer: code=NNN answers a documented status of the operation, and Prefer: delay=MS delays the answer.',
    },
    servers: [{ url: options.serverUrl, description: 'sitemock' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [...new Set(table.map((operation) => operation.path.split('/')[2] ?? operation.path))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.collect(),
      headers: RATE_LIMIT_HEADERS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: KEY_FORMS },
        bearer: { type: 'http', scheme: 'bearer', description: `The same key as Authorization: Bearer <key>. ${KEY_FORMS}` },
      },
    },
  }
}
