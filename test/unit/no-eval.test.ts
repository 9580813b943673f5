import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'

// The mock compiles no code at run time in Node either: with `Function` and `eval` refused for the
// length of these tests, a mock starts, answers, judges bad requests and fixtures, and resets.
describe('no code compiled at run time', () => {
  const original = { Function: globalThis.Function, eval: globalThis.eval }
  const refused: string[] = []
  beforeAll(() => {
    const refuse = (what: string) => () => {
      refused.push(what)
      throw new EvalError(`${what} refused by this test`)
    }
    globalThis.Function = new Proxy(original.Function, { construct: refuse('new Function'), apply: refuse('Function()') })
    globalThis.eval = refuse('eval') as typeof eval
  })
  afterAll(() => {
    globalThis.Function = original.Function
    globalThis.eval = original.eval
  })

  it('the control: Function is refused here', () => {
    expect(() => new globalThis.Function('return 1')).toThrow(EvalError)
    refused.length = 0
  })

  it('starts, lists, creates, refuses bad bodies, queries and fixtures, and resets, compiling nothing', () => {
    const mock = createMock()
    const site = mock.credentials().sites[0]!
    const headers = { 'x-api-key': site.siteApiKey, 'content-type': 'application/json' }
    expect(mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&limit=5`, headers }).status).toBe(200)
    expect(mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&limit=x`, headers }).status).toBe(400)
    expect(mock.handle({ method: 'POST', path: '/v6/pages', headers, body: JSON.stringify({ siteId: site.id, name: 'New', pathname: '/new' }) }).status).toBe(201)
    expect(mock.handle({ method: 'POST', path: '/v6/pages', headers, body: JSON.stringify({ siteId: site.id, name: '', pathname: 'x' }) }).status).toBe(400)
    const workspace = mock.credentials().workspaces[0]!
    const appHeaders = { 'x-api-key': workspace.appApiKey, 'content-type': 'application/json' }
    expect(mock.handle({ method: 'POST', path: '/v2/sites', headers: appHeaders, body: JSON.stringify({ workspaceId: workspace.id, name: 'S', hostOrigin: 'not a url' }) }).status).toBe(400)
    expect(mock.handle({ method: 'POST', path: '/__mock/reset', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fixture: { workspaces: 'no' } }) }).status).toBe(400)
    mock.reset({ scenario: 'edge-cases' })
    mock.reset({ scenario: 'multi-locale', seed: 9 })
    expect(mock.credentials().sites).toHaveLength(2)
    expect(refused).toEqual([])
  })
})
