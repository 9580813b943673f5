import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { atPointer, schemaFile } from '../../src/openapi/schema-components.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { CliChild } from '../scenarios/cli-child.js'

type Doc = Record<string, unknown> & { paths: Record<string, Record<string, OperationDoc>> }
interface OperationDoc {
  operationId: string
  parameters?: Array<{ name: string; in: string }>
  requestBody?: unknown
  responses: Record<string, unknown>
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const SOME_ID = '00000000-0000-4000-8000-000000000000'

function documented(doc: Doc): Array<{ method: string; path: string; operation: OperationDoc }> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })))
}

function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf)
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsOf(value)))
}

describe.each(TRANSPORTS)('GET /openapi.json (%s)', (transport) => {
  let server: TestServer
  let doc: Doc
  beforeAll(async () => {
    server = await startMock({ transport })
    const response = await fetch(`${server.url}/openapi.json`)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    doc = (await response.json()) as Doc
  })
  afterAll(() => server.close())

  it('is a valid OpenAPI 3.1 document in which every $ref resolves', async () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(await new Validator().validate(doc)).toEqual({ valid: true })
    const refs = refsOf(doc)
    expect(refs.length).toBeGreaterThan(20)
    for (const ref of refs) expect(atPointer(doc, ref.slice(1)), ref).toBeDefined()
  })

  it('documents exactly the operations of the route table, with the x-api-key and bearer schemes', () => {
    const inDoc = documented(doc).map(({ method, path, operation }) => `${method} ${path} ${operation.operationId}`)
    expect(inDoc.sort()).toEqual(operations.map((o) => `${o.method} ${o.path} ${o.operationId}`).sort())
    const schemes = (doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes
    expect(schemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }))
    expect(schemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }))
  })

  it('describes every parameter, request body, success and error status of each operation', () => {
    for (const operation of operations) {
      const entry = doc.paths[operation.path]![operation.method.toLowerCase()]!
      const names = (entry.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort()
      const expected = [
        ...[...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => `path:${m[1]!}`),
        ...Object.keys(schemaProperties(operation.query)).map((name) => `query:${name}`),
      ].sort()
      expect(names, operation.operationId).toEqual(expected)
      expect(entry.requestBody !== undefined, operation.operationId).toBe(operation.body !== undefined)
      // Besides its own errors, any request may meet the rate limit (429) and any body the size limit (413).
      const statuses = [operation.success.status, ...operation.errors, ...(operation.body ? [413] : []), 429]
      expect(Object.keys(entry.responses).sort(), operation.operationId).toEqual(statuses.map(String).sort())
    }
  })

  it('answers every documented method of every documented path, and 405 for any other method', async () => {
    for (const { method, path } of documented(doc)) {
      const concrete = path.replace(/\{\w+\}/g, SOME_ID)
      // Without a key every known route says 401; an unknown one would say 404 or 405.
      const response = await fetch(server.url + concrete, { method })
      expect(response.status, `${method} ${path}`).toBe(401)
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS.filter((m) => !(m.toLowerCase() in item))) {
        const response = await fetch(server.url + path.replace(/\{\w+\}/g, SOME_ID), { method })
        expect(response.status, `${method} ${path}`).toBe(405)
      }
    }
    expect((await fetch(`${server.url}/v2/not-an-operation`)).status).toBe(404)
  })

  it('describes the bodies the mock really answers', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(ajv)
    ajv.addSchema({ ...doc, $id: 'https://sitemock.dev/served-openapi.json' })
    const check = (method: string, path: string, status: number, body: unknown): void => {
      const pointer = `/paths/${path.replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`
      const validate = ajv.compile({ $ref: `https://sitemock.dev/served-openapi.json#${pointer}` })
      expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
    const { workspaces, sites } = server.mock.credentials()
    const key = workspaces[0]!.appApiKey
    const siteId = sites[0]!.id
    check('GET', '/v2/sites', 200, (await server.api.get(`/v2/sites?workspaceId=${workspaces[0]!.id}`, { key })).body)
    check('GET', '/v2/sites/{siteId}', 200, (await server.api.get(`/v2/sites/${siteId}`, { key })).body)
    check('GET', '/v2/sites/{siteId}', 404, (await server.api.get(`/v2/sites/${SOME_ID}`, { key })).body)
    check('POST', '/v2/sites', 400, (await server.api.post('/v2/sites', { key, body: { name: 1 } })).body)
    for (const [listPath, query] of [['/v6/pages', `siteId=${siteId}`], ['/v2/locales', `siteId=${siteId}`], ['/v2/routes', `siteId=${siteId}`]] as const) {
      const match = operations.find((o) => o.method === 'GET' && o.path === listPath)
      if (match) check('GET', listPath, 200, (await server.api.get(`${listPath}?${query}`, { key })).body)
    }
  })

  it('serves a browsable reference at /__mock/docs as one self-contained page', async () => {
    const page = await fetch(`${server.url}/__mock/docs`)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    // Nothing loaded from anywhere: no script, style or image by URL, only inline ones.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"|<img /)
    expect(html).not.toMatch(/https?:\/\//)
    expect(html).toContain("new URL('openapi.json', base)")
    expect((await fetch(`${server.url}/__mock/docs/swagger-ui.css`)).status).toBe(404)
  })

  it('refuses other methods on /openapi.json with 405', async () => {
    const response = await fetch(`${server.url}/openapi.json`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('sitemock openapi', () => {
  it('prints the served document, with the server URL it is given', async () => {
    const server = await startMock()
    try {
      const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc
      const printed = new CliChild(['openapi', '--server', 'http://localhost:9000'])
      expect(await printed.exit()).toBe(0)
      const doc = JSON.parse(printed.stdout) as Doc
      expect(doc.servers).toEqual([{ url: 'http://localhost:9000', description: 'sitemock' }])
      expect({ ...doc, servers: served.servers }).toEqual(served)
    } finally {
      await server.close()
    }
  })
})

function schemaProperties(file: string | undefined): Record<string, unknown> {
  return file ? ((schemaFile(file).properties as Record<string, unknown> | undefined) ?? {}) : {}
}
