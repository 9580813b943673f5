import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import { estimate, estimateLine, span } from '../../src/contract/estimate.js'
import { exitCodeOf, render } from '../../src/contract/reporters/index.js'
import { apiRequestOf } from './nonconforming-server.js'
import { defaultMaxRps, isLoopback } from '../../src/contract/throttle.js'
import type { CheckResult, ContractReport, Failure } from '../../src/contract/types.js'
import { createMock, type Mock } from '../../src/mock.js'

// The built command, as users run it (npm test builds first).
const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

interface Run {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

function contract(args: string[]): Promise<Run> {
  const started = Date.now()
  const child = spawn(process.execPath, [BIN, 'contract', ...args], { env: { ...process.env, SITEMOCK_MAX_RPS: '', SITEMOCK_REPORTER: '' } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr, ms: Date.now() - started }))
}

interface Arrival {
  method: string
  path: string
  /** performance.now() when the request arrived. */
  at: number
}

interface Served {
  url: string
  arrivals: Arrival[]
  close(): Promise<void>
}

const servers: Served[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A server on 127.0.0.1 answering with `answer`, recording when each request came. */
async function serve(answer: (request: ApiRequest) => ApiResponse): Promise<Served> {
  const arrivals: Arrival[] = []
  const server = http.createServer((req, res) => {
    const at = performance.now()
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const request = apiRequestOf(req, text)
      arrivals.push({ method: request.method, path: request.path, at })
      const response = answer(request)
      const payload = response.body === undefined ? undefined : typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
      res.writeHead(response.status, { ...(payload === undefined || typeof response.body === 'string' ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...response.headers })
      res.end(payload)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const served = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  servers.push(served)
  return served
}

/** The mock behind a server, with `change` applied to its answers. */
async function serveMock(change: (request: ApiRequest, response: ApiResponse) => ApiResponse = (_, response) => response): Promise<Served & { mock: Mock; keys: string[] }> {
  const mock = createMock({ rateLimit: false })
  const served = await serve((request) => change(request, mock.handle(request)))
  const { workspaces } = mock.credentials()
  return { ...served, mock, keys: ['--base-url', served.url, '--api-key', workspaces[0]!.appApiKey, '--workspace-id', workspaces[0]!.id] }
}

const noStackTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at /)

const PAGE = `<!doctype html><html><head><title>Welcome</title></head><body>${'<p>Our company builds websites.</p>'.repeat(30)}</body></html>`
const html = (status: number, body = PAGE): ApiResponse => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body })
const json = (status: number, body: unknown): ApiResponse => ({ status, headers: { 'content-type': 'application/json' }, body })

describe('a target that is not the API', () => {
  const notTheApi = (url: string, answered: string): string =>
    `sitemock contract: the target at ${url} is not the Site-Building Service API: GET /v2/sites answered ${answered}; --base-url must be the API's root, where GET /v2/sites lists sites\n`

  const GATEWAY = '<html><body><h1>502 Bad Gateway</h1></body></html>'
  const OTHER = { status: 'ok', items: [{ id: 1 }] }
  const NOT_FOUND = { object: 'error', code: 'not_found', message: 'Not found' }
  it.each([
    ['an HTML page', () => html(200), `200 text/html ("${PAGE.slice(0, 40)}…", ${Buffer.byteLength(PAGE)} bytes)`],
    ['JSON of another service', () => json(200, OTHER), `200 application/json (${JSON.stringify(OTHER)}, ${JSON.stringify(OTHER).length} bytes), which is not the API's list ({"object":"list","data":[...]})`],
    ['a 404 on every path, even in the error envelope', () => json(404, NOT_FOUND), `404 application/json (${JSON.stringify(NOT_FOUND).slice(0, 40)}…, ${JSON.stringify(NOT_FOUND).length} bytes), and the API always has this path`],
    ["a proxy's 502 page", () => html(502, GATEWAY), `502 text/html ("${GATEWAY.slice(0, 40)}…", ${GATEWAY.length} bytes)`],
    ['a redirect to a login page', () => ({ status: 302, headers: { location: 'https://login.example.com/' }, body: undefined }), '302, a redirect to https://login.example.com/'],
  ])('stops at once with exit 2 and one line naming what answered: %s', async (_, answer, answered) => {
    const server = await serve(answer)
    const { code, stdout, stderr } = await contract(['--base-url', server.url, '--api-key', 'sk_aaaaaaaaaaaaaaaaaaaaaaaa', '--reporter', 'json'])
    expect(stderr).toBe(notTheApi(server.url, answered))
    expect(code).toBe(2)
    expect(stdout).toBe('')
    // One probe, not a run of checks against the page.
    expect(server.arrivals.length).toBe(1)
    noStackTrace(stderr)
  })

  it('says so without --api-key too, rather than asking for a key', async () => {
    const server = await serve(() => html(200))
    const { code, stderr } = await contract(['--base-url', server.url])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^sitemock contract: the target at http:\/\/127\.0\.0\.1:\d+ is not the Site-Building Service API: GET \/v2\/sites answered 200 text\/html \("<!doctype html>/)
    expect(stderr.split('\n')).toHaveLength(2)
    expect(stderr).not.toContain('--api-key (or SITEMOCK_API_KEY) is required')
  })

  it('lets the API through whatever it answers in its envelope (here a 401 for a refused key)', async () => {
    const server = await serveMock()
    const { code, stderr } = await contract(['--base-url', server.url, '--api-key', 'sk_bbbbbbbbbbbbbbbbbbbbbbbb'])
    expect(code).toBe(2)
    expect(stderr).toBe('sitemock contract: the target refused --api-key (401 unauthorized on GET /v2/sites); check the key\n')
  })

  it('tells the API by its envelope, not its content type: under a wrong one the checks run and report it', async () => {
    const server = await serveMock((_, response) => ({ ...response, headers: { ...response.headers, 'content-type': 'text/plain' } }))
    const { code, stdout, stderr } = await contract([...server.keys, '--only', 'schema', '--reporter', 'json'])
    expect(stderr).not.toContain('is not the Site-Building Service API')
    expect(code).toBe(1)
    expect(stdout).toContain('expected the content type application/json, got text/plain')
  })
})

describe('failure bodies', () => {
  const TAIL = 'END-OF-THE-LONG-FIELD'
  // The site read by id comes back with a wrong type and a long field the schema does not know.
  const longSites = (request: ApiRequest, response: ApiResponse): ApiResponse =>
    request.method === 'GET' && /^\/v2\/sites\/[^/]+$/.test(request.path) && response.status === 200
      ? { ...response, body: { ...(response.body as Record<string, unknown>), name: 42, notes: `${'n'.repeat(1500)}${TAIL}` } }
      : response

  it('are cut at 300 characters in pretty, with their length and where to read them whole, and whole in JSON and JUnit', async () => {
    const server = await serveMock(longSites)
    const args = [...server.keys, '--only', 'schema']
    const pretty = await contract(args)
    expect(pretty.code).toBe(1)
    const response = /\n +response: 200 (\{"object":"site".*)\n/.exec(pretty.stdout)
    expect(response, pretty.stdout.slice(0, 2000)).not.toBeNull()
    expect(response![1]).toMatch(/^.{300}… \(\d{4} characters; whole in --reporter json\)$/)
    expect(pretty.stdout).not.toContain(TAIL)
    expect(pretty.stdout).not.toMatch(/.{700}/)

    const parsed = JSON.parse((await contract([...args, '--reporter', 'json'])).stdout) as ContractReport
    const bodies = parsed.checks.flatMap((check) => check.failures).map((failure) => failure.response?.body as { notes?: string } | undefined)
    expect(bodies.some((body) => body?.notes === `${'n'.repeat(1500)}${TAIL}`)).toBe(true)

    const junit = (await contract([...args, '--reporter', 'junit'])).stdout
    expect(junit).toContain(`response: 200 {&quot;object&quot;:&quot;site&quot;`)
    expect(junit).toContain(`${'n'.repeat(1500)}${TAIL}`)
    expect(junit).not.toContain('whole in --reporter json')
  })
})

describe('the pace', () => {
  it('a target on this machine (localhost, 127.0.0.0/8, ::1) is not paced unless --max-rps says so; any other is paced at 20/s', () => {
    for (const url of ['http://127.0.0.1:8080', 'http://127.3.2.1', 'http://localhost:3000/', 'http://[::1]:4000', 'http://[::ffff:127.0.0.1]/']) {
      expect(isLoopback(url), url).toBe(true)
      expect(defaultMaxRps(url)).toBe(0)
    }
    for (const url of ['https://staging.example.com', 'http://10.0.0.5:8080', 'http://[::2]/', 'http://localhost.example.com']) {
      expect(isLoopback(url), url).toBe(false)
      expect(defaultMaxRps(url)).toBe(20)
    }
  })

  it('says so in --help', async () => {
    const { stdout } = await contract(['--help'])
    expect(stdout).toContain('(default 20, and no limit for a target on this\n                        machine: localhost, 127.0.0.0/8, ::1)')
  })

  it('sends 100 requests to a local --base-url in far less than the 5 s that 20 requests/s would take', async () => {
    const server = await serveMock()
    const { code, stderr } = await contract([...server.keys, '--only', 'validation,versions,auth', '--reporter', 'json'])
    expect(code, stderr).toBe(0)
    const times = server.arrivals.map((arrival) => arrival.at)
    expect(times.length).toBeGreaterThanOrEqual(100)
    expect(times[99]! - times[0]!).toBeLessThan(3000)
    expect(stderr).toContain('no limit on requests per second')
  })

  it('honours an explicit --max-rps against a local target, the probes that learn its choices first included', async () => {
    const server = await serveMock()
    const { code, stderr } = await contract([...server.keys, '--only', 'versions,auth', '--max-rps', '25', '--reporter', 'json'])
    expect(code, stderr).toBe(0)
    expect(stderr).toMatch(/learned \d+ free choices of the target first/)
    const times = server.arrivals.map((arrival) => arrival.at)
    // The probes send 80 and more requests of their own: they are paced with the rest.
    expect(times.length).toBeGreaterThanOrEqual(110)
    // Starts 40 ms apart; the preflight's two requests come before the pace applies.
    expect(times[times.length - 1]! - times[0]!).toBeGreaterThanOrEqual((times.length - 3) * 40 * 0.9)
    expect(stderr).toContain('at most 25 requests/s')
  })
})

describe('a 5xx', () => {
  const PAGE_UPDATE = /^\/v6\/pages\/[^/]+$/
  const failingPageUpdates = (request: ApiRequest, response: ApiResponse): ApiResponse =>
    request.method === 'PATCH' && PAGE_UPDATE.test(request.path) ? json(500, { object: 'error', code: 'internal_error', message: 'Internal server error' }) : response

  it('is a server error breaking both documents in every failure it causes, in JSON, pretty and JUnit', async () => {
    const server = await serveMock(failingPageUpdates)
    const args = [...server.keys, '--only', 'lifecycle,validation,conflicts']
    const run = await contract([...args, '--reporter', 'json'])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout) as { checks: Array<Omit<CheckResult, 'failures'> & { failures: Array<Failure & { label: string }> }> }
    const serverErrors = report.checks.flatMap((check) => check.failures.filter((failure) => failure.response?.status === 500).map((failure) => ({ check, failure })))
    // The page update fails in the lifecycle checks and in the validation checks of its fields, some of them service rules alone.
    expect(serverErrors.length).toBeGreaterThanOrEqual(5)
    expect(new Set(serverErrors.map(({ check }) => check.group))).toEqual(new Set(['lifecycle', 'validation', 'conflicts']))
    for (const { check, failure } of serverErrors) {
      expect(failure.documents, check.id).toEqual(['specification', 'published OpenAPI'])
      expect(failure.label, check.id).toBe('server error')
      expect(check.status, check.id).toBe('failed')
    }

    const pretty = (await contract(args)).stdout
    const blocks = pretty.split(/\n {4}(?=\S)/).filter((block) => /\n +response: 500 /.test(block))
    expect(blocks.length).toBe(serverErrors.length)
    for (const block of blocks) expect(block).toMatch(/^[^\n]*\n +breaks: a server error \(5xx\): no document allows one\n/)

    const junit = (await contract([...args, '--reporter', 'junit'])).stdout
    const failures = [...junit.matchAll(/<failure message="[^"]*" type="([^"]*)">([^<]*)<\/failure>/g)].filter((match) => match[2]!.includes('response: 500 '))
    expect(failures.length).toBe(serverErrors.length)
    for (const match of failures) expect(match[1]).toBe('server error')
  }, 60_000)

  it('fails a check whose failures were otherwise differences from sitemock\'s choices only', () => {
    const check: CheckResult = {
      id: 'pagination.sites.order',
      group: 'pagination',
      name: 'GET /v2/sites lists sites in creation order',
      rule: 'order',
      status: 'differs',
      offsetMs: 0,
      durationMs: 5,
      failures: [{ message: 'expected 200, got 503', documents: ['sitemock behaviour'], leftOpen: 'ties', response: { status: 503 } }],
    }
    const report: ContractReport = {
      runId: '00000000',
      tag: 'contract-00000000',
      baseUrl: 'http://127.0.0.1:1',
      profile: 'documents',
      readOnly: false,
      startedAt: new Date(0).toISOString(),
      durationMs: 5,
      interrupted: false,
      checks: [check],
      notices: [],
      cleanup: { deleted: [], leftBehind: [] },
    }
    expect(exitCodeOf(report)).toBe(1)
    const parsed = JSON.parse(render(report, 'json')) as ContractReport
    expect(parsed.checks[0]!.status).toBe('failed')
    expect(parsed.checks[0]!.failures[0]!.documents).toEqual(['specification', 'published OpenAPI'])
    expect(render(report, 'pretty')).toContain('✗ pagination › GET /v2/sites lists sites in creation order')
    expect(render(report, 'junit')).toContain('type="server error"')
  })
})

describe('the estimate before the first check', () => {
  /** The range of the estimate line, in ms. */
  function range(stderr: string): { line: string; lowMs: number; highMs: number } {
    const line = stderr.split('\n').find((text) => /^about \d/.test(text))
    expect(line, stderr.slice(0, 1000)).toBeDefined()
    const match = /: (?:roughly (\d+(?:\.\d+)?)(?:-(\d+))? s|under a second)$/.exec(line!)
    expect(match, line).not.toBeNull()
    if (match![1] === undefined) return { line: line!, lowMs: 0, highMs: 1000 }
    return { line: line!, lowMs: Number(match![1]) * 1000, highMs: Number(match![2] ?? match![1]) * 1000 }
  }

  it('comes first on stderr and is in the right range for a local run without a limit', async () => {
    const server = await serveMock()
    const run = await contract([...server.keys, '--only', 'schema,auth,versions,pagination,lifecycle', '--reporter', 'json'])
    expect(run.code, run.stderr).toBe(0)
    const { line, lowMs, highMs } = range(run.stderr)
    // After the run tag, said before any write.
    expect(run.stderr.split('\n')[0]).toMatch(/^sitemock contract: run tag contract-[0-9a-f]{8}: /)
    expect(run.stderr.split('\n')[1]).toBe(line)
    expect(line).toMatch(/^about \d+ checks \(about \d+ requests\); no limit on requests per second: (roughly|under)/)
    const { durationMs } = JSON.parse(run.stdout) as ContractReport
    // Unpaced, the run's time is the machine's: other test files running beside it make the one
    // round trip measured before the run, and the run itself, slower or faster than each other.
    expect(durationMs).toBeGreaterThanOrEqual(lowMs * 0.1)
    expect(durationMs).toBeLessThanOrEqual(highMs * 6)
    // About as many requests as it said, give or take a third.
    const said = Number(/\(about ([\d,]+) requests\)/.exec(line)![1]!.replace(/,/g, ''))
    expect(server.arrivals.length).toBeGreaterThan(said * 0.66)
    expect(server.arrivals.length).toBeLessThan(said * 1.5)
  })

  it('says within 2x how many requests a full run sends, the stateful group included, as the report counts them', async () => {
    const server = await serveMock()
    const run = await contract([...server.keys, '--stateful-runs', '20', '--reporter', 'json'])
    expect(run.code, run.stderr).toBe(0)
    const line = run.stderr.split('\n').find((text) => /^about \d/.test(text)) ?? ''
    expect(line).toMatch(/^about \d+ checks and the stateful group \(up to 60 s or 20 sequences\) \(about [\d,]+ requests\); /)
    const said = Number(/\(about ([\d,]+) requests\)/.exec(line)![1]!.replace(/,/g, ''))
    const report = JSON.parse(run.stdout) as ContractReport
    // The report counts what the target received, cleanup included; the preflight before the run is not the run's.
    expect(server.arrivals.length - report.requests!).toBeGreaterThanOrEqual(0)
    expect(server.arrivals.length - report.requests!).toBeLessThanOrEqual(5)
    expect(said).toBeGreaterThan(1500)
    expect(report.requests!).toBeGreaterThan(said / 2)
    expect(report.requests!).toBeLessThan(said * 2)
  }, 120_000)

  it('counts the pace of --max-rps for a throttled run', async () => {
    const server = await serveMock()
    const run = await contract([...server.keys, '--only', 'auth,versions,conflicts', '--max-rps', '40', '--reporter', 'json'])
    expect(run.code, run.stderr).toBe(0)
    const { line, lowMs, highMs } = range(run.stderr)
    expect(line).toMatch(/^about \d+ checks \(about \d+ requests\); at most 40 requests\/s: roughly /)
    const requests = server.arrivals.length
    // At 40 requests/s the run cannot be shorter than its requests allow; the estimate knows it.
    expect(highMs).toBeGreaterThanOrEqual((requests / 40) * 1000 * 0.8)
    const { durationMs } = JSON.parse(run.stdout) as ContractReport
    expect(durationMs).toBeGreaterThanOrEqual(lowMs * 0.5)
    expect(durationMs).toBeLessThanOrEqual(highMs * 2)
  })

  it('reads as a range people can plan with', () => {
    const plan = { checks: 240, requests: 1000, stateful: { runs: 1000, timeMs: 60_000 }, maxRps: 20, concurrency: 1 }
    // At 20 requests/s, 60 s of the stateful group send about 1,200 requests, beside the checks' 1,000.
    expect(estimateLine(plan, 30)).toBe('about 240 checks and the stateful group (up to 60 s or 1,000 sequences) (about 2,300 requests); at most 20 requests/s: roughly 1-3 minutes')
    expect(span({ lowMs: 400, highMs: 900 })).toBe('under a second')
    expect(span({ lowMs: 3_200, highMs: 6_100 })).toBe('3-7 s')
    expect(span({ lowMs: 40_000, highMs: 130_000 })).toBe('40 s to 3 minutes')
    // A far target: the round trip, not the pace, sets the length.
    const far = estimate({ ...plan, stateful: undefined }, 300)
    expect(far.lowMs).toBeGreaterThan(1000 * 0.3 * 0.6 * 1000)
    // A few sequences end before the time is up: the group lasts what they take.
    const few = { checks: 0, requests: 0, stateful: { runs: 2, timeMs: 60_000 }, maxRps: 0, concurrency: 1 }
    expect(estimateLine(few, 1)).toBe('the stateful group (up to 60 s or 2 sequences) (about 130 requests); no limit on requests per second: under a second')
    expect(estimate({ ...plan, stateful: { runs: 2, timeMs: 60_000 } }, 30).highMs).toBeLessThan(estimate(plan, 30).lowMs)
    expect(estimateLine({ checks: 0, requests: 0, maxRps: 20, concurrency: 1 }, 30)).toBe('no check runs with these flags: each is skipped, with its reason in the report')
  })
})
