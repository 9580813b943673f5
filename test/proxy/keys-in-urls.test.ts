import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/generated/types.js'
import { formatLogLine } from '../../src/journal/log-line.js'
import { KeyMask } from '../../src/proxy/mask.js'
import { startProxy, type RunningProxy } from '../../src/proxy/proxy-server.js'
import { Recorder } from '../../src/proxy/record.js'
import { encodedEach, expectNoKey, spellingsOf } from '../support/key-spellings.js'
import { startMock, type TestServer } from '../support/harness.js'

/** Through the proxy, over real HTTP: a key sent only in the URL, in any spelling, never shows in clear in what the proxy writes. */
describe('sitemock proxy: keys in the URL, in every spelling', () => {
  let target: TestServer
  let proxy: RunningProxy
  const mask = new KeyMask()
  const recorder = new Recorder(mask)
  const entries: JournalEntry[] = []
  beforeAll(async () => {
    target = await startMock()
    proxy = await startProxy({ to: target.url, port: 0, mask, record: recorder, onExchange: (entry) => entries.push(entry) })
  })
  afterAll(async () => {
    await proxy.close()
    await target.close()
  })

  it('masks them in the journal, the log lines, the findings and the recording', async () => {
    const appKey = target.mock.credentials().workspaces[0]!.appApiKey
    const siteKey = target.mock.credentials().sites[0]!.siteApiKey
    // A deployment's key of a form sitemock does not know, sent only under a parameter that says token.
    const otherKey = 'pk_live_9f8e7d6c5b4a39281706WXYZ'
    const paths: string[] = []
    for (const spelled of Object.values(spellingsOf(siteKey))) paths.push(`/v2/sites?api_key=${spelled}`, `/v2/sites?API%5FKEY=${spelled}`, `/v2/sites?limit=${spelled}`)
    for (const spelled of Object.values(spellingsOf(appKey))) paths.push(`/v2/sites?apiKey=${spelled}`, `/v2/sites?limit=${spelled}`, `/v2/${spelled}`)
    for (const spelled of Object.values(spellingsOf(otherKey))) paths.push(`/v2/sites?access%5Ftoken=${spelled}`)
    // A Location header that names a key, percent-encoded, as the recording keeps it.
    target.mock.overrides.add({ match: { method: 'GET', path: '/v2/elsewhere' }, response: { status: 201, headers: { location: `/v2/sites?api_key=${encodedEach(siteKey)}` }, body: {} } })
    paths.push('/v2/elsewhere')
    // The caller's own key goes in the header; the others only ever travel in the URL.
    for (const path of paths) await (await fetch(`${proxy.url}${path}`, { headers: { 'x-api-key': appKey } })).text()
    await expect.poll(() => entries.length, { timeout: 10_000 }).toBe(paths.length)

    const journal = await (await fetch(`${proxy.url}/__mock/requests?limit=1000`)).text()
    const findings = await (await fetch(`${proxy.url}/__mock/findings`)).text()
    const lines = entries.flatMap((entry) => [formatLogLine(entry, 'json', false), formatLogLine(entry, 'pretty', false), ...(entry.findings ?? [])]).join('\n')
    const recording = JSON.stringify(recorder.document())
    for (const [where, text] of [['GET /__mock/requests', journal], ['the findings', findings], ['the log lines', lines], ['the recording', recording]] as const) {
      for (const key of [appKey, siteKey, otherKey]) expectNoKey(text, key, where)
    }
    const queries = entries.map((entry) => entry.query)
    expect(queries).toContain(`API%5FKEY=…${siteKey.slice(-4)}`)
    expect(queries).toContain(`access%5Ftoken=…${otherKey.slice(-4)}`)
  })
})
