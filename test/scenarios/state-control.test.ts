import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Credentials, Fixture } from '../../src/generated/types.js'
import { validateFixture } from '../../src/scenarios/fixture.js'
import { resetAndGetCredentials } from '../support/credentials.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'

const put = (server: TestServer, body: unknown) => server.api.request<Record<string, unknown>>('PUT', '/__mock/state', { body })

describe.each(TRANSPORTS)('GET and PUT /__mock/state over %s', (transport) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ transport })
  })
  afterAll(() => server.close())

  it('exports the whole state as a fixture document that validates', async () => {
    await resetAndGetCredentials(server.api, { scenario: 'default', seed: 1 })
    const exported = await server.api.get<Fixture>('/__mock/state')
    expect(exported.status).toBe(200)
    expect(() => validateFixture(exported.body)).not.toThrow()
    expect(exported.body.workspaces).toHaveLength(2)
    expect(exported.body.pages!.length).toBeGreaterThanOrEqual(30)
  })

  it('imports an export to the identical state: same export, same reads, same next ids', async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'multi-locale', seed: 4 })
    const { id: workspaceId, appApiKey: key } = creds.workspaces[0]!
    const saved = (await server.api.get<Fixture>('/__mock/state')).body
    const firstAfterSave = await server.api.post('/v2/sites', { key, body: { workspaceId, name: 'made after the export' } })
    expect(firstAfterSave.status).toBe(201)

    const imported = await put(server, saved)
    expect(imported.status).toBe(200)
    expect(imported.body as unknown as Credentials).toEqual(creds)
    expect((await server.api.get<Fixture>('/__mock/state')).body).toEqual(saved)
    const sites = await server.api.get(`/v2/sites?workspaceId=${workspaceId}`, { key })
    expect(sites.body.data!.map((s) => s.name)).not.toContain('made after the export')
    const again = await server.api.post('/v2/sites', { key, body: { workspaceId, name: 'made after the export' } })
    expect(again.body).toEqual(firstAfterSave.body)
  })

  it('refuses an invalid document with 400, a detail per problem with its path, and keeps the state', async () => {
    await resetAndGetCredentials(server.api, { scenario: 'default', seed: 1 })
    const before = (await server.api.get<Fixture>('/__mock/state')).body
    const broken = structuredClone(before)
    broken.sites![0]!.defaultLocale = 'english'
    broken.pages![1]!.siteId = '11111111-1111-4111-8111-111111111111'
    const shape = await put(server, broken)
    expect(shape.status).toBe(400)
    expect(shape.body.details).toEqual([expect.objectContaining({ field: 'sites[0].defaultLocale' })])
    broken.sites![0]!.defaultLocale = 'en-US'
    const references = await put(server, broken)
    expect(references.status).toBe(400)
    expect(references.body.details).toEqual([{ field: 'pages[1].siteId', message: expect.stringContaining('not in sites') as string }])
    expect((await server.api.get<Fixture>('/__mock/state')).body).toEqual(before)
  })

  it('refuses a body that is not JSON', async () => {
    const response = await server.api.request('PUT', '/__mock/state', { rawBody: 'nope', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.field).toBe('(body)')
  })
})

describe.each(TRANSPORTS)('POST /__mock/reset with scenarios and fixtures over %s', (transport) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ transport })
  })
  afterAll(() => server.close())

  it.each(['default', 'empty', 'multi-locale', 'edge-cases', 'large'])('restores the %s scenario', async (scenario) => {
    const creds = await resetAndGetCredentials(server.api, { scenario })
    expect(creds.workspaces.length).toBeGreaterThanOrEqual(1)
    const state = (await server.api.get<Fixture>('/__mock/state')).body
    expect(state.workspaces.map((w) => w.id)).toEqual(creds.workspaces.map((w) => w.id))
  })

  it('restores an inline fixture and answers its credentials', async () => {
    const fixture = {
      workspaces: [{ id: '00000000-0000-4000-8000-000000000001', appApiKey: 'sk_inlineinlineinlineinline' }],
      sites: [{ id: '00000000-0000-4000-8000-000000000002', workspaceId: '00000000-0000-4000-8000-000000000001', name: 'Inline', publicApiKey: '00000000-0000-4000-8000-000000000003', defaultLocale: 'de-DE' }],
      locales: [{ id: '00000000-0000-4000-8000-000000000004', siteId: '00000000-0000-4000-8000-000000000002', locale: 'de-DE', isDefault: true }],
    }
    const reset = await server.api.post<Credentials>('/__mock/reset', { body: { fixture } })
    expect(reset.status).toBe(200)
    expect(reset.body.sites).toEqual([{ id: fixture.sites[0]!.id, workspaceId: fixture.workspaces[0]!.id, name: fixture.sites[0]!.name, publicApiKey: fixture.sites[0]!.publicApiKey, siteApiKey: fixture.sites[0]!.publicApiKey }])
    const site = await server.api.get(`/v2/sites/${fixture.sites[0]!.id}`, { key: fixture.workspaces[0]!.appApiKey })
    expect(site.body).toMatchObject({ name: 'Inline', defaultLocale: 'de-DE', hostOrigin: null })
  })

  it('refuses an invalid inline fixture with paths under fixture., and keeps the state', async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'default' })
    const schema = await server.api.post('/__mock/reset', { body: { fixture: { workspaces: [{ id: 'x', appApiKey: 'sk_aaaaaaaaaaaaaaaaaaaaaaa' }] } } })
    expect(schema.status).toBe(400)
    expect(schema.body.details![0]!.field).toBe('fixture.workspaces[0].id')
    const duplicate = { id: '00000000-0000-4000-8000-000000000001', appApiKey: 'sk_aaaaaaaaaaaaaaaaaaaaaaa' }
    const references = await server.api.post('/__mock/reset', { body: { fixture: { workspaces: [duplicate, duplicate] } } })
    expect(references.status).toBe(400)
    expect(references.body.details!.map((d) => d.field)).toEqual(['fixture.workspaces[1].id', 'fixture.workspaces[1].appApiKey'])
    expect((await server.api.get('/__mock/credentials')).body).toEqual(creds)
  })

  it('refuses a scenario and a fixture together', async () => {
    const response = await server.api.post('/__mock/reset', { body: { scenario: 'empty', fixture: { workspaces: [] } } })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.field).toBe('fixture')
  })
})

describe('a named reset after a document was restored', () => {
  it('uses the seed the mock started with, not the default one', async () => {
    const server = await startMock({ seed: 7 })
    try {
      const started = (await server.api.get('/__mock/state')).text
      const saved = (await server.api.get<Fixture>('/__mock/state')).body
      expect((await put(server, { ...saved, sites: [], locales: [], pages: [], routes: [] })).status).toBe(200)
      await resetAndGetCredentials(server.api, { scenario: 'default' })
      expect((await server.api.get('/__mock/state')).text).toBe(started)
    } finally {
      await server.close()
    }
  })
})
