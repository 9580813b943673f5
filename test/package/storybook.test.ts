import '../../src/scenarios/faker-node.js'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListEnvelope } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { launchChromium, serveStatic, type Browser, type StaticServer } from '../browser/support.js'
import { REPO, run, scratchProject, succeed } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * docs/storybook.md as a user follows it: a Storybook 10 project (React, vite) in CSF Next
 * (definePreview, preview.meta, meta.story) with msw-storybook-addon's addonMsw(), whose stories
 * get their API from sitemock/handlers through `msw.use()` in beforeEach. The project is built
 * with `storybook build` and its stories are opened in Chromium, where nothing but the mock in the
 * page can answer them: the static server has no API, and the service's address is unreachable.
 */

const ARTIFACTS = path.join(REPO, 'test-artifacts')
const DEPENDENCIES = [
  'storybook@10.6.7',
  '@storybook/react-vite@10.6.7',
  'vite@8.3.8',
  'react@19.3.1',
  'react-dom@19.3.1',
  'msw@3.0.5',
  'msw-storybook-addon@3.0.3',
  'typescript@5.9.3',
  '@types/react@19.3.0',
  // Storybook's Vitest addon, which runs the same stories as Vitest tests in Chromium.
  '@storybook/addon-vitest@10.6.7',
  'vitest@5.1.1',
  '@vitest/browser@5.1.1',
  '@vitest/browser-playwright@5.1.1',
  'playwright@1.65.1',
]

// What the stories must show, asked of the same core in Node with the stories' scenario and seed.
const reference = createMock({ scenario: 'multi-locale' })
const sites = reference.credentials().sites
const pathnamesOf = (site: (typeof sites)[number]): string[] =>
  (
    reference.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&limit=100`, headers: { 'x-api-key': site.publicApiKey }, body: undefined })
      .body as ListEnvelope
  ).data.map((page) => (page as { pathname: string }).pathname)

/** The preview's end of Storybook's channel, which the sidebar drives. */
interface StorybookChannel {
  emit(event: string, args: unknown): void
  once(event: string, listener: (args: unknown) => void): void
}

/** What a story shows once its list is loaded: the site's name, its page count and the pathnames listed. */
async function shown(page: Page): Promise<{ name: string; summary: string; pathnames: string[] }> {
  const root = page.locator('#storybook-root')
  await root.locator('section, [role=alert]').first().waitFor({ timeout: 10_000 })
  // Without the mock's handlers the request goes to the real address, unreachable here.
  const alert = root.getByRole('alert')
  if ((await alert.count()) > 0) throw new Error(`the story shows: ${await alert.innerText()}`)
  return {
    name: await page.locator('#storybook-root section > h1').innerText(),
    summary: await page.locator('#storybook-root section > p').innerText(),
    pathnames: await page.locator('#storybook-root li code').allInnerTexts(),
  }
}

// Cold, the scratch project installs Storybook first (a minute or more); warm, the file takes about 20 s.
describe('the Storybook recipe of docs/storybook.md, built and opened in Chromium', { timeout: 60_000 }, () => {
  let project: string
  let out: string
  let buildOutput: string
  let storyIds: Record<string, string>
  let server: StaticServer
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []

  beforeAll(async () => {
    project = await scratchProject('storybook', { dependencies: DEPENDENCIES, node: 24, files: await packedRecipe('storybook') })
    await succeed('npx', ['msw', 'init', 'public/', '--save'], project, { node: 24 })
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-storybook-'))
    // Telemetry would try to reach Storybook's servers.
    const build = await run('npx', ['storybook', 'build', '--output-dir', out], project, { node: 24, timeoutMs: 300_000, env: { STORYBOOK_DISABLE_TELEMETRY: '1' } })
    buildOutput = build.output
    if (build.code !== 0) throw new Error(`storybook build exited ${build.code}:\n${build.output}`)
    const index = JSON.parse(fs.readFileSync(path.join(out, 'index.json'), 'utf8')) as { entries: Record<string, { id: string; name: string; type: string }> }
    storyIds = Object.fromEntries(Object.values(index.entries).filter((entry) => entry.type === 'story').map((entry) => [entry.name, entry.id]))
    server = await serveStatic(out)
    browser = await launchChromium()
    page = await browser.context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    // msw warns of a request no handler took; Storybook logs a failed play function as an error.
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(`${message.type()}: ${message.text()}`)
    })
    fs.mkdirSync(ARTIFACTS, { recursive: true })
  }, 480_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (out !== undefined) fs.rmSync(out, { recursive: true, force: true })
  })

  const open = async (story: string) => {
    expect(storyIds, `the build's index.json lists the story ${story}`).toHaveProperty(story)
    await page.goto(`${server.url}/iframe.html?id=${storyIds[story]}&viewMode=story`)
  }

  /**
   * Shows another story in the same page, as Storybook's sidebar does (the page and its mock
   * stay), and waits until Storybook reports it rendered, its play function included.
   */
  const switchTo = (story: string) =>
    page.evaluate(
      (storyId) =>
        new Promise<void>((resolve, reject) => {
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: StorybookChannel }).__STORYBOOK_ADDONS_CHANNEL__
          // Neither event comes when the story never renders, e.g. an id the preview does not know.
          setTimeout(() => reject(new Error(`no storyRendered for ${storyId} within 10 s`)), 10_000)
          channel.once('storyRendered', () => resolve())
          for (const event of ['storyErrored', 'storyThrewException', 'playFunctionThrewException']) {
            channel.once(event, (error) => reject(new Error(`${event}: ${JSON.stringify(error)}`)))
          }
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
        }),
      storyIds[story]!,
    )

  it('builds without bundling anything of Node', () => {
    expect(buildOutput).not.toMatch(/externalized for browser compatibility/)
    expect(buildOutput).not.toMatch(/["'`]node:[a-z_/]+["'`]/)
    expect(Object.keys(storyIds).sort()).toEqual(['Add Page', 'First Site', 'No Pages', 'Second Site', 'Server Error'])
    expect(fs.existsSync(path.join(out, 'mockServiceWorker.js')), 'public/ is served at /').toBe(true)
  })

  it('type-checks under strict settings, with the types of msw 3 and the addon', async () => {
    await succeed('npx', ['tsc', '-p', '.'], project, { node: 24 })
  })

  it.each([
    ['First Site', 'first-site', 0],
    ['Second Site', 'second-site', 1],
  ] as const)("%s shows the site's pages as the mock answers them", async (story, file, n) => {
    const site = sites[n]!
    const pathnames = pathnamesOf(site)
    await open(story)
    expect(await shown(page)).toEqual({ name: site.name, summary: `Site ${site.id}: ${pathnames.length} pages`, pathnames })
    await page.screenshot({ path: path.join(ARTIFACTS, `storybook-${file}.png`), fullPage: true })
  })

  it("a page one story creates is gone in the next story: the meta's beforeEach resets the mock", async () => {
    const site = sites[0]!
    const pathnames = pathnamesOf(site)
    expect(pathnames, 'the scenario has no /launch page of its own').not.toContain('/launch')
    await open('Add Page')
    // The play function clicks "Add page"; the list then holds the new page.
    await page.getByText('/launch', { exact: true }).waitFor({ timeout: 10_000 })
    expect((await shown(page)).summary).toBe(`Site ${site.id}: ${pathnames.length + 1} pages`)
    await page.screenshot({ path: path.join(ARTIFACTS, 'storybook-add-page.png'), fullPage: true })
    // A reload would start a new mock anyway: the stories switch within one page, whose marker must survive.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))

    await switchTo('First Site')
    expect(await shown(page)).toEqual({ name: site.name, summary: `Site ${site.id}: ${pathnames.length} pages`, pathnames })

    // Back to the story: its play function adds the page once more, to the original list, not a second time.
    // A mock that kept the first /launch would answer this one with a 409: the play function would fail.
    await switchTo('Add Page')
    expect((await shown(page)).summary).toBe(`Site ${site.id}: ${pathnames.length + 1} pages`)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  it("a story's fault shows its error, and the next story, reset, has none", async () => {
    const site = sites[0]!
    const pathnames = pathnamesOf(site)
    await open('Server Error')
    const alert = page.locator('#storybook-root [role=alert]')
    await alert.waitFor({ timeout: 10_000 })
    expect(await alert.innerText()).toBe('The API failed: GET /v6/pages answered 503')
    // Chromium logs the 503 itself, as it logs any failed load: that line is the story's point.
    const logged = pageErrors.findIndex((line) => /status of 503/.test(line))
    if (logged !== -1) pageErrors.splice(logged, 1)
    await switchTo('First Site')
    expect(await shown(page)).toEqual({ name: site.name, summary: `Site ${site.id}: ${pathnames.length} pages`, pathnames })
  })

  it("a story's own msw handler wins over sitemock's, and is gone in the next story", async () => {
    const site = sites[0]!
    const pathnames = pathnamesOf(site)
    await open('No Pages')
    expect(await shown(page)).toEqual({ name: site.name, summary: `Site ${site.id}: 0 pages`, pathnames: [] })
    await switchTo('First Site')
    expect(await shown(page)).toEqual({ name: site.name, summary: `Site ${site.id}: ${pathnames.length} pages`, pathnames })
  })

  it("runs every story as a test with Storybook's Vitest addon, play functions and resets included, and the app's own unit test beside them", async () => {
    const result = await run('npx', ['vitest', 'run'], project, { node: 24, timeoutMs: 180_000, env: { STORYBOOK_DISABLE_TELEMETRY: '1' } })
    expect(result.code, result.output).toBe(0)
    // Both projects of test.projects ran: the app's test in Node, the five stories in Chromium.
    expect(result.output).toMatch(/Tests\s+6 passed \(6\)/)
    expect(result.output).toMatch(/✓ +\|?unit\|? +src\/pages-summary\.test\.ts \(1 test\)/)
    expect(result.output).toMatch(/✓ +\|?storybook \(chromium\)\|? +src\/SitePages\.stories\.tsx \(5 tests\)/)
  }, 180_000)

  it('runs without errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
