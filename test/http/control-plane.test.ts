import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetAndGetCredentials } from '../support/credentials.js'
import { startMock, type TestServer } from '../support/harness.js'

describe('control plane', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock()
  })
  afterAll(() => server.close())

  it('answers health and credentials without an API key', async () => {
    expect((await server.api.get('/__mock/health')).body).toEqual({ status: 'ok' })
    const credentials = await server.api.get('/__mock/credentials')
    expect(credentials.body).toEqual(server.mock.credentials())
  })

  it('resets to the same state for the same seed and to another for another seed', async () => {
    const first = await resetAndGetCredentials(server.api, { scenario: 'default', seed: 7 })
    await server.api.post('/v2/sites', { key: first.workspaces[0]!.appApiKey, body: { workspaceId: first.workspaces[0]!.id, name: 'extra' } })
    const again = await resetAndGetCredentials(server.api, { scenario: 'default', seed: 7 })
    expect(again).toEqual(first)
    const other = await resetAndGetCredentials(server.api, { scenario: 'default', seed: 8 })
    expect(other.workspaces[0]!.id).not.toBe(first.workspaces[0]!.id)
  })

  it('gives the default scenario two workspaces, and the first a site with enough pages to paginate', async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'default', seed: 1 })
    expect(creds.workspaces).toHaveLength(2)
    expect(creds.sites.filter((s) => s.workspaceId === creds.workspaces[0]!.id)).toHaveLength(1)
    expect(creds.sites.filter((s) => s.workspaceId === creds.workspaces[1]!.id)).toHaveLength(1)
    expect(server.mock.store.pages.ofSite(creds.sites[0]!.id).size).toBeGreaterThanOrEqual(30)
    expect(server.mock.store.locales.ofSite(creds.sites[0]!.id).size).toBe(2)
  })

  it('restores the empty scenario: one workspace with an App key and no sites', async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'empty' })
    expect(creds.workspaces).toHaveLength(1)
    expect(creds.sites).toEqual([])
    const list = await server.api.get(`/v2/sites?workspaceId=${creds.workspaces[0]!.id}`, { key: creds.workspaces[0]!.appApiKey })
    expect(list.body).toEqual({ object: 'list', data: [], hasMore: false })
  })

  it('refuses an unknown scenario with 400 naming the field', async () => {
    const response = await server.api.post('/__mock/reset', { body: { scenario: 'nope' } })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.field).toBe('scenario')
  })

  it('sends /__mock on to the dashboard at /__mock/ with a 308, the query kept', async () => {
    const redirect = await fetch(`${server.url}/__mock?token=x`, { redirect: 'manual' })
    expect(redirect.status).toBe(308)
    expect(new URL(redirect.headers.get('location')!, redirect.url).href).toBe(`${server.url}/__mock/?token=x`)
    const followed = await fetch(`${server.url}/__mock`)
    expect(followed.url).toBe(`${server.url}/__mock/`)
    expect(followed.headers.get('content-type')).toContain('text/html')
  })
})

describe('control plane switched off', () => {
  it('leaves /__mock a 404, not a redirect to one', async () => {
    const server = await startMock({ control: false })
    try {
      expect((await fetch(`${server.url}/__mock`, { redirect: 'manual' })).status).toBe(404)
    } finally {
      await server.close()
    }
  })
})
