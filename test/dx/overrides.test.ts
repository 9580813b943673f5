import fs from 'node:fs'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JournalPage, OverrideList } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL, onUnhandled } from '../../src/transports/msw.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { serveStateFile, stateFilePath } from '../support/state-file-server.js'
import { control } from './support.js'

/** A raw API call: an overridden answer is whatever the override says, so no contract applies to it. */
async function call(url: string, method: string, pathAndQuery: string, options: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key) headers['x-api-key'] = options.key
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(url + pathAndQuery, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined }
}

describe.each(TRANSPORTS)('response overrides over HTTP (%s)', (transport) => {
  let server: TestServer
  let key: string
  let siteId: string
  beforeAll(async () => {
    server = await startMock({ transport })
  })
  beforeEach(async () => {
    await control(server.url, 'DELETE', '/__mock/overrides')
    await control(server.url, 'DELETE', '/__mock/faults')
    await control(server.url, 'DELETE', '/__mock/requests')
    const credentials = server.mock.credentials()
    key = credentials.workspaces[0]!.appApiKey
    siteId = credentials.sites[0]!.id
  })
  afterAll(() => server.close())

  it('answers a matching request with the exact response, marks it, and leaves others alone', async () => {
    const title = 'T'.repeat(300)
    const added = await control<OverrideList>(server.url, 'POST', '/__mock/overrides', {
      match: { method: 'get', path: '/v6/pages/{pageIdOrPathname}', query: { siteId } },
      response: { status: 200, headers: { 'x-trace': 'abc' }, body: { object: 'page', title } },
      check: 'warn',
    })
    expect(added.status).toBe(200)
    const [override] = added.body.overrides
    expect(override).toMatchObject({ id: expect.any(Number) as number, times: null, remaining: null, priority: 0, hits: 0 })
    const answered = await call(server.url, 'GET', `/v6/pages/%2F?siteId=${siteId}`, { key })
    expect(answered.status).toBe(200)
    expect(answered.body).toEqual({ object: 'page', title })
    expect(answered.headers.get('x-trace')).toBe('abc')
    expect(answered.headers.get('x-sitemock-override')).toBe(String(override!.id))
    // Another query value, and another operation, reach the real operation.
    const other = await call(server.url, 'GET', `/v2/sites/${siteId}`, { key })
    expect(other.status).toBe(200)
    expect(other.headers.get('x-sitemock-override')).toBeNull()
    const journal = await control<JournalPage>(server.url, 'GET', '/__mock/requests')
    expect(journal.body.entries.map((entry) => entry.overridden)).toEqual([undefined, override!.id])
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides[0]!.hits).toBe(1)
  })

  it('matches by operation, headers and a body subset, gives its answer `times` times, then is gone', async () => {
    await control(server.url, 'POST', '/__mock/overrides', {
      match: { operation: 'createPage', headers: { 'X-Variant': 'b' }, body: { name: 'Odd' } },
      response: { status: 422, body: { object: 'error', code: 'custom', message: 'no' } },
      times: 2,
      check: 'warn',
    })
    const page = { siteId, pathname: '/odd', name: 'Odd' }
    const without = await call(server.url, 'POST', '/v6/pages', { key, body: { ...page, pathname: '/plain', name: 'Plain' }, headers: { 'x-variant': 'b' } })
    expect(without.status).toBe(201)
    for (let i = 0; i < 2; i++) {
      const forced = await call(server.url, 'POST', '/v6/pages', { key, body: page, headers: { 'x-variant': 'b' } })
      expect(forced).toMatchObject({ status: 422, body: { code: 'custom' } })
    }
    expect(server.mock.store.pages.byPathname(siteId, '/odd')).toBeUndefined()
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
    expect((await call(server.url, 'POST', '/v6/pages', { key, body: page, headers: { 'x-variant': 'b' } })).status).toBe(201)
  })

  it('tries the highest priority first, then the newest', async () => {
    const add = (priority: number | undefined, status: number) =>
      control<OverrideList>(server.url, 'POST', '/__mock/overrides', { match: { path: '/v2/*' }, response: { status, body: [] }, check: 'warn', ...(priority === undefined ? {} : { priority }) })
    await add(5, 201)
    await add(undefined, 202)
    const list = await add(5, 203)
    expect(list.body.overrides.map((o) => o.response.status)).toEqual([203, 201, 202])
    expect((await call(server.url, 'GET', `/v2/sites/${siteId}`, { key })).status).toBe(203)
    await control(server.url, 'DELETE', `/__mock/overrides/${list.body.overrides[0]!.id}`)
    expect((await call(server.url, 'GET', `/v2/sites/${siteId}`, { key })).status).toBe(201)
    expect((await control(server.url, 'DELETE', '/__mock/overrides/999')).status).toBe(404)
  })

  it('keeps Prefer and faults working: they act before the override answers', async () => {
    await control(server.url, 'POST', '/__mock/overrides', { match: { operation: 'getSite' }, response: { status: 200, body: { object: 'site', name: 'x' } }, check: 'warn' })
    const preferred = await call(server.url, 'GET', `/v2/sites/${siteId}`, { key, headers: { prefer: 'code=404' } })
    expect(preferred.status).toBe(404)
    expect(preferred.headers.get('x-sitemock-fault')).toBe('Prefer code=404')
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', status: 503 })
    expect((await call(server.url, 'GET', `/v2/sites/${siteId}`, { key })).status).toBe(503)
    await control(server.url, 'DELETE', '/__mock/faults')
    await control(server.url, 'POST', '/__mock/faults', { route: 'getSite', latencyMs: 200 })
    const started = performance.now()
    const delayed = await call(server.url, 'GET', `/v2/sites/${siteId}`, { key })
    expect(performance.now() - started).toBeGreaterThanOrEqual(195)
    expect(delayed.body).toEqual({ object: 'site', name: 'x' })
    const list = await control<OverrideList>(server.url, 'GET', '/__mock/overrides')
    expect(list.body.overrides[0]!.hits).toBe(1)
  })

  it('refuses a bad matcher or response with a 400 naming the field, and adds nothing', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ match: { operation: 'getSites' }, response: { status: 200 } }, 'match.operation', /names no operation; got "getSites"; accepted: an operationId/],
      [{ match: { path: 'v6/pages' }, response: { status: 200 } }, 'match.path', /path template/],
      [{ match: { verb: 'GET' }, response: { status: 200 } }, 'match.verb', /is not a known field; accepted fields: method, operation, path/],
      [{ match: {}, response: { status: 99 } }, 'response.status', /200 to 599/],
      [{ match: {}, response: { status: 204, body: {} } }, 'response.body', /cannot be sent with status 204/],
      [{ match: {}, response: { status: 200, headers: { 'x-a': 'one\ntwo' } } }, 'response.headers.x-a', /single-line/],
      [{ match: {}, response: { status: 200 }, times: 0 }, 'times', /from 1 to 1000000/],
      [{ match: { headers: { 'bad name': 'x' } }, response: { status: 200 } }, 'match.headers', /header names of 1 to 64 letters/],
      [{ match: { query: { limit: 5 } }, response: { status: 200 } }, 'match.query.limit', /must be of type string; got number 5/],
      [{ response: { status: 200 } }, 'match', /required/],
    ]
    for (const [body, field, message] of cases) {
      const refused = await control<{ code: string; details: Array<{ field: string; message: string }> }>(server.url, 'POST', '/__mock/overrides', body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.code).toBe('bad_request')
      const detail = refused.body.details.find((d) => d.field === field)
      expect(detail?.message, `${field} in ${JSON.stringify(refused.body.details)}`).toMatch(message)
    }
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
  })

  it('survives a state-only reset, like faults; a test reset removes it', async () => {
    await control(server.url, 'POST', '/__mock/overrides', { match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
    await control(server.url, 'POST', '/__mock/reset-state', { scenario: 'empty' })
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toHaveLength(1)
    await control(server.url, 'POST', '/__mock/reset', { scenario: 'default' })
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
  })
})

describe('overrides and a state file', () => {
  it('are neither saved nor replayed', async () => {
    const file = stateFilePath()
    const first = await serveStateFile(file)
    await control(first.server.url, 'POST', '/__mock/overrides', { match: {}, response: { status: 200, body: 'overridden' }, check: 'warn' })
    const before = fs.readFileSync(file, 'utf8')
    expect((await call(first.server.url, 'GET', '/v2/sites/x')).body).toBe('overridden')
    expect(fs.readFileSync(file, 'utf8')).toBe(before)
    await first.close()
    const second = await serveStateFile(file)
    expect((await control<OverrideList>(second.server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
    await second.close()
  })
})

describe('overrides through the msw handler in setupServer', () => {
  const mock = createMock({ seed: 3 })
  const server = setupServer(createMswHandler(mock))
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0]!.appApiKey }
  beforeAll(() => server.listen(onUnhandled('error')))
  afterAll(() => server.close())

  it('takes overrides from code and from POST /__mock/overrides, and journals the answers as overridden', async () => {
    const fromCode = mock.overrides.add({ match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } }, times: 1 })
    const empty = await fetch(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=${workspaces[0]!.id}`, { headers })
    expect(await empty.json()).toEqual({ object: 'list', data: [], hasMore: false })
    const real = await fetch(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=${workspaces[0]!.id}`, { headers })
    expect(((await real.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)

    const posted = await fetch(`${DEFAULT_BASE_URL}/__mock/overrides`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ match: { path: `/v2/sites/${sites[0]!.id}` }, response: { status: 500, body: { object: 'error', code: 'internal_error', message: 'exact' } } }),
    })
    const list = (await posted.json()) as OverrideList
    const overridden = await fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers })
    expect(overridden.status).toBe(500)
    expect(await overridden.json()).toMatchObject({ message: 'exact' })
    const entries = [...mock.journal.newestFirst()].slice(0, 3).map((entry) => entry.overridden)
    expect(entries).toEqual([list.overrides[0]!.id, undefined, fromCode.id])
    expect(() => mock.overrides.add({ match: { method: 'GET!' }, response: { status: 200 } })).toThrow(/match\.method/)
  })
})
