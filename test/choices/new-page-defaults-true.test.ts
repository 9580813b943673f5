import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * newPageExcludedFromSearchEngines over real HTTP with each alternative, `true` among them (a
 * deployment that keeps every new page out of search engines until told otherwise), and the
 * stateful group against a deployment that chose `true`.
 */

const start = servedPerTest()

describe('newPageExcludedFromSearchEngines over HTTP', () => {
  it.each([
    [{}, null],
    [{ newPageExcludedFromSearchEngines: 'null' }, null],
    [{ newPageExcludedFromSearchEngines: 'false' }, false],
    [{ newPageExcludedFromSearchEngines: 'true' }, true],
  ] as const)('%o: a new page as created, read and listed', async (choices, value) => {
    const { call, site } = await start(choices)
    const { id } = await site()
    const made = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const page = createdId(made)
    expect(made.body.excludedFromSearchEngines).toBe(value)
    expect((await call('GET', `/v6/pages/${page}`)).body.excludedFromSearchEngines).toBe(value)
    const listed = (await call('GET', `/v6/pages?siteId=${id}`)).body.data ?? []
    expect(listed.find((item) => item.id === page)?.excludedFromSearchEngines).toBe(value)
  })

  it('true: an update sets it as sent, and a later new page is true again', async () => {
    const { call, site } = await start({ newPageExcludedFromSearchEngines: 'true' })
    const { id } = await site()
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    for (const sent of [false, null, true]) {
      const updated = await call('PATCH', `/v6/pages/${page}`, { excludedFromSearchEngines: sent })
      expect([sent, updated.status, updated.body.excludedFromSearchEngines]).toEqual([sent, 200, sent])
    }
    // An update of another field leaves it where the last one set it.
    await call('PATCH', `/v6/pages/${page}`, { excludedFromSearchEngines: false })
    expect((await call('PATCH', `/v6/pages/${page}`, { name: 'renamed' })).body.excludedFromSearchEngines).toBe(false)
    const other = await call('POST', '/v6/pages', { siteId: id, pathname: '/q', name: 'q' })
    expect(other.body.excludedFromSearchEngines).toBe(true)
  })

  it("an alternative the catalogue lacks is refused at the mock's start", async () => {
    await expect(start({ newPageExcludedFromSearchEngines: 'yes' as 'true' })).rejects.toThrow(/newPageExcludedFromSearchEngines/)
  })
})

describe('the stateful group against a deployment whose new pages are excluded from search engines', () => {
  const CHOSEN = { newPageExcludedFromSearchEngines: 'true' } as const
  // Every sequence creates pages; ten are enough to see the value adopted and held.
  const RUNS = 10

  it('adopts true under the default profile, and finds no divergence', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: {} })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('newPageExcludedFromSearchEngines: true')
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named.filter((reason) => reason.startsWith(`sitemock's choice newPageExcludedFromSearchEngines="null"`)).length).toBeGreaterThan(0)
  }, 300_000)
})
