import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/free-port.js'
import { filesUnder, REPO, run, scratchProject, succeed, type NodeMajor } from './support.js'
import { packedRecipe } from './packed-recipe.js'

/**
 * sitemock/playwright as its users meet it: the packed tarball in a project of theirs with
 * @playwright/test, whose fixture routes every page of a test's context to a sitemock mock, run
 * by `npx playwright test` on the machine's own Chromium, beside msw 2, msw 3 or no msw.
 */

const USER_FILES = path.join(REPO, 'test/package/projects/playwright')
/** The newest @playwright/test when this was last checked. */
const PLAYWRIGHT = '@playwright/test@1.65.1'
/** The specs of tests/pages.spec.ts: each must pass. */
const SPECS = 4

interface Variant {
  name: string
  dependencies: string[]
  node: NodeMajor
  /** The msw version the project installs, or null for none. */
  msw: string | null
}

const VARIANTS: Variant[] = [
  { name: 'msw-2', dependencies: [PLAYWRIGHT, 'msw@2.15.0'], node: 20, msw: '2.15.0' },
  { name: 'msw-3', dependencies: [PLAYWRIGHT, 'msw@3.0.5'], node: 24, msw: '3.0.5' },
  // TypeScript here too: the recipe's types are checked against @playwright/test's own.
  { name: 'no-msw', dependencies: [PLAYWRIGHT, 'typescript@5.9.3', '@types/node@20.19.43'], node: 24, msw: null },
]

/** Playwright's packages and sitemock: none of them may download anything when installed (msw's own postinstall is msw's affair). */
const WATCHED = ['@playwright/test', 'playwright', 'playwright-core', 'sitemock']

/** Their install scripts: a browser download would be one. */
function installScripts(dir: string): string[] {
  const found: string[] = []
  for (const name of WATCHED) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json')
    expect(fs.existsSync(manifest), manifest).toBe(true)
    const scripts = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {}
    for (const hook of ['preinstall', 'install', 'postinstall']) if (scripts[hook] !== undefined) found.push(`${name} ${hook}: ${scripts[hook]}`)
  }
  return found
}

describe('sitemock/playwright in a project with @playwright/test', { timeout: 600_000 }, () => {
  // Where Playwright would keep browsers it downloaded: it must stay empty.
  let browsers: string

  beforeAll(() => {
    browsers = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-pw-browsers-'))
    process.env.PLAYWRIGHT_BROWSERS_PATH = browsers
  })
  afterAll(() => {
    delete process.env.PLAYWRIGHT_BROWSERS_PATH
    fs.rmSync(browsers, { recursive: true, force: true })
  })

  it('names its specs so that only Playwright runs them', () => {
    const files = Object.keys(filesUnder(USER_FILES))
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([])
    expect(files.filter((file) => file.endsWith('.spec.ts'))).toEqual(['tests/pages.spec.ts'])
  })

  describe.each(VARIANTS)('$name, on Node $node', ({ name, dependencies, node, msw }) => {
    let dir: string

    beforeAll(async () => {
      dir = await scratchProject(`playwright-${name}`, { dependencies, node, files: await packedRecipe('playwright') })
    }, 600_000)

    it(`installs ${PLAYWRIGHT} without a browser, beside ${msw === null ? 'no msw' : `msw ${msw}`}`, async () => {
      expect(installScripts(dir)).toEqual([])
      const playwright = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/@playwright/test/package.json'), 'utf8')) as { version: string }
      expect(`@playwright/test@${playwright.version}`).toBe(PLAYWRIGHT)
      expect(fs.readdirSync(browsers)).toEqual([])
      const installed = await succeed('node', ['-e', "try { console.log(require('msw/package.json').version) } catch { console.log('none') }"], dir, { node })
      expect(installed.trim()).toBe(msw ?? 'none')
    })

    it('passes every spec with `npx playwright test`', async () => {
      const port = await freePort()
      const result = await run('npx', ['playwright', 'test'], dir, { node, timeoutMs: 180_000, env: { APP_PORT: String(port) } })
      expect(result.code, result.output).toBe(0)
      expect(result.stdout).toMatch(new RegExp(`^\\s*${SPECS} passed\\b`, 'm'))
      expect(result.output).not.toMatch(/\d+ (failed|flaky|skipped)\b/)
      expect(fs.readdirSync(browsers)).toEqual([])
    })

    if (msw === null) {
      it("type-checks the recipe against @playwright/test's own types", async () => {
        await succeed('npx', ['tsc', '-p', '.'], dir, { node })
      })
    }
  })
})
