import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, serveStatic, type Browser, type StaticServer } from './support.js'

// A page whose Content-Security-Policy allows only its own scripts: no 'unsafe-eval', so neither
// `new Function` nor `eval` runs. The mock must still answer through msw's service worker, with
// its validators (compiled when the package was built) judging every request.
const root = path.resolve(import.meta.dirname, '../..')
const CSP = "script-src 'self'"

const PAGE = `import { setupWorker } from 'msw/browser'
import { createMockHandlers, DEFAULT_BASE_URL } from 'sitemock/handlers'

const violations = []
document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective + ' ' + event.blockedURI))
// The control, after the mock's work: the policy is in force, so code compiled at run time is refused.
const control = () => {
  try {
    new Function('return 1')()
    return false
  } catch (error) {
    return error instanceof EvalError
  }
}
const call = async (method, path, key, body) => {
  const response = await fetch(DEFAULT_BASE_URL + path, {
    method,
    headers: body === undefined ? { 'x-api-key': key } : { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}
try {
  const { mock, handlers } = createMockHandlers({ scenario: 'default' })
  await setupWorker(...handlers).start({ quiet: true, onUnhandledRequest: 'bypass' })
  const site = mock.credentials().sites[0]
  const list = await call('GET', '/v6/pages?siteId=' + site.id + '&limit=5', site.siteApiKey)
  const created = await call('POST', '/v6/pages', site.siteApiKey, { siteId: site.id, name: 'Under a strict policy', pathname: '/strict-policy' })
  const invalid = await call('POST', '/v6/pages', site.siteApiKey, { siteId: site.id, name: 'Bad', pathname: 'no-slash', extra: 1 })
  const after = await call('GET', '/v6/pages?siteId=' + site.id + '&limit=100', site.siteApiKey)
  await new Promise((resolve) => setTimeout(resolve, 100))
  document.body.dataset.result = JSON.stringify({ violations, evalRefused: control(), list, created, invalid, after })
} catch (error) {
  document.body.dataset.result = JSON.stringify({ violations, evalRefused: control(), error: String(error && error.stack || error) })
}
`

interface Answer {
  status: number
  body: { data?: { id: string; pathname: string }[]; id?: string; pathname?: string; details?: { field: string; message: string }[] }
}
interface Result {
  evalRefused: boolean
  violations: string[]
  error?: string
  list?: Answer
  created?: Answer
  invalid?: Answer
  after?: Answer
}

describe(`the mock in a page served with Content-Security-Policy: ${CSP}`, () => {
  let dir: string
  let server: StaticServer
  let browser: Browser
  let page: Page
  let result: Result
  const pageErrors: string[] = []

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'dist/esm/handlers.js'))) throw new Error('dist/esm is missing: run npm run build first')
    // A project with msw and the package installed, built as an app's bundler builds it.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-csp-'))
    fs.mkdirSync(path.join(dir, 'node_modules'))
    fs.symlinkSync(root, path.join(dir, 'node_modules/sitemock'), 'dir')
    fs.symlinkSync(path.join(root, 'node_modules/msw'), path.join(dir, 'node_modules/msw'), 'dir')
    fs.writeFileSync(path.join(dir, 'main.js'), PAGE)
    const out = path.join(dir, 'public')
    await build({ entryPoints: [path.join(dir, 'main.js')], outdir: out, bundle: true, splitting: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'silent' })
    // No inline script: the policy would refuse it.
    fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html><html><head><script type="module" src="/main.js"></script></head><body></body></html>')
    const mswCli = path.join(path.dirname(createRequire(import.meta.url).resolve('msw/package.json')), 'cli/index.js')
    execFileSync(process.execPath, [mswCli, 'init', out, '--no-save'], { stdio: 'ignore' })
    server = await serveStatic(out, { 'content-security-policy': CSP })
    browser = await launchChromium()
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(server.url)
    await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 30_000 })
    result = JSON.parse((await page.getAttribute('body', 'data-result')) ?? '{}') as Result
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the policy is in force: code compiled at run time is refused in this page', () => {
    expect(result.evalRefused).toBe(true)
  })

  it('lists and creates through the service worker, with no violation of the policy', () => {
    expect(result.error).toBeUndefined()
    expect(result.list?.status).toBe(200)
    expect(result.list?.body.data?.length).toBe(5)
    expect(result.created?.status).toBe(201)
    expect(result.created?.body.pathname).toBe('/strict-policy')
    expect(result.after?.body.data?.map((p) => p.id)).toContain(result.created?.body.id)
    expect(result.violations).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('judges a bad body with the precompiled validators: a 400 naming each field', () => {
    expect(result.invalid?.status).toBe(400)
    const details = result.invalid?.body.details ?? []
    expect(details.map((d) => d.field)).toEqual(expect.arrayContaining(['pathname', 'extra']))
    // Worded from the schema the error came from (x-accepts), as Ajv's verbose errors carry it.
    expect(details.find((d) => d.field === 'pathname')?.message).toMatch(/^is invalid; must be a pathname that starts with \//)
  })
})
