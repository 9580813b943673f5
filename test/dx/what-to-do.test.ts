import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL, expectRequest, onUnhandled } from '../../src/transports/msw.js'
import { routeMock } from '../../src/transports/playwright.js'
import { createMockHandlers } from '../../src/transports/handlers.js'
import type { MockRequest } from '../../src/api/types.js'

// Errors a frontend developer meets from code: each names what is wrong and what to do.

describe('mock.handle() checks what it is given', () => {
  const mock = createMock()
  const site = mock.credentials().sites[0]!
  const wrong = (request: unknown): (() => unknown) => () => mock.handle(request as MockRequest)

  it('names a query given as an object, and how to build the string', () => {
    expect(wrong({ method: 'GET', path: '/v6/pages', query: { siteId: site.id }, headers: { 'x-api-key': site.siteApiKey } })).toThrow(
      /^mock\.handle\(\): request\.query must be the query string without "\?".*new URLSearchParams\(\{ siteId \}\)\.toString\(\).*got an object \(\{"siteId":"/,
    )
  })

  it('names the method, the path, the body and a header value', () => {
    expect(wrong({ path: '/v2/sites' })).toThrow(/request\.method must be an HTTP method such as "GET"; got undefined/)
    expect(wrong({ method: 'GET', path: 'v2/sites' })).toThrow(/request\.path must be a path starting with "\/".*; got string "v2\/sites"/)
    expect(wrong({ method: 'POST', path: '/v6/pages', body: { name: 'About' } })).toThrow(/request\.body must be the body as text, such as JSON\.stringify/)
    expect(wrong({ method: 'GET', path: '/v2/sites', headers: { 'X-Api-Key': 42 } })).toThrow(/request\.headers\["X-Api-Key"\] must be a string; got number 42/)
    expect(wrong(null)).toThrow(/mock\.handle\(\): request must be an object/)
  })

  it('still takes a request written as its type allows', () => {
    const response = mock.handle({ method: 'GET', path: '/v6/pages', query: new URLSearchParams({ siteId: site.id }).toString(), headers: { 'X-Api-Key': site.siteApiKey }, body: null })
    expect(response.status).toBe(200)
  })
})

describe('a base URL without a scheme is refused', () => {
  const mock = createMock()
  it.each([
    ['createMswHandler', () => createMswHandler(mock, { baseUrl: 'localhost:3000/api' })],
    ['createMockHandlers', () => createMockHandlers({ baseUrl: 'localhost:3000/api' })],
    ['routeMock', () => routeMock({ route: async () => undefined } as never, mock, { baseUrl: 'localhost:3000/api' })],
  ])('by %s, with the URL it probably means', async (_name, make) => {
    const made = (async () => make())()
    await expect(made).rejects.toThrow(
      'baseUrl "localhost:3000/api" is not an http:// or https:// URL nor a path; accepted: an absolute URL with its scheme ("http://localhost:3000/api") or a path on the page\'s own origin ("/api"). Did you mean "http://localhost:3000/api"?',
    )
  })

  it('and a URL of another scheme, while http(s) and paths are taken', () => {
    expect(() => createMswHandler(mock, { baseUrl: 'ftp://example.com' })).toThrow(/is not an http:\/\/ or https:\/\/ URL nor a path/)
    expect(() => createMswHandler(mock, { baseUrl: 'http://localhost:3000/api' })).not.toThrow()
    expect(() => createMswHandler(mock, { baseUrl: '/api' })).not.toThrow()
  })
})

describe('expectRequest shows the closest requests, their bodies and a diff', () => {
  const mock = createMock({ seed: 4 })
  const server = setupServer(createMswHandler(mock))
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0]!.appApiKey, 'content-type': 'application/json' }
  beforeAll(() => server.listen(onUnhandled('error')))
  beforeEach(() => mock.reset())
  afterAll(() => server.close())

  it('with the body sent and, field by field, what differs', async () => {
    await fetch(`${DEFAULT_BASE_URL}/v2/sites/${sites[0]!.id}`, { headers })
    const sent = { siteId: sites[0]!.id, pathname: '/about', name: 'About us' }
    await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body: JSON.stringify(sent) })
    let message = ''
    try {
      expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 201, body: { name: 'About', pathname: '/about' } })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('found 0.')
    const closest = message.slice(message.indexOf('Closest requests:'))
    expect(closest.split('\n').slice(0, 6)).toEqual([
      'Closest requests:',
      '  POST /v6/pages → 201',
      `    sent body: ${JSON.stringify(sent)}`,
      '    body diff (- expected, + sent):',
      '      - name: "About"',
      '      + name: "About us"',
    ])
    // The GET comes next, with what it misses.
    expect(closest).toContain(`  GET /v2/sites/${sites[0]!.id} → 200: method GET, not POST; path /v2/sites/${sites[0]!.id} (/v2/sites/{siteId}), not /v6/pages; status 200, not 201`)
  })

  it('with a missing field said as missing', async () => {
    await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0]!.id, pathname: '/x' }) })
    expect(() => expectRequest(mock, { method: 'POST', body: { name: 'X' } })).toThrow(/- name: "X"\n {6}\+ name: \(missing\)/)
  })
})
