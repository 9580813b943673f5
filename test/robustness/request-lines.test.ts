import http from 'node:http'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApiResponse } from '../../src/api/types.js'
import { createMock, type Mock } from '../../src/mock.js'
import { Upstream } from '../../src/proxy/forward.js'
import { answerClientErrors, createExpressMiddleware } from '../../src/transports/express.js'
import { createNodeServer, listenOn, type RunningServer } from '../../src/transports/node-server.js'
import { CliChild } from '../scenarios/cli-child.js'
import { startMock } from '../support/harness.js'
import { envelopeOf, exchange, parseAnswers, type RawAnswer } from './raw-http.js'

const TOKEN = 'request-lines-control-token-0123456789'

/** The request lines a client that takes the server for an HTTP proxy, or a probe, sends. */
const UNROUTABLE = [
  { line: 'GET http://localhost/v2/sites HTTP/1.1', target: 'http://localhost/v2/sites', form: 'absolute-form' },
  { line: 'GET http://169.254.169.254/latest/meta-data/ HTTP/1.1', target: 'http://169.254.169.254/latest/meta-data/', form: 'absolute-form' },
  { line: 'OPTIONS * HTTP/1.1', target: '*', form: 'asterisk-form' },
  { line: 'CONNECT localhost:443 HTTP/1.1', target: 'localhost:443', form: 'authority-form' },
]

/** The base URL once the process listens; a busy machine may take a while to start one. */
async function listening(child: CliChild): Promise<string> {
  return (await child.waitFor(/listening on (http:\/\/\S+)/, 'stdout', 60_000))[1]!
}

async function only(url: string, request: string): Promise<RawAnswer> {
  const answers = parseAnswers(await exchange(url, request))
  expect(answers, request).toHaveLength(1)
  return answers[0]!
}

/** The 400 an unroutable target gets: the envelope, naming the target, its form and what is accepted. */
function expectTargetRefused(answer: RawAnswer, target: string, form: string): void {
  expect(answer.status, answer.body).toBe(400)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  const envelope = envelopeOf(answer)
  expect(envelope).toMatchObject({ object: 'error', code: 'bad_request' })
  expect(envelope!.details).toEqual([{ field: '(request-target)', message: expect.stringContaining(`${JSON.stringify(target)} (${form})`) }])
  expect(envelope!.details![0]!.message).toContain('origin-form target starting with "/"')
}

describe.each([
  { name: 'sitemock serve', args: [] },
  { name: 'serve --control-token', args: ['--control-token', TOKEN] },
  { name: 'serve --no-control', args: ['--no-control'] },
  { name: 'serve --host 0.0.0.0', args: ['--host', '0.0.0.0', '--control-token', TOKEN] },
])('$name: a request line it cannot route', ({ args }) => {
  let child: CliChild
  let url: string
  beforeAll(async () => {
    child = new CliChild(['serve', '--port', '0', '--log', 'off', ...args])
    url = (await listening(child)).replace('0.0.0.0', '127.0.0.1')
  }, 90_000)
  afterAll(() => child.stop())

  it.each(UNROUTABLE)('$line is a 400 in the envelope, and the process answers on', async ({ line, target, form }) => {
    expectTargetRefused(await only(url, `${line}\r\nHost: localhost\r\n\r\n`), target, form)
    expect(child.process.exitCode).toBeNull()
    const health = await fetch(`${url}/__mock/health`, { headers: { 'x-control-token': TOKEN } })
    // 404 under --no-control, which switches the control plane off.
    expect(health.status).toBe(args.includes('--no-control') ? 404 : 200)
    const api = await fetch(`${url}/v2/sites`)
    expect(api.status).toBe(401)
    expect(await api.json()).toMatchObject({ object: 'error', code: 'unauthorized' })
  })
})

describe('the express mount (the node server\'s own request path)', () => {
  it('answers an absolute-form target with the same 400', async () => {
    const server = await startMock({ transport: 'express' })
    try {
      expectTargetRefused(await only(server.url, 'GET http://localhost/v2/sites HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 'http://localhost/v2/sites', 'absolute-form')
    } finally {
      await server.close()
    }
  })
})

describe('pipelined requests followed by bytes that are not HTTP', () => {
  let child: CliChild
  let url: string
  beforeAll(async () => {
    child = new CliChild(['serve', '--port', '0', '--log', 'off'])
    url = await listening(child)
  }, 90_000)
  afterAll(() => child.stop())

  it('each get their answer, in order, and then the garbage its 400', async () => {
    const count = 2000
    const stream = await exchange(url, 'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(count) + 'NOT HTTP \x00\x01\r\n\r\n', { settleMs: Infinity, timeoutMs: 30_000 })
    const answers = parseAnswers(stream)
    expect(answers.slice(0, -1).filter((answer) => answer.status === 200)).toHaveLength(count)
    expect(answers).toHaveLength(count + 1)
    expect(answers.at(-1)!.status).toBe(400)
    expect(envelopeOf(answers.at(-1)!)).toMatchObject({ code: 'bad_request', details: [{ field: '(request)' }] })
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
  }, 60_000)
})

/** A mock that answers as `real` does except where `answer` gives its own (or throws). */
function mockWith(real: Mock, answer: (path: string) => ApiResponse | undefined, settled?: () => Promise<void> | undefined): Mock {
  const mock = Object.create(real) as Mock
  mock.respond = (request) => answer(request.path) ?? real.respond(request)
  if (settled) mock.settled = settled
  return mock
}

/** An answer that throws for /boom. */
const throwsOnBoom =
  (message: string) =>
  (path: string): ApiResponse | undefined => {
    if (path === '/boom') throw new Error(message)
    return undefined
  }

/** A response Node refuses to write: a header value with a line break. */
const UNWRITABLE: ApiResponse = { status: 200, headers: { 'x-broken': 'a\nb' }, body: { ok: true } }

describe('the last guard of request handling', () => {
  const real = createMock()
  const servers: RunningServer[] = []
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
    errors.mockClear()
  })
  afterAll(() => errors.mockRestore())

  const start = async (mock: Mock): Promise<string> => {
    const server = await listenOn(createNodeServer(mock), { port: 0 })
    servers.push(server)
    return server.url
  }

  /** The 500 of the guard: the envelope, no stack, one line logged naming method and path; then the server answers on. */
  const expectGuarded = async (url: string, response: Response, method: string): Promise<void> => {
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ object: 'error', code: 'internal_error', message: expect.stringContaining('unexpected error') })
    expect(text).not.toMatch(/\bat .*\.ts:\d+/)
    const lines = errors.mock.calls.map((call) => call.join(' '))
    expect(lines.some((line) => line.includes(`unexpected error on ${method} "/boom"`) && !line.includes('\n'))).toBe(true)
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
  }

  it('answers a 500 when the answer throws at once', async () => {
    const url = await start(mockWith(real, throwsOnBoom('respond broke')))
    await expectGuarded(url, await fetch(`${url}/boom`), 'GET')
  })

  it('answers a 500 when the answer throws after the body is read', async () => {
    const url = await start(mockWith(real, throwsOnBoom('respond broke on a body')))
    await expectGuarded(url, await fetch(`${url}/boom`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }), 'POST')
  })

  it('answers a 500 when writing throws once the changes are saved', async () => {
    const url = await start(mockWith(real, (path) => (path === '/boom' ? UNWRITABLE : undefined), () => Promise.resolve()))
    await expectGuarded(url, await fetch(`${url}/boom`), 'GET')
  })

  it('answers a 500 when writing throws after an injected delay', async () => {
    const url = await start(mockWith(real, (path) => (path === '/boom' ? { ...UNWRITABLE, delayMs: 10 } : undefined)))
    await expectGuarded(url, await fetch(`${url}/boom`), 'GET')
  })

  it('answers a 500 in the envelope through the express mount too', async () => {
    const app = express()
    app.use(createExpressMiddleware(mockWith(real, throwsOnBoom('respond broke'))))
    const server = http.createServer(app)
    answerClientErrors(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      await expectGuarded(url, await fetch(`${url}/boom`), 'GET')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('sitemock proxy: a request line it cannot route', () => {
  const received: string[] = []
  let deployment: http.Server
  let deploymentUrl: string
  let proxy: CliChild
  let url: string
  beforeAll(async () => {
    // A deployment that records the target of every request it gets.
    deployment = http.createServer((req, res) => {
      received.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
    })
    await new Promise<void>((resolve) => deployment.listen(0, '127.0.0.1', resolve))
    deploymentUrl = `http://127.0.0.1:${(deployment.address() as AddressInfo).port}`
    proxy = new CliChild(['proxy', '--to', `${deploymentUrl}/base`, '--port', '0', '--log', 'off'])
    url = await listening(proxy)
  }, 90_000)
  afterAll(async () => {
    await proxy.stop()
    deployment.closeAllConnections()
    await new Promise((resolve) => deployment.close(resolve))
  })

  it.each(UNROUTABLE)('$line is a 400 in the envelope, nothing reaches the deployment, and the proxy forwards on', async ({ line, target, form }) => {
    received.length = 0
    expectTargetRefused(await only(url, `${line}\r\nHost: localhost\r\n\r\n`), target, form)
    expect(received).toEqual([])
    expect(proxy.process.exitCode).toBeNull()
    // The deployment gets its own base path and the caller's path and query, in origin form.
    const answer = await only(url, 'GET /v2/sites?limit=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(200)
    expect(received).toEqual(['/base/v2/sites?limit=1'])
  })

  it('never sends a target of another form, whoever asks Upstream', async () => {
    received.length = 0
    const upstream = new Upstream(deploymentUrl)
    try {
      await expect(upstream.send({ method: 'GET', pathAndQuery: 'http://169.254.169.254/latest/meta-data/', rawHeaders: [], body: Buffer.alloc(0) })).rejects.toThrow('origin-form target starting with "/"')
      expect(received).toEqual([])
    } finally {
      upstream.close()
    }
  })
})
