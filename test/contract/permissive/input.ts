import { badField, Refusal, type Json } from './http.js'

/**
 * What the documents fix about input, and nothing more: required fields, JSON types, the UUID
 * format of identifiers, the `uri` format of `hostOrigin` and `domain`, the enums, a page name of
 * at least one character, a locale code of a language and an optional region, `sitemapPriority` from 0 to 1 and `limit` at most 100 (at least 1 on
 * the locale list). Every other string is taken as it comes.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** RFC 3986's shape in brief: a scheme, a colon, then printable ASCII without spaces (a URI, unlike an IRI, is ASCII). */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[\x21-\x7e]*$/

/**
 * A locale code as the documents describe it: "language with optional region" (the specification
 * writes them as en-US), in any case, the case being free (`localeCodeCase`).
 */
const LOCALE_CODE = /^[A-Za-z]{2,3}(-([A-Za-z]{2}|[0-9]{3}))?$/

export const isUuid = (value: string): boolean => UUID.test(value)

export function parseBody(text: string | undefined): Json {
  if (text === undefined || text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Refusal(400, 'the body is not JSON', 'body')
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Refusal(400, 'the body must be a JSON object', 'body')
  return parsed as Json
}

/** Reads the fields of one body (or query), each by the rule the documents give it. */
export class Fields {
  constructor(private readonly source: Json) {}

  has(name: string): boolean {
    return this.source[name] !== undefined
  }

  string(name: string, options: { required?: boolean; minLength?: number } = {}): string | undefined {
    const value = this.source[name]
    if (value === undefined) {
      if (options.required) throw badField(name, 'is required')
      return undefined
    }
    if (typeof value !== 'string') throw badField(name, 'must be a string')
    if (options.minLength !== undefined && value.length < options.minLength) throw badField(name, `must have at least ${options.minLength} character(s)`)
    return value
  }

  /** A locale code; with `underscore`, written with `_` between language and region too (`localeCodeCase: any-spelling`). */
  localeCode(name: string, required = false, underscore = false): string | undefined {
    const value = this.string(name, { required })
    if (value !== undefined && !LOCALE_CODE.test(underscore ? value.replaceAll('_', '-') : value)) throw badField(name, 'must be a language code with an optional region, such as fr, fr-FR or pt-br')
    return value
  }

  uuid(name: string, required = false): string | undefined {
    const value = this.string(name, { required })
    if (value !== undefined && !isUuid(value)) throw badField(name, 'must be a UUID')
    return value
  }

  uri(name: string, options: { nullable?: boolean } = {}): string | null | undefined {
    const value = this.source[name]
    if (value === null) {
      if (options.nullable) return null
      throw badField(name, 'must be a URI, not null')
    }
    const text = this.string(name)
    if (text !== undefined && !URI.test(text)) throw badField(name, 'must be a URI with a scheme, such as https://example.com')
    return text
  }

  /** A nullable field of the page: any value of its JSON type, or null. */
  nullable<T>(name: string, type: 'string' | 'number' | 'boolean', check?: (value: T) => string | undefined): T | null | undefined {
    const value = this.source[name]
    if (value === undefined || value === null) return value as null | undefined
    if (typeof value !== type) throw badField(name, `must be a ${type} or null`)
    const problem = check?.(value as T)
    if (problem !== undefined) throw badField(name, problem)
    return value as T
  }

  boolean(name: string): boolean | undefined {
    const value = this.source[name]
    if (value === undefined) return undefined
    if (typeof value !== 'boolean') throw badField(name, 'must be true or false')
    return value
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const value = this.source[name]
    if (value === undefined) return fallback
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) throw badField(name, `must be one of ${values.join(', ')}`)
    return value as T
  }
}

/** The query string as a record of its first values: parameters no operation names are ignored. */
export function queryOf(text: string): Json {
  const query: Json = {}
  for (const [name, value] of new URLSearchParams(text)) if (!(name in query)) query[name] = value
  return query
}

/** The page a list answers without `limit` (the specification's "default 20"). */
const DEFAULT_LIMIT = 20

/** What a list takes of `limit`: its lowest value, whether a whole number above 100 is answered as 100 rather than refused, whether one below 1 is answered as 1 (limitZero `clamped`), and whether one below 1 is answered as no limit given (limitZero `default`). */
export interface LimitRange {
  minimum: 0 | 1
  clampsAbove: boolean
  clampsBelow: boolean
  zeroAsDefault: boolean
}

/**
 * `limit`: a number (the published OpenAPI's "number, double"), at most 100; at least 1 on the
 * locale list, the only list the specification bounds below. A fraction counts its whole part;
 * one above 100 is refused even where a whole number above 100 counts as 100.
 */
export function limitOf(query: Json, range: LimitRange): number {
  const text = query.limit
  if (text === undefined) return DEFAULT_LIMIT
  const value = typeof text === 'string' && text.trim() !== '' ? Number(text) : Number.NaN
  if (!Number.isFinite(value)) throw badField('limit', 'must be a number')
  if (value > 100 && !(range.clampsAbove && Number.isInteger(value))) throw badField('limit', 'must be at most 100')
  if (value < range.minimum) throw badField('limit', `must be at least ${range.minimum}`)
  const whole = Math.min(100, Math.max(range.clampsBelow ? 1 : 0, Math.floor(value)))
  // A deployment that reads a limit of 0 as none given (an ORM's `take: limit || 20`) serves the default page.
  return whole === 0 && range.zeroAsDefault ? DEFAULT_LIMIT : whole
}
