import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blankContent } from '../../src/store/records.js'
import { launchChromium, type Browser } from '../browser/support.js'
import { startMock, type TestServer } from '../support/harness.js'

const ARTIFACTS = 'test-artifacts'
const EXTRA_PAGES = 100_000

describe('the data browser in Chromium, on a site with 100,000 pages', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let siteId: string
  let total: number
  /** Every answer of a data endpoint, by size: the page must never load the whole site. */
  const dataAnswers: Array<{ url: string; bytes: number }> = []
  const text = async (testId: string): Promise<string> => (await page.getByTestId(testId).textContent()) ?? ''
  const waitForText = (testId: string, expected: string): Promise<unknown> =>
    page.waitForFunction(([id, value]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === value, [testId, expected] as const)
  const rows = () => page.getByTestId('data-row')

  beforeAll(async () => {
    server = await startMock()
    siteId = server.mock.credentials().sites[0]!.id
    // Straight into the store: what matters here is what the browser asks for, not how the pages came.
    const at = '2026-01-01T00:00:00.000Z'
    for (let i = 0; i < EXTRA_PAGES; i++) {
      const pathname = `/bulk/${String(i).padStart(6, '0')}`
      server.mock.store.pages.add({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, siteId, createdAt: at, publishedAt: null, draft: blankContent(`Bulk page ${i}`, pathname, at), live: null })
    }
    total = server.mock.store.pages.ofSite(siteId).size
    browser = await launchChromium()
    page = await browser.context.newPage()
    page.on('response', async (response) => {
      if (response.url().includes('/__mock/data/')) dataAnswers.push({ url: response.url(), bytes: (await response.body()).length })
    })
    await page.goto(`${server.url}/__mock/`)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('lists the sites with their names beside their keys', async () => {
    await page.getByTestId('data-site-row').first().waitFor()
    const site = server.mock.store.sites.get(siteId)!
    const row = page.getByTestId('data-site-row').filter({ hasText: site.name })
    expect(await row.textContent()).toContain(`site key ${site.publicApiKey}`)
    expect(await row.textContent()).toContain(`${total.toLocaleString('en-US')} pages`)
  })

  it("browses the big site's pages 25 at a time, forwards and back", async () => {
    await page.getByTestId('data-site-row').filter({ hasText: server.mock.store.sites.get(siteId)!.name }).getByTestId('data-browse').click()
    await waitForText('data-range', `1–25 of ${total.toLocaleString('en-US')}`)
    expect(await rows().count()).toBe(25)
    const ordered = server.mock.store.pages.ofSite(siteId)
    expect(await rows().first().textContent()).toContain(ordered.at(0)!.draft.pathname)
    await page.getByTestId('data-next').click()
    await waitForText('data-range', `26–50 of ${total.toLocaleString('en-US')}`)
    expect(await rows().first().textContent()).toContain(ordered.at(25)!.draft.pathname)
    await page.getByTestId('data-prev').click()
    await waitForText('data-range', `1–25 of ${total.toLocaleString('en-US')}`)
  })

  it('searches by pathname and by name', async () => {
    await page.getByTestId('data-search').fill('/bulk/099998')
    await waitForText('data-range', '1–1 of 1')
    expect(await rows().first().textContent()).toContain('Bulk page 99998')
    await page.getByTestId('data-search').fill('bulk page 4999')
    await waitForText('data-range', '1–11 of 11')
    fs.mkdirSync(ARTIFACTS, { recursive: true })
    await page.getByTestId('data-browser').screenshot({ path: path.join(ARTIFACTS, 'data-browser.png') })
  })

  it('opens a record as JSON', async () => {
    await rows().filter({ hasText: '/bulk/049990' }).getByTestId('data-open').click()
    await page.getByTestId('data-record-panel').waitFor({ state: 'visible' })
    const record = JSON.parse(await text('data-record')) as { id: string; draft: { pathname: string }; live: null }
    expect(record).toMatchObject({ id: '00000000-0000-4000-8000-000000049990', draft: { pathname: '/bulk/049990' }, live: null })
    await page.getByTestId('data-record-panel').screenshot({ path: path.join(ARTIFACTS, 'data-record.png') })
    await page.getByTestId('data-record-close').click()
    await page.getByTestId('data-record-panel').waitFor({ state: 'hidden' })
  })

  it('deletes a record after confirming, and the API no longer has it', async () => {
    const id = '00000000-0000-4000-8000-000000049991'
    page.once('dialog', (dialog) => void dialog.accept())
    await rows().filter({ hasText: '/bulk/049991' }).getByTestId('data-delete').click()
    await waitForText('data-range', '1–10 of 10')
    expect(await rows().filter({ hasText: '/bulk/049991' }).count()).toBe(0)
    expect(server.mock.store.pages.byId.has(id)).toBe(false)
    expect(await text('notice')).toBe('Deleted page /bulk/049991')
    const { workspaces } = server.mock.credentials()
    expect((await server.api.get(`/v6/pages/${id}`, { key: workspaces[0]!.appApiKey })).status).toBe(404)
  })

  it("shows the site's locales with the default marked, and keeps the API's refusal in view", async () => {
    await page.getByTestId('data-search').fill('')
    await page.getByTestId('data-tab-locales').click()
    const defaultLocale = server.mock.store.sites.get(siteId)!.defaultLocale
    const row = rows().filter({ hasText: defaultLocale })
    await row.waitFor()
    expect(await row.textContent()).toContain('default')
    page.once('dialog', (dialog) => void dialog.accept())
    await row.getByTestId('data-delete').click()
    await page.getByTestId('data-error').filter({ hasText: 'default locale' }).waitFor()
    // The next poll of the browser leaves the refusal in view.
    await page.waitForTimeout(1_700)
    expect(await text('data-error')).toContain('The default locale of a site cannot be deleted')
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-data.png'), fullPage: true })
  })

  it('never asked for more than a page of rows', () => {
    expect(dataAnswers.length).toBeGreaterThan(5)
    const largest = Math.max(...dataAnswers.map((answer) => answer.bytes))
    expect(largest).toBeLessThan(16_000)
  })
})
