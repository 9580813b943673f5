import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitCodeOf, render } from '../../src/contract/reporters/index.js'
import { startProxy } from '../../src/proxy/proxy-server.js'
import { start } from '../support/cli-process.js'
import { freePort } from '../support/free-port.js'
import { send, startProxyProcess, stop } from './support.js'

/** The proxy's verdict never says PASSED for what it could not judge: no traffic, or no answer from the deployment. */
describe('the proxy verdict', () => {
  it('says its exit codes in --help', async () => {
    const help = start(['proxy', '--help'])
    let printed = ''
    help.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    const [code] = (await once(help, 'exit')) as [number]
    expect(code).toBe(0)
    expect(printed).toMatch(/Exit codes[^]*0 {2}every check judged[^]*1 {2}a finding, or a request the deployment did not answer \(the caller got a 502 or 504\)[^]*NOTHING CHECKED/)
  })

  it('says NOTHING CHECKED and exits 2 when no exchange went through', async () => {
    const proxy = await startProxyProcess(['--to', `http://127.0.0.1:${await freePort()}`, '--log', 'off'])
    expect(await stop(proxy.child)).toBe(2)
    expect(proxy.output()).toContain('NOTHING CHECKED: no answer of the deployment came through the proxy to judge')
    expect(proxy.output()).not.toContain('PASSED')
  })

  it('fails with exit 1 when the deployment cannot be reached, one finding for every 502 of that kind', async () => {
    const port = await freePort()
    const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-verdict-')), 'report.json')
    const proxy = await startProxyProcess(['--to', `http://127.0.0.1:${port}`, '--log', 'off', '--report', 'json', '--output', output])
    for (let i = 0; i < 3; i++) expect((await send(proxy.url, { method: 'GET', path: '/v2/sites?workspaceId=x' }, 'sk_NotSentAnywhereAtAll0000')).status).toBe(502)
    expect(await stop(proxy.child)).toBe(1)
    const report = JSON.parse(fs.readFileSync(output, 'utf8')) as { checks: Array<{ id: string; status: string; failures: Array<{ message: string }> }> }
    expect(report.checks.map((check) => [check.id, check.status, check.failures.map((failure) => failure.message)])).toEqual([
      ['schema.proxy.upstream', 'failed', [`no answer from the deployment, the caller got a 502: http://127.0.0.1:${port} could not be reached: connection refused (seen 3 times)`]],
      ['schema.proxy.answers', 'skipped', []],
      ['pagination.proxy.walks', 'skipped', []],
    ])
    expect(proxy.output()).toContain('FAILED: 1 of 1 checks break the documents (0 passed, 1 failed, 0 differ, 2 skipped)')
    fs.rmSync(path.dirname(output), { recursive: true, force: true })
  })

  it('fails when the deployment does not answer in time: the caller gets a 504', async () => {
    // A deployment that reads the request and never answers.
    const silent = http.createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const proxy = await startProxy({ to: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, port: 0, upstreamTimeoutMs: 200 })
    try {
      const answer = await send(proxy.url, { method: 'GET', path: '/v2/sites/00000000-0000-4000-8000-000000000000' }, 'sk_NotSentAnywhereAtAll0000')
      expect(answer.status).toBe(504)
      const report = proxy.findings.report('http://deployment.test', false)
      expect(exitCodeOf(report)).toBe(1)
      expect(report.checks[0]!.failures[0]!.message).toMatch(/the caller got a 504: .* did not answer within 0.2 s$/)
      expect(render(report, 'pretty')).toContain('FAILED: 1 of 1 checks break the documents (0 passed, 1 failed, 0 differ, 2 skipped)')
    } finally {
      await proxy.close()
      silent.closeAllConnections()
      silent.close()
    }
  })

  it('passes only what it judged: a proxy that saw answers but no list walks the walks check as skipped', async () => {
    const proxy = await startProxy({ to: 'http://127.0.0.1:1', port: 0 })
    try {
      proxy.findings.sent()
      proxy.findings.judgedBy('answer-shape')
      const report = proxy.findings.report('http://deployment.test', false)
      expect(report.checks.map((check) => [check.id, check.status])).toEqual([
        ['schema.proxy.upstream', 'passed'],
        ['schema.proxy.answers', 'passed'],
        ['pagination.proxy.walks', 'skipped'],
      ])
      expect(exitCodeOf(report)).toBe(0)
      expect(render(report, 'pretty')).toContain('PASSED: all 2 checks hold against the documents (1 skipped)')
    } finally {
      await proxy.close()
    }
  })
})
