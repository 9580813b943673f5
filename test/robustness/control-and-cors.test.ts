import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMock, type TestServer } from '../support/harness.js'

describe('control plane protection', () => {
  let guarded: TestServer
  let off: TestServer
  beforeAll(async () => {
    guarded = await startMock({ control: { token: 's3cret' } })
    off = await startMock({ control: false })
  })
  afterAll(async () => {
    await guarded.close()
    await off.close()
  })

  it('requires the x-control-token header when a token is set', async () => {
    const without = await guarded.api.post('/__mock/reset')
    expect(without.status).toBe(401)
    expect(without.body.message).toContain('x-control-token')
    const wrong = await guarded.api.get('/__mock/credentials', { headers: { 'x-control-token': 'nope' } })
    expect(wrong.status).toBe(401)
    const right = await guarded.api.get('/__mock/credentials', { headers: { 'x-control-token': 's3cret' } })
    expect(right.status).toBe(200)
  })

  it('serves the dashboard and reference pages without the token, and none of their data', async () => {
    for (const path of ['/__mock/', '/__mock/docs']) {
      const page = await fetch(guarded.url + path)
      expect(page.status, path).toBe(200)
      expect(page.headers.get('content-type'), path).not.toContain('json')
    }
    for (const path of ['/__mock/summary', '/__mock/requests', '/__mock/faults', '/__mock/state']) expect((await guarded.api.get(path)).status, path).toBe(401)
    expect((await guarded.api.post('/__mock/', { body: {} })).status).toBe(401)
  })

  it('answers 404 for every control endpoint when switched off, and the API still works', async () => {
    for (const path of ['/__mock/health', '/__mock/credentials']) expect((await off.api.get(path)).status).toBe(404)
    expect((await off.api.post('/__mock/reset')).status).toBe(404)
    const { workspaces, sites } = off.mock.credentials()
    expect((await off.api.get(`/v2/sites/${sites[0]!.id}`, { key: workspaces[0]!.appApiKey })).status).toBe(200)
  })
})

describe('CORS', () => {
  let local: TestServer
  let listed: TestServer
  let any: TestServer
  beforeAll(async () => {
    local = await startMock()
    listed = await startMock({ corsOrigins: ['https://app.example.test'] })
    any = await startMock({ corsOrigins: '*' })
  })
  afterAll(async () => {
    await Promise.all([local.close(), listed.close(), any.close()])
  })

  const preflight = (server: TestServer, origin: string) =>
    fetch(`${server.url}/v6/pages`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' },
    })

  it('answers a preflight from a local origin by default, echoing it with credentials', async () => {
    const response = await preflight(local, 'http://localhost:5173')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key')
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
  })

  it('refuses a preflight from an origin it does not admit', async () => {
    expect((await preflight(local, 'https://evil.example')).status).toBe(403)
    expect((await preflight(listed, 'http://localhost:5173')).status).toBe(403)
    expect((await preflight(listed, 'https://app.example.test')).status).toBe(204)
  })

  it('never combines * with credentials', async () => {
    const response = await preflight(any, 'https://anywhere.example')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('adds the CORS headers to actual responses, errors included, and exposes the rate-limit headers', async () => {
    const response = await fetch(`${local.url}/v2/sites/00000000-0000-4000-8000-000000000000`, { headers: { origin: 'http://127.0.0.1:3000' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-sitemock-fault')
  })
})
