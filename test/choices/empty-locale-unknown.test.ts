import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest, type Answer } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * An empty `locale=` looked up as a code like any other, which no locale has (emptyLocaleQuery
 * `unknown`, beside `refused` and `default`), as a deployment written from the documents alone
 * does: its page list then answers as it answers a locale the site lacks (here an empty list), its
 * page read likewise (here a 404). Over real HTTP the mock answers so; the probes learn it back; the
 * conformance twin takes it and its observation tells it; and the stateful group holds it to
 * itself under the default profile, naming sitemock's choice under --profile sitemock.
 */

const start = servedPerTest()
const TAG = 'contract-5c2e81a4'

const named = (answer: Answer): unknown[] => ((answer.body.details ?? []) as Array<Record<string, unknown>>).map((detail) => detail.field)

describe('emptyLocaleQuery unknown: the mock', () => {
  it.each([
    // pageUnknownLocale, pageReadUnknownLocale: the list's answer and the read's to an empty locale=, as to a code the site lacks.
    ['empty-list', 'as-list', 200, 404],
    ['404', 'as-list', 404, 404],
    ['400', 'as-list', 400, 400],
    ['empty-list', 'default', 200, 200],
    ['400', '404', 400, 404],
  ] as const)('the list at pageUnknownLocale %s, the read at pageReadUnknownLocale %s: an empty locale= answered as a code the site lacks', async (list, read, listStatus, readStatus) => {
    const { call, site } = await start({ emptyLocaleQuery: 'unknown', pageUnknownLocale: list, pageReadUnknownLocale: read })
    const { id } = await site()
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    for (const path of [`/v6/pages?siteId=${id}&includeOffline=true&locale=`, `/v2/sites/${id}/pages?includeOffline=true&locale=`]) {
      const answer = await call('GET', path)
      expect(answer.status, path).toBe(listStatus)
      if (listStatus === 200) expect(answer.body.data).toEqual([])
      if (listStatus === 400) expect(named(answer)).toEqual(['locale'])
      // As a well-formed code the site lacks is answered.
      expect((await call('GET', path.replace('locale=', 'locale=zz-ZZ'))).status).toBe(listStatus)
    }
    expect((await call('GET', `/v6/pages/${page}?locale=`)).status).toBe(readStatus)
    // Without locale, and with the default locale, the page is listed.
    expect((await call('GET', `/v6/pages?siteId=${id}&includeOffline=true&locale=en-US`)).body.data).toHaveLength(1)
    expect((await call('GET', `/v6/pages?siteId=${id}&includeOffline=true`)).body.data).toHaveLength(1)
  })

  it.each([
    ['default', 200, 1],
    ['refused', 400, undefined],
  ] as const)('%s: the list answers %i', async (choice, status, listed) => {
    const { call, site } = await start({ emptyLocaleQuery: choice, pageUnknownLocale: 'empty-list' })
    const { id } = await site()
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    const answer = await call('GET', `/v6/pages?siteId=${id}&includeOffline=true&locale=`)
    expect(answer.status).toBe(status)
    if (listed !== undefined) expect(answer.body.data).toHaveLength(listed)
  })
})

describe('emptyLocaleQuery unknown: the probes and the twin', () => {
  it.each([
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: 'empty-list' }, 'unknown'],
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: '404' }, 'unknown'],
    // A list's 400, as to a code the site lacks: the read, which answers such a code with a 404, tells it.
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: '400', pageReadUnknownLocale: '404' }, 'unknown'],
    [{ emptyLocaleQuery: 'refused', pageUnknownLocale: '400', pageReadUnknownLocale: '404' }, 'refused'],
    [{ emptyLocaleQuery: 'default', pageUnknownLocale: 'empty-list' }, 'default'],
  ] as const)('%j is learned back by the probes as %s', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.emptyLocaleQuery).toBe(learned)
  }, 60_000)

  it.each([
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: 'empty-list' }, 'unknown'],
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: '400', pageReadUnknownLocale: '404' }, 'unknown'],
    [{ emptyLocaleQuery: 'refused', pageUnknownLocale: '400', pageReadUnknownLocale: '404' }, 'refused'],
    [{ emptyLocaleQuery: 'default' }, 'default'],
    // A list's 400 and a read's 400 to a code the site lacks hide which: the observation says nothing.
    [{ emptyLocaleQuery: 'unknown', pageUnknownLocale: '400' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('emptyLocaleQuery', choices)).toBe(observed)
  })
})

describe('emptyLocaleQuery unknown: the stateful group', () => {
  // Forty sequences from seed 1 send an empty locale= to the page lists and the page read several times.
  const RUNS = 40
  const firstLines = (failures: ReadonlyArray<{ message: string }>): string[] => failures.map((failure) => failure.message.split('\n')[0]!)
  const AS_CODE = { emptyLocaleQuery: 'unknown', pageUnknownLocale: 'empty-list', pageReadUnknownLocale: '404' } as const

  it('no divergence under the default profile: the empty code is adopted as a code no locale has', async () => {
    const { url, mock } = await start(AS_CODE)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: { pageUnknownLocale: 'empty-list' } })
    expect(firstLines(check(report, 'stateful.model').failures)).toEqual([])
    expect(report.notices.join('\n')).toContain('emptyLocaleQuery: unknown')
  }, 300_000)

  it('a page list in a locale its site lacks, answered as none, is named pageUnknownLocale under --profile sitemock, not the site page list\'s class', async () => {
    const { url, mock } = await start({ pageUnknownLocale: 'empty-list' })
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 20, seed: 1 } })
    const failures = check(report, 'stateful.model').failures
    const atPageList = failures.filter((failure) => / \(page\.list with [^)]*\)/.test(failure.message.split('\n')[0]!) && failure.message.split('\n').some((line) => / GET \/v6\/pages\?[^ ]*locale=[a-z]/i.test(line)))
    expect(atPageList.length).toBeGreaterThan(0)
    for (const failure of atPageList) expect(failure.leftOpen ?? '').toMatch(/^sitemock's choice pageUnknownLocale="400"/)
  }, 300_000)

  it('named under --profile sitemock, whose empty locale= is a 400, by the checks of an empty locale', async () => {
    const { url, mock } = await start(AS_CODE)
    // The lists' and the read's answers to a code the site lacks as recorded: the empty code is then the one difference.
    const report = await runAgainst(url, mock, { only: ['validation'], profile: 'sitemock', choices: { pageUnknownLocale: 'empty-list', pageReadUnknownLocale: '404' } })
    for (const id of ['validation.get.v6-pages.locale.out-of-range', 'validation.get.v2-sites-siteId-pages.locale.out-of-range']) {
      const result = check(report, id)
      expect(result.status, id).toBe('failed')
      expect(result.failures.map((failure) => failure.leftOpen ?? ''), id).toContainEqual(expect.stringContaining(`sitemock's choice emptyLocaleQuery="refused"`))
    }
  }, 300_000)
})
