import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { CliChild } from '../scenarios/cli-child.js'
import { exchange, parseAnswers } from './raw-http.js'
import { prng } from '../support/prng.js'

/**
 * Request lines and headers as no well-behaved client writes them, over raw sockets, against
 * `sitemock serve` and `sitemock proxy` as real processes. Reproducible: the seed is fixed (or
 * SITEMOCK_FUZZ_SEED), and a failure names it with the request that failed.
 */
const SEED = Number(process.env.SITEMOCK_FUZZ_SEED ?? 20_261_128)
/** Bounds of each run: whichever comes first. */
const MAX_REQUESTS = 750
const MAX_MS = 4000
const CONCURRENCY = 16


type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const METHODS = ['GET', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'get', 'Post', 'FOO', 'BREW', 'M-SEARCH', 'X'.repeat(5000), '', 'G\tET']
const VERSIONS = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'http/1.1', 'HTTP/1.1 extra', 'JUNK', '']
const ORIGIN = ['/', '/v2/sites', '/v2/sites?workspaceId=x&limit=5', '/__mock/health', '/__mock/requests?limit=1', '/v2/pages/%E2%82', '/v2/sites/%zz%', '/v2//sites', '//169.254.169.254/latest', '/v2/sites#frag', '/a?b=%00&c=%ff']
const ABSOLUTE = ['http://localhost/v2/sites', 'http://127.0.0.1:1/__mock/health', 'http://169.254.169.254/latest/meta-data/', 'https://example.com:443/v2/sites?x=1', 'HTTP://X/Y', 'ftp://x/y', 'http://[::1]/']
const AUTHORITY = ['localhost:4010', 'example.com:443', '[::1]:80', '169.254.169.254:80', ':80']
const GARBAGE = ['*', '', 'abc', '%2F', '?a=b', '\x01', '/a b', '/é', '\\', '/\x7f', ' /']

function target(random: Random): string {
  const roll = random()
  if (roll < 0.3) return pick(random, ORIGIN)
  if (roll < 0.45) return pick(random, ABSOLUTE)
  if (roll < 0.55) return pick(random, AUTHORITY)
  if (roll < 0.65) return pick(random, GARBAGE)
  if (roll < 0.75) return `/${Array.from({ length: 1 + Math.floor(random() * 20) }, () => `%${Math.floor(random() * 256).toString(16).padStart(2, pick(random, ['0', 'g', '%']))}`).join('')}`
  if (roll < 0.8) return `/v2/sites?q=${'a'.repeat(Math.floor(random() * 80_000))}`
  // Bytes of any value, as a target.
  return Buffer.from(Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * 256))).toString('latin1')
}

/** Header lines and the body that goes with them, in every shape the fuzz knows. */
function headersAndBody(random: Random): { lines: string[]; body: string } {
  const lines: string[] = []
  const hostRoll = random()
  if (hostRoll < 0.8) lines.push('Host: localhost')
  else if (hostRoll < 0.9) lines.push('Host: localhost', 'Host: evil.example')
  else if (hostRoll < 0.95) lines.push(`Host: ${pick(random, ['', 'a b', 'evil.example', '[::1', 'localhost:99999'])}`)
  if (random() < 0.3) lines.push(`x-api-key: sk_${Math.floor(random() * 1e9)}`)
  if (random() < 0.2) lines.push('X-Folded: first', ' continued after a fold')
  if (random() < 0.1) lines.push(`X-Long: ${'v'.repeat(Math.floor(random() * 70_000))}`)
  if (random() < 0.1) lines.push(pick(random, ['Expect: 100-continue', 'Connection: upgrade', 'Upgrade: websocket', 'Connection: keep-alive, Upgrade', 'Bad Header: x', 'NoColon', ': empty name', 'X-Ctl: a\x01b', 'Transfer-Encoding: gzip']))
  const payload = '{"name":"fuzz"}'
  let body = ''
  const bodyRoll = random()
  if (bodyRoll < 0.15) {
    lines.push(`Content-Length: ${payload.length}`)
    body = payload
  } else if (bodyRoll < 0.25) {
    lines.push(`Content-Length: ${payload.length}`, `Content-Length: ${pick(random, [payload.length, payload.length + 3, 0])}`)
    body = payload
  } else if (bodyRoll < 0.35) {
    lines.push('Transfer-Encoding: chunked', `Content-Length: ${payload.length}`)
    body = `${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n`
  } else if (bodyRoll < 0.42) {
    lines.push('Transfer-Encoding: chunked')
    body = pick(random, [`${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n`, 'zz\r\nnot a chunk\r\n0\r\n\r\n', '5\r\nab\r\n0\r\n\r\n'])
  } else if (bodyRoll < 0.45) {
    lines.push(`Content-Length: ${pick(random, ['-1', 'abc', '1e3', ' 15', '99999999999999999999'])}`)
  }
  if (random() < 0.5) lines.push('Connection: close')
  return { lines, body }
}

interface Case {
  method: string
  bytes: string
}

function fuzzCase(random: Random): Case {
  const method = pick(random, METHODS)
  const { lines, body } = headersAndBody(random)
  const lineEnd = random() < 0.05 ? '\n' : '\r\n'
  return { method, bytes: `${method} ${target(random)} ${pick(random, VERSIONS)}${lineEnd}${lines.join(lineEnd)}${lineEnd}${lineEnd}${body}` }
}

/** What is wrong with the answers to `fuzzed`, or undefined when each is a well-formed answer below 500. */
async function problemOf(url: string, fuzzed: Case): Promise<string | undefined> {
  let stream: Buffer
  try {
    stream = await exchange(url, Buffer.from(fuzzed.bytes, 'latin1'), { patienceMs: 400, timeoutMs: 6000 })
  } catch (error) {
    return (error as Error).message
  }
  try {
    const answers = parseAnswers(stream, (index) => index === 0 && fuzzed.method === 'HEAD')
    const failed = answers.find((answer) => answer.status >= 500)
    if (failed) return `${failed.statusLine}: ${failed.body.slice(0, 300)}`
  } catch (error) {
    return `${(error as Error).message}; got ${JSON.stringify(stream.toString('latin1').slice(0, 300))}`
  }
  return undefined
}

/** Sends fuzzed requests, a few at a time, until either bound; resolves with the failures. */
async function fuzz(url: string, seed: number): Promise<{ sent: number; failures: string[] }> {
  const random = prng(seed)
  const cases = Array.from({ length: MAX_REQUESTS }, () => fuzzCase(random))
  const failures: string[] = []
  const deadline = Date.now() + MAX_MS
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < cases.length && Date.now() < deadline) {
      const index = next++
      const problem = await problemOf(url, cases[index]!)
      if (problem) failures.push(`case ${index} of seed ${seed}: ${JSON.stringify(cases[index]!.bytes.slice(0, 300))} → ${problem}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { sent: next, failures }
}

async function listening(child: CliChild): Promise<string> {
  return (await child.waitFor(/listening on (http:\/\/\S+)/, 'stdout', 60_000))[1]!
}

describe('fuzzed request lines and headers', () => {
  let serve: CliChild
  let serveUrl: string
  let proxy: CliChild
  let proxyUrl: string
  let deployment: http.Server
  const received: string[] = []
  beforeAll(async () => {
    serve = new CliChild(['serve', '--port', '0', '--log', 'off'])
    // A deployment for the proxy that records the target of every request it gets.
    deployment = http.createServer((req, res) => {
      received.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
    })
    await new Promise<void>((resolve) => deployment.listen(0, '127.0.0.1', resolve))
    const deploymentUrl = `http://127.0.0.1:${(deployment.address() as AddressInfo).port}`
    proxy = new CliChild(['proxy', '--to', `${deploymentUrl}/base`, '--port', '0', '--log', 'off'])
    ;[serveUrl, proxyUrl] = await Promise.all([listening(serve), listening(proxy)])
  }, 90_000)
  afterAll(async () => {
    await Promise.all([serve.stop(), proxy.stop()])
    deployment.closeAllConnections()
    await new Promise((resolve) => deployment.close(resolve))
  })

  it('get well-formed answers below 500 from sitemock serve, which then answers as before', async () => {
    const { sent, failures } = await fuzz(serveUrl, SEED)
    console.log(`request fuzz: ${sent} requests to sitemock serve (seed ${SEED})`)
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(50)
    expect(serve.process.exitCode).toBeNull()
    expect((await fetch(`${serveUrl}/__mock/health`)).status).toBe(200)
    const credentials = (await (await fetch(`${serveUrl}/__mock/credentials`)).json()) as Credentials
    const workspace = credentials.workspaces[0]!
    const sites = await fetch(`${serveUrl}/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
    expect(sites.status).toBe(200)
    expect(await sites.json()).toMatchObject({ data: expect.any(Array) })
  }, 60_000)

  it('get well-formed answers below 500 from sitemock proxy, which sends the deployment origin-form targets only', async () => {
    const { sent, failures } = await fuzz(proxyUrl, SEED + 1)
    console.log(`request fuzz: ${sent} requests to sitemock proxy (seed ${SEED + 1})`)
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(50)
    expect(received.filter((target) => !target.startsWith('/base/'))).toEqual([])
    expect(proxy.process.exitCode).toBeNull()
    expect((await fetch(`${proxyUrl}/__mock/health`)).status).toBe(200)
    received.length = 0
    expect((await fetch(`${proxyUrl}/v2/sites?limit=1`)).status).toBe(200)
    expect(received).toEqual(['/base/v2/sites?limit=1'])
  }, 60_000)
})
