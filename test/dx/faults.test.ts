import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FaultList, JournalPage } from '../../src/generated/types.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { control } from './support.js'

describe.each(TRANSPORTS)('Prefer header and injected faults (%s)', (transport) => {
  let server: TestServer
  let key: string
  let workspaceId: string
  let siteId: string
  const timed = async <T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> => {
    const started = performance.now()
    const value = await run()
    return { ms: performance.now() - started, value }
  }
  beforeAll(async () => {
    server = await startMock({ transport })
  })
  beforeEach(async () => {
    await control(server.url, 'DELETE', '/__mock/faults')
    const credentials = server.mock.credentials()
    key = credentials.workspaces[0]!.appApiKey
    workspaceId = credentials.workspaces[0]!.id
    siteId = credentials.sites[0]!.id
  })
  afterAll(() => server.close())

  it('answers Prefer: code=409 with a valid conflict envelope, and runs nothing', async () => {
    const before = server.mock.store.pages.byId.size
    const response = await server.api.post('/v6/pages', { key, headers: { prefer: 'code=409' }, body: { siteId, pathname: '/forced', name: 'Forced' } })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ object: 'error', code: 'conflict' })
    expect(response.headers.get('x-sitemock-fault')).toBe('Prefer code=409')
    expect(server.mock.store.pages.byId.size).toBe(before)
  })

  it('answers a forced 400 with details naming the Prefer header', async () => {
    const response = await server.api.get(`/v2/sites/${siteId}`, { key, headers: { prefer: 'code=400' } })
    expect(response.status).toBe(400)
    expect(response.body.details).toEqual([{ field: 'prefer', message: 'Prefer code=400' }])
  })

  it("forces the rate limit's 429 with the real service's throttler body, on any operation", async () => {
    const response = await server.api.post('/v6/pages', { key, headers: { prefer: 'code=429' }, body: { siteId, pathname: '/throttled', name: 'Throttled' } })
    expect(response.status).toBe(429)
    expect(response.body).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' })
    expect(response.headers.get('retry-after')).toBe('1')
  })

  it('runs the operation when Prefer asks for its success status', async () => {
    const response = await server.api.post('/v2/sites', { key, headers: { prefer: 'code=201' }, body: { workspaceId, name: 'Preferred' } })
    expect(response.status).toBe(201)
    expect(server.mock.store.sites.get(response.body.id as string)?.name).toBe('Preferred')
  })

  it('refuses an undocumented code with a 400 that lists the documented ones', async () => {
    const response = await server.api.get(`/v2/sites/${siteId}`, { key, headers: { prefer: 'code=418' } })
    expect(response.status).toBe(400)
    expect(response.body.details).toEqual([{ field: 'prefer', message: 'code=418 is not a status that getSite documents; documented: 200, 400, 401, 403, 404, 429' }])
    const delay = await server.api.get(`/v2/sites/${siteId}`, { key, headers: { prefer: 'delay=soon' } })
    expect(delay.body.details![0]!.message).toContain('must be milliseconds from 0 to 60000')
  })

  it('delays the answer by Prefer: delay=N milliseconds', async () => {
    const { ms, value } = await timed(() => server.api.get(`/v2/sites/${siteId}`, { key, headers: { prefer: 'delay=300' } }))
    expect(value.status).toBe(200)
    expect(ms).toBeGreaterThanOrEqual(295)
  })

  it('fails only the route a fault names, in the envelope, until the fault is removed', async () => {
    const added = await control<FaultList>(server.url, 'POST', '/__mock/faults', { route: 'GET /v2/sites/{siteId}', status: 503 })
    expect(added.body.faults).toEqual([{ id: expect.any(Number) as number, route: 'GET /v2/sites/{siteId}', operations: ['getSite'], latencyMs: null, errorRate: 1, status: 503, drop: null }])
    const failed = await server.api.get(`/v2/sites/${siteId}`, { key })
    expect(failed.status).toBe(503)
    expect(failed.body).toMatchObject({ object: 'error', code: 'internal_error' })
    expect((await server.api.get(`/v2/sites?workspaceId=${workspaceId}`, { key })).status).toBe(200)
    expect((await control<FaultList>(server.url, 'GET', '/__mock/faults')).body.faults).toHaveLength(1)
    const removed = await control<FaultList>(server.url, 'DELETE', `/__mock/faults/${added.body.faults[0]!.id}`)
    expect(removed.body.faults).toEqual([])
    expect((await server.api.get(`/v2/sites/${siteId}`, { key })).status).toBe(200)
    expect((await control(server.url, 'DELETE', '/__mock/faults/999')).status).toBe(404)
  })

  it('answers an injected 429 with the throttler body and retry-after', async () => {
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', status: 429 })
    const response = await server.api.get(`/v2/sites/${siteId}`, { key })
    expect(response.status).toBe(429)
    expect(response.body).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' })
    expect(response.headers.get('retry-after')).toBe('1')
  })

  it('fails the same requests again for the same seed', async () => {
    const run = async (): Promise<number[]> => {
      await control(server.url, 'DELETE', '/__mock/faults')
      await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', errorRate: 0.5, seed: 42 })
      const statuses: number[] = []
      for (let i = 0; i < 16; i++) statuses.push((await server.api.get(`/v2/sites/${siteId}`, { key })).status)
      return statuses
    }
    const first = await run()
    expect(new Set(first)).toEqual(new Set([200, 500]))
    expect(await run()).toEqual(first)
  })

  it('delays within the latency range of a fault', async () => {
    await control(server.url, 'POST', '/__mock/faults', { latencyMs: [150, 250] })
    const { ms } = await timed(() => server.api.get(`/v2/sites/${siteId}`, { key }))
    expect(ms).toBeGreaterThanOrEqual(145)
    expect(ms).toBeLessThan(1000)
  })

  it('resets the connection for drop: "reset", as a real socket reset', async () => {
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', drop: 'reset' })
    const error = await fetch(`${server.url}/v2/sites/${siteId}`, { headers: { 'x-api-key': key } }).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    )
    expect(error?.cause?.code).toBe('ECONNRESET')
    const [entry] = (await control<JournalPage>(server.url, 'GET', '/__mock/requests?status=dropped')).body.entries
    expect(entry).toMatchObject({ status: null, dropped: 'reset', fault: expect.stringMatching(/^fault \d+: reset$/) as string, responseBody: null })
  })

  it('never answers for drop: "timeout", so the client gives up', async () => {
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', drop: 'timeout' })
    const error = await fetch(`${server.url}/v2/sites/${siteId}`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(300) }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.name).toBe('TimeoutError')
  })

  it('refuses a fault that is contradictory, empty, out of range or names no route, each with a 400 naming the field', async () => {
    const field = async (body: unknown): Promise<string[]> => {
      const response = await control<{ details: Array<{ field: string }> }>(server.url, 'POST', '/__mock/faults', body)
      expect(response.status).toBe(400)
      return response.body.details.map((d) => d.field).sort()
    }
    expect(await field({ status: 500, drop: 'reset' })).toEqual(['drop'])
    expect(await field({ route: 'PUT /v2/sites', status: 500 })).toEqual(['route'])
    expect(await field({ route: 'listSites' })).toEqual(['(body)'])
    expect(await field({ latencyMs: [300, 100] })).toEqual(['latencyMs'])
    expect(await field({ errorRate: 2, status: 200, latencyMs: 'slow', extra: 1 })).toEqual(['errorRate', 'extra', 'latencyMs', 'status'])
    expect((await control<FaultList>(server.url, 'GET', '/__mock/faults')).body.faults).toEqual([])
  })
})
