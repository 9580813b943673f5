import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ErrorBody, ListEnvelope } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { buildExample, launchChromium, serveStatic, type Browser, type StaticServer } from './support.js'

// What the page must show, asked of the same core in Node: the browser and the server share one behaviour.
const reference = createMock()
const credentials = reference.credentials()
const mainSite = credentials.sites[0]!
const call = (method: string, path: string, query: string, key: string, body?: unknown): unknown =>
  reference.handle({
    method,
    path,
    query,
    headers: body === undefined ? { 'x-api-key': key } : { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).body
const idsOf = (list: unknown): string[] => (list as ListEnvelope).data.map((item) => (item as { id: string }).id)
const expectedSiteIds = credentials.workspaces.flatMap((w) => idsOf(call('GET', '/v2/sites', `workspaceId=${w.id}&limit=100`, w.appApiKey)))
const expectedPageIds = idsOf(call('GET', '/v6/pages', `siteId=${mainSite.id}&limit=100`, mainSite.siteApiKey))
const created = { name: 'Browser launch', pathname: '/aaa-browser-launch' }
call('POST', '/v6/pages', '', mainSite.siteApiKey, { siteId: mainSite.id, ...created })
const conflict = call('POST', '/v6/pages', '', mainSite.siteApiKey, { siteId: mainSite.id, ...created }) as ErrorBody
const invalid = call('POST', '/v6/pages', '', mainSite.siteApiKey, { siteId: mainSite.id, name: 'Bad', pathname: 'no-slash' }) as ErrorBody
const API_PATH = /^\/(v\d+|__mock)(\/|\?|$)/

describe('the example page in Chromium, answered by the mock in a service worker', () => {
  let server: StaticServer
  let browser: Browser
  let page: Page
  let exampleDir: string
  let createdId: string
  const pageErrors: string[] = []

  beforeAll(async () => {
    exampleDir = buildExample()
    server = await serveStatic(exampleDir)
    browser = await launchChromium()
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(server.url)
    await page.waitForSelector('body[data-state=ready]')
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (exampleDir) fs.rmSync(exampleDir, { recursive: true, force: true })
  })

  /** Clicks (or submits) and waits until the page has rendered the answer. */
  const act = async (action: () => Promise<void>): Promise<void> => {
    await action()
    await page.waitForSelector('body[data-state=ready]')
  }
  const ids = (selector: string): Promise<string[]> => page.locator(selector).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.id ?? ''))
  const create = (name: string, pathname: string): Promise<void> =>
    act(async () => {
      await page.fill('#name', name)
      await page.fill('#pathname', pathname)
      await page.click('#create button[type=submit]')
    })

  it('renders the sites of every workspace from the mock', async () => {
    expect(await ids('#sites li')).toEqual(expectedSiteIds)
    expect(await page.textContent('#site-name')).toBe('Acme Marketing')
  })

  it('shows every page once when paging forward, and the same list pages on the way back', async () => {
    const forward: string[][] = [await ids('#pages li')]
    while (!(await page.isDisabled('#next'))) {
      await act(() => page.click('#next'))
      forward.push(await ids('#pages li'))
    }
    expect(forward.flat()).toEqual(expectedPageIds)
    expect(forward.length).toBe(Math.ceil(expectedPageIds.length / 10))
    for (let i = forward.length - 2; i >= 0; i--) {
      await act(() => page.click('#previous'))
      expect(await ids('#pages li')).toEqual(forward[i])
    }
    expect(await page.isDisabled('#previous')).toBe(true)
  })

  it('shows a created page in the list', async () => {
    await create(created.name, created.pathname)
    expect(await page.textContent('#message')).toBe(`Created ${created.pathname}.`)
    const row = page.locator('#pages li.created')
    expect(await row.textContent()).toContain(created.pathname)
    createdId = (await row.getAttribute('data-id')) ?? ''
    expect(expectedPageIds).not.toContain(createdId)
  })

  it('shows the conflict message when the same pathname is created again', async () => {
    await create(created.name, created.pathname)
    expect(await page.textContent('#message')).toBe(`409 conflict: ${conflict.message}`)
  })

  it('shows the field message for an invalid pathname', async () => {
    await create('Bad', 'no-slash')
    const detail = invalid.details![0]!
    expect(detail.field).toBe('pathname')
    expect(await page.textContent('#message')).toContain(`400 bad_request: ${invalid.message}`)
    expect(await page.textContent(`#message li[data-field=${detail.field}]`)).toBe(`${detail.field} ${detail.message}`)
    fs.mkdirSync('test-artifacts', { recursive: true })
    await page.screenshot({ path: 'test-artifacts/browser-example.png', fullPage: true })
  })

  it('still lists the created page after a reload of the tab', async () => {
    await act(() => page.reload().then(() => undefined))
    expect(await ids('#pages li')).toContain(createdId)
  })

  it('restores the scenario on reset and keeps it so after a reload', async () => {
    await act(() => page.click('#reset'))
    expect(await ids('#pages li')).toEqual(expectedPageIds.slice(0, 10))
    await act(() => page.reload().then(() => undefined))
    expect(await ids('#pages li')).toEqual(expectedPageIds.slice(0, 10))
  })

  it('answers the API on the page\'s own origin with baseUrl "/" and lets the app\'s files through', async () => {
    await act(() => page.goto(`${server.url}/?baseUrl=/`).then(() => undefined))
    expect(await ids('#sites li')).toEqual(expectedSiteIds)
    const unauthorized = await page.evaluate(() => fetch('/v2/sites').then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string } })))
    expect(unauthorized).toEqual({ status: 401, body: expect.objectContaining({ code: 'unauthorized' }) })
    const before = server.requests.length
    const html = await page.evaluate(() => fetch('/index.html').then((r) => r.text()))
    expect(html).toContain('<title>sitemock in the browser</title>')
    expect(server.requests.slice(before)).toEqual(['/index.html'])
  })

  it('takes a response override from the page through POST /__mock/overrides, and answers with it once', async () => {
    const answers = await page.evaluate(async () => {
      const override = { match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } }, times: 1 }
      const added = await fetch('/__mock/overrides', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(override) })
      const first = await fetch('/v2/sites?workspaceId=00000000-0000-4000-8000-000000000000')
      const second = await fetch('/v2/sites?workspaceId=00000000-0000-4000-8000-000000000000')
      return { added: added.status, first: { status: first.status, override: first.headers.get('x-sitemock-override'), body: (await first.json()) as unknown }, second: second.status }
    })
    expect(answers).toEqual({ added: 200, first: { status: 200, override: '1', body: { object: 'list', data: [], hasMore: false } }, second: 401 })
  })

  it('sent no request to an API path of the static server, and threw no error in the page', () => {
    expect(server.requests.length).toBeGreaterThan(0)
    expect(server.requests.filter((p) => API_PATH.test(p))).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
