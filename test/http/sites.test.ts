import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMock, TRANSPORTS, walk, type TestServer } from '../support/harness.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(TRANSPORTS)('sites over %s', (transport) => {
  let server: TestServer
  let appKey: string
  let otherAppKey: string
  let workspaceId: string
  let otherWorkspaceId: string
  let siteId: string
  let siteKey: string
  let otherSiteId: string

  beforeAll(async () => {
    server = await startMock({ transport })
  })
  afterAll(() => server.close())
  beforeEach(async () => {
    const credentials = (await server.api.post('/__mock/reset')).body as unknown as {
      workspaces: Array<{ id: string; appApiKey: string }>
      sites: Array<{ id: string; workspaceId: string; siteApiKey: string }>
    }
    ;[{ id: workspaceId, appApiKey: appKey }, { id: otherWorkspaceId, appApiKey: otherAppKey }] = credentials.workspaces as [
      { id: string; appApiKey: string },
      { id: string; appApiKey: string },
    ]
    siteId = credentials.sites[0]!.id
    siteKey = credentials.sites[0]!.siteApiKey
    otherSiteId = credentials.sites[1]!.id
  })

  it('creates a site with its default locale and answers 201', async () => {
    const created = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: 'New site', hostOrigin: 'https://new.test' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ object: 'site', name: 'New site', hostOrigin: 'https://new.test', defaultLocale: 'en-US', localeManagementMode: 'internal' })
    const read = await server.api.get(`/v2/sites/${created.body.id as string}`, { key: appKey })
    expect(read.body).toEqual(created.body)
  })

  it('returns 400 naming each invalid field of a create', async () => {
    const response = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId: 'nope', name: '', extra: 1 } })
    expect(response.status).toBe(400)
    expect(response.body.details?.map((d) => d.field).sort()).toEqual(['extra', 'name', 'workspaceId'])
  })

  it('walks a workspace list and sees every site once', async () => {
    for (let i = 0; i < 25; i++) await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: `Site ${i}` } })
    const items = await walk(server.api, `/v2/sites?workspaceId=${workspaceId}`, appKey, 7)
    expect(items).toHaveLength(26)
    expect(new Set(items.map((s) => s.id)).size).toBe(26)
    expect(items[0]!.id).toBe(siteId)
  })

  it('answers 401 before judging the body, and 403 for another workspace', async () => {
    expect((await server.api.post('/v2/sites', { body: { bad: true } })).status).toBe(401)
    expect((await server.api.get(`/v2/sites/${otherSiteId}`, { key: appKey })).status).toBe(403)
    expect((await server.api.get(`/v2/sites?workspaceId=${otherWorkspaceId}`, { key: appKey })).status).toBe(403)
    expect((await server.api.get(`/v2/sites/${UNKNOWN_ID}`, { key: appKey })).status).toBe(404)
    expect((await server.api.get(`/v2/sites/${siteId}`, { key: siteKey })).status).toBe(200)
    expect((await server.api.post('/v2/sites', { key: siteKey, body: { workspaceId, name: 'x' } })).status).toBe(403)
    expect(otherAppKey).toMatch(/^sk_/)
  })
})
