import net from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalPage, OverrideDocument } from '../../src/generated/types.js'
import { startProxy, type RunningProxy } from '../../src/proxy/proxy-server.js'
import { Recorder } from '../../src/proxy/record.js'
import { KeyMask } from '../../src/proxy/mask.js'
import { startMock, type TestServer } from '../support/harness.js'
import { CliChild } from '../scenarios/cli-child.js'

/** A request written byte for byte, as fetch cannot: fetch sets Host itself. */
async function raw(url: string, head: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  socket.end(`${head}\r\nConnection: close\r\n\r\n`)
  let text = ''
  for await (const chunk of socket) text += (chunk as Buffer).toString()
  const [headers = '', body = ''] = text.split('\r\n\r\n', 2)
  return { status: Number(headers.split(' ', 2)[1]), body }
}

describe('sitemock proxy: the same doors as serve', () => {
  let target: TestServer
  let proxy: RunningProxy
  const mask = new KeyMask()
  const recorder = new Recorder(mask)
  beforeAll(async () => {
    target = await startMock({ scenario: 'multi-locale', maxBody: 2048 })
    proxy = await startProxy({ to: target.url, port: 0, allowedHosts: ['mock.test'], maxBody: 4096, mask, record: recorder })
  })
  afterAll(async () => {
    await proxy.close()
    await target.close()
  })

  const upstreamRequests = (): number => target.mock.journal.recorded

  it('refuses a Host it does not answer to, on its control plane and on what it forwards, and forwards nothing', async () => {
    const before = upstreamRequests()
    for (const path of ['/__mock/requests', '/__mock/findings', '/__mock/', '/v2/sites']) {
      const response = await raw(proxy.url, `GET ${path} HTTP/1.1\r\nHost: evil.example`)
      expect(response.status, path).toBe(403)
      expect(JSON.parse(response.body)).toMatchObject({ object: 'error', code: 'forbidden', message: expect.stringContaining('Host "evil.example"') as string })
    }
    expect((await raw(proxy.url, 'GET /__mock/health HTTP/1.1\r\nHost: mock.test:4011')).status).toBe(200)
    expect(upstreamRequests()).toBe(before)
  })

  it('refuses to have its control plane framed', async () => {
    for (const path of ['/__mock/', '/__mock/findings']) {
      const response = await fetch(`${proxy.url}${path}`)
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'")
    }
  })

  it('takes no control-plane write from a page on an IP address that is not this machine', async () => {
    const response = await fetch(`${proxy.url}/__mock/requests`, { method: 'DELETE', headers: { origin: 'http://203.0.113.7' } })
    expect(response.status).toBe(403)
    expect((await fetch(`${proxy.url}/__mock/requests`, { method: 'DELETE', headers: { origin: 'http://localhost:3000' } })).status).toBe(200)
  })

  it('refuses a body past --max-body with a 413 before forwarding a byte, declared or chunked', async () => {
    const key = target.mock.credentials().workspaces[0]!.appApiKey
    const site = target.mock.credentials().sites[0]!.id
    const before = upstreamRequests()
    const declared = await fetch(`${proxy.url}/v2/sites/${site}`, { method: 'PATCH', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(10_000) }) })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({ object: 'error', code: 'payload_too_large', message: 'The request body is larger than the limit of 4096 bytes.' })
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024
        controller.enqueue(new Uint8Array(16 * 1024).fill(32))
        if (sent >= 8 * 1024 * 1024) controller.close()
      },
    })
    const chunked = await fetch(`${proxy.url}/v2/sites/${site}`, { method: 'PATCH', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(upstreamRequests()).toBe(before)
  })

  it("passes the deployment's 413 on as a 413, not a 502", async () => {
    // The deployment in a process of its own, as in use: its refusal races the body still being sent.
    const deployment = new CliChild(['serve', '--port', '0', '--log', 'off', '--max-body', '1024'])
    const url = await deployment.url()
    const front = await startProxy({ to: url, port: 0, maxBody: 8 * 1024 * 1024 })
    try {
      const credentials = target.mock.credentials()
      for (let round = 0; round < 6; round++) {
        const response = await fetch(`${front.url}/v2/sites/${credentials.sites[0]!.id}`, {
          method: 'PATCH',
          headers: { 'x-api-key': credentials.workspaces[0]!.appApiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x'.repeat(4_000_000) }),
        })
        expect(response.status, `round ${round}: ${await response.clone().text()}`).toBe(413)
        expect(await response.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than the limit of 1024 bytes.' })
      }
    } finally {
      await front.close()
      await deployment.stop()
    }
  }, 30_000)

  it('masks a key sent in the query or the path in the journal, the log line and the recording', async () => {
    const siteKey = target.mock.credentials().sites[0]!.siteApiKey
    const lines: string[] = []
    // A key that only ever travels in the query, never in a header.
    await fetch(`${proxy.url}/v2/sites?api_key=${encodeURIComponent(siteKey)}`)
    await fetch(`${proxy.url}/v2/keys/${siteKey}?token=${siteKey}`)
    // An answer that names the key in a header the recording keeps (Location).
    target.mock.overrides.add({ match: { method: 'GET', path: '/v2/elsewhere' }, response: { status: 201, headers: { location: `/v2/sites?api_key=${siteKey}` }, body: {} } })
    await fetch(`${proxy.url}/v2/elsewhere`)
    const journal = (await (await fetch(`${proxy.url}/__mock/requests`)).json()) as JournalPage
    lines.push(JSON.stringify(journal))
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-doors-')), 'recorded.json')
    recorder.write(file)
    const recorded = fs.readFileSync(file, 'utf8')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    for (const text of [...lines, recorded]) expect(text).not.toContain(siteKey)
    expect(journal.entries.map((entry) => entry.query)).toContain(`api_key=…${siteKey.slice(-4)}`)
    const document = JSON.parse(recorded) as OverrideDocument
    expect(document.overrides.some((override) => override.match.query?.api_key === `…${siteKey.slice(-4)}`)).toBe(true)
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  })
})

describe('sitemock proxy: connections that send no request', () => {
  it('are closed once the idle timeout passes', async () => {
    const front = await startProxy({ to: 'http://127.0.0.1:9', port: 0, idleTimeoutMs: 300 })
    try {
      const { port } = new URL(front.url)
      const socket = net.connect(Number(port), '127.0.0.1')
      socket.resume()
      const closed = await Promise.race([new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000))])
      socket.destroy()
      expect(closed).toBe(true)
    } finally {
      await front.close()
    }
  })
})

describe('sitemock proxy --host', () => {
  it('warns on an address other than 127.0.0.1, as serve does', async () => {
    const child = new CliChild(['proxy', '--to', 'http://127.0.0.1:9', '--port', '0', '--host', '127.0.0.2', '--log', 'off'])
    try {
      await child.waitFor(/Findings: /)
      expect(child.stderr).toContain("sitemock proxy: warning: binding 127.0.0.2 instead of 127.0.0.1; anyone who can reach that address can send requests through the proxy and read the deployment's answers")
    } finally {
      await child.stop()
    }
    const local = new CliChild(['proxy', '--to', 'http://127.0.0.1:9', '--port', '0', '--log', 'off'])
    try {
      await local.waitFor(/Findings: /)
      expect(local.stderr).not.toContain('warning')
    } finally {
      await local.stop()
    }
  }, 30_000)
})
