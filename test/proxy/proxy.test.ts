import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractReport } from '../../src/contract/types.js'
import type { JournalPage, OverrideDocument } from '../../src/generated/types.js'
import { redactKeys } from '../../src/journal/cap-body.js'
import type { FindingList } from '../../src/proxy/proxy-control.js'
import { checkControlBody } from '../dx/support.js'
import { start, waitFor } from '../support/cli-process.js'
import { freePort } from '../support/free-port.js'
import { mixedRun, type Step } from './mixed-run.js'
import { addOverride, keysOf, proxyInFront, send, startProxyProcess, stop, tearDown, type Call, type ProxySetup } from './support.js'

type Json = Record<string, unknown>

describe('sitemock proxy in front of a sitemock process', () => {
  let setup: ProxySetup
  /** Every request sent through the proxy and its answer, in order: the recording must play them back. */
  const history: Step[] = []
  let journalText = ''

  const through = async (call: Call) => {
    const answer = await send(setup.proxy.url, call, setup.appKey)
    history.push({ call, answer })
    return answer
  }
  const findings = async (): Promise<FindingList> => (await (await fetch(`${setup.proxy.url}/__mock/findings`)).json()) as FindingList

  beforeAll(async () => {
    setup = await proxyInFront(({ dir }) => ['--report', 'json', '--output', path.join(dir, 'report.json'), '--record', path.join(dir, 'recorded.json')])
  })
  afterAll(() => tearDown(setup))

  it('answers exactly as the deployment does, and finds nothing over a long mixed run', async () => {
    const { target, proxy, appKey, workspaceId, siteId } = setup
    const steps = await mixedRun(
      {
        proxy: proxy.url,
        appKey,
        workspaceId,
        siteId,
        async onRead(call, answer) {
          const direct = await send(target.url, call, appKey)
          expect({ status: answer.status, text: answer.text, contentType: answer.contentType, rateLimit: answer.rateLimit }, `${call.method} ${call.path}`).toEqual({
            status: direct.status,
            text: direct.text,
            contentType: direct.contentType,
            rateLimit: direct.rateLimit,
          })
        },
        async onWrite(call, answer) {
          const page = answer.json as Json | undefined
          if (answer.status >= 300 || page?.object !== 'page') return
          // What a write answered is what the deployment holds: read directly, past the proxy.
          expect((await send(target.url, { method: 'GET', path: `/v6/pages/${String(page.id)}` }, appKey)).text, `${call.method} ${call.path}`).toBe(answer.text)
        },
      },
      150,
      7,
    )
    history.push(...steps)
    expect(steps.length).toBeGreaterThan(250)
    expect(new Set(steps.map((step) => step.answer.status))).toEqual(new Set([200, 201, 204, 400, 401, 404]))
    // HEAD is passed on, and not judged: no document describes it.
    const head = await through({ method: 'HEAD', path: `/v2/sites/${siteId}` })
    expect([head.status, head.text]).toEqual([200, ''])
    expect((await findings()).findings).toEqual([])
    const journal = (await (await fetch(`${proxy.url}/__mock/requests?limit=1000`)).json()) as JournalPage
    checkControlBody('control-requests.json', journal)
    expect(journal.recorded).toBe(steps.length + 1)
    expect(journal.entries.some((entry) => entry.findings)).toBe(false)
  })

  it('reports each non-conforming answer once, with the request that showed it', async () => {
    const { target, proxy, appKey, siteId } = setup
    const locales = ((await send(target.url, { method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=100` }, appKey)).json as { data: Json[] }).data
    expect(locales.length).toBeGreaterThanOrEqual(3)
    const [first, , third] = locales
    const page = ((await send(target.url, { method: 'GET', path: `/v6/pages?siteId=${siteId}&limit=1` }, appKey)).json as { data: Json[] }).data[0]!
    await addOverride(target.url, { match: { method: 'POST', path: '/v2/locales' }, response: { status: 200, body: first } })
    await addOverride(target.url, { match: { method: 'PATCH', path: `/v6/pages/${String(page.id)}` }, response: { status: 400, body: { object: 'error', code: 'bad_request', message: 'Invalid.' } } })
    await addOverride(target.url, {
      match: { method: 'GET', path: '/v2/locales', query: { siteId, limit: '1', startingAfter: String(first!.id) } },
      response: { status: 200, body: { object: 'list', data: [third], hasMore: true } },
    })

    const create = { method: 'POST', path: '/v2/locales', body: { siteId, code: 'pt-BR', name: 'Portuguese' } }
    await through(create)
    await through(create)
    await through({ method: 'PATCH', path: `/v6/pages/${String(page.id)}`, body: { title: 'Changed' } })
    await through({ method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=100` })
    const walkPage = (after?: string): Call => ({ method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=1${after ? `&startingAfter=${after}` : ''}` })
    await through(walkPage())
    await through(walkPage(String(first!.id)))
    await through(walkPage(String(third!.id)))

    const found = (await findings()).findings
    expect(found.map((finding) => [finding.rule, finding.failure.request?.method, finding.failure.request?.path, finding.failure.response?.status, finding.seen])).toEqual([
      ['answer-shape', 'POST', '/v2/locales', 200, 2],
      ['answer-shape', 'PATCH', `/v6/pages/${String(page.id)}`, 400, 1],
      ['pagination-walk', 'GET', `/v2/locales?siteId=${siteId}&limit=1&startingAfter=${String(first!.id)}`, 200, 1],
    ])
    expect(found[0]!.failure.message).toContain('got 200')
    expect(found[0]!.failure.request?.body).toEqual(create.body)
    expect(found[1]!.failure.violations?.map((violation) => violation.pointer)).toEqual(['/details'])
    expect(found[2]!.failure.message).toContain(`${String(locales[1]!.id)} was skipped`)

    const journal = (await (await fetch(`${proxy.url}/__mock/requests?limit=7`)).json()) as JournalPage
    checkControlBody('control-requests.json', journal)
    journalText = JSON.stringify(journal)
    expect(journal.entries.map((entry) => (entry.findings ?? []).length)).toEqual([0, 1, 0, 0, 1, 1, 1])
    expect(proxy.output()).toMatch(/POST {3}\/v2\/locales 200 .*\n {2}✗ expected one of 201/)
    await fetch(`${target.url}/__mock/overrides`, { method: 'DELETE' })
  })

  it('keeps its control plane: /__mock/* is answered by the proxy, never forwarded', async () => {
    const { target, proxy } = setup
    const before = ((await (await fetch(`${target.url}/__mock/requests?limit=1`)).json()) as JournalPage).recorded
    expect((await fetch(`${proxy.url}/__mock/health`)).status).toBe(200)
    const notHere = await fetch(`${proxy.url}/__mock/overrides`)
    expect(notHere.status).toBe(404)
    expect(((await notHere.json()) as Json).object).toBe('error')
    expect(await (await fetch(`${proxy.url}/__mock/`)).text()).toContain('sitemock proxy')
    expect(((await (await fetch(`${target.url}/__mock/requests?limit=1`)).json()) as JournalPage).recorded).toBe(before)
  })

  it('never sends a write twice: a connection the deployment resets is a 502, and the deployment saw one request', async () => {
    const { target, proxy, appKey, siteId } = setup
    const fault = await fetch(`${target.url}/__mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ route: 'POST /v6/pages', drop: 'reset' }) })
    expect(fault.status).toBe(200)
    await fetch(`${target.url}/__mock/requests`, { method: 'DELETE' })
    try {
      const answer = await send(proxy.url, { method: 'POST', path: '/v6/pages', body: { siteId, pathname: '/reset-once', name: 'Reset' } }, appKey)
      expect(answer.status).toBe(502)
      expect((answer.json as Json).message).toMatch(/^sitemock proxy: .* The request was not retried\.$/)
      const seen = ((await (await fetch(`${target.url}/__mock/requests`)).json()) as JournalPage).entries
      expect(seen.map((entry) => [entry.method, entry.path, entry.dropped])).toEqual([['POST', '/v6/pages', 'reset']])
    } finally {
      await fetch(`${target.url}/__mock/faults`, { method: 'DELETE' })
    }
  })

  it('writes its report on SIGTERM, keeps keys out of everything it writes, and records what serve --overrides plays back', async () => {
    const { target, proxy, dir, appKey } = setup
    expect(await stop(proxy.child)).toBe(1)
    const reportText = fs.readFileSync(path.join(dir, 'report.json'), 'utf8')
    const report = JSON.parse(reportText) as ContractReport
    expect(report.checks.map((check) => [check.id, check.status, check.failures.length])).toEqual([
      // The write the deployment reset: the caller got a 502, and the report says so.
      ['schema.proxy.upstream', 'failed', 1],
      ['schema.proxy.answers', 'failed', 2],
      ['pagination.proxy.walks', 'failed', 1],
    ])
    const recordedFile = path.join(dir, 'recorded.json')
    const recordedText = fs.readFileSync(recordedFile, 'utf8')
    for (const text of [proxy.output(), reportText, recordedText, journalText]) {
      for (const key of keysOf(target.credentials)) expect(text).not.toContain(key)
    }
    expect(proxy.output()).toContain(`app key …${appKey.slice(-4)}`)
    expect((JSON.parse(recordedText) as OverrideDocument).overrides).toHaveLength(history.length)

    const KEY_FIELD = /"publicApiKey":"([^"]*)"/g
    const standIns = new Map<string, string>()
    const playback = start(['serve', '--port', '0', '--log', 'off', '--scenario', 'empty', '--overrides', recordedFile])
    const banner = await waitFor(playback, /All credentials/)
    expect(banner).toContain(`Overrides: ${history.length} from ${recordedFile}`)
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!
    try {
      for (const { call, answer } of history) {
        const replayed = await send(url, call, appKey)
        // A site's publicApiKey plays back as a stand-in UUID, one per real key; everything else as recorded, keys masked.
        const real = [...answer.text.matchAll(KEY_FIELD)].map((found) => found[1]!)
        const played = [...replayed.text.matchAll(KEY_FIELD)].map((found) => found[1]!)
        expect(played).toHaveLength(real.length)
        real.forEach((key, index) => {
          expect(played[index]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
          expect(played[index]).not.toBe(key)
          expect(standIns.get(key) ?? played[index]).toBe(played[index])
          standIns.set(key, played[index]!)
        })
        const withoutKeys = (text: string): string => text.replace(KEY_FIELD, '"publicApiKey":"…"')
        expect({ status: replayed.status, text: withoutKeys(replayed.text), contentType: replayed.contentType }, `${call.method} ${call.path}`).toEqual({
          status: answer.status,
          text: withoutKeys(redactKeys(answer.text)),
          contentType: answer.contentType,
        })
      }
      expect(standIns.size).toBeGreaterThan(0)
    } finally {
      await stop(playback)
    }
  })
})

describe('sitemock proxy without a deployment to reach', () => {
  it('answers 502 in the API envelope with one clear message', async () => {
    const port = await freePort()
    const proxy = await startProxyProcess(['--to', `http://127.0.0.1:${port}`, '--log', 'off'])
    try {
      const answer = await send(proxy.url, { method: 'POST', path: '/v2/sites', body: { name: 'x' } }, 'sk_NotSentAnywhereAtAll0000')
      expect(answer.status).toBe(502)
      expect(answer.json).toEqual({ object: 'error', code: 'internal_error', message: `sitemock proxy: http://127.0.0.1:${port} could not be reached: connection refused. The request was not retried.` })
    } finally {
      await stop(proxy.child)
    }
  })

  it('refuses a missing or bad --to with exit code 2 and one line, not a stack trace', async () => {
    for (const [args, words] of [
      [[], '--to URL is required'],
      [['--to', 'ftp://example.com'], '--to must be an http:// or https:// URL; got "ftp://example.com"'],
      [['--to', 'http://127.0.0.1:1', '--report', 'xml'], '--report must be one of pretty, junit, json; got "xml"'],
    ] as const) {
      const child = start(['proxy', ...args])
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).toBe(2)
      expect(stderr).toContain(words)
      expect(stderr).not.toMatch(/\n\s+at /)
    }
  })
})
