import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/**
 * The package's exports as a user imports them: by name, resolved through package.json
 * against the built dist/, in a plain Node process (no vitest transform in between).
 */
function importInNode(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
}

describe('package entries', () => {
  it('the main entry answers a request through the core and lists scenarios', () => {
    const out = importInNode(`
      import { createMock, SCENARIOS, exportState, loadFixture, listen, createMswHandler, createExpressMiddleware, expectRequest } from 'sitemock'
      const mock = createMock()
      const key = mock.credentials().workspaces[0].appApiKey
      const response = mock.handle({ method: 'GET', path: '/v2/sites', query: 'workspaceId=' + mock.credentials().workspaces[0].id, headers: { 'x-api-key': key } })
      const kinds = [listen, createMswHandler, createExpressMiddleware, expectRequest, exportState, loadFixture].map((f) => typeof f)
      console.log(JSON.stringify({ status: response.status, object: response.body.object, scenarios: SCENARIOS, kinds }))
    `)
    const result = JSON.parse(out) as { status: number; object: string; scenarios: string[]; kinds: string[] }
    expect(result.status).toBe(200)
    expect(result.object).toBe('list')
    expect(result.scenarios).toContain('multi-locale')
    expect(new Set(result.kinds)).toEqual(new Set(['function']))
  })

  it('the msw and express subpaths export their adapters', () => {
    const out = importInNode(`
      import { createMswHandler, expectRequest } from 'sitemock/msw'
      import { createExpressMiddleware } from 'sitemock/express'
      console.log([createMswHandler, expectRequest, createExpressMiddleware].map((f) => typeof f).join(','))
    `)
    expect(out.trim()).toBe('function,function,function')
  })

  it('the browser subpath resolves to the built worker starter', () => {
    const out = importInNode(`console.log(import.meta.resolve('sitemock/browser'))`)
    expect(out.trim()).toMatch(/\/dist\/src\/transports\/browser\.js$/)
  })
})
