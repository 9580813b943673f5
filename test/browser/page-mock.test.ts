import '../../src/scenarios/faker-node.js'
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { connectPageMock, expectRequest, routeMock } from '../../src/transports/playwright.js'
import { launchChromium, serveStatic, type Browser, type StaticServer } from './support.js'

/**
 * A page that starts sitemock itself (startBrowserMock, msw's service worker), driven from a
 * Playwright test through its console API (window.__sitemock) with connectPageMock; with
 * persist: 'all' the journal, faults and overrides outlive a reload. And routeMock on such a
 * page: its route sees nothing, and expectRequest says why.
 */
const root = path.resolve(import.meta.dirname, '../..')

/**
 * The app: shows a site and counts its pages; ?persist= picks startBrowserMock's persist; ?lists
 * starts it with a choices file's choices and lists, and shows what its page and locale lists
 * answer a cursor that names nothing.
 */
const APP = `import { DEFAULT_BASE_URL, startBrowserMock } from './browser.ts'
const persist = new URLSearchParams(location.search).get('persist') ?? undefined
const lists = new URLSearchParams(location.search).has('lists')
const file = { choices: { unknownCursor: 'from-start' }, listChoices: { '/v6/pages': { unknownCursor: '400' } } }
const sitemock = await startBrowserMock({ quiet: true, persist, ...(lists ? file : {}) })
const site = sitemock.credentials().sites[0]
const headers = { 'x-api-key': site.publicApiKey }
const status = document.getElementById('status')
try {
  const siteAnswer = await fetch(DEFAULT_BASE_URL + '/v2/sites/' + site.id, { headers })
  document.getElementById('site').textContent = (await siteAnswer.json()).name
  if (lists) {
    const nothing = '&startingAfter=00000000-0000-4000-8000-000000000000'
    const pages = await fetch(DEFAULT_BASE_URL + '/v6/pages?siteId=' + site.id + nothing, { headers })
    const locales = await fetch(DEFAULT_BASE_URL + '/v2/locales?siteId=' + site.id + nothing, { headers })
    document.getElementById('lists').textContent = 'pages ' + pages.status + ', locales ' + locales.status
  }
  const pages = await fetch(DEFAULT_BASE_URL + '/v6/pages?limit=10&siteId=' + site.id, { headers })
  status.textContent = pages.ok ? (await pages.json()).data.length + ' pages' : 'GET /v6/pages answered ' + pages.status
} catch (error) {
  status.textContent = 'Could not load: ' + error.message
}
document.body.dataset.state = 'ready'
`
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Pages</title></head>
<body data-state="loading"><h1 id="site">Loading...</h1><p id="status"></p><p id="lists"></p><script type="module" src="/app.js"></script></body></html>`
const PLAIN = `<!doctype html><html><head><meta charset="utf-8"><title>No mock</title></head><body>No mock here.</body></html>`

describe('connectPageMock: a Playwright test drives the mock that runs in the page', { timeout: 60_000 }, () => {
  let dir: string
  let server: StaticServer
  let browser: Browser

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-page-mock-'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dir, 'plain.html'), PLAIN)
    await build({
      stdin: { contents: APP, resolveDir: path.join(root, 'src/transports'), loader: 'ts', sourcefile: 'app.ts' },
      outfile: path.join(dir, 'app.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'warning',
    })
    const mswCli = path.join(path.dirname(createRequire(import.meta.url).resolve('msw/package.json')), 'cli/index.js')
    execFileSync(process.execPath, [mswCli, 'init', dir, '--no-save'], { stdio: 'ignore' })
    // The console API compiles nothing at run time: it works under a policy without 'unsafe-eval'.
    server = await serveStatic(dir, { 'content-security-policy': "script-src 'self'" })
    browser = await launchChromium()
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  /** What the pages logged of their Content-Security-Policy, or threw: nothing, at the end. */
  const problems: string[] = []
  const watch = (page: Page): Page => {
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    return page
  }
  afterAll(() => {
    expect(problems).toEqual([])
  })

  /** A new tab (its own sessionStorage) on the app, once the app has rendered. */
  const openApp = async (query = ''): Promise<Page> => {
    const page = watch(await browser.context.newPage())
    await page.goto(`${server.url}/${query}`)
    await page.waitForSelector('body[data-state=ready]')
    return page
  }
  const reload = async (page: Page): Promise<void> => {
    await page.reload()
    await page.waitForSelector('body[data-state=ready]')
  }

  it('answers from the page: requests, expectRequest and the DevTools console summary', async () => {
    const page = await openApp()
    const sitemock = connectPageMock(page)
    expect(await page.locator('#status').textContent()).toBe('10 pages')
    const [entry] = await sitemock.expectRequest({ method: 'GET', path: '/v6/pages', status: 200, times: 1 })
    expect(entry?.query).toContain('limit=10')
    expect((await sitemock.requests()).map((request) => `${request.method} ${request.route}`)).toEqual(['GET /v2/sites/{siteId}', 'GET /v6/pages'])
    expect(await sitemock.requests({ path: '/v2/sites/*' })).toHaveLength(1)
    // What fails names the expectation and lists what the page did send.
    await expect(sitemock.expectRequest({ method: 'POST', path: '/v6/pages' })).rejects.toThrow(/Expected at least one request matching .*found 0[\s\S]*GET \/v6\/pages\?/)
    const site = (await sitemock.credentials()).sites[0]!
    expect(site.publicApiKey).toMatch(/\S/)
    expect(await page.evaluate(() => (globalThis as unknown as { __sitemock: { help(): string } }).__sitemock.help())).toContain('requests(')
    expect(JSON.stringify(await sitemock.state())).toContain(site.id)
    await page.close()
  })

  it("follows a choices file's lists in the page: the page list refuses a cursor of nothing, the locale list starts over", async () => {
    const page = await openApp('?lists')
    expect(await page.textContent('#lists')).toBe('pages 400, locales 200')
    await page.close()
  })

  it('refuses a bad fault or override with the field it names, as the control plane does', async () => {
    const page = await openApp()
    const sitemock = connectPageMock(page)
    await expect(sitemock.faults.add({ route: 'listPages', status: 'soon' as unknown as number })).rejects.toThrow(/faults\.add: .*status/)
    await expect(sitemock.overrides.add({ match: { operation: 'noSuchOperation' }, response: { status: 200 } })).rejects.toThrow(/overrides\.add: .*operation/)
    expect(await sitemock.faults.list()).toEqual([])
    await page.close()
  })

  it("with persist: 'all', keeps faults, overrides and the journal across a reload; reset() forgets them", async () => {
    const page = await openApp('?persist=all')
    const sitemock = connectPageMock(page)
    await sitemock.faults.add({ route: 'listPages', status: 503 })
    // The site as the mock answers it (the same scenario and seed in Node), under another name.
    const site = (await sitemock.credentials()).sites[0]!
    const reference = createMock().handle({ method: 'GET', path: `/v2/sites/${site.id}`, headers: { 'x-api-key': site.publicApiKey } })
    await sitemock.overrides.add({ match: { operation: 'getSite' }, response: { status: 200, body: { ...(reference.body as object), name: 'Overridden site' } } })
    await reload(page)
    expect(await page.locator('#status').textContent()).toBe('GET /v6/pages answered 503')
    expect(await page.locator('#site').textContent()).toBe('Overridden site')
    // The first load's answers and the reload's, numbered on.
    const pages = await sitemock.expectRequest({ method: 'GET', path: '/v6/pages', times: 2 })
    expect(pages.map((request) => request.status)).toEqual([200, 503])
    expect((await sitemock.requests()).map((request) => request.seq)).toEqual([1, 2, 3, 4])
    expect(await sitemock.faults.list()).toHaveLength(1)
    expect((await sitemock.overrides.list())[0]?.hits).toBe(1)

    await sitemock.reset()
    await reload(page)
    expect(await page.locator('#status').textContent()).toBe('10 pages')
    expect(await page.locator('#site').textContent()).toBe('Acme Marketing')
    expect(await sitemock.faults.list()).toEqual([])
    expect(await sitemock.overrides.list()).toEqual([])
    expect((await sitemock.requests()).map((request) => request.status)).toEqual([200, 200])
    await page.close()
  })

  it('keeps only the data across a reload by default: faults and the journal start afresh', async () => {
    const page = await openApp()
    const sitemock = connectPageMock(page)
    await sitemock.faults.add({ route: 'listPages', status: 503 })
    await reload(page)
    expect(await page.locator('#status').textContent()).toBe('10 pages')
    expect(await sitemock.faults.list()).toEqual([])
    await sitemock.expectRequest({ path: '/v6/pages', times: 1 })
    await page.close()
  })

  it('refuses a persist it does not know, on the page and to the test', async () => {
    // Not watched: the app's own start rejects, as it should.
    const page = await browser.context.newPage()
    await page.goto(`${server.url}/?persist=session`)
    const banner = await page.locator('[data-sitemock-error]').textContent()
    expect(banner).toMatch(/persist is "session"; it takes true .*"all" .*false, or \{ key, all \}/)
    await expect(connectPageMock(page, { timeoutMs: 300 }).ready()).rejects.toThrow(/no sitemock in this page/)
    await page.close()
  })

  it('says when the page has no sitemock, and what to check', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${server.url}/plain.html`)
    const started = Date.now()
    await expect(connectPageMock(page, { timeoutMs: 500 }).requests()).rejects.toThrow(/no sitemock in this page \(.*plain\.html\) after 500 ms: did the app call startBrowserMock\(\)/)
    expect(Date.now() - started).toBeLessThan(5_000)
    await page.close()
  })

  it("routeMock on a page whose own service worker answers: expectRequest names the cause and connectPageMock", async () => {
    const page = watch(await browser.context.newPage())
    const mock = createMock()
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    try {
      await routeMock(page, mock)
      await page.goto(server.url)
      await page.waitForSelector('body[data-state=ready]')
      expect(await page.locator('#status').textContent()).toBe('10 pages')
    } finally {
      console.warn = warn
    }
    expect(() => expectRequest(mock, { method: 'GET', path: '/v6/pages' })).toThrow(
      /found 0[\s\S]*GET \/v2\/sites\/[\w-]+ was answered by the page's service worker, not by routeMock[\s\S]*connectPageMock\(page\)/,
    )
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/answered by the page's service worker/)
    await page.close()
  })
})
