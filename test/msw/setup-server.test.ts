import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL, onUnhandled } from '../../src/transports/msw.js'
import { checkContract } from '../support/harness.js'

// The library path: users' tests put the mock's single msw handler into setupServer.
const mock = createMock({ seed: 3 })
const server = setupServer(createMswHandler(mock), createMswHandler(mock, { baseUrl: 'http://localhost:9999/api' }))

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init)
  const text = await response.text()
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  checkContract(init.method ?? 'GET', new URL(url).pathname.replace(/^\/api/, ''), response.status, text ? body : undefined)
  return { status: response.status, body }
}

describe('msw handler in setupServer', () => {
  beforeAll(() => server.listen(onUnhandled('error')))
  afterAll(() => server.close())

  it("answers the service's real address by default", async () => {
    const { workspaces, sites } = mock.credentials()
    const response = await call(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers: { 'x-api-key': workspaces[0]!.appApiKey } })
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(sites[0]!.id)
  })

  it('creates and updates through a configured base URL with a path prefix', async () => {
    const { workspaces } = mock.credentials()
    const headers = { 'x-api-key': workspaces[0]!.appApiKey, 'content-type': 'application/json' }
    const created = await call('http://localhost:9999/api/v2/sites', { method: 'POST', headers, body: JSON.stringify({ workspaceId: workspaces[0]!.id, name: 'From msw' }) })
    expect(created.status).toBe(201)
    const updated = await call(`http://localhost:9999/api/v2/sites/${created.body.id as string}`, { method: 'PATCH', headers, body: JSON.stringify({ name: 'Renamed' }) })
    expect(updated.body.name).toBe('Renamed')
    expect(mock.store.sites.get(created.body.id as string)?.name).toBe('Renamed')
  })

  it('gives the same errors as the server: 401 without a key, 400 with details', async () => {
    expect((await call(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=x`)).status).toBe(401)
    const { workspaces } = mock.credentials()
    const bad = await call(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=x`, { headers: { 'x-api-key': workspaces[0]!.appApiKey } })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual([{ field: 'workspaceId', message: expect.stringContaining('UUID') as unknown }])
  })
})
