import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../src/scenarios/faker-node.js'
import type { ListEnvelope } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { launchChromium, serveStatic, type Browser, type StaticServer } from '../browser/support.js'
import { REPO, run, scratchProject } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * sitemock/handlers in a user's page built by Vite, run by msw 3's own worker: the script comes
 * from msw's Vite plugin (`msw/vite`, worker-only), the page starts setupWorker itself, and the
 * generated scenario's faker is bundled into the page. The mock is loaded in development only:
 * a development build (`vite build --mode development`, what `vite` serves) runs it in Chromium,
 * and the production build holds none of it.
 */

/** msw 3's newest, and the newest Vite its peer range (vite >= 6) takes. */
const MSW = 'msw@3.0.5'
const VITE = 'vite@8.3.8'
const TYPESCRIPT = 'typescript@7.0.2'

// What the page must render, asked of the same core in Node.
const reference = createMock({ scenario: 'multi-locale' })
const credentials = reference.credentials()
const list = <T>(method: string, query: string, path: string, key: string): T[] => {
  const answer = reference.handle({ method, path, query, headers: { 'x-api-key': key }, body: undefined })
  expect(answer.status).toBe(200)
  const body = answer.body as ListEnvelope & { data: T[] }
  // One call per list: the page asks for up to 100 and does not page on.
  expect(body.hasMore).toBe(false)
  return body.data
}
const expectedSites = credentials.workspaces.flatMap((workspace) =>
  list<{ id: string; name: string; defaultLocale: string }>('GET', `workspaceId=${workspace.id}&limit=100`, '/v2/sites', workspace.appApiKey).map((site) => ({
    id: site.id,
    text: `${site.name} (${site.defaultLocale})`,
    pages: list<{ id: string; pathname: string; title: string | null; locale: string }>(
      'GET',
      `siteId=${site.id}&limit=100`,
      '/v6/pages',
      credentials.sites.find((entry) => entry.id === site.id)!.siteApiKey,
    ).map((page) => ({ id: page.id, text: `${page.pathname} · ${page.title ?? 'untitled'} [${page.locale}]` })),
  })),
)

// An install on a cold cache and a build of the page take a minute or more on a 2-CPU machine.
describe('sitemock/handlers in a page built by Vite with msw 3’s worker', { timeout: 180_000 }, () => {
  let project: string
  let build: string
  let production: string
  let server: StaticServer
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []

  beforeAll(async () => {
    let started = Date.now()
    project = await scratchProject('vite-msw3', { dependencies: [MSW, VITE, TYPESCRIPT], node: 24, files: await packedRecipe('vite-msw3') })
    console.log(`install: ${Date.now() - started} ms`)
    started = Date.now()
    fs.rmSync(path.join(project, 'dist'), { recursive: true, force: true })
    fs.rmSync(path.join(project, 'dist-dev'), { recursive: true, force: true })
    // Vitest sets NODE_ENV=test, which a child inherits and Vite reads (import.meta.env.DEV is true
    // unless NODE_ENV is production): each build gets the NODE_ENV its command sets in a user's shell.
    const result = await run('npx', ['vite', 'build', '--mode', 'development', '--outDir', 'dist-dev'], project, { node: 24, env: { NODE_ENV: 'development' } })
    build = result.output
    console.log(`vite build --mode development: ${Date.now() - started} ms`)
    expect(result.code, build).toBe(0)
    const productionResult = await run('npx', ['vite', 'build'], project, { node: 24, env: { NODE_ENV: 'production' } })
    production = productionResult.output
    expect(productionResult.code, production).toBe(0)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('builds with no Node built-in in the page, and msw/vite writes the worker into the development build', () => {
    expect(build).not.toMatch(/externalized for browser compatibility/)
    expect(build).not.toMatch(/node:/)
    const dist = path.join(project, 'dist-dev')
    const worker = fs.readFileSync(path.join(dist, 'mockServiceWorker.js'), 'utf8')
    // The installed msw's own script: its version stamp matches the package.
    const installed = JSON.parse(fs.readFileSync(path.join(project, 'node_modules/msw/package.json'), 'utf8')) as { version: string }
    expect(worker).toContain(`const PACKAGE_VERSION = '${installed.version}'`)
    expect(installed.version).toBe(MSW.split('@')[1])
    expect(fs.existsSync(path.join(dist, 'not-mocked.json'))).toBe(true)
  })

  it('leaves the mock out of the production build: no code of sitemock, msw or faker, and no worker script', () => {
    const dist = path.join(project, 'dist')
    expect(fs.existsSync(path.join(dist, 'mockServiceWorker.js'))).toBe(false)
    const scripts = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    const code = scripts.map((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8')).join('\n')
    // The app itself is there; what marks the mock (its headers, msw's worker, faker's data) is not.
    expect(code).toContain('/__mock/credentials')
    for (const mark of ['x-sitemock', 'mockServiceWorker', 'setupWorker', 'faker', 'multi-locale']) expect(code, mark).not.toContain(mark)
    // One chunk: the dynamic import is gone with the condition, not split into a file of its own.
    expect(scripts).toHaveLength(1)
    const devScripts = fs.readdirSync(path.join(project, 'dist-dev/assets')).filter((file) => file.endsWith('.js'))
    expect(devScripts.map((file) => fs.readFileSync(path.join(project, 'dist-dev/assets', file), 'utf8')).join('\n')).toContain('x-sitemock')
  })

  it('type-checks the page with skipLibCheck off', async () => {
    const started = Date.now()
    const result = await run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], project, { node: 24 })
    console.log(`tsc: ${Date.now() - started} ms`)
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })

  it('renders in Chromium the sites and pages that the mock answers', async () => {
    server = await serveStatic(path.join(project, 'dist-dev'))
    browser = await launchChromium()
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(server.url)
    await page.waitForSelector('body[data-state]')
    expect(await page.textContent('#failure')).toBe('')
    expect(await page.getAttribute('body', 'data-state')).toBe('ready')
    const rendered = await page.locator('#sites > li').evaluateAll((items) =>
      items.map((site) => ({
        id: (site as HTMLElement).dataset.id,
        text: site.firstChild?.textContent,
        pages: [...site.querySelectorAll('ul.pages > li')].map((entry) => ({ id: (entry as HTMLElement).dataset.id, text: entry.textContent })),
      })),
    )
    expect(expectedSites.length).toBe(2)
    expect(rendered).toEqual(expectedSites)
    expect(pageErrors).toEqual([])
    fs.mkdirSync(path.join(REPO, 'test-artifacts'), { recursive: true })
    await page.screenshot({ path: path.join(REPO, 'test-artifacts/vite-msw3.png'), fullPage: true })
  })

  it("stops an unhandled request under onUnhandled('error'): a 500 from msw, and the static server never sees it", async () => {
    // msw 3's worker answers it itself instead of failing the fetch; msw's Node interceptor rejects it.
    expect(await page.textContent('#unhandled')).toMatch(/^answered 500 Request Handler Error: \[MSW\] Cannot bypass a request when using the "error" strategy/)
    // The page's own files reached the server; the unhandled request did not.
    expect(server.requests).toContain('/mockServiceWorker.js')
    expect(server.requests).not.toContain('/not-mocked')
    // And the server would have answered it: only msw stood between the page and the file.
    expect((await fetch(`${server.url}/not-mocked`)).status).toBe(200)
    expect(server.requests.filter((request) => request === '/not-mocked')).toHaveLength(1)
  })

  it("lets a path that looks like a static file through under 'error', as msw does for every strategy", async () => {
    // msw's isCommonAssetRequest: .json, .js, .css, images, fonts... are never failed as unhandled.
    expect(await page.textContent('#unhandled-asset')).toBe('answered 200')
    expect(server.requests).toContain('/not-mocked.json')
  })
})
