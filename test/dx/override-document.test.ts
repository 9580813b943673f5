import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody, OverrideList } from '../../src/generated/types.js'
import { startMock, type TestServer } from '../support/harness.js'
import { start } from '../support/cli-process.js'
import { control } from './support.js'

describe('PUT /__mock/overrides: every override at once', () => {
  let server: TestServer
  let siteId: string
  beforeAll(async () => {
    server = await startMock()
    siteId = server.mock.credentials().sites[0]!.id
  })
  afterAll(() => server.close())

  it('replaces the active overrides with the document, a later one of equal priority tried first', async () => {
    await control(server.url, 'POST', '/__mock/overrides', { match: { method: 'DELETE' }, response: { status: 500 } })
    const put = await control<OverrideList>(server.url, 'PUT', '/__mock/overrides', {
      overrides: [
        { match: { method: 'GET', path: `/v2/sites/${siteId}` }, response: { status: 200, body: { second: true } }, check: 'warn' },
        { match: { method: 'GET', path: `/v2/sites/${siteId}` }, response: { status: 200, body: { first: true } }, times: 1, check: 'warn' },
      ],
    })
    expect(put.status).toBe(200)
    expect(put.body.overrides.map((override) => override.match.method)).toEqual(['GET', 'GET'])
    const read = async (): Promise<unknown> => (await fetch(`${server.url}/v2/sites/${siteId}`)).json()
    expect(await read()).toEqual({ first: true })
    expect(await read()).toEqual({ second: true })
    expect(await read()).toEqual({ second: true })
  })

  it('refuses a bad override naming it and its field, and changes nothing', async () => {
    const before = (await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body
    const refused = await control<ErrorBody>(server.url, 'PUT', '/__mock/overrides', {
      overrides: [{ match: {}, response: { status: 200 } }, { match: { operation: 'noSuchThing' }, response: { status: 200 } }],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.details?.map((detail) => detail.field)).toEqual(['overrides[1].match.operation'])
    expect((await control<OverrideList>(server.url, 'GET', '/__mock/overrides')).body).toEqual(before)
  })
})

describe('sitemock serve --overrides FILE', () => {
  it('refuses a file that is not an override document with one line and exit code 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-overrides-'))
    const file = path.join(dir, 'overrides.json')
    fs.writeFileSync(file, JSON.stringify({ overrides: [{ match: { path: 'no-slash' }, response: { status: 200 } }] }))
    try {
      const child = start(['serve', '--port', '0', '--overrides', file])
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).toBe(1)
      expect(stderr.trim().split('\n')).toHaveLength(1)
      expect(stderr).toContain(`sitemock serve: --overrides ${file}: overrides[0].match.path`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
