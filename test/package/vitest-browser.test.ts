import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM } from '../browser/support.js'
import { run, scratchProject } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * sitemock/handlers in Vitest's browser mode: the user's test file runs in Chromium (Playwright
 * driving the machine's browser), starts msw 3's worker with sitemock's handlers and checks the
 * answers through fetch. Once with the worker script served by msw/vite, once with the one
 * `msw init` wrote into public/.
 */

const DEPENDENCIES = ['vitest@5.1.1', '@vitest/browser-playwright@5.1.1', 'playwright@1.65.1', 'msw@3.0.5', 'vite@8.3.8']

describe('sitemock/handlers in Vitest browser mode, with msw 3', { timeout: 180_000 }, () => {
  let project: string

  beforeAll(async () => {
    expect(fs.existsSync(CHROMIUM), `Vitest's browser mode here drives ${CHROMIUM}; install it with: node scripts/ensure-test-tools.mjs`).toBe(true)
    const started = Date.now()
    project = await scratchProject('vitest-browser', { dependencies: DEPENDENCIES, node: 24, files: await packedRecipe('vitest-browser') })
    console.log(`install: ${Date.now() - started} ms`)
  }, 600_000)

  it('installs Playwright without a browser of its own', () => {
    // Playwright's browsers would land here; the tests use the machine's Chromium instead.
    const downloaded = path.join(process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(process.env.HOME ?? '', '.cache/ms-playwright'))
    const builds = fs.existsSync(downloaded) ? fs.readdirSync(downloaded).filter((name) => name.startsWith('chromium')) : []
    expect(builds).toEqual([])
  })

  it.each([
    ['msw/vite (worker-only) in the Vitest config', 'vitest.config.ts', []],
    ['`msw init public/ --save`', 'vitest.public.config.ts', ['msw', 'init', 'public/', '--save']],
  ] as const)('runs the browser test file with the worker script from %s', async (_, config, init) => {
    // Left by the other case: the script must come only from the way under test.
    fs.rmSync(path.join(project, 'public'), { recursive: true, force: true })
    if (init.length > 0) {
      const written = await run('npx', [...init], project, { node: 24 })
      expect(written.code, written.output).toBe(0)
    }
    const started = Date.now()
    const result = await run('npx', ['vitest', 'run', '--config', config], project, { node: 24, timeoutMs: 150_000 })
    console.log(`vitest run --config ${config}: ${Date.now() - started} ms`)
    expect(result.output).toMatch(/Tests\s+4 passed \(4\)/)
    expect(result.code, result.output).toBe(0)
  })
})
