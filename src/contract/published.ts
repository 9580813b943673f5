import published from '../../contracts/published-openapi.json' with { type: 'json' }

type Schema = Record<string, unknown>

export interface PublishedParameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: Schema
}

interface PublishedResponse {
  description?: string
  content?: Record<string, { schema?: Schema }>
}

export interface PublishedOperation {
  summary?: string
  description?: string
  parameters?: PublishedParameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, PublishedResponse>
}

/** The published OpenAPI itself, for the schemas its refs point into. */
export const publishedDocument = published as Schema

export function publishedOperation(method: string, template: string): PublishedOperation | undefined {
  const paths = published.paths as Record<string, Record<string, PublishedOperation>>
  return paths[template]?.[method.toLowerCase()]
}

/** Follows a local $ref (#/components/...) of the published document. */
export function resolvePublished(schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema
  let node: unknown = published
  for (const part of schema.$ref.replace(/^#\//, '').split('/')) node = (node as Schema | undefined)?.[part]
  return resolvePublished((node ?? {}) as Schema)
}

/**
 * The error code the published OpenAPI fixes for this status of the operation, or undefined when
 * its schema leaves the body open (several 400s of the pages are "any type").
 */
export function publishedErrorCode(method: string, template: string, status: number): string | undefined {
  const schema = publishedOperation(method, template)?.responses?.[String(status)]?.content?.['application/json']?.schema
  if (!schema) return undefined
  const code = (resolvePublished(schema).properties as Record<string, Schema> | undefined)?.code
  const values = code ? resolvePublished(code).enum : undefined
  return Array.isArray(values) && values.length === 1 ? String(values[0]) : undefined
}

/** A parameter of the operation (path or query) as the published OpenAPI describes it. */
export function publishedParameter(method: string, template: string, name: string): PublishedParameter | undefined {
  return publishedOperation(method, template)?.parameters?.find((parameter) => parameter.name === name && parameter.in !== 'header')
}

/** What the published OpenAPI says of a response of the operation: its description, when it has one. */
export function publishedResponseText(method: string, template: string, status: number): string | undefined {
  return publishedOperation(method, template)?.responses?.[String(status)]?.description?.trim() || undefined
}

/**
 * The published OpenAPI's own words for the promise an answer breaks: the operation's
 * description, and the expected status with its description when it declares one.
 */
export function publishedStatement(method: string, template: string, expected?: number): string | undefined {
  const operation = publishedOperation(method, template)
  if (!operation) return undefined
  const words = (operation.description ?? operation.summary ?? '').trim()
  const parts = [`${method} ${template}${words ? ` "${words}"` : ''}`]
  if (expected !== undefined && String(expected) in (operation.responses ?? {})) {
    const text = publishedResponseText(method, template, expected)
    parts.push(`declares ${expected}${text ? ` "${text}"` : ''}`)
  }
  return parts.join(' ')
}
