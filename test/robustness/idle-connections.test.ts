import net from 'node:net'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMock, type TestServer } from '../support/harness.js'

/** Resolves with how long the server kept a connection open that sent `sent` and then nothing, or null when it still is after `waitMs`. */
async function heldFor(url: string, sent: string, waitMs: number): Promise<number | null> {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  await once(socket, 'connect')
  const started = performance.now()
  if (sent) socket.write(sent)
  socket.resume()
  const closed = once(socket, 'close').then(() => performance.now() - started)
  const result = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))])
  socket.destroy()
  return result
}

describe('connections that send no request', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ idleTimeoutMs: 300 })
  })
  afterAll(() => server.close())

  it('are closed once the idle timeout passes', async () => {
    const held = await heldFor(server.url, '', 3000)
    expect(held).not.toBeNull()
    expect(held!).toBeGreaterThanOrEqual(250)
  })

  it('still let a slow upload finish, a byte at a time past the timeout', async () => {
    const { hostname, port } = new URL(server.url)
    const key = server.mock.credentials().workspaces[0]!.appApiKey
    const site = server.mock.credentials().sites[0]!.id
    const body = JSON.stringify({ name: 'Slowly' })
    const socket = net.connect(Number(port), hostname)
    await once(socket, 'connect')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.write(`PATCH /v2/sites/${site} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`)
    // Five pieces 200 ms apart: a second in all, three times the idle timeout.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      socket.write(body.slice((i * body.length) / 5, ((i + 1) * body.length) / 5))
    }
    await once(socket, 'close')
    expect(answer.split(' ', 2)[1]).toBe('200')
    expect(answer).toContain('"name":"Slowly"')
  })

  it('still answer a request that takes longer than the timeout', async () => {
    const key = server.mock.credentials().workspaces[0]!.appApiKey
    const site = server.mock.credentials().sites[0]!.id
    const response = await fetch(`${server.url}/v2/sites/${site}`, { headers: { 'x-api-key': key, prefer: 'delay=800' } })
    expect(response.status, await response.clone().text()).toBe(200)
  })
})
