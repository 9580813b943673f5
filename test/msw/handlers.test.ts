import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { exportState } from '../../src/scenarios/fixture.js'
import { createMockHandlers, onUnhandled } from '../../src/transports/handlers.js'

// sitemock/handlers as a page's own worker runs it, here on setupServer: the same msw handlers.
describe('createMockHandlers', () => {
  // A real server standing for the page's own origin: what the handlers let through reaches it.
  const seen: string[] = []
  const origin = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`)
    response.end('from the app')
  })
  let base = ''
  // A path on the page's own origin: msw resolves it against the page's location, which Node lacks,
  // so these are checked for their shape here and answered in Chromium (test/browser).
  const onOrigin = createMockHandlers({ scenario: 'multi-locale', seed: 7, baseUrl: '/api' })
  const atService = createMockHandlers({ scenario: 'empty' })
  let atPrefix: ReturnType<typeof createMockHandlers>
  const server = setupServer()

  beforeAll(async () => {
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
    atPrefix = createMockHandlers({ scenario: 'multi-locale', seed: 7, baseUrl: `${base}/api` })
    server.use(...atPrefix.handlers, ...atService.handlers)
    server.listen(onUnhandled('error'))
  })
  afterAll(() => {
    server.close()
    origin.close()
  })

  it('builds a generated scenario exactly as createMock does, for the same scenario and seed', () => {
    expect(JSON.stringify(exportState(onOrigin.mock.store))).toBe(JSON.stringify(exportState(createMock({ scenario: 'multi-locale', seed: 7 }).store)))
  })

  it('puts a pass-through for the app’s own files before the catch-all on a relative base URL, and none on an absolute one', () => {
    expect(onOrigin.handlers).toHaveLength(2)
    expect(atService.handlers).toHaveLength(1)
  })

  it('answers the API at the base URL, and the service’s address by default', async () => {
    const workspace = atService.mock.credentials().workspaces[0]!
    const sites = await fetch(`https://api.makeswift.com/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
    expect(sites.status).toBe(200)
    expect(((await sites.json()) as { data: unknown[] }).data).toEqual([])
    // That key is not one of the other mock's: each mock has its own state.
    const unknownKey = await fetch(`${base}/api/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
    expect(unknownKey.status).toBe(401)
    const own = atPrefix.mock.credentials().workspaces[0]!
    const listed = await fetch(`${base}/api/v2/sites?workspaceId=${own.id}`, { headers: { 'x-api-key': own.appApiKey } })
    expect(listed.status).toBe(200)
    expect(seen).toEqual([])
  })

})
