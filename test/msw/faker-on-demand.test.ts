import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// sitemock/handlers as a page has it: no Node faker (the suite's setup file provides one, so the
// modules are loaded afresh, without it). faker then comes from a dynamic import, on demand.
vi.resetModules()
const { createMockHandlers, loadFaker } = await import('../../src/transports/handlers.js')
const { fakerPending } = await import('../../src/scenarios/faker-provider.js')
const { onUnhandled } = await import('../../src/transports/unhandled.js')

describe('faker in a page: loaded only for a generated scenario', () => {
  // Named scenarios: committed documents, made without faker.
  const named = createMockHandlers({ scenario: 'default' })
  const emptyMock = createMockHandlers({ scenario: 'edge-cases' })
  const server = setupServer(...named.handlers)

  beforeAll(() => server.listen(onUnhandled('error')))
  afterAll(() => server.close())

  it('the named scenarios start and answer without it', async () => {
    expect(named.mock.credentials().sites.length).toBeGreaterThan(0)
    expect(emptyMock.mock.credentials().workspaces.length).toBeGreaterThan(0)
    const site = named.mock.credentials().sites[0]!
    const response = await fetch(`https://api.makeswift.com/v6/pages?siteId=${site.id}`, { headers: { 'x-api-key': site.siteApiKey } })
    expect(response.status).toBe(200)
    expect(fakerPending()).toBe(true)
  })

  it('a generated scenario asked for before loadFaker() says what to call', () => {
    expect(() => createMockHandlers({ scenario: 'multi-locale', seed: 3 })).toThrow(/await loadFaker\(\)/)
    expect(fakerPending()).toBe(true)
  })

  it('a reset through the handler to a generated scenario loads faker first, then generates', async () => {
    const response = await fetch('https://api.makeswift.com/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'multi-locale', seed: 5 }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(((await response.json()) as { sites: unknown[] }).sites).toHaveLength(2)
    expect(fakerPending()).toBe(false)
  })

  it('after loadFaker() a generated scenario is made at once', async () => {
    await loadFaker()
    expect(createMockHandlers({ scenario: 'multi-locale', seed: 3 }).mock.credentials().sites).toHaveLength(2)
  })
})
