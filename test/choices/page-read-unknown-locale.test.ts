import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { probe } from './site-key-probes.js'
import { createdId, servedPerTest, type Answer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * A page read whose `locale` its site lacks answered apart from the page list (pageReadUnknownLocale
 * `400` and `404`, beside `as-list` and `default`), as two deployments written from the documents
 * alone do: one reads it 400 naming `locale` where its list is empty, the other 404 where its list
 * is a 400. Over real HTTP the mock answers so whatever pageUnknownLocale says of the list; the
 * conformance twin takes it and its observation tells it; the probes learn it back; and the
 * stateful group takes either refusal under both profiles.
 */

const start = servedPerTest()
const TAG = 'contract-4e1b9d07'

/** The field each detail of a 400 names. */
const named = (answer: Answer): unknown[] => ((answer.body.details ?? []) as Array<Record<string, unknown>>).map((detail) => detail.field)

describe('pageReadUnknownLocale 400 and 404: the mock', () => {
  it.each([
    ['400', '400', 400, 400],
    ['400', '404', 404, 400],
    ['400', 'empty-list', 200, 400],
    ['404', '400', 400, 404],
    ['404', '404', 404, 404],
    ['404', 'empty-list', 200, 404],
  ] as const)('%s, the list at pageUnknownLocale %s: a page list, then a page read, in a locale the site lacks', async (read, list, listStatus, readStatus) => {
    const { call, site } = await start({ pageReadUnknownLocale: read, pageUnknownLocale: list })
    const { id } = await site()
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    // The list keeps pageUnknownLocale's answer whatever the read does.
    expect((await call('GET', `/v6/pages?siteId=${id}&locale=it`)).status).toBe(listStatus)
    const answer = await call('GET', `/v6/pages/${page}?locale=it`)
    expect(answer.status).toBe(readStatus)
    if (readStatus === 400) expect(named(answer)).toEqual(['locale'])
    else expect(answer.body.code).toBe('not_found')
    // By pathname too; and a locale the site has reads the page.
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/p')}?siteId=${id}&locale=it`)).status).toBe(readStatus)
    expect((await call('GET', `/v6/pages/${page}?locale=en-US`)).status).toBe(200)
  })

  it('404: another site\'s locale id is a locale the site lacks too, and a page that is not there is still a 404', async () => {
    const { call, site } = await start({ pageReadUnknownLocale: '400', pageUnknownLocale: 'empty-list' })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    const elsewhere = createdId(await call('POST', '/v2/locales', { siteId: other.id, locale: 'it-IT' }))
    expect(named(await call('GET', `/v6/pages/${page}?locale=${elsewhere}`))).toEqual(['locale'])
    expect((await call('GET', `/v6/pages/00000000-0000-4000-8000-00000000beef?locale=it`)).status).toBe(404)
  })

  it.each([
    [{ pageReadUnknownLocale: '400', pageUnknownLocale: 'empty-list' }, '400'],
    [{ pageReadUnknownLocale: '404' }, '404'],
    // The read's 404 where the list is one is the list's answer: as-list, which the probe prefers.
    [{ pageReadUnknownLocale: '404', pageUnknownLocale: '404' }, 'as-list'],
    [{ pageUnknownLocale: 'empty-list' }, 'as-list'],
  ] as const)('%j is learned back by the probes as %s', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.pageReadUnknownLocale).toBe(learned)
  })
})

describe('pageReadUnknownLocale 400 and 404: the conformance twin', () => {
  it.each([
    [{ pageReadUnknownLocale: '400', pageUnknownLocale: 'empty-list' }, '400'],
    [{ pageReadUnknownLocale: '400', pageUnknownLocale: '404' }, '400'],
    [{ pageReadUnknownLocale: '404', pageUnknownLocale: '400' }, '404'],
    [{ pageReadUnknownLocale: 'default', pageUnknownLocale: '400' }, 'default'],
    // A refusal the list would give too may be either alternative: the observation says nothing.
    [{ pageReadUnknownLocale: '404', pageUnknownLocale: 'empty-list' }, undefined],
    [{ pageReadUnknownLocale: 'as-list', pageUnknownLocale: '400' }, undefined],
  ] as const)('takes %j, and its observation tells it', async (choices, observed) => {
    expect(await observedOnPermissive('pageReadUnknownLocale', choices)).toBe(observed)
  })
})

/**
 * The stateful group: a page read in a locale the site lacks may be refused as invalid input (a 400
 * naming `locale`) or found missing (a 404) whatever else a deployment chose (sequence.ts
 * missingLocale), so under the default profile either refusal is an answer the documents allow.
 * Under --profile sitemock a 404 where sitemock's read (as its list) is a 400 is the class's.
 */
describe('pageReadUnknownLocale: the stateful group', () => {
  // Forty sequences from seed 1 read pages in a locale their site lacks several times (site-id-and-read-locale.test.ts adopts `default` there).
  const RUNS = 40
  const firstLines = (failures: ReadonlyArray<{ message: string }>): string[] => failures.map((failure) => failure.message.split('\n')[0]!)

  it.each([
    [{ pageReadUnknownLocale: '400', pageUnknownLocale: 'empty-list' }, { pageUnknownLocale: 'empty-list' }],
    [{ pageReadUnknownLocale: '404' }, {}],
  ] as const)('%j: no divergence under the default profile, the list as the probes learn it', async (choices, learned) => {
    const { url, mock } = await start(choices)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: learned })
    expect(firstLines(check(report, 'stateful.model').failures)).toEqual([])
  }, 300_000)

  it('404: named under --profile sitemock, whose read is its list\'s 400', async () => {
    const { url, mock } = await start({ pageReadUnknownLocale: '404' })
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const failures = check(report, 'stateful.model').failures
    expect(failures.filter((failure) => (failure.leftOpen ?? '').startsWith(`sitemock's choice pageReadUnknownLocale="as-list"`)).length).toBeGreaterThan(0)
    // Every divergence at a page read is the class's.
    expect(failures.filter((failure) => failure.message.split('\n')[0]!.includes('page.get') && !(failure.leftOpen ?? '').includes('pageReadUnknownLocale'))).toEqual([])
  }, 300_000)

  it('400: sitemock\'s own read, so no divergence at a page read under --profile sitemock', async () => {
    const { url, mock } = await start({ pageReadUnknownLocale: '400', pageUnknownLocale: 'empty-list' })
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    expect(firstLines(check(report, 'stateful.model').failures).filter((line) => line.includes('page.get'))).toEqual([])
  }, 300_000)
})
