import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, runAgainst, statefulHeadlines } from '../contract/support.js'
import { createdId, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * Over HTTP: whether a published page that goes offline keeps a live version (choice
 * offlineLiveVersion). Kept (sitemock's), its live version stays, shown offline: listed under
 * `versionRef=ref:live&includeOffline=true` and read live. Withdrawn, a live list leaves it out
 * whatever includeOffline says and its live read is a 404, until the page goes online again.
 */
const start = servedPerTest()
/** Going online publishes, so a page's live version goes offline with it. */
const PUBLISHING: Choices = { pagePublishing: 'going-online' }

/** A site with one page published by going online, then taken offline: the site's id and the page's. */
async function offlinePublishedPage(s: ChoicesServer): Promise<{ siteId: string; pageId: string }> {
  const { id: siteId } = await s.site('offline-live')
  const pageId = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/gone', name: 'Gone' }))
  expect((await s.call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })).status).toBe(200)
  expect((await s.call('PATCH', `/v6/pages/${pageId}`, { isOnline: true })).status).toBe(200)
  expect((await s.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)).status).toBe(200)
  expect((await s.call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })).status).toBe(200)
  return { siteId, pageId }
}

const liveIds = async (s: ChoicesServer, siteId: string, includeOffline: boolean): Promise<unknown[]> =>
  ((await s.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&includeOffline=${includeOffline}`)).body.data ?? []).map((page) => page.id)

describe('offlineLiveVersion kept (sitemock’s, and the default)', () => {
  it.each([{}, { offlineLiveVersion: 'kept' as const }])('%o: the live version of a page gone offline is listed with includeOffline=true and read, shown offline', async (choices) => {
    const s = await start({ ...PUBLISHING, ...choices })
    const { siteId, pageId } = await offlinePublishedPage(s)
    expect(await liveIds(s, siteId, true)).toEqual([pageId])
    expect(await liveIds(s, siteId, false)).toEqual([])
    const live = await s.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    expect([live.status, live.body.isOnline]).toEqual([200, false])
  })
})

describe('offlineLiveVersion withdrawn', () => {
  it('leaves the page out of every live list and answers its live read with a 404 naming it, until it goes online again', async () => {
    const s = await start({ ...PUBLISHING, offlineLiveVersion: 'withdrawn' })
    const { siteId, pageId } = await offlinePublishedPage(s)
    expect(await liveIds(s, siteId, true)).toEqual([])
    expect(await liveIds(s, siteId, false)).toEqual([])
    // The site's page list, asked for live versions, is the same list.
    expect((await s.call('GET', `/v2/sites/${siteId}/pages?versionRef=ref:live&includeOffline=true`)).body.data).toEqual([])
    const read = await s.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    expect(read.status).toBe(404)
    expect(read.body.code).toBe('not_found')
    expect(String(read.body.message)).toContain(pageId)
    // By its live pathname too.
    expect((await s.call('GET', `/v6/pages/${encodeURIComponent('/gone')}?siteId=${siteId}&versionRef=ref:live`)).status).toBe(404)
    // The draft stays as it is: listed offline, read.
    expect(((await s.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true`)).body.data ?? []).map((page) => page.id)).toEqual([pageId])
    expect((await s.call('GET', `/v6/pages/${pageId}`)).status).toBe(200)
    // Online again: live again.
    expect((await s.call('PATCH', `/v6/pages/${pageId}`, { isOnline: true })).status).toBe(200)
    expect(await liveIds(s, siteId, true)).toEqual([pageId])
    expect(await liveIds(s, siteId, false)).toEqual([pageId])
    const again = await s.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    expect([again.status, again.body.isOnline]).toEqual([200, true])
  })

  it('withdraws a live version that is the page as it is now (liveVersion current) as the page goes offline', async () => {
    const s = await start({ newPagePublished: 'published', liveVersion: 'current', offlineLiveVersion: 'withdrawn' })
    const { id: siteId } = await s.site('offline-current')
    const pageId = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/now', name: 'Now' }))
    expect(await liveIds(s, siteId, true)).toEqual([pageId])
    expect((await s.call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })).status).toBe(200)
    expect(await liveIds(s, siteId, true)).toEqual([])
    expect((await s.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)).status).toBe(404)
  })
})

describe('the twin’s observation of offlineLiveVersion', () => {
  it.each(['kept', 'withdrawn'] as const)('tells %s from outside', async (alternative) => {
    const choices = { ...PUBLISHING, offlineLiveVersion: alternative }
    expect(await observedOnPermissive('offlineLiveVersion', choices)).toBe(alternative)
  })

  it('sees nothing where no operation publishes', async () => {
    const choices = { offlineLiveVersion: 'withdrawn' as const }
    expect(await observedOnPermissive('offlineLiveVersion', choices)).toBeUndefined()
  })
})

/** How the deployment below publishes, recorded for a run that has not learned offlineLiveVersion: the oracle then keeps the live versions that go offline. */
const PUBLISHED: Choices = { newPagePublished: 'published', pagePublishing: 'going-online' }

/** Sequences of the stateful group: a few hundred, for a run that has learned the choice. */
const STATEFUL_RUNS = atLength(50, 300)
/** Sequences that take a published page offline and list it live (seed 370's 40 hold one). */
const OFFLINE_LIVE = { runs: 40, seed: 370 }

describe('the contract suite against a deployment that withdraws an offline page’s live version', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ ...PUBLISHED, offlineLiveVersion: 'withdrawn' })
  })
  afterAll(() => server.close())


  it('learns it under the default profile: no check fails and no sequence diverges', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: { runs: STATEFUL_RUNS, seed: 1 } })
    expect(report.notices.join('\n')).toContain('offlineLiveVersion="withdrawn"')
    expect(statefulHeadlines(report)).toEqual([])
    expect(report.checks.filter((each) => each.status === 'failed').map((each) => each.id)).toEqual([])
  }, 600_000)

  it('adopts it where the run knows how pages are published but not this: the stateful group follows it', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: OFFLINE_LIVE, choices: PUBLISHED })
    expect(statefulHeadlines(report)).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('offlineLiveVersion: withdrawn')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: OFFLINE_LIVE, choices: PUBLISHED })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('offlineLiveVersion="kept"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toEqual([expect.stringMatching(/page\.list .*holds 0 item\(s\)/)])
  }, 600_000)
})
