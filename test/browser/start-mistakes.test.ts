import { build } from 'esbuild'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ConsoleMessage } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, serveStatic, type Browser, type StaticServer } from './support.js'

// Two mistakes a developer makes in the page's start of the mock, which used to show only
// "Failed to fetch" or a blank page: a base URL that is not the one the app calls, and a
// mistyped scenario. The page takes startBrowserMock's options and the URL it fetches from its query.
const root = path.resolve(import.meta.dirname, '../..')

const PAGE = `import { startBrowserMock } from ${JSON.stringify(path.join(root, 'src/transports/browser.ts'))}
const query = new URLSearchParams(location.search)
const options = JSON.parse(query.get('options') ?? '{}')
try {
  await startBrowserMock({ quiet: true, ...options })
  const outcome = await fetch(query.get('fetch')).then((response) => 'status ' + response.status, (error) => 'failed: ' + error.message)
  document.body.dataset.result = JSON.stringify({ outcome })
} catch (error) {
  document.body.dataset.result = JSON.stringify({ rejected: error.message })
}
`

interface Shown {
  result: { outcome?: string; rejected?: string }
  banner: string | null
  warnings: string[]
  errors: string[]
}

describe('mistakes in the start of the browser mock, said in the page and its console', () => {
  let dir: string
  let server: StaticServer
  let browser: Browser

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-mistakes-'))
    fs.writeFileSync(path.join(dir, 'main.ts'), PAGE)
    const out = path.join(dir, 'public')
    await build({ entryPoints: [path.join(dir, 'main.ts')], outdir: out, bundle: true, splitting: true, format: 'esm', platform: 'browser', target: 'es2022', nodePaths: [path.join(root, 'node_modules')], logLevel: 'silent' })
    fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html><html><head><script type="module" src="/main.js"></script></head><body></body></html>')
    fs.copyFileSync(path.join(root, 'node_modules/msw/lib/mockServiceWorker.js'), path.join(out, 'mockServiceWorker.js'))
    server = await serveStatic(out)
    browser = await launchChromium()
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  const open = async (options: object, fetchUrl = '/'): Promise<Shown> => {
    const page = await browser.context.newPage()
    const warnings: string[] = []
    const errors: string[] = []
    const listen = (message: ConsoleMessage) => {
      if (message.type() === 'warning') warnings.push(message.text())
      if (message.type() === 'error') errors.push(message.text())
    }
    page.on('console', listen)
    await page.goto(`${server.url}/?options=${encodeURIComponent(JSON.stringify(options))}&fetch=${encodeURIComponent(fetchUrl)}`)
    await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 30_000 })
    const result = JSON.parse((await page.getAttribute('body', 'data-result')) ?? '{}') as Shown['result']
    const banner = await page.locator('[data-sitemock-error]').textContent({ timeout: 1_000 }).catch(() => null)
    await page.close()
    return { result, banner, warnings, errors }
  }

  it("warns of a request for the API's paths at another host than the mock's base URL, with the baseUrl that would take it, and of no other", async () => {
    // .invalid never resolves: the request msw lets through cannot reach anything.
    const shown = await open({ baseUrl: 'https://api.makeswift.com' }, 'https://api.makeswift.invalid/v2/sites?workspaceId=w')
    expect(shown.result.outcome).toMatch(/^failed: /)
    const warning = shown.warnings.find((text) => text.startsWith('sitemock:'))
    expect(warning).toContain('GET https://api.makeswift.invalid/v2/sites?workspaceId=w')
    expect(warning).toContain('the mock answers at https://api.makeswift.com (its baseUrl)')
    expect(warning).toContain('start the mock with baseUrl: "https://api.makeswift.invalid"')
    // None of the API's paths: msw's bypass, in silence, as before.
    const other = await open({ baseUrl: 'https://api.makeswift.com' }, 'https://cdn.makeswift.invalid/app/settings')
    expect(other.result.outcome).toMatch(/^failed: /)
    expect(other.warnings.filter((text) => text.startsWith('sitemock:'))).toEqual([])
  })

  it("suggests a path when the app calls the API on the page's own origin", async () => {
    const shown = await open({ baseUrl: '/api' }, '/v6/pages?siteId=s')
    expect(shown.result.outcome).toBe('status 404')
    const warning = shown.warnings.find((text) => text.startsWith('sitemock:'))
    expect(warning).toContain(`GET ${server.url}/v6/pages?siteId=s is one of the API's paths, but the mock answers at the path /api on the page's own origin`)
    expect(warning).toContain('start the mock with baseUrl: "/"')
  })

  it('shows a mistyped scenario on the page with the accepted names and the closest, and rejects with the same message', async () => {
    const shown = await open({ scenario: 'multi-locle' })
    const message = 'sitemock: startBrowserMock\'s scenario "multi-locle" is not a scenario (did you mean multi-locale?); accepted: default, empty, multi-locale, large, edge-cases, or { fixture: document }.'
    expect(shown.banner).toBe(message)
    expect(shown.result.rejected).toBe(message)
    expect(shown.errors).toContain(message)
  })
})
