import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FaultList, JournalPage, OverrideList } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL, onUnhandled } from '../../src/transports/msw.js'
import { startMock, type TestServer } from '../support/harness.js'
import { control } from './support.js'

// One reset for a test: what one test adds (a write, a fault, an override, journal entries) is
// gone in the next, and what the mock was configured with stays.

describe('mock.reset() between tests, in-process through msw', () => {
  const mock = createMock({ seed: 3, faults: [{ route: 'listSites', latencyMs: 1 }] })
  const server = setupServer(createMswHandler(mock))
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0]!.appApiKey, 'content-type': 'application/json' }
  const getSite = (): Promise<Response> => fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers })
  const pagesAtStart = mock.store.pages.byId.size

  beforeAll(() => server.listen(onUnhandled('error')))
  beforeEach(() => mock.reset())
  afterAll(() => server.close())

  // The two tests run in order: the second sees nothing of what the first added.
  it('a test adds a fault, an override, a page and journal entries', async () => {
    mock.faults.add({ route: 'getSite', status: 503 })
    mock.overrides.add({ match: { operation: 'listPages' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
    expect((await getSite()).status).toBe(503)
    const created = await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0]!.id, pathname: '/leaks', name: 'Leaks' }) })
    expect(created.status).toBe(201)
    expect(mock.faults.size).toBe(2)
  })

  it('the next test sees the start: no added fault or override, the same pages, an empty journal', async () => {
    expect(mock.journal.recorded).toBe(0)
    expect((await getSite()).status).toBe(200)
    expect(mock.overrides.size).toBe(0)
    expect(mock.store.pages.byId.size).toBe(pagesAtStart)
    // The configured fault stays, with its id.
    expect(mock.faults.list().faults).toEqual([expect.objectContaining({ id: 1, route: 'listSites', latencyMs: [1, 1] })])
  })

  it('resetState() restores the state only: faults, overrides and the journal stay', async () => {
    mock.faults.add({ route: 'getSite', status: 503 })
    await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0]!.id, pathname: '/kept', name: 'Kept' }) })
    mock.resetState()
    expect(mock.store.pages.byId.size).toBe(pagesAtStart)
    expect(mock.faults.size).toBe(2)
    expect(mock.journal.recorded).toBe(1)
    expect((await getSite()).status).toBe(503)
  })

  it('a refused fixture changes nothing, not even the faults', () => {
    mock.faults.add({ route: 'getSite', status: 503 })
    expect(() => mock.reset({ fixture: { workspaces: 'no' } })).toThrow(/fixture/i)
    expect(mock.faults.size).toBe(2)
  })
})

describe('POST /__mock/reset over HTTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ faults: [{ latencyMs: 1 }] })
  })
  afterAll(() => server.close())

  it('returns faults, overrides and the journal to the start; POST /__mock/reset-state keeps them', async () => {
    const site = server.mock.credentials().sites[0]!
    const getSite = () => server.api.get(`/v2/sites/${site.id}`, { key: site.siteApiKey })
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', status: 503 })
    await control(server.url, 'POST', '/__mock/overrides', { match: { operation: 'listPages' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
    expect((await getSite()).status).toBe(503)

    expect((await control(server.url, 'POST', '/__mock/reset-state')).status).toBe(200)
    expect((await control<FaultList>(server.url, 'GET', '/__mock/faults')).body.faults).toHaveLength(2)
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toHaveLength(1)
    expect((await getSite()).status).toBe(503)

    expect((await control(server.url, 'POST', '/__mock/reset')).status).toBe(200)
    expect((await control<FaultList>(server.url, 'GET', '/__mock/faults')).body.faults).toEqual([expect.objectContaining({ id: 1, route: null })])
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
    expect((await control<JournalPage>(server.url, 'GET', '/__mock/requests')).body.recorded).toBe(0)
    expect((await getSite()).status).toBe(200)
  })
})
