import { describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { TRANSPORTS, type RequestOptions, type TestResponse, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

type Send = (key: string | undefined, body?: unknown) => Promise<TestResponse>

describe.each(TRANSPORTS)('access to locales over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let appKey: string
  let siteId: string
  let frId: string
  let deletedId: string

  useDefaultScenario(transport, async (start) => {
    ;({ server, creds, appKey, siteId } = start)
    frId = (await server.api.get(`/v2/locales/fr-FR?siteId=${siteId}`, { key: appKey })).body.id as string
    deletedId = (await server.api.post('/v2/locales', { key: appKey, body: { siteId, locale: 'nl' } })).body.id as string
    expect((await server.api.delete(`/v2/locales/${deletedId}`, { key: appKey })).status).toBe(204)
  })

  const options = (key: string | undefined, body?: unknown): RequestOptions => ({ ...(key === undefined ? {} : { key }), ...(body === undefined ? {} : { body }) })

  /** Every locale endpoint, each aimed at the first site of the default scenario. */
  const endpoints = (): Array<[string, Send]> => [
    ['list', (key) => server.api.get(`/v2/locales?siteId=${siteId}`, options(key))],
    ['get by id', (key) => server.api.get(`/v2/locales/${frId}`, options(key))],
    ['get by code', (key) => server.api.get(`/v2/locales/fr-FR?siteId=${siteId}`, options(key))],
    ['create', (key, body) => server.api.post('/v2/locales', options(key, body ?? { siteId, locale: 'it' }))],
    ['update', (key, body) => server.api.patch(`/v2/locales/${frId}`, options(key, body ?? { domain: 'https://fr.acme.test' }))],
    ['delete', (key) => server.api.delete(`/v2/locales/${frId}`, options(key))],
    ['restore', (key) => server.api.post(`/v2/locales/${deletedId}/restore`, options(key))],
  ]

  it("answers 403 to another site's Site key and to another workspace's App key on every endpoint", async () => {
    for (const [name, send] of endpoints()) {
      for (const key of [creds.sites[1]!.siteApiKey, creds.workspaces[1]!.appApiKey]) {
        const response = await send(key)
        expect(response.status, name).toBe(403)
        expect(response.body.code, name).toBe('forbidden')
      }
    }
  })

  it('answers 401 to a missing, malformed or unknown key on every endpoint', async () => {
    for (const [name, send] of endpoints()) {
      for (const key of [undefined, 'sk_short', `sk_${'a'.repeat(40)}`, '00000000-0000-4000-8000-000000000000']) {
        const response = await send(key)
        expect(response.status, `${name} with ${String(key)}`).toBe(401)
        expect(response.body.code).toBe('unauthorized')
      }
    }
  })

  it('judges the key, then access, before the body', async () => {
    const invalidCreate = { siteId, locale: 'French', extra: true }
    expect((await server.api.post('/v2/locales', { body: invalidCreate })).status).toBe(401)
    expect((await server.api.post('/v2/locales', { key: creds.sites[1]!.siteApiKey, body: invalidCreate })).status).toBe(403)
    expect((await server.api.patch(`/v2/locales/${frId}`, { key: creds.workspaces[1]!.appApiKey, body: { locale: 7 } })).status).toBe(403)
    const judged = await server.api.post('/v2/locales', { key: appKey, body: invalidCreate })
    expect(judged.status).toBe(400)
    expect(judged.body.details!.map((d) => d.field).sort()).toEqual(['extra', 'locale'])
  })

  it("lets the site's own Site key use every endpoint", async () => {
    const expected = { list: 200, 'get by id': 200, 'get by code': 200, create: 201, update: 200, delete: 204, restore: 200 }
    for (const [name, send] of endpoints()) {
      expect((await send(creds.sites[0]!.siteApiKey)).status, name).toBe(expected[name as keyof typeof expected])
    }
  })

  it("refuses a Site key on another site of the same workspace, which the workspace's App key reaches", async () => {
    const edge = await resetAndGetCredentials(server.api, { scenario: 'edge-cases' })
    const [first, second] = edge.sites
    const path = `/v2/locales/ja-JP?siteId=${first!.id}`
    expect(first!.workspaceId).toBe(second!.workspaceId)
    expect((await server.api.get(path, { key: second!.siteApiKey })).status).toBe(403)
    expect((await server.api.get(`/v2/locales?siteId=${first!.id}`, { key: second!.siteApiKey })).status).toBe(403)
    expect((await server.api.get(path, { key: edge.workspaces[0]!.appApiKey })).status).toBe(200)
    expect((await server.api.get(path, { key: first!.siteApiKey })).status).toBe(200)
  })
})
