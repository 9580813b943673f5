import { schemaId, schemas } from '../generated/schemas.js'
import { gatherRules, type FieldRules } from './field-rules.js'
import { publishedDocument, publishedOperation } from './published.js'

type Schema = Record<string, unknown>

/** One invalid value for one field: what the deployment must refuse with a 400 naming the field. */
export interface InvalidCase {
  field: string
  kind: 'missing' | 'wrong type' | 'invalid value' | 'out of range' | 'not accepted'
  /** Left out for a missing field. */
  value?: unknown
}

const PUBLISHED_BASE = 'published:'
const documentsById = new Map<string, Schema>([...schemas.map((schema) => [schema.$id, schema as Schema] as const), [PUBLISHED_BASE, publishedDocument]])

function resolve(ref: string, base: string): { schema: Schema; base: string } {
  const [file, pointer = ''] = ref.split('#')
  const documentId = file ? (base === PUBLISHED_BASE ? PUBLISHED_BASE : new URL(file, base).href) : base
  let node: unknown = documentsById.get(documentId)
  for (const part of pointer.split('/').slice(1)) node = (node as Schema | undefined)?.[part]
  if (!node) throw new Error(`cannot resolve ${ref} from ${base}`)
  return { schema: node as Schema, base: documentId }
}

const rulesOf = (schema: Schema, base: string): FieldRules => gatherRules(schema, base, { resolve })

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
const accepts = (rules: FieldRules, value: unknown): boolean =>
  rules.types.size === 0 || rules.types.has(jsonType(value)) || (typeof value === 'number' && Number.isInteger(value) && rules.types.has('integer'))

/** Strings that break most pathname, code and URL patterns. */
const PATTERN_BREAKERS = ['not valid ?#', 'no-leading-slash', '//double']

/**
 * Strings a forgiving reader takes for a member of a list of values, though none is one: the
 * member in upper case, without its `ref:`-like prefix, with a sort's leading `-`, and `1` for
 * `true`. A deployment that reads its list loosely answers these as members and breaks the list
 * the documents declare, where `not-one-of-the-values` alone would pass it.
 */
export function nearMisses(members: readonly unknown[]): string[] {
  const texts = members.filter((member): member is string => typeof member === 'string')
  const [first] = texts
  if (first === undefined) return []
  const upper = texts.map((member) => member.toUpperCase()).find((member) => !texts.includes(member))
  const unprefixed = texts.find((member) => member.includes(':'))?.replace(/^[^:]*:/, '')
  const boolean = texts.includes('true')
  const candidates = [upper, unprefixed, boolean || unprefixed !== undefined ? undefined : `-${first}`, boolean ? '1' : undefined]
  return [...new Set(candidates.filter((candidate): candidate is string => candidate !== undefined && candidate !== '' && !texts.includes(candidate)))]
}

/**
 * Strings a forgiving UUID parser takes for one, though neither is the RFC 4122 string form that
 * `format: uuid` names (hex digits in groups of 8-4-4-4-12, hyphenated): the digits without their
 * hyphens, and in braces (as Python's uuid.UUID and .NET's Guid.Parse read them). The urn:uuid:
 * form is left out: RFC 4122 writes a UUID so as a URN, and Ajv's own format takes it.
 */
const SAMPLE_UUID = '5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e'
export const UUID_NEAR_MISSES: readonly string[] = [SAMPLE_UUID.replaceAll('-', ''), `{${SAMPLE_UUID}}`]

/**
 * A string a forgiving URL parser takes for a URI, though `format: uri` names RFC 3986's, which is
 * ASCII alone: an IRI (RFC 3987) with a letter outside ASCII in its host, which WHATWG URL parsers
 * and IDNA libraries turn into punycode without a word.
 */
export const URI_NEAR_MISSES: readonly string[] = ['https://exämple.com']

/** Values of the right type that the field refuses: outside its enum, format or pattern, or out of range. */
function refusedValues(rules: FieldRules, asText: boolean): Array<Pick<InvalidCase, 'kind' | 'value'>> {
  const cases: Array<Pick<InvalidCase, 'kind' | 'value'>> = []
  const invalid = (value: unknown): number => cases.push({ kind: 'invalid value', value })
  const outOfRange = (value: unknown): number => cases.push({ kind: 'out of range', value: asText ? String(value) : value })
  if (rules.enum) {
    invalid('not-one-of-the-values')
    for (const miss of nearMisses(rules.enum)) invalid(miss)
  }
  else if (rules.format === 'uuid') {
    invalid('not-a-uuid')
    for (const miss of UUID_NEAR_MISSES) invalid(miss)
  }
  else if (rules.format === 'uri') {
    invalid('not a url')
    for (const miss of URI_NEAR_MISSES) invalid(miss)
  }
  else if (rules.pattern !== undefined) {
    const pattern = new RegExp(rules.pattern, 'u')
    const breaker = PATTERN_BREAKERS.find((candidate) => !pattern.test(candidate))
    if (breaker !== undefined) invalid(breaker)
  }
  if (rules.minimum !== undefined) outOfRange(rules.minimum - 1)
  if (rules.maximum !== undefined) outOfRange(rules.maximum + 1)
  if (rules.minLength !== undefined && rules.minLength >= 1) cases.push({ kind: 'out of range', value: '' })
  return cases
}

/**
 * The invalid cases of an object schema: each required field missing, each field with a value
 * of the wrong type, an invalid value (outside its enum, format or pattern) and values out of
 * range (minimum, maximum, minimum length). Length maxima are left out: they are limits of their own, not promises of either
 * document. Query strings (`asText`) have no wrong types for text fields.
 */
export function invalidCases(schema: Schema, base: string, options: { asText?: boolean; skip?: string[] } = {}): InvalidCase[] {
  const cases: InvalidCase[] = []
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = new Set((schema.required as string[] | undefined) ?? [])
  for (const [field, property] of Object.entries(properties)) {
    if (options.skip?.includes(field)) continue
    const rules = rulesOf(property, base)
    if (rules.forbidden) {
      cases.push({ field, kind: 'not accepted', value: 'fr-FR' })
      continue
    }
    if (required.has(field)) cases.push({ field, kind: 'missing' })
    const wrong = options.asText
      ? rules.types.has('integer') || rules.types.has('number') ? ['not-a-number'] : []
      : [12345, 'not-a-number', { nested: true }].filter((value) => !accepts(rules, value)).slice(0, 1)
    for (const value of wrong) cases.push({ field, kind: 'wrong type', value })
    for (const refused of refusedValues(rules, options.asText ?? false)) cases.push({ field, ...refused })
  }
  return cases
}

/** A contracts/ schema by file name, with the base its refs resolve against. */
export function contractsSchema(file: string): { schema: Schema; base: string } {
  const schema = documentsById.get(schemaId(file))
  if (!schema) throw new Error(`contracts/schemas/${file} is not registered`)
  return { schema, base: schemaId(file) }
}

/** The published OpenAPI's request body schema of an operation. */
export function publishedBodySchema(method: string, template: string): { schema: Schema; base: string } | undefined {
  const schema = publishedOperation(method, template)?.requestBody?.content?.['application/json']?.schema
  return schema ? { schema: resolveTop(schema), base: PUBLISHED_BASE } : undefined
}

/** The published OpenAPI's query or path parameters of an operation, as one object schema. */
export function publishedQuerySchema(method: string, template: string, where: 'query' | 'path' = 'query'): { schema: Schema; base: string } | undefined {
  const operation = publishedOperation(method, template)
  if (!operation) return undefined
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where)
  return {
    schema: {
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    },
    base: PUBLISHED_BASE,
  }
}

function resolveTop(schema: Schema): Schema {
  return typeof schema.$ref === 'string' ? resolve(schema.$ref, PUBLISHED_BASE).schema : schema
}
