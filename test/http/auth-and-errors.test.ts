import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

describe.each(TRANSPORTS)('auth and errors over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let appKey: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, creds, appKey, siteId } = start)
  })

  it('answers 401 for a missing, malformed or unknown key', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'An API key is required'],
      ['', 'An API key is required'],
      ['sk_short', 'malformed'],
      ['hello', 'malformed'],
      [`sk_${'a'.repeat(40)}`, 'not valid'],
      ['00000000-0000-4000-8000-000000000000', 'not valid'],
    ]
    for (const [key, message] of cases) {
      const response = await server.api.get(`/v2/sites/${siteId}`, key === undefined ? {} : { key })
      expect(response.status, String(key)).toBe(401)
      expect(response.body.code).toBe('unauthorized')
      expect(response.body.message).toContain(message)
    }
  })

  it('accepts Authorization: Bearer, and refuses a request that sends both headers', async () => {
    const bearer = await server.api.get(`/v2/sites/${siteId}`, { headers: { authorization: `Bearer ${appKey}` } })
    expect(bearer.status).toBe(200)
    const both = await server.api.get(`/v2/sites/${siteId}`, { key: appKey, headers: { authorization: `Bearer ${appKey}` } })
    expect(both.status).toBe(400)
    expect(both.body.message).toContain('not both')
    const badScheme = await server.api.get(`/v2/sites/${siteId}`, { headers: { authorization: `Basic ${appKey}` } })
    expect(badScheme.status).toBe(401)
  })

  it('judges the key before the body: 401 for an invalid body without a key', async () => {
    const response = await server.api.patch(`/v2/sites/${siteId}`, { body: { name: 7 } })
    expect(response.status).toBe(401)
  })

  it('judges access before the body: 403 for an invalid body on a site the key cannot reach', async () => {
    const otherKey = creds.workspaces[1]!.appApiKey
    const response = await server.api.patch(`/v2/sites/${siteId}`, { key: otherKey, body: { name: 7 } })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ object: 'error', code: 'forbidden', message: 'This API key does not have access to this site.' })
  })

  it('lets a Site key read and update its own site only, and never list, create, duplicate or delete', async () => {
    const siteKey = creds.sites[0]!.siteApiKey
    expect((await server.api.get(`/v2/sites/${siteId}`, { key: siteKey })).status).toBe(200)
    expect((await server.api.patch(`/v2/sites/${siteId}`, { key: siteKey, body: { name: 'Mine' } })).status).toBe(200)
    expect((await server.api.get(`/v2/sites/${creds.sites[1]!.id}`, { key: siteKey })).status).toBe(403)
    expect((await server.api.get(`/v2/sites/00000000-0000-4000-8000-000000000000`, { key: siteKey })).status).toBe(403)
    expect((await server.api.get(`/v2/sites?workspaceId=${creds.workspaces[0]!.id}`, { key: siteKey })).status).toBe(403)
    expect((await server.api.delete(`/v2/sites/${siteId}`, { key: siteKey })).status).toBe(403)
    expect((await server.api.post(`/v2/sites/${siteId}/duplicate`, { key: siteKey, body: { name: 'x' } })).status).toBe(403)
  })

  it('answers unknown paths with 404 and unsupported methods with 405, in the envelope', async () => {
    const unknown = await server.api.get('/v3/sites', { key: appKey })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('not_found')
    const doubleSlash = await server.api.get(`/v2//sites/${siteId}`, { key: appKey })
    expect(doubleSlash.status).toBe(404)
    const method = await server.api.request('PUT', `/v2/sites/${siteId}`, { key: appKey, body: { name: 'x' } })
    expect(method.status).toBe(405)
    expect(method.body.code).toBe('method_not_allowed')
    expect(method.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE')
  })

  it('refuses a body on a request that takes none', async () => {
    const response = await server.api.request('DELETE', `/v2/sites/${siteId}`, { key: appKey, body: { force: true } })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.field).toBe('(body)')
    expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).status).toBe(200)
  })

  it('treats UUIDs in queries, bodies and cursors case-insensitively, as it does in paths', async () => {
    const upperSite = siteId.toUpperCase()
    const upperWorkspace = creds.workspaces[0]!.id.toUpperCase()
    const sites = await server.api.get(`/v2/sites?workspaceId=${upperWorkspace}`, { key: appKey })
    expect(sites.status).toBe(200)
    expect((sites.body.data as Array<{ id: string }>).map((s) => s.id)).toContain(siteId)
    for (const list of ['/v6/pages', '/v2/locales', '/v2/routes']) {
      expect((await server.api.get(`${list}?siteId=${upperSite}`, { key: appKey })).status, list).toBe(200)
    }
    const page = await server.api.post('/v6/pages', { key: appKey, body: { siteId: upperSite, pathname: '/upper-case-site', name: 'Upper' } })
    expect(page.status).toBe(201)
    expect((await server.api.get(`/v6/pages/${encodeURIComponent('/upper-case-site')}?siteId=${siteId}`, { key: appKey })).body.id).toBe(page.body.id)
    const first = await server.api.get(`/v6/pages?siteId=${siteId}&limit=1`, { key: appKey })
    const firstId = (first.body.data as Array<{ id: string }>)[0]!.id
    const next = await server.api.get(`/v6/pages?siteId=${siteId}&limit=1&startingAfter=${firstId.toUpperCase()}`, { key: appKey })
    const lower = await server.api.get(`/v6/pages?siteId=${siteId}&limit=1&startingAfter=${firstId}`, { key: appKey })
    expect(next.status).toBe(200)
    expect(next.body.data).toEqual(lower.body.data)
    const urn = await server.api.get(`/v6/pages?siteId=urn:uuid:${siteId}`, { key: appKey })
    expect(urn.status).toBe(400)
    expect(urn.body.details![0]!.field).toBe('siteId')
  })

  it('sends the rate-limit headers on every response, errors included', async () => {
    const ok = await server.api.get(`/v2/sites/${siteId}`, { key: appKey })
    expect(ok.headers.get('x-ratelimit-limit')).toBe('100')
    expect(Number(ok.headers.get('x-ratelimit-remaining'))).toBeLessThan(100)
    expect(Number(ok.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1)
    const unauthorized = await server.api.get(`/v2/sites/${siteId}`)
    expect(unauthorized.headers.get('x-ratelimit-limit')).toBe('100')
  })
})

describe('rate limit enforcement', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ rateLimit: 5 })
  })
  afterAll(() => server.close())

  it("answers 429 with the real service's throttler body past the limit, per key", async () => {
    const creds = await resetAndGetCredentials(server.api)
    const key = creds.workspaces[0]!.appApiKey
    const statuses: number[] = []
    let last
    for (let i = 0; i < 7; i++) {
      last = await server.api.get(`/v2/sites/${creds.sites[0]!.id}`, { key })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(last!.body).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' })
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const otherKey = await server.api.get(`/v2/sites/${creds.sites[1]!.id}`, { key: creds.workspaces[1]!.appApiKey })
    expect(otherKey.status).toBe(200)
  })
})
