import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoKey, spellingsOf } from '../support/key-spellings.js'
import { startMock, type TestServer } from '../support/harness.js'

/** A key sent in the URL, in every spelling a URL allows, is never shown in clear: not in the journal, not in the answer's echo. */
describe('keys in the URL: the journal and the errors that echo a request', () => {
  let server: TestServer
  let appKey: string
  let siteKey: string
  beforeAll(async () => {
    server = await startMock()
    const credentials = server.mock.credentials()
    appKey = credentials.workspaces[0]!.appApiKey
    siteKey = credentials.sites[0]!.siteApiKey
  })
  afterAll(() => server.close())

  const get = async (pathAndQuery: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { 'x-api-key': appKey } })
    return { status: response.status, text: await response.text() }
  }

  it('masks ?api_key=, ?API%5FKEY= and a key under a known parameter, in every spelling, in the 400 and in GET /__mock/requests', async () => {
    server.mock.journal.clear()
    const answers: string[] = []
    for (const [spelling, spelled] of Object.entries({ ...spellingsOf(appKey), 'lower-case hex site key': spellingsOf(siteKey)['every character encoded']! })) {
      for (const query of [`api_key=${spelled}`, `API%5FKEY=${spelled}`, `limit=${spelled}`, `startingAfter=x&token=${spelled}`]) {
        const answer = await get(`/v2/sites?${query}`)
        expect(answer.status, `${spelling}: ${query}`).toBe(400)
        answers.push(answer.text)
      }
    }
    // A Site key the mock holds, sent under a parameter whose name says nothing.
    answers.push((await get(`/v2/sites?workspaceId=${siteKey}`)).text)
    for (const answer of answers) {
      expectNoKey(answer, appKey, 'the 400')
      expectNoKey(answer, siteKey, 'the 400')
    }
    const journal = await (await fetch(`${server.url}/__mock/requests?limit=1000`)).text()
    expectNoKey(journal, appKey, 'GET /__mock/requests')
    expectNoKey(journal, siteKey, 'GET /__mock/requests')
    const queries = (JSON.parse(journal) as { entries: Array<{ query: string }> }).entries.map((entry) => entry.query)
    expect(queries).toContain(`api_key=sk_…${appKey.slice(-4)}`)
    expect(queries).toContain(`API%5FKEY=sk_…${appKey.slice(-4)}`)
    expect(queries).toContain(`workspaceId=…${siteKey.slice(-4)}`)
  })

  it('masks a key sent as a path segment, in the 404 and in the journal', async () => {
    server.mock.journal.clear()
    const answers: string[] = []
    for (const spelled of Object.values(spellingsOf(appKey))) answers.push((await get(`/v2/${spelled}`)).text)
    answers.push((await get(`/v2/sites/${siteKey}`)).text)
    const journal = await (await fetch(`${server.url}/__mock/requests`)).text()
    for (const text of [...answers, journal]) {
      expectNoKey(text, appKey, 'path')
      expectNoKey(text, siteKey, 'path')
    }
    expect(answers[0]).toContain(`No operation at GET /v2/sk_…${appKey.slice(-4)}`)
  })
})
