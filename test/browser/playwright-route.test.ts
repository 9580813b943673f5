import '../../src/scenarios/faker-node.js'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Route } from 'playwright-core'
import type { ErrorBody, ListEnvelope } from '../../src/generated/types.js'
import { createMock, type Mock } from '../../src/mock.js'
import { expectRequest, findRequests, routeMock } from '../../src/transports/playwright.js'
import { launchChromium, serveStatic, type Browser, type StaticServer } from './support.js'

/**
 * sitemock/playwright in real Chromium: the page's fetch calls are answered through Playwright's
 * route() by a mock in this process, which the test then asks what the page sent. The static
 * server serves the page's own files and nothing else, so an answer from the API can only come
 * from the mock.
 */

const API = 'https://api.makeswift.com'
const SCREENSHOT = path.join('test-artifacts', 'playwright-route.png')

/** The page's script: renders a workspace's first site and its first pages, and lets the test call the API as the page would. */
const APP_JS = `
const params = new URLSearchParams(location.search)
const base = params.get('base') || '${API}'
async function call(method, path, options = {}) {
  const headers = { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers }
  const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)
  const response = await fetch(base + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal })
  const text = await response.text()
  let body = text
  try { body = text ? JSON.parse(text) : null } catch {}
  return { status: response.status, body, headers: Object.fromEntries(response.headers) }
}
/** The message of a rejected fetch, or null when an answer came. */
async function failure(method, path, options) {
  try { await call(method, path, options); return null } catch (error) { return String(error) }
}
window.call = call
window.failure = failure
async function main() {
  const status = document.getElementById('status')
  const headers = { 'x-api-key': params.get('key') }
  try {
    const sites = await call('GET', '/v2/sites?workspaceId=' + params.get('workspace'), { headers })
    if (sites.status !== 200) throw new Error('GET /v2/sites answered ' + sites.status)
    const site = sites.body.data[0]
    document.getElementById('site').textContent = site.name
    const pages = await call('GET', '/v6/pages?limit=10&siteId=' + site.id, { headers })
    if (pages.status !== 200) throw new Error('GET /v6/pages answered ' + pages.status)
    for (const page of pages.body.data) {
      const item = document.createElement('li')
      item.dataset.id = page.id
      item.textContent = page.pathname + ' \u2014 ' + page.title
      document.getElementById('pages').append(item)
    }
    status.textContent = 'Pages 1 to ' + pages.body.data.length + ', from ' + base
    document.body.dataset.state = 'ready'
  } catch (error) {
    status.textContent = String(error)
    document.body.dataset.state = 'error'
  }
}
main()
`

const INDEX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Pages</title>
<style>body { font: 16px sans-serif; margin: 2rem } li { padding: .25rem 0 }</style></head>
<body data-state="loading"><h1 id="site">Loading...</h1><p id="status"></p><ul id="pages"></ul><script src="/app.js"></script></body></html>`

/** A file of the app's own under the API's path: with the mock on the page's origin at /api, it still comes from the server. */
const APP_FILE = 'Served by the app, not by the mock.\n'

interface Answer {
  status: number
  body: unknown
  headers: Record<string, string>
}
interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  /** The page gives up after this long (AbortSignal.timeout). */
  timeoutMs?: number
}
declare global {
  interface Window {
    call(method: string, path: string, options?: CallOptions): Promise<Answer>
    failure(method: string, path: string, options?: CallOptions): Promise<string | null>
  }
}
const call = (page: Page, method: string, apiPath: string, options: CallOptions = {}): Promise<Answer> =>
  page.evaluate(([m, p, o]) => window.call(m, p, o), [method, apiPath, options] as const)
const failure = (page: Page, method: string, apiPath: string, options: CallOptions = {}): Promise<string | null> =>
  page.evaluate(([m, p, o]) => window.failure(m, p, o), [method, apiPath, options] as const)

// The ids the page must list, asked of a mock of the same scenario and seed: the one under test journals only the page's requests.
const reference = createMock()
const workspace = reference.credentials().workspaces[0]!
const site = reference.credentials().sites[0]!
const idsOf = (method: string, apiPath: string, query: string): string[] =>
  (reference.handle({ method, path: apiPath, query, headers: { 'x-api-key': workspace.appApiKey }, body: undefined }).body as ListEnvelope).data.map(
    (item) => (item as { id: string }).id,
  )
const expectedPageIds = idsOf('GET', '/v6/pages', `limit=10&siteId=${site.id}`)
const pageQuery = (base?: string): string =>
  `?${new URLSearchParams({ ...(base === undefined ? {} : { base }), workspace: workspace.id, key: workspace.appApiKey })}`

describe('routeMock: a Playwright page answered by the mock in the test process', () => {
  let dir: string
  let server: StaticServer
  let browser: Browser
  /** Every request that would have left this machine: caught and refused, so that none does. */
  const escaped: string[] = []
  const pageErrors: string[] = []
  const pages: Page[] = []

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-route-'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML)
    fs.writeFileSync(path.join(dir, 'app.js'), APP_JS)
    fs.mkdirSync(path.join(dir, 'api'))
    fs.writeFileSync(path.join(dir, 'api', 'readme.txt'), APP_FILE)
    server = await serveStatic(dir)
    browser = await launchChromium()
    // Registered first, so it runs last: routeMock's route answers before it, and it takes only what no mock took.
    await browser.context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route: Route) => {
        escaped.push(`${route.request().method()} ${route.request().url()}`)
        return route.abort('blockedbyclient')
      },
    )
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close()
    escaped.length = 0
    server.requests.length = 0
    expect(pageErrors.splice(0)).toEqual([])
  })

  const openPage = async (): Promise<Page> => {
    const page = await browser.context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    pages.push(page)
    return page
  }
  const renderedIds = (page: Page): Promise<string[]> => page.locator('#pages li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.id ?? ''))

  describe('at the default base URL, another origin than the page', () => {
    let mock: Mock
    let unroute: () => Promise<void>
    let page: Page

    beforeAll(async () => {
      mock = createMock()
      unroute = await routeMock(browser.context, mock)
    })
    afterAll(() => unroute?.())

    it('gets the cross-origin requests through their CORS preflights, answered by the mock, and the list is rendered', async () => {
      page = await openPage()
      const listed = page.waitForResponse((response) => response.url().startsWith(`${API}/v6/pages?`))
      await page.goto(server.url + pageQuery())
      await page.waitForSelector('body[data-state=ready]')
      expect(await renderedIds(page)).toEqual(expectedPageIds)
      expect(expectedPageIds.length).toBe(10)
      expect(await page.textContent('#site')).toBe('Acme Marketing')
      // The custom x-api-key header makes each cross-origin GET need a preflight: the list came only because both were answered.
      const response = await listed
      expect(response.status()).toBe(200)
      expect(response.headers()['access-control-allow-origin']).toBe(server.url)
      // Playwright would add the line above itself; these two come only from the mock's answer.
      expect(response.headers()['access-control-expose-headers']).toContain('x-sitemock-fault')
      expect(response.headers()['x-ratelimit-limit']).toBe('100')
      expect(await page.textContent('#status')).toBe(`Pages 1 to 10, from ${API}`)
      expect(escaped).toEqual([])
      expect(server.requests.filter((request) => request !== '/favicon.ico')).toEqual([`/${pageQuery()}`, '/app.js'])
      fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true })
      await page.screenshot({ path: SCREENSHOT })
    })

    it("is asked from the test what the page sent: expectRequest reads the mock's journal", async () => {
      const [entry] = expectRequest(mock, { method: 'GET', path: '/v2/sites', status: 200, times: 1 })
      expect(entry!.query).toBe(`workspaceId=${workspace.id}`)
      expect(entry!.key.kind).toBe('app')
      expect(() => expectRequest(mock, { method: 'GET', path: '/v2/sites', times: 2 })).toThrow(/Expected 2 request\(s\).*found 1/s)
      expect(() => expectRequest(mock, { method: 'POST', path: '/v2/sites' })).toThrow(/GET \/v2\/sites\?workspaceId=.* → 200/)
    })

    it("passes a POST's body: 201, then 409 for the same pathname, then 400 naming the bad field", async () => {
      page = await openPage()
      await page.goto(server.url + pageQuery())
      const headers = { 'x-api-key': site.siteApiKey }
      const body = { siteId: site.id, name: 'Launch', pathname: '/launch-from-playwright' }
      const created = await call(page, 'POST', '/v6/pages', { headers, body })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ object: 'page', pathname: '/launch-from-playwright' })
      const conflict = await call(page, 'POST', '/v6/pages', { headers, body: { ...body, name: 'Again' } })
      expect(conflict.status).toBe(409)
      expect((conflict.body as ErrorBody).code).toBe('conflict')
      const invalid = await call(page, 'POST', '/v6/pages', { headers, body: { siteId: site.id, name: 'Bad', pathname: 'no-slash' } })
      expect(invalid.status).toBe(400)
      expect((invalid.body as ErrorBody).details?.map((detail) => detail.field)).toContain('pathname')
      expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 201, body: { pathname: '/launch-from-playwright', name: 'Launch' }, times: 1 })
      expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 409, body: { name: 'Again' }, times: 1 })
      expectRequest(mock, { method: 'POST', path: '/v6/pages', status: '4xx', times: 2 })
      const listed = await call(page, 'GET', `/v6/pages?siteId=${site.id}&pathPrefix=/launch-from-playwright`, { headers })
      expect((listed.body as ListEnvelope).data).toMatchObject([{ id: (created.body as { id: string }).id, pathname: '/launch-from-playwright' }])
    })

    it('reads a header whatever the casing of its name, Prefer included', async () => {
      page = await openPage()
      await page.goto(server.url + pageQuery())
      const read = await call(page, 'GET', `/v2/sites/${site.id}`, { headers: { 'X-aPi-KeY': site.siteApiKey } })
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({ object: 'site', id: site.id })
      const [entry] = expectRequest(mock, { method: 'GET', path: `/v2/sites/${site.id}`, status: 200, times: 1 })
      expect(entry!.key).toMatchObject({ kind: 'site', siteId: site.id, hint: `…${site.siteApiKey.slice(-4)}` })
      const forced = await call(page, 'GET', `/v2/sites/${site.id}`, { headers: { 'X-aPi-KeY': site.siteApiKey, pReFeR: 'code=404' } })
      expect(forced.status).toBe(404)
      // Exposed to the page by CORS: the mock's own headers came through fulfill().
      expect(forced.headers['x-sitemock-fault']).toBe('Prefer code=404')
    })

    it('makes the fetch reject for a dropped connection, from /__mock/faults or mock.faults, and answers again once cleared', async () => {
      page = await openPage()
      await page.goto(server.url + pageQuery())
      const headers = { 'x-api-key': site.siteApiKey }
      const added = await call(page, 'POST', '/__mock/faults', { body: { route: 'getSite', drop: 'reset' } })
      expect(added.status).toBe(200)
      expect(mock.faults.list().faults).toMatchObject([{ operations: ['getSite'], drop: 'reset' }])
      expect(await failure(page, 'GET', `/v2/sites/${site.id}`, { headers })).toMatch(/TypeError: Failed to fetch/)
      expectRequest(mock, { method: 'GET', path: '/v2/sites/{siteId}', status: 'dropped', times: 1 })
      // Another operation is not touched by the fault.
      expect((await call(page, 'GET', `/v6/pages?siteId=${site.id}`, { headers })).status).toBe(200)

      mock.faults.clear()
      mock.faults.add({ route: 'getSite', drop: 'timeout' })
      // A timeout is never answered: the page's own timeout ends the request, not an answer or an error of the mock's.
      const waited = Date.now()
      expect(await failure(page, 'GET', `/v2/sites/${site.id}`, { headers, timeoutMs: 700 })).toMatch(/TimeoutError/)
      expect(Date.now() - waited).toBeGreaterThanOrEqual(650)
      expectRequest(mock, { method: 'GET', path: '/v2/sites/{siteId}', status: 'dropped', times: 2 })
      expect(findRequests(mock, { path: '/v2/sites/{siteId}', status: 'dropped' }).map((entry) => entry.dropped)).toEqual(['reset', 'timeout'])

      mock.faults.clear()
      const fault = mock.faults.add({ route: 'getSite', status: 503 })
      const failed = await call(page, 'GET', `/v2/sites/${site.id}`, { headers })
      expect(failed.status).toBe(503)
      expect(failed.headers['x-sitemock-fault']).toBe(`fault ${fault.id}: status 503`)

      expect((await call(page, 'DELETE', '/__mock/faults')).status).toBe(200)
      expect(mock.faults.list().faults).toEqual([])
      expect((await call(page, 'GET', `/v2/sites/${site.id}`, { headers })).status).toBe(200)
      expect(escaped).toEqual([])
    })

    it('answers nothing more once unrouted: the request goes on to the network', async () => {
      page = await openPage()
      await page.goto(server.url + pageQuery())
      // The page's own first requests are answered before the count is taken.
      await page.waitForSelector('body[data-state=ready]')
      const before = mock.journal.recorded
      await unroute()
      expect(await failure(page, 'GET', `/v2/sites/${site.id}`, { headers: { 'x-api-key': site.siteApiKey } })).toMatch(/TypeError: Failed to fetch/)
      // Caught by the guard that stands for the network here, and never seen by the mock.
      expect(escaped.some((request) => request.startsWith(`GET ${API}/v2/sites/${site.id}`))).toBe(true)
      expect(mock.journal.recorded).toBe(before)
    })
  })

  describe('at a path on the page’s own origin ("/api")', () => {
    let mock: Mock
    let page: Page
    let unroute: () => Promise<void>

    beforeAll(async () => {
      mock = createMock()
    })

    it('answers the API and /__mock/* on the page, while the page’s own files come from its server', async () => {
      page = await openPage()
      unroute = await routeMock(page, mock, { baseUrl: '/api' })
      await page.goto(server.url + pageQuery('/api'))
      await page.waitForSelector('body[data-state=ready]')
      expect(await renderedIds(page)).toEqual(expectedPageIds)
      expect(await page.textContent('#status')).toBe('Pages 1 to 10, from /api')

      // A file of the app's under /api, and a path that is no route of the API: both the server's.
      const file = await call(page, 'GET', '/readme.txt')
      expect(file).toMatchObject({ status: 200, body: APP_FILE })
      const unknown = await call(page, 'GET', '/v2/nothing-here')
      expect(unknown).toMatchObject({ status: 404, body: 'not found' })

      const journal = await call(page, 'GET', '/__mock/requests')
      expect(journal.status).toBe(200)
      expect((journal.body as { entries: Array<{ method: string; path: string }> }).entries.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['GET /v6/pages', 'GET /v2/sites'])
      expectRequest(mock, { method: 'GET', path: '/v2/sites', status: 200, times: 1 })
      expect(server.requests.filter((request) => request !== '/favicon.ico')).toEqual([`/${pageQuery('/api')}`, '/app.js', '/api/readme.txt', '/api/v2/nothing-here'])
      expect(escaped).toEqual([])
    })

    it('leaves the API paths to the server once unrouted', async () => {
      page = await openPage()
      // A page of its own: the route was the closed page's, so this one starts without it.
      unroute = await routeMock(page, mock, { baseUrl: '/api' })
      await page.goto(server.url + pageQuery('/api'))
      await page.waitForSelector('body[data-state=ready]')
      expect(server.requests.some((request) => request.startsWith('/api/'))).toBe(false)
      const before = mock.journal.recorded
      await unroute()
      const after = await call(page, 'GET', `/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
      expect(after).toMatchObject({ status: 404, body: 'not found' })
      expect(server.requests).toContain(`/api/v2/sites?workspaceId=${workspace.id}`)
      expect(mock.journal.recorded).toBe(before)
    })
  })
})
