import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMock, type TestServer } from '../support/harness.js'

/*
 * A document's problems cost work in proportion to the document and a few kilobytes of answer,
 * however many there are: 20,000 invalid sites took 40 s to refuse (each record's errors were
 * copied onto all the ones before) and made a 400 of megabytes, and the server answered nothing
 * else meanwhile.
 */

const WORKSPACE = '00000000-0000-4000-8000-000000000001'

/** A fixture whose every site breaks six rules: five wrong types and an unknown field. */
function invalidSites(count: number): string {
  const site = JSON.stringify({ id: 1, workspaceId: 2, name: 3, publicApiKey: 4, defaultLocale: 5, extra: 6 })
  return `{"workspaces":[{"id":"${WORKSPACE}","appApiKey":"sk_${'a'.repeat(20)}"}],"sites":[${Array(count).fill(site).join(',')}]}`
}

interface Answer {
  status: number
  text: string
}

async function put(server: TestServer, path: string, body: string): Promise<Answer> {
  const response = await fetch(server.url + path, { method: 'PUT', body, headers: { 'content-type': 'application/json' } })
  return { status: response.status, text: await response.text() }
}

/** The milliseconds an import of the document takes to be refused. */
async function importTime(server: TestServer, body: string): Promise<number> {
  const start = performance.now()
  const answer = await put(server, '/__mock/state', body)
  expect(answer.status).toBe(400)
  return performance.now() - start
}

describe('a state import with thousands of invalid records', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock()
  })
  afterAll(() => server.close())

  it('is refused with the first 20 problems and a count of the rest, in a few kilobytes', async () => {
    const answer = await put(server, '/__mock/state', invalidSites(20_000))
    expect(answer.status).toBe(400)
    expect(answer.text.length).toBeLessThan(20 * 1024)
    const body = JSON.parse(answer.text) as { message: string; details: Array<{ field: string; message: string }> }
    expect(body.message).toBe('The fixture was refused and the state left as it was: 120000 problem(s), the first 20 listed.')
    expect(body.details).toHaveLength(21)
    expect(body.details.slice(0, 6).map((detail) => detail.field).sort()).toEqual(['defaultLocale', 'extra', 'id', 'name', 'publicApiKey', 'workspaceId'].map((field) => `sites[0].${field}`))
    expect(body.details[20]).toEqual({ field: '(more problems)', message: '119980 more problems are not listed; the first 20 are' })
    // Nothing was imported.
    expect((await fetch(`${server.url}/__mock/state`).then((r) => r.json()) as { sites: unknown[] }).sites.length).toBeGreaterThan(0)
  }, 60_000)

  it('costs in proportion to its size: four times the records, well under sixteen times the time', async () => {
    const small = invalidSites(5_000)
    const large = invalidSites(20_000)
    // The best of a few runs: the machine may be busy with other work at any one of them.
    await importTime(server, small)
    const smallTime = Math.min(await importTime(server, small), await importTime(server, small))
    const largeTime = Math.min(await importTime(server, large), await importTime(server, large))
    // Linear work gives about 4; the quadratic one gave 16 and more.
    expect(largeTime / smallTime).toBeLessThan(8)
  }, 120_000)

  it('leaves the server answering other requests while it is judged', async () => {
    const body = invalidSites(60_000)
    const url = new URL(server.url)
    const importDone = new Promise<number>((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, path: '/__mock/state', method: 'PUT', headers: { 'content-type': 'application/json' } }, (response) => {
        response.resume()
        response.on('end', () => resolve(performance.now()))
      })
      request.on('error', reject)
      request.end(body)
    })
    // Asked for while the import is judged: the server and this test share one event loop, so
    // the timer fires late, and the health check is answered late, only if the judging holds it.
    const asked = performance.now()
    const healthDone = new Promise<number>((resolve, reject) => {
      setTimeout(() => {
        fetch(`${server.url}/__mock/health`).then((response) => {
          expect(response.status).toBe(200)
          resolve(performance.now())
        }, reject)
      }, 300)
    })
    const [health, imported] = await Promise.all([healthDone, importDone])
    expect(health - asked).toBeLessThan(1_500)
    // The judging was still under way: the health check was answered first.
    expect(health).toBeLessThan(imported)
  }, 120_000)
})

describe('an overrides document with thousands of invalid overrides', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock()
  })
  afterAll(() => server.close())

  it('is refused with the first 20 problems and a count of the rest, in a few kilobytes', async () => {
    const override = JSON.stringify({ match: { method: 1, path: 2 }, response: { status: 'x', headers: 3 }, times: -1, extra: 4 })
    const body = `{"overrides":[${Array(2_400).fill(override).join(',')}]}`
    expect(body.length).toBeGreaterThan(200_000)
    const answer = await put(server, '/__mock/overrides', body)
    expect(answer.status).toBe(400)
    expect(answer.text.length).toBeLessThan(20 * 1024)
    const { details } = JSON.parse(answer.text) as { details: Array<{ field: string; message: string }> }
    expect(details).toHaveLength(21)
    expect(details[20]).toEqual({ field: '(more invalid fields)', message: `${2_400 * 6 - 20} more invalid fields are not listed; the first 20 are` })
  })
})
