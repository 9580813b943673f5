import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import published from '../../contracts/published-openapi.json' with { type: 'json' }
import type { ResponseShape } from '../api/types.js'
import { schemaId, schemas } from '../generated/schemas.js'

/** A way a response breaks a contract: which document, where in the body, and Ajv's words. */
export interface ContractViolation {
  document: 'contracts' | 'published'
  pointer: string
  message: string
}

const PUBLISHED_ID = 'https://sitemock.dev/published-openapi.json'

function createAjv(): Ajv2020 {
  // Not strict: the published document carries OpenAPI keywords (paths, components) around its schemas.
  const ajv = new Ajv2020({ allErrors: true, strict: false, schemas: [...schemas] })
  addFormats.default(ajv)
  ajv.addFormat('double', { type: 'number', validate: () => true })
  ajv.addSchema({ ...published, $id: PUBLISHED_ID })
  return ajv
}

const ajv = createAjv()
const cache = new Map<string, ValidateFunction>()

function compiled(key: string, schema: () => object): ValidateFunction {
  let validate = cache.get(key)
  if (!validate) cache.set(key, (validate = ajv.compile(schema())))
  return validate
}

/** The contracts/ schema of a response: the success shape of the operation, or the error envelope. */
export function contractsValidator(shape: ResponseShape, status: number): ValidateFunction | undefined {
  if (status === 429) return compiled('throttled', () => ({ $ref: schemaId('throttled.json') }))
  if (status >= 400) return compiled('error', () => ({ $ref: schemaId('error.json') }))
  if (shape === 'empty') return undefined
  if ('resource' in shape) return compiled(shape.resource, () => ({ $ref: schemaId(shape.resource) }))
  return compiled(`list:${shape.list}`, () => ({
    allOf: [{ $ref: schemaId('list.json') }, { properties: { data: { items: { $ref: schemaId(shape.list) } } } }],
  }))
}

interface PublishedOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
}

/** The published OpenAPI's schema for this operation and status, or undefined when it documents none. */
export function publishedValidator(method: string, pathTemplate: string, status: number): ValidateFunction | undefined {
  const paths = published.paths as Record<string, Record<string, PublishedOperation>>
  const response = paths[pathTemplate]?.[method.toLowerCase()]?.responses?.[String(status)]
  const schema = response?.content?.['application/json']?.schema
  if (!schema || status === 204) return undefined
  return compiled(`published:${method} ${pathTemplate} ${status}`, () => rebase(schema))
}

/** Whether the published OpenAPI documents this status for the operation at all. */
export function publishedDocumentsStatus(method: string, pathTemplate: string, status: number): boolean | undefined {
  const paths = published.paths as Record<string, Record<string, PublishedOperation>>
  const operation = paths[pathTemplate]?.[method.toLowerCase()]
  return operation ? String(status) in (operation.responses ?? {}) : undefined
}

// The published document's local refs (#/components/...) point into the document added under PUBLISHED_ID.
function rebase(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${PUBLISHED_ID}#/components/`)) as object
}

export function violations(document: ContractViolation['document'], validate: ValidateFunction, body: unknown): ContractViolation[] {
  if (validate(body)) return []
  return (validate.errors ?? []).map((error: ErrorObject) => ({
    document,
    pointer: error.instancePath || '/',
    message: `${error.message ?? error.keyword}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
  }))
}
