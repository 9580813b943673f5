import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// sitemock/handlers as a page has it: what each family's operations do is imported with the first
// request to the family (the suite's setup file provides every family, so the modules are loaded
// afresh, without it). msw's handler awaits mock.prepare; a caller of mock.handle is told to.
vi.resetModules()
const { createMockHandlers } = await import('../../src/transports/handlers.js')
const { onUnhandled } = await import('../../src/transports/unhandled.js')

describe("a family's operations in a page: imported with the first request to the family", () => {
  const { mock, handlers } = createMockHandlers({ scenario: 'default' })
  const server = setupServer(...handlers)
  const site = mock.credentials().sites[0]!
  const listRoutes = { method: 'GET', path: '/v2/routes', query: `siteId=${site.id}`, headers: { 'x-api-key': site.siteApiKey } }

  beforeAll(() => server.listen(onUnhandled('error')))
  afterAll(() => server.close())

  it("answers through msw's handler, which imports the family first", async () => {
    const sites = await fetch(`https://api.makeswift.com/v2/sites?workspaceId=${site.workspaceId}`, { headers: { 'x-api-key': mock.credentials().workspaces[0]!.appApiKey } })
    expect(sites.status).toBe(200)
    const pages = await fetch(`https://api.makeswift.com/v6/pages?siteId=${site.id}`, { headers: { 'x-api-key': site.siteApiKey } })
    expect(pages.status).toBe(200)
  })

  it('answers mock.handle, before the family is imported, with a 500 that says to await mock.prepare', () => {
    const response = mock.handle(listRoutes)
    expect(response.status).toBe(500)
    expect((response.body as { message: string }).message).toBe(
      'sitemock: the code of the route operations is imported on demand in a page: await mock.prepare(request) before mock.handle(request).',
    )
  })

  it('answers mock.handle once mock.prepare has imported the family', async () => {
    await mock.prepare(listRoutes)
    const response = mock.handle(listRoutes)
    expect(response.status).toBe(200)
    expect((response.body as { object: string }).object).toBe('list')
  })
})
