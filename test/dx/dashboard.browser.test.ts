import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { launchChromium, type Browser } from '../browser/support.js'
import { startMock, type TestServer } from '../support/harness.js'

const ARTIFACTS = 'test-artifacts'

describe('the dashboard in Chromium', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  const elsewhere: string[] = []
  const text = async (testId: string): Promise<string> => (await page.getByTestId(testId).textContent()) ?? ''
  const countOf = (name: string): Promise<string> => text(`count-${name}`).then((t) => t.replace(name, ''))
  const waitForCount = (name: string, value: number): Promise<unknown> =>
    page.waitForFunction(([id, v]) => document.querySelector(`[data-testid="count-${id}"] b`)?.textContent === v, [name, String(value)] as const)
  const firstRow = () => page.getByTestId('journal-row').first()

  beforeAll(async () => {
    server = await startMock()
    browser = await launchChromium()
    page = await browser.context.newPage()
    // Everything the page loads must come from the mock itself: no network.
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) elsewhere.push(request.url())
    })
    await page.goto(`${server.url}/__mock/`)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows the scenario, the counts per resource and the credentials', async () => {
    await waitForCount('pages', server.mock.store.pages.byId.size)
    expect(await text('scenario')).toBe('default')
    expect(await countOf('sites')).toBe(String(server.mock.store.sites.size))
    const credentials = await text('credentials')
    for (const workspace of server.mock.credentials().workspaces) expect(credentials).toContain(workspace.appApiKey)
  })

  it('shows a request made by the test at the top of the journal, with its status', async () => {
    const { workspaces, sites } = server.mock.credentials()
    const response = await server.api.get(`/v2/sites/${sites[0]!.id}`, { key: workspaces[0]!.appApiKey })
    expect(response.status).toBe(200)
    await firstRow().filter({ hasText: `/v2/sites/${sites[0]!.id}` }).waitFor()
    expect(await firstRow().getByTestId('journal-status').textContent()).toBe('200')
    expect(await firstRow().textContent()).toContain(`app …${workspaces[0]!.appApiKey.slice(-4)}`)
  })

  it('sets a fault from the form, and the next request fails with it', async () => {
    const { workspaces, sites } = server.mock.credentials()
    const form = page.getByTestId('fault-form')
    await form.locator('input[name=route]').fill('getSite')
    await form.locator('input[name=status]').fill('503')
    await form.locator('button[type=submit]').click()
    await page.getByTestId('fault-row').filter({ hasText: 'status 503' }).waitFor()
    expect(await form.locator('input[name=status]').inputValue()).toBe('')
    const response = await server.api.get(`/v2/sites/${sites[1]!.id}`, { key: workspaces[1]!.appApiKey })
    expect(response.status).toBe(503)
    await firstRow().filter({ hasText: `/v2/sites/${sites[1]!.id}` }).waitFor()
    expect(await firstRow().getByTestId('journal-status').textContent()).toBe('503')
  })

  it('filters the journal by status class', async () => {
    await page.getByTestId('filter-status').fill('5xx')
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="journal-status"]')].every((cell) => cell.textContent?.startsWith('5')))
    expect(await page.getByTestId('journal-row').count()).toBe(1)
    await page.getByTestId('filter-status').fill('')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="journal-row"]').length === 2)
  })

  it('clears the faults with its button', async () => {
    await page.getByTestId('clear-faults').click()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="fault-row"]').length === 0)
    const { workspaces, sites } = server.mock.credentials()
    expect((await server.api.get(`/v2/sites/${sites[0]!.id}`, { key: workspaces[0]!.appApiKey })).status).toBe(200)
  })

  it('publishes a site with its button', async () => {
    const site = server.mock.credentials().sites[0]!
    await page.getByTestId(`publish-${site.id}`).click()
    await page.getByTestId('notice').filter({ hasText: `of site ${site.id}` }).waitFor()
    await expect.poll(() => [...server.mock.store.pages.byId.values()].filter((p) => p.siteId === site.id).every((p) => p.publishedAt !== null)).toBe(true)
  })

  it('resets the scenario, and the counts return', async () => {
    const pages = server.mock.store.pages.byId.size
    const site = server.mock.credentials().sites[0]!
    const created = await server.api.post('/v6/pages', { key: site.siteApiKey, body: { siteId: site.id, pathname: '/from-the-test', name: 'From the test' } })
    expect(created.status).toBe(201)
    await waitForCount('pages', pages + 1)
    fs.mkdirSync(ARTIFACTS, { recursive: true })
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard.png'), fullPage: true })
    await page.getByTestId('reset').click()
    await waitForCount('pages', pages)
    expect(server.mock.store.pages.byId.size).toBe(pages)
  })

  it('opens the API reference with every operation, loaded from the mock alone, and tries one', async () => {
    const docs = await browser.context.newPage()
    docs.on('request', (request) => {
      if (!request.url().startsWith(server.url)) elsewhere.push(request.url())
    })
    await docs.goto(`${server.url}/__mock/docs`)
    await docs.waitForFunction((count) => document.querySelectorAll('[data-testid="operation"]').length === count, operations.length)
    const { workspaces, sites } = server.mock.credentials()
    await docs.getByTestId('docs-key').fill(workspaces[0]!.appApiKey)
    const getSite = docs.locator('#getSite')
    await getSite.locator('summary').first().click()
    await getSite.getByText('Try it').click()
    await getSite.locator('input[name=siteId]').fill(sites[0]!.id)
    await getSite.getByRole('button', { name: 'Send' }).click()
    const result = getSite.getByTestId('docs-result')
    await expect.poll(() => result.textContent()).toMatch(/^200 /)
    expect(JSON.parse((await result.textContent())!.replace(/^[^\n]*\n\n/, ''))).toMatchObject({ id: sites[0]!.id, object: 'site' })
    fs.mkdirSync(ARTIFACTS, { recursive: true })
    await docs.screenshot({ path: path.join(ARTIFACTS, 'api-reference.png'), fullPage: false })
    await docs.close()
    expect(elsewhere).toEqual([])
  })
})

describe('the dashboard under --control-token, in Chromium', () => {
  it('opens as /__mock/#token=T and sends the token with every request it makes', async () => {
    const server = await startMock({ control: { token: 'dash-s3cret' } })
    const browser = await launchChromium()
    try {
      const page = await browser.context.newPage()
      const refused: string[] = []
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url())
      })
      await page.goto(`${server.url}/__mock/#token=dash-s3cret`)
      await page.waitForFunction((count) => document.querySelector('[data-testid="count-pages"] b')?.textContent === count, String(server.mock.store.pages.byId.size))
      const site = server.mock.credentials().sites[0]!
      await page.getByTestId(`publish-${site.id}`).click()
      await expect.poll(() => [...server.mock.store.pages.byId.values()].filter((p) => p.siteId === site.id).every((p) => p.publishedAt !== null)).toBe(true)
      expect(refused).toEqual([])
    } finally {
      await browser.close()
      await server.close()
    }
  })
})
