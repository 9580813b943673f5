import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeServer } from '../../src/transports/node-server.js'
import { startMock, type TestServer } from '../support/harness.js'
import { CliChild } from '../scenarios/cli-child.js'

interface RawResponse {
  status: number
  headers: string
  body: string
}

/**
 * A request written byte for byte, as fetch cannot: fetch sets Host itself. `head` is the
 * request line and headers without the blank line that ends them.
 */
async function raw(url: string, head: string): Promise<RawResponse> {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  socket.end(`${head}\r\nConnection: close\r\n\r\n`)
  let text = ''
  for await (const chunk of socket) text += (chunk as Buffer).toString()
  const [headers = '', body = ''] = text.split('\r\n\r\n', 2)
  return { status: Number(headers.split(' ', 2)[1]), headers, body }
}

const get = (url: string, path: string, host: string): Promise<RawResponse> => raw(url, `GET ${path} HTTP/1.1\r\nHost: ${host}`)

describe('the node server answers only the hosts it is reached at', () => {
  let server: TestServer
  let port: string
  beforeAll(async () => {
    server = await startMock({ allowedHosts: ['mock.test', '.dev.example'] })
    port = new URL(server.url).port
  })
  afterAll(() => server.close())

  it.each(['localhost', '127.0.0.1', '[::1]', 'LocalHost', 'app.localhost', '192.168.1.5', 'mock.test', 'MOCK.test', 'dev.example', 'a.b.dev.example'])(
    'answers Host %s, with and without a port',
    async (host) => {
      for (const sent of [host, `${host}:${port}`]) expect((await get(server.url, '/__mock/health', sent)).status, sent).toBe(200)
    },
  )

  it.each(['evil.example', 'evil.example:80', 'localhost.evil.example', 'mock.test.evil.example', 'evilmock.test', 'xdev.example', 'evil.example@127.0.0.1', '127.0.0.1/evil'])(
    'refuses Host %s with a 403 in the envelope that names it and how to allow it, on the control plane and the API alike',
    async (host) => {
      for (const path of ['/__mock/credentials', '/v2/sites', '/openapi.json']) {
        const response = await get(server.url, path, host)
        expect(response.status, `${host} ${path}`).toBe(403)
        const body = JSON.parse(response.body) as { object: string; code: string; message: string }
        expect(body).toMatchObject({ object: 'error', code: 'forbidden' })
        expect(body.message).toContain(`Host "${host}"`)
        expect(body.message).not.toContain('appApiKey')
      }
    },
  )

  it('says which flag allows a refused host', async () => {
    const body = JSON.parse((await get(server.url, '/v2/sites', 'Evil.Example:4010')).body) as { message: string }
    expect(body.message).toContain('--allowed-host evil.example ')
  })

  it('reads the header whatever its case; lets HTTP/1.0 without Host through, and answers HTTP/1.1 without it in the envelope', async () => {
    expect((await raw(server.url, 'GET /__mock/health HTTP/1.1\r\nHOST: evil.example')).status).toBe(403)
    expect((await raw(server.url, 'GET /__mock/health HTTP/1.1\r\nhOsT: localhost')).status).toBe(200)
    expect((await raw(server.url, 'GET /__mock/health HTTP/1.0')).status).toBe(200)
    const missing = await raw(server.url, 'GET /__mock/health HTTP/1.1')
    expect(missing.status).toBe(400)
    expect(JSON.parse(missing.body)).toMatchObject({ object: 'error', code: 'bad_request', details: [{ field: 'host', message: expect.stringContaining('is required in HTTP/1.1') as string }] })
  })

  it('answers what fetch sends to the printed URL', async () => {
    expect((await fetch(`${server.url}/__mock/health`)).status).toBe(200)
  })

  it('refuses an allowedHosts entry that is not a host name when the server is made', () => {
    expect(() => createNodeServer(server.mock, { allowedHosts: ['mock.test:4010'] })).toThrow('allowedHosts: "mock.test:4010" is not a host name')
  })
})

describe('control-plane writes from web pages', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ allowedHosts: ['mock.test'] })
  })
  afterAll(() => server.close())

  /** POST /__mock/reset with no body: a request a page of any site may send with no CORS preflight. */
  const reset = (origin?: string): Promise<RawResponse> =>
    raw(server.url, `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0${origin === undefined ? '' : `\r\nOrigin: ${origin}`}`)

  it.each(['https://evil.example', 'null', 'http://mock.test.evil.example', 'file://'])('refuses them from %s with a 403 in the envelope, and changes nothing', async (origin) => {
    const site = { workspaceId: server.mock.credentials().workspaces[0]!.id, name: 'Kept' }
    const key = server.mock.credentials().workspaces[0]!.appApiKey
    expect((await server.api.post('/v2/sites', { key, body: site })).status).toBe(201)
    const sites = server.mock.credentials().sites.length
    const response = await reset(origin)
    expect(response.status).toBe(403)
    expect(JSON.parse(response.body)).toMatchObject({ object: 'error', code: 'forbidden', message: expect.stringContaining(`from the web page at ${origin}`) as string })
    expect(server.mock.credentials().sites.length).toBe(sites)
  })

  it('takes them from pages on localhost, a loopback address or an allowed host, and from clients that send no Origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4010', 'http://127.0.0.2', 'http://[::1]:3000', 'http://app.localhost', 'http://mock.test:8080', undefined]) {
      expect((await reset(origin)).status, origin).toBe(200)
    }
  })

  it.each(['http://203.0.113.7', 'http://192.168.1.5:8080', 'http://[2001:db8::7]', 'http://10.0.0.1'])(
    'refuses a form posted from a page on the IP address %s, which is not this machine, and the state stays',
    async (origin) => {
      const before = server.mock.credentials().sites.length
      const key = server.mock.credentials().workspaces[0]!.appApiKey
      expect((await server.api.post('/v2/sites', { key, body: { workspaceId: server.mock.credentials().workspaces[0]!.id, name: 'Kept' } })).status).toBe(201)
      // What a <form method=post> on that page sends: a urlencoded body, no preflight.
      const response = await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'scenario=default' })
      expect(response.status).toBe(403)
      expect(((await response.json()) as { message: string }).message).toContain(`from the web page at ${origin}`)
      expect(server.mock.credentials().sites.length).toBe(before + 1)
    },
  )

  it("takes writes from the server's own pages, whatever address they were reached at", async () => {
    // The dashboard of a server bound to 0.0.0.0, opened at a LAN address: origin and Host agree.
    const response = await raw(server.url, 'POST /__mock/reset HTTP/1.1\r\nHost: 192.168.1.5:4010\r\nContent-Length: 0\r\nOrigin: http://192.168.1.5:4010')
    expect(response.status).toBe(200)
    expect((await raw(server.url, 'POST /__mock/reset HTTP/1.1\r\nHost: 192.168.1.5:4010\r\nContent-Length: 0\r\nOrigin: http://192.168.1.6:4010')).status).toBe(403)
  })

  it('takes writes from a page on the address the server is bound to', async () => {
    const bound = await startMock({ host: '127.0.0.1' })
    try {
      const response = await fetch(`${bound.url}/__mock/reset`, { method: 'POST', headers: { origin: bound.url } })
      expect(response.status).toBe(200)
    } finally {
      await bound.close()
    }
  })

  it('leaves reads to CORS, and API writes to their keys', async () => {
    expect((await raw(server.url, 'GET /__mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example')).status).toBe(200)
    expect((await raw(server.url, 'POST /v2/sites HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nOrigin: https://evil.example')).status).toBe(401)
  })
})

describe('sitemock serve --allowed-host', () => {
  it('adds hosts to the ones answered, and refuses a value that is not a host name in one line', async () => {
    const child = new CliChild(['serve', '--port', '0', '--log', 'off', '--allowed-host', 'mock.test', '--allowed-host', '.example.com'])
    try {
      const url = await child.url()
      expect((await get(url, '/__mock/health', 'mock.test:4010')).status).toBe(200)
      expect((await get(url, '/__mock/health', 'api.example.com')).status).toBe(200)
      expect((await get(url, '/__mock/health', 'other.test')).status).toBe(403)
    } finally {
      await child.stop()
    }
    const bad = new CliChild(['serve', '--port', '0', '--allowed-host', 'http://mock.test:4010'])
    expect(await bad.exit()).toBe(2)
    expect(bad.stderr).toBe(
      'sitemock serve: --allowed-host "http://mock.test:4010" is not a host name; give a name such as mock.test (no scheme, no port), or .example.com for a domain and its subdomains; sitemock serve --help lists the options\n',
    )
  }, 30_000)
})
