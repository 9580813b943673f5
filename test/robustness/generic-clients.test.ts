import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import http from 'node:http'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { checkContract, startMock, type TestServer, TRANSPORTS } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

// A 4-byte character: percent-encoded it takes 12 bytes, the most any character takes.
const CLEF = '\u{1D11E}'
const enc = encodeURIComponent

/** The rate-limit headers every API answer carries, errors included. */
function expectRateLimitHeaders(headers: Headers): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(headers.get(name), name).toMatch(/^\d+$/)
}

describe.each(TRANSPORTS)('what generic clients and shells send, over %s', (transport) => {
  let server: TestServer
  let appKey: string
  let siteId: string
  let workspaceId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, appKey, siteId, workspaceId } = start)
  })

  describe('path and query values up to their documented limits, in multi-byte characters', () => {
    it('reads a page back by a 2,048-character pathname of 4-byte characters, and lists it by a prefix as long', async () => {
      const pathname = '/' + CLEF.repeat(2047)
      const created = await server.api.post('/v6/pages', { key: appKey, body: { siteId, pathname, name: 'Long' } })
      expect(created.status).toBe(201)
      const read = await server.api.get(`/v6/pages/${enc(pathname)}?siteId=${siteId}`, { key: appKey })
      expect(read.status).toBe(200)
      expect(read.body.id).toBe(created.body.id)
      expectRateLimitHeaders(read.headers)
      const listed = await server.api.get(`/v6/pages?siteId=${siteId}&pathPrefix=${enc(pathname)}`, { key: appKey })
      expect(listed.status).toBe(200)
      expect(listed.body.data!.map((page) => page.id)).toEqual([created.body.id])
    })

    it('reads a page back by a pathname of 2,000 euro signs', async () => {
      const pathname = '/' + '€'.repeat(2000)
      expect((await server.api.post('/v6/pages', { key: appKey, body: { siteId, pathname, name: 'Euro' } })).status).toBe(201)
      expect((await server.api.get(`/v6/pages/${enc(pathname)}?siteId=${siteId}`, { key: appKey })).status).toBe(200)
    })

    it('finds a route by a 2,048-character pathname of 4-byte characters', async () => {
      const pathname = '/' + CLEF.repeat(2047)
      const created = await server.api.post('/v2/routes', { key: appKey, body: { siteId, pathname } })
      expect(created.status).toBe(201)
      const read = await server.api.get(`/v2/routes/${enc(pathname)}?siteId=${siteId}`, { key: appKey })
      expect(read.status).toBe(200)
      expect(read.body.id).toBe(created.body.id)
    })

    it('answers a value one character past the limit with the 400 naming it, rate-limit headers included', async () => {
      const tooLong = '/' + CLEF.repeat(2048)
      const cases: Array<[string, string]> = [
        [`/v6/pages/${enc(tooLong)}?siteId=${siteId}`, 'pageIdOrPathname'],
        [`/v2/routes/${enc(tooLong)}?siteId=${siteId}`, 'routeIdOrPathname'],
        [`/v6/pages?siteId=${siteId}&pathPrefix=${enc(tooLong)}`, 'pathPrefix'],
      ]
      for (const [path, field] of cases) {
        const response = await server.api.get(path, { key: appKey })
        expect(response.status, field).toBe(400)
        expect(response.body.details!.map((detail) => detail.field)).toEqual([field])
        expectRateLimitHeaders(response.headers)
      }
    })

    it('answers a request line past the header limit in the error envelope, not with a bare status', async () => {
      const response = await fetch(`${server.url}/v6/pages/${enc('/' + CLEF.repeat(8000))}?siteId=${siteId}`, { headers: { 'x-api-key': appKey } })
      expect(response.status).toBe(431)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toMatchObject({ object: 'error', code: 'request_header_fields_too_large' })
    })
  })

  describe('bodies nested far deeper than accepted', () => {
    const writes = (): Array<[string, string]> => [
      ['POST', '/v2/sites'],
      ['PATCH', `/v2/sites/${siteId}`],
      ['POST', `/v2/sites/${siteId}/duplicate`],
      ['POST', '/v2/locales'],
      ['PATCH', '/v2/locales/en-US?siteId=' + siteId],
      ['POST', '/v6/pages'],
      ['PATCH', `/v6/pages/${enc('/about')}?siteId=${siteId}`],
      ['POST', '/v2/routes'],
      ['PATCH', `/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`],
    ]

    for (const levels of [10_000, 100_000]) {
      it(`refuses ${levels.toLocaleString('en')} levels of arrays and of objects on every write with a 400 naming the body`, async () => {
        const bodies = ['{"name":' + '['.repeat(levels) + ']'.repeat(levels) + '}', '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)]
        for (const [method, path] of writes()) {
          for (const rawBody of bodies) {
            const response = await server.api.request(method, path, { key: appKey, rawBody, headers: { 'content-type': 'application/json' } })
            expect(response.status, `${method} ${path}`).toBe(400)
            expect(response.body.details).toEqual([{ field: '(body)', message: 'is nested too deeply; at most 32 levels are accepted' }])
          }
        }
      })
    }
  })

  describe('HTTP conventions of the service', () => {
    it('answers HEAD wherever it answers GET: the same status and headers, no body', async () => {
      for (const path of [`/v2/sites?workspaceId=${workspaceId}`, `/v2/sites/${siteId}`, `/v2/locales/en-US?siteId=${siteId}`, `/v6/pages?siteId=${siteId}`, `/v2/routes?siteId=${siteId}`]) {
        const get = await fetch(server.url + path, { headers: { 'x-api-key': appKey } })
        const head = await fetch(server.url + path, { method: 'HEAD', headers: { 'x-api-key': appKey } })
        expect(head.status, path).toBe(200)
        expect(head.headers.get('content-length'), path).toBe(get.headers.get('content-length'))
        expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'))
        expectRateLimitHeaders(head.headers)
        expect(await head.text(), path).toBe('')
      }
      const missing = await fetch(`${server.url}/v2/sites/00000000-0000-4000-8000-00000000dead`, { method: 'HEAD', headers: { 'x-api-key': appKey } })
      expect(missing.status).toBe(404)
      const document = await fetch(`${server.url}/openapi.json`, { method: 'HEAD' })
      expect(document.status).toBe(200)
      expect(await document.text()).toBe('')
    })

    it('lists HEAD among the allowed methods of a readable path', async () => {
      const response = await server.api.request('PUT', `/v2/sites/${siteId}`, { key: appKey })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE')
    })

    it('reads one trailing slash as absent, as Express routing does', async () => {
      const list = await server.api.get(`/v2/sites/?workspaceId=${workspaceId}`, { key: appKey })
      expect(list.status).toBe(200)
      expect(list.body.data!.map((site) => site.id)).toContain(siteId)
      expect((await server.api.get(`/v2/sites/${siteId}/`, { key: appKey })).body.id).toBe(siteId)
    })
  })

  it('lists only the fields a site update accepts when it refuses an unknown one', async () => {
    const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { id: 'x' } })
    expect(response.body.details).toEqual([{ field: 'id', message: 'is not a known field; accepted fields: name, hostOrigin' }])
  })

  describe('the served OpenAPI holds every rule the mock enforces on path parameters', () => {
    it('refuses in its schema exactly the values the mock answers with a 400 naming the parameter', async () => {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument
      const ajv = new Ajv2020({ strict: false })
      addFormats.default(ajv)
      ajv.addSchema({ $id: 'openapi', components: document.components })
      const schemaOf = (path: string, name: string): ((value: string) => boolean) => {
        const parameter = document.paths[path]!.get.parameters.find((p) => p.name === name)!
        const schema = JSON.parse(JSON.stringify(parameter.schema).replaceAll('"#/components/', '"openapi#/components/')) as object
        const validate = ajv.compile(schema)
        return (value) => validate(value)
      }
      const cases: Array<{ path: string; name: string; url: (value: string) => string; values: string[] }> = [
        { path: '/v2/locales/{localeIdOrCode}', name: 'localeIdOrCode', url: (v) => `/v2/locales/${enc(v)}?siteId=${siteId}`, values: ['fr-FR', 'xx-YY', 'es-419', 'not a code', 'FR', 'fr_FR', '00000000-0000-4000-8000-00000000dead', '00000000-0000-4000-8000-00000000DEAD'] },
        { path: '/v6/pages/{pageIdOrPathname}', name: 'pageIdOrPathname', url: (v) => `/v6/pages/${enc(v)}?siteId=${siteId}`, values: ['/about', '/nope', 'about', 'x', '00000000-0000-4000-8000-00000000dead'] },
      ]
      for (const { path, name, url, values } of cases) {
        const accepts = schemaOf(path, name)
        for (const value of values) {
          const response = await server.api.get(url(value), { key: appKey })
          const refused = response.status === 400 && response.body.details!.some((detail) => detail.field === name)
          expect(refused, `${name} ${JSON.stringify(value)}: ${response.status}`).toBe(!accepts(value))
        }
      }
    })

    it('says in its security schemes that the two key headers are alternatives, and both at once a 400', async () => {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument
      const schemes = document.components.securitySchemes
      for (const scheme of Object.values(schemes)) expect(scheme.description).toContain('both at once is a 400')
      const both = await server.api.get(`/v2/sites/${siteId}`, { headers: { 'x-api-key': appKey, authorization: `Bearer ${appKey}` } })
      expect(both.status).toBe(400)
    })
  })
})

interface OpenApiDocument {
  paths: Record<string, { get: { parameters: Array<{ name: string; schema: unknown }> } }>
  components: { securitySchemes: Record<string, { description: string }> }
}

describe('the state import', () => {
  it.each(TRANSPORTS)('loads back the export of the large scenario over %s, byte for byte', async (transport) => {
    const server = await startMock({ transport, scenario: 'large' })
    try {
      const exported = await (await fetch(`${server.url}/__mock/state`)).text()
      expect(exported.length).toBeGreaterThan(1024 * 1024)
      const put = await fetch(`${server.url}/__mock/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })
      expect(put.status).toBe(200)
      expect(await (await fetch(`${server.url}/__mock/state`)).text()).toBe(exported)
    } finally {
      await server.close()
    }
  }, 60_000)

  it('keeps the API body limit for API bodies, apart from the state import', async () => {
    const server = await startMock({ maxBody: 1024 })
    try {
      const exported = await (await fetch(`${server.url}/__mock/state`)).text()
      expect(exported.length).toBeGreaterThan(1024)
      const put = await fetch(`${server.url}/__mock/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })
      expect(put.status).toBe(200)
      const api = await fetch(`${server.url}/v2/sites`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: exported })
      expect(api.status).toBe(413)
    } finally {
      await server.close()
    }
  })

  it('refuses a state document past --max-state-body with a 413, leaving the state as it was', async () => {
    const server = await startMock({ maxStateBody: 4096 })
    try {
      const exported = await (await fetch(`${server.url}/__mock/state`)).text()
      expect(exported.length).toBeGreaterThan(4096)
      const put = await fetch(`${server.url}/__mock/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })
      expect(put.status).toBe(413)
      expect(await put.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than the limit of 4096 bytes.' })
      expect(await (await fetch(`${server.url}/__mock/state`)).text()).toBe(exported)
    } finally {
      await server.close()
    }
  })
})

describe('a keep-alive connection after a refused request with a large unread body', () => {
  it.each(TRANSPORTS)('carries the next request over %s', async (transport) => {
    const server = await startMock({ transport })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const { port } = new URL(server.url)
    const send = (method: string, path: string, body?: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const headers = { 'content-type': 'application/json', ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }
        http
          .request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          })
          .on('error', reject)
          .end(body)
      })
    try {
      const deep = '{"name":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}'
      expect(await send('PATCH', '/v2/routes/%E2%82', deep)).toBe(401)
      expect(await send('GET', '/v2/routes')).toBe(401)
    } finally {
      agent.destroy()
      await server.close()
    }
  })
})

describe('requests node:http cannot parse', () => {
  it.each(TRANSPORTS)('are answered in the error envelope over %s', async (transport) => {
    const server = await startMock({ transport })
    try {
      const { port } = new URL(server.url)
      const socket = net.connect(Number(port), '127.0.0.1')
      socket.end('GET /v2/sites HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n')
      const chunks: Buffer[] = []
      for await (const chunk of socket) chunks.push(chunk as Buffer)
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expect(JSON.parse(body!)).toMatchObject({ object: 'error', code: 'bad_request', details: [{ field: '(request)' }] })
    } finally {
      await server.close()
    }
  })
})

describe('mock.handle() called from plain JavaScript', () => {
  it('refuses an empty control token, which would open the control plane to an empty header', () => {
    expect(() => createMock({ control: { token: '' } })).toThrow('control.token must not be empty')
  })

  const mock = createMock()
  const appKey = mock.credentials().workspaces[0]!.appApiKey
  const workspaceId = mock.credentials().workspaces[0]!.id

  it('takes a null body as no body', () => {
    const response = mock.handle({ method: 'GET', path: '/v2/sites', query: `workspaceId=${workspaceId}`, headers: { 'x-api-key': appKey }, body: null as unknown as undefined })
    expect(response.status).toBe(200)
  })

  it('reads header names in any case', () => {
    for (const name of ['X-Api-Key', 'X-API-KEY', 'x-Api-key']) {
      const response = mock.handle({ method: 'GET', path: '/v2/sites', query: `workspaceId=${workspaceId}`, headers: { [name]: appKey }, body: undefined })
      expect(response.status, name).toBe(200)
    }
    const created = mock.handle({ method: 'POST', path: '/v2/sites', query: '', headers: { 'X-Api-Key': appKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ workspaceId, name: 'Cased' }) })
    expect(created.status).toBe(201)
    checkContract('POST', '/v2/sites', created.status, created.body)
  })
})
