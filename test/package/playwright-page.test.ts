import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/free-port.js'
import { filesUnder, REPO, run, scratchProject } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * sitemock/playwright's connectPageMock as its users meet it: the packed tarball in a Vite app
 * that starts the mock in the page (startBrowserMock, msw 3's worker served by msw/vite), run by
 * Vite's dev server and tested by `npx playwright test` on the machine's own Chromium, with a
 * fault, an override and asserted requests driven through the page's own mock.
 */

const USER_FILES = path.join(REPO, 'test/package/projects/playwright-page')
const DEPENDENCIES = ['@playwright/test@1.65.1', 'msw@3.0.5', 'vite@8.3.8']
/** The tests of tests/app.spec.ts: each must pass. */
const SPECS = 4

describe('connectPageMock in a Vite app that starts sitemock in the page', { timeout: 600_000 }, () => {
  // Where Playwright would keep browsers it downloaded: it must stay empty.
  let browsers: string
  let dir: string

  beforeAll(async () => {
    browsers = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-pw-page-browsers-'))
    process.env.PLAYWRIGHT_BROWSERS_PATH = browsers
    // msw 3 needs Node 22.12 or later.
    dir = await scratchProject('playwright-page', { dependencies: DEPENDENCIES, node: 24, files: await packedRecipe('playwright-page') })
  }, 600_000)

  afterAll(() => {
    delete process.env.PLAYWRIGHT_BROWSERS_PATH
    if (browsers) fs.rmSync(browsers, { recursive: true, force: true })
  })

  it('names its specs so that only Playwright runs them', () => {
    const files = Object.keys(filesUnder(USER_FILES))
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([])
    expect(files.filter((file) => file.endsWith('.spec.ts'))).toEqual(['tests/app.spec.ts'])
  })

  it('passes every spec with `npx playwright test` against `vite`', async () => {
    const port = await freePort()
    const result = await run('npx', ['playwright', 'test'], dir, { node: 24, timeoutMs: 240_000, env: { APP_PORT: String(port) } })
    expect(result.code, result.output).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`^\\s*${SPECS} passed\\b`, 'm'))
    expect(result.output).not.toMatch(/\d+ (failed|flaky|skipped)\b/)
    expect(fs.readdirSync(browsers)).toEqual([])
  })
})
