import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { checkContract, startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'
import { CliChild } from '../scenarios/cli-child.js'

describe.each(TRANSPORTS)('hostile input over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let appKey: string
  let siteId: string

  useDefaultScenario(
    transport,
    (start) => {
      ;({ server, creds, appKey, siteId } = start)
    },
    { maxBody: 64 * 1024 },
  )

  it('refuses invalid UTF-8 with a 400 naming the body', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) // {"name":"\xff\xfe"}
    const response = await fetch(`${server.url}/v2/sites/${siteId}`, { method: 'PATCH', headers: { 'x-api-key': appKey, 'content-type': 'application/json' }, body: bytes })
    const body = (await response.json()) as { details: unknown }
    checkContract('PATCH', `/v2/sites/${siteId}`, response.status, body)
    expect(response.status).toBe(400)
    expect(body.details).toEqual([{ field: '(body)', message: 'is not valid UTF-8; send the JSON encoded as UTF-8' }])
  })

  it('accepts a literal replacement character, which is valid UTF-8', async () => {
    const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { name: 'caf\uFFFD' } })
    expect(response.status).toBe(200)
  })

  it('refuses deeply nested JSON', async () => {
    const deep = '{"name":' + '['.repeat(200) + ']'.repeat(200) + '}'
    const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, rawBody: deep, headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.message).toContain('nested too deeply')
  })

  it('refuses control characters and over-long strings, naming the field', async () => {
    const control = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { name: 'a\u0007b' } })
    expect(control.body.details![0]!.field).toBe('name')
    const long = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { name: 'x'.repeat(257) } })
    expect(long.body.details).toEqual([{ field: 'name', message: 'is too long; must be a string of 1 to 256 characters without control characters; got a string of 257 characters' }])
  })

  it('treats __proto__, constructor and prototype as unknown fields that change nothing', async () => {
    for (const field of ['__proto__', 'constructor', 'prototype']) {
      const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, rawBody: `{"${field}":{"isAdmin":true},"name":"x"}`, headers: { 'content-type': 'application/json' } })
      expect(response.status, field).toBe(400)
      expect(response.body.details).toEqual([{ field, message: 'is not a known field; accepted fields: name, hostOrigin' }])
      const query = await server.api.get(`/v2/sites/${siteId}?${field}=1`, { key: appKey })
      expect(query.status, field).toBe(400)
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).body.name).toBe('Acme Marketing')
  })

  it('rejects read-only fields as unknown instead of applying them', async () => {
    for (const field of ['id', 'object', 'publicApiKey', 'createdAt', 'updatedAt']) {
      const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { [field]: '00000000-0000-4000-8000-000000000000' } })
      expect(response.status, field).toBe(400)
      expect(response.body.details![0]!.field).toBe(field)
    }
    const site = await server.api.get(`/v2/sites/${siteId}`, { key: appKey })
    expect(site.body.publicApiKey).toBe(creds.sites[0]!.siteApiKey)
  })

  it('answers encoded slashes and dot segments in ids predictably, never another resource', async () => {
    // fetch resolves %2E%2E as a dot segment (WHATWG URL), so that one never reaches a site: 404.
    const dotSegment = await server.api.get('/v2/sites/%2E%2E', { key: appKey })
    expect(dotSegment.status).toBe(404)
    for (const id of ['..%2F..%2Fsites', `${siteId}%2F`, `%2F${siteId}`, '%E2%82%AC', '%ZZ', `${siteId}%00`]) {
      const response = await server.api.get(`/v2/sites/${id}`, { key: appKey })
      expect(response.status, id).toBe(400)
      expect(response.body.details![0]!.field).toBe('siteId')
    }
  })
})

describe('request size', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ maxBody: 1024 })
  })
  afterAll(() => server.close())

  it('answers 413 in the envelope for a body over --max-body', async () => {
    const creds = await resetAndGetCredentials(server.api)
    const response = await server.api.patch(`/v2/sites/${creds.sites[0]!.id}`, { key: creds.workspaces[0]!.appApiKey, body: { name: 'x'.repeat(5000) } })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ object: 'error', code: 'payload_too_large', message: 'The request body is larger than the limit of 1024 bytes.' })
  })

  it('stops reading a chunked body at the limit', async () => {
    const creds = await resetAndGetCredentials(server.api)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only a server that stops reading can answer it.
        sent += 512
        controller.enqueue(new TextEncoder().encode(' '.repeat(512)))
        if (sent > 10 * 1024 * 1024) controller.close()
      },
    })
    const response = await fetch(`${server.url}/v2/sites/${creds.sites[0]!.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': creds.workspaces[0]!.appApiKey, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error)
    if (response instanceof Response) expect(response.status).toBe(413)
    else expect(sent).toBeLessThan(10 * 1024 * 1024)
  })

  it('delivers the 413 before it closes the socket: fetch sees the status, not ECONNRESET, with a body still being sent', async () => {
    // A process of its own: in this one, the client and the server would take turns on one event loop, and the reset never showed.
    const child = new CliChild(['serve', '--port', '0', '--log', 'off', '--max-body', '1024'])
    try {
      const url = await child.url()
      const creds = (await (await fetch(`${url}/__mock/credentials`)).json()) as Credentials
      const headers = { 'x-api-key': creds.workspaces[0]!.appApiKey, 'content-type': 'application/json' }
      const target = `${url}/v2/sites/${creds.sites[0]!.id}`
      const outcome = (answer: unknown): unknown => (answer instanceof Response ? answer.status : ((answer as Error).cause as { code?: string } | undefined)?.code ?? String(answer))
      for (let round = 0; round < 8; round++) {
        // Declared up front (refused before a byte is read) and chunked (refused at the limit).
        const declared = await fetch(target, { method: 'PATCH', headers, body: 'x'.repeat(4_000_000) }).catch((error: unknown) => error)
        expect(outcome(declared), `round ${round}, declared`).toBe(413)
        let sent = 0
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 64 * 1024
            controller.enqueue(new Uint8Array(64 * 1024).fill(32))
            if (sent >= 4_000_000) controller.close()
          },
        })
        const chunked = await fetch(target, { method: 'PATCH', headers, body: stream, duplex: 'half' } as RequestInit).catch((error: unknown) => error)
        expect(outcome(chunked), `round ${round}, chunked`).toBe(413)
      }
    } finally {
      await child.stop()
    }
  }, 30_000)
})
