import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type Browser } from '../browser/support.js'
import { startMock, type TestServer } from '../support/harness.js'

const ARTIFACTS = 'test-artifacts'

describe('what the dashboard tells its user, in Chromium at 1280 px', () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startMock()
    browser = await launchChromium()
    page = await browser.context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${server.url}/__mock/`)
    await page.locator('[data-testid="credentials"] tr').first().waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** Resolves once the page has polled the control plane `times` more times. */
  const refreshes = async (times: number): Promise<void> => {
    for (let i = 0; i < times; i++) await page.waitForResponse((response) => response.url().endsWith('/__mock/summary'))
  }

  it('keeps the error of a refused action on screen through the refreshes that follow', async () => {
    const form = page.getByTestId('fault-form')
    await form.locator('input[name=route]').fill('nope-route')
    await form.locator('input[name=status]').fill('503')
    await form.locator('button[type=submit]').click()
    await page.locator('#error').filter({ hasText: 'POST faults: 400' }).waitFor()
    await refreshes(3)
    expect(await page.locator('#error').textContent()).toContain('POST faults: 400')
    expect(await page.getByTestId('fault-row').count()).toBe(0)
    // The next action that works clears it.
    await page.getByTestId('clear-journal').click()
    await page.waitForFunction(() => document.getElementById('error')?.textContent === '')
  })

  it('names each site beside its id and key', async () => {
    for (const site of server.mock.credentials().sites) {
      const row = page.locator('[data-testid="credentials"] tr').filter({ hasText: site.siteApiKey })
      expect(await row.count()).toBe(1)
      expect(await row.textContent()).toContain(server.mock.store.sites.get(site.id)!.name)
      expect(await row.textContent()).toContain(site.id)
    }
  })

  it('keeps the time of a request on one line beside a long path', async () => {
    const { workspaces } = server.mock.credentials()
    const response = await server.api.get(`/v2/sites?workspaceId=${workspaces[0]!.id}&${'x'.repeat(400)}=1`, { key: workspaces[0]!.appApiKey })
    expect(response.status).toBe(400)
    await page.getByTestId('journal-row').filter({ hasText: 'x'.repeat(400) }).waitFor()
    const lines = await page.evaluate(() => {
      const cell = document.querySelector('[data-testid="journal-row"] td')!
      const range = document.createRange()
      range.selectNodeContents(cell)
      // One line of text is one box; a wrapped time is two or more.
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines).toBe(1)
    fs.mkdirSync(ARTIFACTS, { recursive: true })
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-feedback.png'), fullPage: true })
  })
})
