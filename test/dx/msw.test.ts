import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL, expectRequest, findRequests, onUnhandled } from '../../src/transports/msw.js'

// The library path: a user's tests put the mock's msw handler into setupServer and verify calls.
const mock = createMock({ seed: 5 })
const server = setupServer(createMswHandler(mock))
const { workspaces, sites } = mock.credentials()
const headers = { 'x-api-key': workspaces[0]!.appApiKey, 'content-type': 'application/json' }

describe('the journal and faults through the msw handler in setupServer', () => {
  beforeAll(() => server.listen(onUnhandled('error')))
  beforeEach(() => {
    mock.journal.clear()
    mock.faults.clear()
  })
  afterAll(() => server.close())

  it('verifies a request with expectRequest, by method, path or template, status and body fields', async () => {
    const body = { workspaceId: workspaces[0]!.id, name: 'From a component test' }
    const response = await fetch(`${DEFAULT_BASE_URL}/v2/sites`, { method: 'POST', headers, body: JSON.stringify(body) })
    expect(response.status).toBe(201)
    const [entry] = expectRequest(mock, { method: 'POST', path: '/v2/sites', status: 201, body: { name: 'From a component test' }, times: 1 })
    expect(entry!.key.kind).toBe('app')
    expect(findRequests(mock, { path: '/v2/sites/{siteId}' })).toEqual([])
  })

  it('fails expectRequest with a message that lists the latest requests', async () => {
    await fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers })
    expect(() => expectRequest(mock, { method: 'POST', path: '/v6/pages' })).toThrow(
      new RegExp(`Expected at least one request matching .*found 0\\.\\nLatest requests, newest first:\\n  GET /v2/sites/${sites[0]!.id} → 200`),
    )
    expect(() => expectRequest(mock, { path: '/v2/sites/{siteId}', times: 2 })).toThrow(/Expected 2 request\(s\)/)
    expect(() => expectRequest(mock, { method: 'POST', body: { name: 'x' } })).toThrow(/found 0/)
  })

  it('delays with msw for Prefer: delay, and answers a forced status', async () => {
    const started = performance.now()
    const response = await fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers: { ...headers, prefer: 'code=404, delay=200' } })
    expect(performance.now() - started).toBeGreaterThanOrEqual(195)
    expect(response.status).toBe(404)
    expectRequest(mock, { status: 404, times: 1 })
  })

  it('turns a dropped connection into a network error', async () => {
    mock.faults.add({ route: 'getSite', drop: 'reset' })
    await expect(fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers })).rejects.toThrow(TypeError)
    expectRequest(mock, { status: 'dropped', times: 1 })
  })
})
