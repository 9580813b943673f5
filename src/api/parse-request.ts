import { ApiError, badRequest, invalidField } from './errors.js'
import type { ApiRequest } from './types.js'

/** Query parameters as an object; a parameter sent twice is ambiguous and refused. */
export function parseQuery(raw: string): Record<string, string> {
  // A plain object, not a null-prototype one: V8 adds a property to the latter about a
  // microsecond slower, on every request with a query.
  const query: Record<string, string> = {}
  if (raw === '') return query
  if (!splitPlainQuery(raw, query)) for (const [name, value] of new URLSearchParams(raw)) addParameter(query, name, value)
  return query
}

function addParameter(query: Record<string, string>, name: string, value: string): void {
  if (Object.hasOwn(query, name)) throw invalidField(name, 'is repeated; send each query parameter at most once')
  // Defined as an own field: a parameter named __proto__ is just an unknown field, never the object's prototype.
  if (name === '__proto__') Object.defineProperty(query, name, { value, enumerable: true, writable: true, configurable: true })
  else query[name] = value
}

const PERCENT = 37
const PLUS = 43
const AMPERSAND = 38
const EQUALS = 61

/**
 * Splits a query with nothing to decode (ASCII without % or +: ids, numbers and words, as lists
 * are asked for) as URLSearchParams would, at a fraction of its cost on every request with a
 * query. False, with nothing added, when the query needs URLSearchParams: percent-escapes, +
 * for a space, and (beyond ASCII) lone surrogates.
 */
function splitPlainQuery(raw: string, query: Record<string, string>): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code === PERCENT || code === PLUS || code >= 0x80) return false
  }
  let start = 0
  let equals = -1
  for (let i = 0; i <= raw.length; i++) {
    const code = i === raw.length ? AMPERSAND : raw.charCodeAt(i)
    if (code === EQUALS && equals < 0) equals = i
    if (code !== AMPERSAND) continue
    if (i > start) {
      if (equals < 0) addParameter(query, raw.slice(start, i), '')
      else addParameter(query, raw.slice(start, equals), raw.slice(equals + 1, i))
    }
    start = i + 1
    equals = -1
  }
  return true
}

const MAX_DEPTH = 32

/** The 400 for a body whose Content-Type is not JSON, or undefined when it is. */
export function contentTypeRefusal(contentType = ''): ApiError | undefined {
  if (/^application\/json\s*(;|$)/i.test(contentType)) return undefined
  return badRequest(
    [{ field: 'content-type', message: `must be application/json; got ${contentType ? JSON.stringify(contentType) : 'none'}` }],
    'The request body must be JSON sent with Content-Type: application/json.',
  )
}

/**
 * The body as JSON. Operations without a body refuse one; operations with one need
 * Content-Type application/json and a JSON object.
 */
export function parseBody(request: ApiRequest, expectsBody: boolean): unknown {
  const text = request.body
  if (request.invalidUtf8) throw invalidField('(body)', 'is not valid UTF-8; send the JSON encoded as UTF-8')
  const hasBody = text !== undefined && text.length > 0
  if (!expectsBody) {
    if (hasBody) throw invalidField('(body)', `must be empty; ${request.method} ${request.path} takes no request body`)
    return undefined
  }
  if (!hasBody) throw invalidField('(body)', 'is required; send a JSON object with Content-Type: application/json')
  const refusal = contentTypeRefusal(request.headers['content-type'])
  if (refusal) throw refusal
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    // A parser that recurses may run out of stack on absurd nesting: that is a body too deep, not a bug.
    if (error instanceof RangeError) throw tooDeep()
    throw invalidField('(body)', `is not valid JSON (${(error as Error).message}); send a JSON object`)
  }
  // Deeper than MAX_DEPTH takes more than MAX_DEPTH opening brackets: a shorter text (most
  // bodies) needs no walk.
  if (text.length > MAX_DEPTH && exceedsDepth(value, MAX_DEPTH)) throw tooDeep()
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'bad_request', 'The request body must be a JSON object.', [
      { field: '(body)', message: `must be a JSON object; got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}` },
    ])
  }
  return value
}

const tooDeep = (): ApiError => invalidField('(body)', `is nested too deeply; at most ${MAX_DEPTH} levels are accepted`)

/**
 * Whether any value sits more than `max` objects or arrays deep. Walked with an explicit stack,
 * not recursion: a body nested 100,000 levels deep must be refused, not overflow the call stack.
 */
function exceedsDepth(root: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue
    if (item.depth === max) return true
    // Only objects and arrays are pushed: a flat body is walked without an entry per field.
    for (const child of Object.values(item.value)) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: item.depth + 1 })
  }
  return false
}
