import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import type { ErrorBody, ErrorDetail, FaultList, OverrideList } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { SessionJournal } from '../../src/transports/browser-session.js'
import { createSavedMock } from '../../src/transports/browser-state.js'
import { start } from '../support/cli-process.js'
import { startMock, type TestServer } from '../support/harness.js'
import { MemoryStorage } from '../support/memory-storage.js'
import { control } from './support.js'

// One check of a fault and of an override, on every way in: code, the control plane, a file, a page.

/** Faults that the control plane always refused, and code took (an answer of 200 with an error body). */
const BAD_FAULTS: Array<[object, string, RegExp]> = [
  [{ status: 200 }, 'status', /from 400 to 599; got number 200/],
  [{ status: 302 }, 'status', /from 400 to 599; got number 302/],
  [{ status: 500, retries: 3 }, 'retries', /is not a known field; accepted fields: route, latencyMs, errorRate, status, drop, seed/],
  [{ errorRate: 2 }, 'errorRate', /from 0 to 1.*got number 2/],
  [{ latencyMs: -5 }, 'latencyMs', /milliseconds from 0 to 60000.*got number -5/],
  [{ latencyMs: 600_000 }, 'latencyMs', /milliseconds from 0 to 60000/],
]

/** A listSites answer in another API's shape: the app reads `data` and crashes. */
const WRONG_LIST = { match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', items: [] } } }
const EMPTY_LIST = { match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } }

const FRAMING = ['Content-Length', 'transfer-encoding', 'CONNECTION', 'keep-alive', 'Upgrade', 'te', 'Trailer']
const withHeader = (name: string) => ({ match: { operation: 'getSite' }, response: { status: 503, headers: { [name]: '0' } } })

/** The details of the 400 an ApiError carries, as a thrown error shows them. */
function detailsOf(action: () => unknown): ErrorDetail[] {
  try {
    action()
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.details ?? []
    throw error
  }
  throw new Error('expected a 400, and nothing was thrown')
}

const messageOf = (details: ErrorDetail[], field: string): string | undefined => details.find((detail) => detail.field === field)?.message

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a fault from code is checked as POST /__mock/faults checks it', () => {
  it.each(BAD_FAULTS)('mock.faults.add(%j) throws naming %s, and adds nothing', (fault, field, message) => {
    const mock = createMock({ scenario: 'empty' })
    const details = detailsOf(() => mock.faults.add(fault))
    expect(messageOf(details, field), JSON.stringify(details)).toMatch(message)
    expect(mock.faults.size).toBe(0)
  })

  it('the thrown error says the field, the problem and what is accepted in its message; any error status is taken', () => {
    const mock = createMock({ scenario: 'empty' })
    expect(() => mock.faults.add({ status: 200 })).toThrow('status is out of range; must be an HTTP error status from 400 to 599; got number 200')
    for (const status of [400, 418, 429, 503, 599]) expect(mock.faults.add({ status }).status).toBe(status)
  })

  it('createMock({ faults }) refuses a bad one at start', () => {
    expect(() => createMock({ scenario: 'empty', faults: [{ errorRate: 2 }] })).toThrow(/errorRate is out of range/)
  })
})

describe('an override from code', () => {
  it('refuses a body that breaks the operation’s response schema, naming each field and what is accepted', () => {
    const mock = createMock({ scenario: 'empty' })
    const details = detailsOf(() => mock.overrides.add(WRONG_LIST))
    expect(details.map((detail) => detail.field)).toEqual(['response.body.data', 'response.body.hasMore'])
    expect(messageOf(details, 'response.body.data')).toMatch(/^is required; the body of a 200 from listSites must be a list of sites: \{"object": "list", "data": \[site, \.\.\.\], "hasMore": true or false\}/)
    expect(() => mock.overrides.add(WRONG_LIST)).toThrow(/response\.body\.data is required.*send "check": "warn"/)
    expect(mock.overrides.size).toBe(0)
  })

  it('names the field of a list item, with its path', () => {
    const mock = createMock({ scenario: 'empty' })
    const details = detailsOf(() => mock.overrides.add({ match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [{ object: 'site', id: 'x' }], hasMore: false } } }))
    expect(messageOf(details, 'response.body.data[0].id')).toMatch(/must be a UUID/)
    expect(messageOf(details, 'response.body.data[0].name')).toMatch(/is required/)
  })

  it('takes a body that fits, and an error status’s envelope on every operation', () => {
    const mock = createMock({ scenario: 'empty' })
    expect(mock.overrides.add(EMPTY_LIST)).toMatchObject({ check: 'strict', warnings: [] })
    const envelope = { object: 'error', code: 'internal_error', message: 'Down for maintenance' }
    expect(mock.overrides.add({ match: {}, response: { status: 503, body: envelope } }).warnings).toEqual([])
    // The envelope itself is held to: a code the API never answers is refused, on whichever operation.
    const details = detailsOf(() => mock.overrides.add({ match: {}, response: { status: 503, body: { ...envelope, code: 'unavailable' } } }))
    expect(messageOf(details, 'response.body.code')).toMatch(/must be one of "bad_request".*got "unavailable"; the body of a 503 from createSite, listSites, getSite or \d+ more operations must be the error envelope/)
  })

  it('judges a path pattern by every operation it reaches', () => {
    const mock = createMock({ scenario: 'default' })
    const site = mock.handle({ method: 'GET', path: `/v2/sites/${mock.credentials().sites[0]!.id}`, query: '', headers: { 'x-api-key': mock.credentials().workspaces[0]!.appApiKey }, body: undefined }).body
    // /v2/sites/* reaches the site's pages too, whose answer is a list.
    const details = detailsOf(() => mock.overrides.add({ match: { method: 'GET', path: '/v2/sites/*' }, response: { status: 200, body: site } }))
    expect(details.map((detail) => [detail.field, /from (\w+)/.exec(detail.message)?.[1]])).toEqual([
      ['response.body.data', 'listSitePages'],
      ['response.body.hasMore', 'listSitePages'],
      ['response.body.object', 'listSitePages'],
    ])
    expect(mock.overrides.add({ match: { method: 'GET', path: '/v2/sites/{siteId}' }, response: { status: 200, body: site } }).warnings).toEqual([])
    // A path of no operation has no published answer to hold the body to.
    expect(mock.overrides.add({ match: { path: '/v9/elsewhere' }, response: { status: 200, body: 'anything' } }).warnings).toEqual([])
  })

  it('with check "warn", adds it, lists the problems and warns naming the field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const mock = createMock({ scenario: 'empty' })
    const added = mock.overrides.add({ ...WRONG_LIST, check: 'warn' })
    expect(added.check).toBe('warn')
    expect(added.warnings.map((warning) => warning.field)).toEqual(['response.body.data', 'response.body.hasMore'])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toMatch(/^sitemock: warning: override 1 was added with "check": "warn": .*response\.body\.data is required/)
    expect(mock.overrides.list().overrides[0]!.warnings).toEqual(added.warnings)
  })

  it.each(FRAMING)('refuses a %s header, which the server sets, even with check "warn"', (name) => {
    const mock = createMock({ scenario: 'empty' })
    for (const check of ['strict', 'warn'] as const) {
      const details = detailsOf(() => mock.overrides.add({ ...withHeader(name), check }))
      expect(messageOf(details, `response.headers.${name}`)).toMatch(/^is set by the server, which frames each answer itself; an override may set any header but content-length, transfer-encoding, connection, keep-alive, upgrade, te, trailer/)
    }
    expect(mock.overrides.size).toBe(0)
  })
})

describe('faults and overrides over HTTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ scenario: 'empty' })
  })
  beforeEach(async () => {
    await control(server.url, 'DELETE', '/__mock/overrides')
    await control(server.url, 'DELETE', '/__mock/faults')
  })
  afterAll(() => server.close())

  it('POST /__mock/faults refuses what code refuses, with a 400 of the same details', async () => {
    for (const [fault, field, message] of BAD_FAULTS) {
      const refused = await control<ErrorBody>(server.url, 'POST', '/__mock/faults', fault)
      expect(refused.status, JSON.stringify(fault)).toBe(400)
      expect(messageOf(refused.body.details ?? [], field)).toMatch(message)
      expect(detailsOf(() => server.mock.faults.add(fault))).toEqual(refused.body.details)
    }
    expect((await control<FaultList>(server.url, 'GET', '/__mock/faults')).body.faults).toEqual([])
  })

  it('POST /__mock/overrides refuses a body off the schema with a 400 naming the field, and takes it with check "warn"', async () => {
    const refused = await control<ErrorBody>(server.url, 'POST', '/__mock/overrides', WRONG_LIST)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ object: 'error', code: 'bad_request' })
    expect(refused.body.details?.map((detail) => detail.field)).toEqual(['response.body.data', 'response.body.hasMore'])
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const added = await control<OverrideList>(server.url, 'POST', '/__mock/overrides', { ...WRONG_LIST, check: 'warn' })
    expect(added.status).toBe(200)
    expect(added.body.overrides[0]!.warnings.map((warning) => warning.field)).toEqual(['response.body.data', 'response.body.hasMore'])
    expect(warn).toHaveBeenCalledTimes(1)
    expect((await control<OverrideList>(server.url, 'POST', '/__mock/overrides', EMPTY_LIST)).status).toBe(200)
  })

  it('PUT /__mock/overrides names the override and the field, and changes nothing', async () => {
    const refused = await control<ErrorBody>(server.url, 'PUT', '/__mock/overrides', { overrides: [EMPTY_LIST, WRONG_LIST] })
    expect(refused.status).toBe(400)
    expect(refused.body.details?.map((detail) => detail.field)).toEqual(['overrides[1].response.body.data', 'overrides[1].response.body.hasMore'])
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
  })

  it('refuses every framing header, in any case, on POST and PUT', async () => {
    for (const name of FRAMING) {
      const posted = await control<ErrorBody>(server.url, 'POST', '/__mock/overrides', withHeader(name))
      expect(posted.status, name).toBe(400)
      expect(messageOf(posted.body.details ?? [], `response.headers.${name}`)).toMatch(/is set by the server/)
      const put = await control<ErrorBody>(server.url, 'PUT', '/__mock/overrides', { overrides: [withHeader(name)] })
      expect(messageOf(put.body.details ?? [], `overrides[0].response.headers.${name}`)).toMatch(/is set by the server/)
    }
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body.overrides).toEqual([])
  })
})

describe('faults and overrides in a page (the browser mock)', () => {
  const saved = () => createSavedMock({ scenario: 'empty', seed: 1 }, new SessionJournal(new MemoryStorage(), 'sitemock', 'empty:1')).mock

  it('mock.faults.add and mock.overrides.add throw as on a server', () => {
    const mock = saved()
    expect(messageOf(detailsOf(() => mock.faults.add({ status: 200 })), 'status')).toMatch(/from 400 to 599/)
    expect(detailsOf(() => mock.overrides.add(WRONG_LIST)).map((detail) => detail.field)).toEqual(['response.body.data', 'response.body.hasMore'])
    expect(detailsOf(() => mock.overrides.add(withHeader('Transfer-Encoding'))).map((detail) => detail.field)).toEqual(['response.headers.Transfer-Encoding'])
  })

  it("the page's POST /__mock/overrides answers a 400 naming the field", () => {
    const answer = saved().handle({ method: 'POST', path: '/__mock/overrides', query: '', headers: { 'content-type': 'application/json' }, body: JSON.stringify(WRONG_LIST) })
    expect(answer.status).toBe(400)
    expect((answer.body as ErrorBody).details?.map((detail) => detail.field)).toEqual(['response.body.data', 'response.body.hasMore'])
  })
})

describe('sitemock serve --overrides FILE', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-override-checks-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  async function serveWith(overrides: object[]): Promise<{ code: number; stderr: string; file: string }> {
    const file = path.join(dir, `overrides-${Math.random().toString(36).slice(2)}.json`)
    fs.writeFileSync(file, JSON.stringify({ overrides }))
    const child = start(['serve', '--port', '0', '--overrides', file])
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // A server that took the file would serve until stopped: stopped, it fails the test instead of outliving it.
    const serving = setTimeout(() => child.kill('SIGTERM'), 50_000)
    const [code] = (await once(child, 'exit')) as [number]
    clearTimeout(serving)
    return { code, stderr, file }
  }

  it('exits 1 naming the override and the field of a body off the schema', async () => {
    const { code, stderr, file } = await serveWith([EMPTY_LIST, WRONG_LIST])
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain(`sitemock serve: --overrides ${file}: overrides[1].response.body.data is required; the body of a 200 from listSites must be a list of sites`)
  }, 60_000)

  it('exits 1 naming a framing header', async () => {
    const { code, stderr, file } = await serveWith([withHeader('Content-Length')])
    expect(code).toBe(1)
    expect(stderr).toContain(`sitemock serve: --overrides ${file}: overrides[0].response.headers.Content-Length is set by the server`)
  }, 60_000)
})
