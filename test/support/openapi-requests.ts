import fc from 'fast-check'

/**
 * Requests generated from an OpenAPI document alone, as a generic fuzzer makes them: for each
 * operation, its parameters and body from their schemas, valid and invalid, with lengths at and
 * past every limit in multi-byte characters, bodies nested up to 100,000 levels, and the key
 * and content-type headers in every casing.
 */

type Schema = Record<string, unknown>

export interface OpenApiOperation {
  method: string
  /** The path template, e.g. /v2/sites/{siteId}. */
  path: string
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: Schema }>
  body?: Schema
  /** The statuses the document lists for the operation. */
  statuses: number[]
}

export interface GeneratedRequest {
  method: string
  path: string
  /** Header names exactly as sent: casing included. */
  headers: Record<string, string>
  body?: string
}

/** Values of the state the requests may name: real ids, codes and pathnames find something. */
export interface KnownValues {
  keys: string[]
  ids: string[]
  codes: string[]
  pathnames: string[]
}

export function operationsOf(document: Schema): OpenApiOperation[] {
  const operations: OpenApiOperation[] = []
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = ((operation.parameters as OpenApiOperation['parameters'] | undefined) ?? []).map((p) => ({ ...p, schema: resolve(document, p.schema) }))
      const bodyRef = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        body: bodyRef && resolve(document, bodyRef),
        statuses: Object.keys(operation.responses as object).map(Number),
      })
    }
  }
  return operations
}

/** The schema a $ref points at in the document, followed until it is not a bare $ref. */
export function resolve(document: Schema, schema: Schema): Schema {
  let node = schema
  for (let hops = 0; typeof node.$ref === 'string' && hops < 16; hops++) {
    let target: unknown = document
    for (const part of node.$ref.slice(2).split('/')) target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    node = { ...(target as Schema), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) }
  }
  return node
}

/** One character of each UTF-8 length, so every limit is met in 1-, 2-, 3- and 4-byte characters. */
const WIDE = ['a', 'é', '€', '\u{1D11E}']
/** Characters a fuzzer likes: separators, encodings, quotes, control characters, a surrogate pair. */
const ODD = ['/', '%', '%2F', '?', '#', ' ', '\t', '\u0000', '\u007f', '"', '\\', '..', '[', ']', '\u{1F600}', '\uFEFF']

const char = fc.oneof(fc.constantFrom(...WIDE), fc.constantFrom(...ODD), fc.integer({ min: 0x20, max: 0xd7ff }).map((c) => String.fromCodePoint(c)))
const text = (maxLength: number): fc.Arbitrary<string> => fc.array(char, { maxLength }).map((chars) => chars.join(''))

/** Strings of `length` characters of one width, after a prefix that keeps the value's form (a pathname's /). */
const sized = (prefix: string, length: number): fc.Arbitrary<string> =>
  fc.constantFrom(...WIDE).map((c) => prefix + c.repeat(Math.max(0, length - [...prefix].length)))

/** Lengths at and around a schema's limits. */
function limitLengths(schema: Schema): number[] {
  const lengths = new Set<number>()
  for (const limit of [schema.minLength, schema.maxLength]) {
    if (typeof limit === 'number') for (const n of [limit - 1, limit, limit + 1]) if (n >= 1) lengths.add(n)
  }
  return [...lengths]
}

/** Every string, number and other value the schema's own words suggest, valid or not. */
export function valueOf(document: Schema, raw: Schema, known: KnownValues, name: string): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw)
  const branches = [...((schema.anyOf as Schema[] | undefined) ?? []), ...((schema.oneOf as Schema[] | undefined) ?? [])].map((b) => resolve(document, b))
  const all = [schema, ...branches]
  const types = new Set(all.flatMap((s) => (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type])) as string[])
  const valid: Array<fc.Arbitrary<unknown>> = []
  for (const s of all) {
    if (Array.isArray(s.enum)) valid.push(fc.constantFrom(...(s.enum as unknown[])))
    if (s.const !== undefined) valid.push(fc.constant(s.const))
    if (s.format === 'uuid') valid.push(fc.oneof(fc.constantFrom(...known.ids), fc.uuid().map(String), fc.constantFrom(...known.ids).map((id) => id.toUpperCase())))
    if (s.format === 'uri') valid.push(fc.webUrl())
    if (typeof s.pattern === 'string' && s.pattern.startsWith('^[a-z]{2,3}')) valid.push(fc.constantFrom(...known.codes, 'xx-YY', 'es-419', 'de'))
    if ((typeof s.pattern === 'string' && s.pattern.startsWith('^/')) || /pathname|pathPrefix/i.test(name)) {
      valid.push(fc.oneof(fc.constantFrom(...known.pathnames), fc.array(text(12).filter((t) => t.length > 0 && !t.includes('/')), { minLength: 1, maxLength: 4 }).map((parts) => '/' + parts.join('/'))))
    }
  }
  if (types.has('integer') || types.has('number')) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -1000
    const max = typeof schema.maximum === 'number' ? schema.maximum : 1000
    valid.push(types.has('integer') ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }))
  }
  if (types.has('boolean')) valid.push(fc.boolean())
  if (types.has('null')) valid.push(fc.constant(null))
  if (types.has('string') && valid.length === 0) valid.push(text(24))
  const prefix = typeof schema.pattern === 'string' && schema.pattern.startsWith('^/') ? '/' : /pathname|pathPrefix/i.test(name) ? '/' : ''
  const lengths = limitLengths(schema)
  const invalid: Array<fc.Arbitrary<unknown>> = [
    text(40),
    fc.constantFrom<unknown>(12345, -1, 1.5, true, null, {}, [], 'null', '', ' ', '__proto__'),
    ...lengths.map((length) => sized(prefix, length)),
  ]
  return fc.oneof({ arbitrary: fc.oneof(...(valid.length ? valid : [text(24)])), weight: 3 }, { arbitrary: fc.oneof(...invalid), weight: 2 })
}

/** A JSON body for the schema: its properties (each may be left out or spoiled), sometimes an unknown one. */
function bodyOf(document: Schema, schema: Schema, known: KnownValues): fc.Arbitrary<string> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const fields = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(document, property, known, name)]))
  const object = fc.record(fields, { requiredKeys: [] })
  const withExtra = fc.tuple(object, fc.option(fc.tuple(fc.constantFrom('id', 'object', '__proto__', 'constructor', 'extra'), fc.jsonValue()), { freq: 4 })).map(([value, extra]) => {
    const copy: Record<string, unknown> = { ...value }
    if (extra) copy[extra[0]] = extra[1]
    return JSON.stringify(copy)
  })
  const deep = fc.tuple(fc.constantFrom(33, 1000, 10_000, 100_000), fc.boolean()).map(([levels, arrays]) =>
    arrays ? '{"name":' + '['.repeat(levels) + ']'.repeat(levels) + '}' : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels),
  )
  const broken = fc.constantFrom('', '{', '{"a":1,}', 'null', '[]', '"text"', '1e999', '{"name":"\\ud800"}', '\u00ff\u00fe')
  return fc.oneof({ arbitrary: withExtra, weight: 6 }, { arbitrary: deep, weight: 1 }, { arbitrary: broken, weight: 1 }, { arbitrary: fc.json(), weight: 1 })
}

const keyHeader = fc.constantFrom('x-api-key', 'X-Api-Key', 'X-API-KEY', 'x-API-key')
const bearerHeader = fc.constantFrom('authorization', 'Authorization', 'AUTHORIZATION')
const contentType = fc.tuple(fc.constantFrom('content-type', 'Content-Type', 'CONTENT-TYPE'), fc.constantFrom('application/json', 'Application/JSON; charset=utf-8', 'text/plain', 'application/json;charset=UTF-8'))

function headersOf(known: KnownValues, hasBody: boolean): fc.Arbitrary<Record<string, string>> {
  const key = fc.oneof({ arbitrary: fc.constantFrom(...known.keys), weight: 6 }, { arbitrary: fc.constantFrom('', 'garbage', 'sk_' + 'x'.repeat(30), '00000000-0000-4000-8000-000000000000'), weight: 1 })
  const auth = fc.oneof(
    { arbitrary: fc.tuple(keyHeader, key).map(([name, value]) => ({ [name]: value })), weight: 6 },
    { arbitrary: fc.tuple(bearerHeader, key, fc.constantFrom('Bearer ', 'bearer ', 'Basic ', '')).map(([name, value, scheme]) => ({ [name]: scheme + value })), weight: 2 },
    { arbitrary: fc.tuple(keyHeader, bearerHeader, key).map(([a, b, value]) => ({ [a]: value, [b]: `Bearer ${value}` })), weight: 1 },
    { arbitrary: fc.constant({}), weight: 1 },
  )
  if (!hasBody) return auth
  return fc.tuple(auth, fc.option(contentType, { freq: 8 })).map(([headers, type]) => (type ? { ...headers, [type[0]]: type[1] } : headers))
}

/** A request for the operation: path and query parameters, body and headers, each drawn from the document. */
export function requestFor(document: Schema, operation: OpenApiOperation, known: KnownValues): fc.Arbitrary<GeneratedRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const queryParams = operation.parameters.filter((p) => p.in === 'query')
  // A path value is at least one character: an empty segment names another operation (/v2/sites/ is the list).
  const segment = (p: OpenApiOperation['parameters'][number]): fc.Arbitrary<string> =>
    fc.oneof(
      { arbitrary: valueOf(document, p.schema, known, p.name).map((v) => encodeURIComponent(String(v))).filter((s) => s.length > 0), weight: 9 },
      { arbitrary: fc.constantFrom('%ZZ', '%E2%82', '%00'), weight: 1 },
    )
  const query = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(valueOf(document, p.schema, known, p.name), { freq: p.required ? 12 : 2 }))),
      fc.option(fc.tuple(fc.constantFrom('unknown', '__proto__', ...queryParams.map((p) => p.name)), text(8)), { freq: 6 }),
    )
    .map(([values, extra]) => {
      const params = new URLSearchParams()
      queryParams.forEach((p, i) => {
        if (values[i] !== null) params.append(p.name, String(values[i]))
      })
      if (extra) params.append(extra[0], extra[1])
      return params.toString()
    })
  const body = operation.body ? fc.option(bodyOf(document, operation.body, known), { freq: 10 }) : fc.option(fc.constantFrom('{}', '{"a":1}'), { freq: 12 })
  return fc.tuple(fc.tuple(...pathParams.map(segment)), query, body, headersOf(known, operation.body !== undefined)).map(([segments, q, b, headers]) => {
    let i = 0
    const path = operation.path.replace(/\{[^}]+\}/g, () => segments[i++]!) + (q ? `?${q}` : '')
    return { method: operation.method, path, headers, ...(b === null ? {} : { body: b }) }
  })
}

/** The sweep every run makes before the random draws: each limit of each parameter, in every character width. */
export function limitSweep(operation: OpenApiOperation, known: KnownValues, valid: (name: string) => string): GeneratedRequest[] {
  const requests: GeneratedRequest[] = []
  const key = { 'X-Api-Key': known.keys[0]! }
  for (const target of operation.parameters) {
    const lengths = limitLengths(target.schema)
    const prefix = /pathname|pathPrefix/i.test(target.name) ? '/' : ''
    for (const length of lengths) {
      for (const c of WIDE) {
        const value = prefix + c.repeat(length - prefix.length)
        let path = operation.path
        const query = new URLSearchParams()
        for (const p of operation.parameters) {
          const v = p === target ? value : valid(p.name)
          if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v))
          else if (p === target || p.required) query.append(p.name, v)
        }
        const body = operation.body ? '{}' : undefined
        requests.push({ method: operation.method, path: query.size ? `${path}?${query}` : path, headers: body ? { ...key, 'content-type': 'application/json' } : key, ...(body ? { body } : {}) })
      }
    }
  }
  return requests
}
