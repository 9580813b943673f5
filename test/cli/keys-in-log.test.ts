import { describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { CliChild, getJson } from '../scenarios/cli-child.js'
import { expectNoKey, spellingsOf } from '../support/key-spellings.js'

/** `sitemock serve`'s request log, over real HTTP: a key sent in the URL, in any spelling, shows as its hint. */
describe('sitemock serve: keys in the URL and the request log', () => {
  it.each(['json', 'pretty'] as const)('--log %s shows no key, in no spelling, nor does GET /__mock/requests', async (format) => {
    const child = new CliChild(['serve', '--port', '0', '--log', format])
    try {
      // Given time to start on a busy machine: the request log is what is judged here.
      const started = await child.waitFor(/listening on (http:\/\/\S+)|^\{"event":"listening","url":"([^"]+)"\}$/m, 'stdout', 60_000)
      const url = started[1] ?? started[2]!
      const credentials = await getJson<Credentials>(`${url}/__mock/credentials`)
      const appKey = credentials.workspaces[0]!.appApiKey
      const siteKey = credentials.sites[0]!.siteApiKey
      const sent: string[] = []
      for (const spelled of [...Object.values(spellingsOf(appKey)), ...Object.values(spellingsOf(siteKey))]) {
        for (const pathAndQuery of [`/v2/sites?api_key=${spelled}`, `/v2/sites?API%5FKEY=${spelled}`, `/v2/sites?limit=${spelled}`, `/v2/${spelled}`]) {
          const response = await fetch(`${url}${pathAndQuery}`, { headers: { 'x-api-key': appKey } })
          expectNoKey(await response.text(), appKey, `the answer to ${pathAndQuery}`)
          sent.push(pathAndQuery)
        }
      }
      // One request more, plain, to know when every line before it has been written.
      await fetch(`${url}/v2/sites?limit=1&last=yes`, { headers: { 'x-api-key': appKey } })
      await child.waitFor(/last=yes/, 'stdout', 60_000)
      const journal = await (await fetch(`${url}/__mock/requests?limit=1000`)).text()
      // The banner prints the credentials on purpose; the request log is every line after it that names a request.
      const log = `${child.stdout}\n${child.stderr}`
        .split('\n')
        .filter((line) => line.includes('/v2/'))
        .join('\n')
      for (const [where, text] of [['the log', log], ['GET /__mock/requests', journal]] as const) {
        expectNoKey(text, appKey, where)
        expectNoKey(text, siteKey, where)
      }
      expect(log).toContain(`api_key=sk_…${appKey.slice(-4)}`)
      expect(log).toContain(`API%5FKEY=…${siteKey.slice(-4)}`)
      expect(log.split('\n').length).toBeGreaterThan(sent.length)
    } finally {
      await child.stop()
    }
  }, 120_000)
})
