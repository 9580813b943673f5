import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMock, type TestServer } from '../support/harness.js'

describe('the control plane refuses to be framed', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ control: { token: 'frame-token-1234' } })
  })
  afterAll(() => server.close())

  it.each(['/__mock/', '/__mock/health', '/__mock/docs', '/__mock/credentials', '/__mock/data/', '/__mock/no-such-page'])('sends X-Frame-Options DENY and frame-ancestors none on %s, with and without the token', async (path) => {
    for (const headers of [{ 'x-control-token': 'frame-token-1234' }, {}] as Array<Record<string, string>>) {
      const response = await fetch(`${server.url}${path}`, { headers })
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
    }
  })
})

describe('PUT /__mock/state with a body that is not JSON', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ maxStateBody: 64 * 1024 * 1024 })
  })
  afterAll(() => server.close())

  it('is refused for its Content-Type before the body is read', async () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024
        controller.enqueue(new Uint8Array(256 * 1024).fill(120))
        if (sent >= 100 * 1024 * 1024) controller.close()
      },
    })
    const response = await fetch(`${server.url}/__mock/state`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ details: [{ field: 'content-type', message: 'must be application/json; got "text/plain"' }] })
    // What the client had pushed when the answer came: far from the 64 MB the limit would have read.
    expect(sent).toBeLessThan(16 * 1024 * 1024)
  })
})

describe('a 400 for many unknown parameters', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock()
  })
  afterAll(() => server.close())

  it('lists the first 20 and counts the rest, whatever their number', async () => {
    const workspaceId = server.mock.credentials().workspaces[0]!.id
    const key = server.mock.credentials().workspaces[0]!.appApiKey
    const query = Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join('&')
    for (const path of [`/v2/sites?workspaceId=${workspaceId}&${query}`, `/__mock/requests?${query}`]) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } })
      const text = await response.text()
      expect(response.status).toBe(400)
      expect(text.length).toBeLessThan(8 * 1024)
      const { details } = JSON.parse(text) as { details: Array<{ field: string; message: string }> }
      expect(details).toHaveLength(21)
      expect(details.slice(0, 20).map((detail) => detail.field)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`))
      expect(details[20]).toEqual({ field: '(more unknown fields)', message: '4980 more fields that are not known are not listed; the first 20 are' })
    }
  })
})
