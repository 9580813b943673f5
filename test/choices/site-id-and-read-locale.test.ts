import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest, type Answer } from './choices-server.js'

/**
 * Two lookup classes over real HTTP: a `siteId` beside a page, route or locale id that names
 * another site (siteIdBesideId, `refused` beside `checked` and `ignored`), and a page read whose
 * `locale` its site lacks (pageReadUnknownLocale, `default` beside `as-list`); and the stateful
 * group against a deployment that chose `refused` and `default`.
 */

const start = servedPerTest()
const NOWHERE = '00000000-0000-4000-8000-00000000beef'

/** The field each detail of a 400 names. */
const named = (answer: Answer): unknown[] => ((answer.body.details ?? []) as Array<Record<string, unknown>>).map((detail) => detail.field)

describe('siteIdBesideId over HTTP', () => {
  it.each([
    ['checked', 404],
    ['ignored', 200],
    ['refused', 400],
  ] as const)("%s: a page, route and locale read by id with another site's siteId", async (value, status) => {
    const { call, site } = await start({ siteIdBesideId: value })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    const route = createdId(await call('POST', '/v2/routes', { siteId: one.id, pathname: '/r' }))
    const locale = createdId(await call('POST', '/v2/locales', { siteId: one.id, locale: 'fr-FR' }))
    for (const path of [`/v6/pages/${page}`, `/v2/routes/${route}`, `/v2/locales/${locale}`]) {
      const answer = await call('GET', `${path}?siteId=${other.id}`)
      expect([path, answer.status]).toEqual([path, status])
      // Its own site's id beside it finds it under every alternative.
      expect((await call('GET', `${path}?siteId=${one.id}`)).status).toBe(200)
    }
  })

  it('refused: a 400 naming siteId, for another site or none, on reads, updates, deletes and restores alike', async () => {
    const { call, site } = await start({ siteIdBesideId: 'refused' })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    const locale = createdId(await call('POST', '/v2/locales', { siteId: one.id, locale: 'fr-FR' }))
    const read = await call('GET', `/v6/pages/${page}?siteId=${other.id}`)
    expect(read.body).toMatchObject({ object: 'error', code: 'bad_request', details: [{ field: 'siteId', message: 'does not match the site of the page the id names' }] })
    expect(named(await call('GET', `/v6/pages/${page}?siteId=${NOWHERE}`))).toEqual(['siteId'])
    const update = await call('PATCH', `/v6/pages/${page}?siteId=${other.id}`, { name: 'moved' })
    expect([update.status, named(update)]).toEqual([400, ['siteId']])
    expect((await call('DELETE', `/v6/pages/${page}?siteId=${other.id}`)).status).toBe(400)
    // Neither the update nor the delete went through.
    expect((await call('GET', `/v6/pages/${page}`)).status).toBe(200)
    expect((await call('DELETE', `/v2/locales/${locale}?siteId=${one.id}`)).status).toBe(204)
    const restore = await call('POST', `/v2/locales/${locale}/restore?siteId=${other.id}`)
    expect([restore.status, named(restore)]).toEqual([400, ['siteId']])
    expect(restore.body.message).toMatch(/does not match the site of the locale the id names/)
  })

  it('refused: access is judged first, and a pathname is still looked up in the siteId site', async () => {
    const { call, site, otherAppKey } = await start({ siteIdBesideId: 'refused' })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    // Another workspace's key learns nothing of the page: a 403, as without the siteId.
    expect((await call('GET', `/v6/pages/${page}?siteId=${other.id}`, undefined, otherAppKey)).status).toBe(403)
    // Another site's Site key reaches neither: a 403 too.
    expect((await call('GET', `/v6/pages/${page}?siteId=${other.id}`, undefined, other.key)).status).toBe(403)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/p')}?siteId=${other.id}`)).status).toBe(404)
    // A siteId that is no UUID is refused as ever.
    expect(named(await call('GET', `/v6/pages/${page}?siteId=nope`))).toEqual(['siteId'])
  })

  it('refused: a delete sent again (repeatedDelete idempotent) reads the siteId beside the id as for what is there', async () => {
    const { call, site } = await start({ siteIdBesideId: 'refused', repeatedDelete: 'idempotent' })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    expect((await call('DELETE', `/v6/pages/${page}`)).status).toBe(204)
    const again = await call('DELETE', `/v6/pages/${page}?siteId=${other.id}`)
    expect([again.status, named(again)]).toEqual([400, ['siteId']])
    expect((await call('DELETE', `/v6/pages/${page}?siteId=${one.id}`)).status).toBe(204)
  })
})

describe('pageReadUnknownLocale over HTTP', () => {
  it.each([
    [{}, 400, 400],
    [{ pageUnknownLocale: '404' }, 404, 404],
    [{ pageUnknownLocale: 'empty-list' }, 200, 404],
    [{ pageReadUnknownLocale: 'default' }, 400, 200],
    [{ pageReadUnknownLocale: 'default', pageUnknownLocale: '404' }, 404, 200],
    [{ pageReadUnknownLocale: 'default', pageUnknownLocale: 'empty-list' }, 200, 200],
  ] as const)('%o: a page list, then a page read, in a locale the site lacks', async (choices, listStatus, readStatus) => {
    const { call, site } = await start(choices)
    const { id } = await site()
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    // The list keeps pageUnknownLocale's answer whatever the read does.
    expect((await call('GET', `/v6/pages?siteId=${id}&locale=it`)).status).toBe(listStatus)
    expect((await call('GET', `/v6/pages/${page}?locale=it`)).status).toBe(readStatus)
  })

  it('default: the page as read without locale, for a code the site lacks and for another site\'s locale id', async () => {
    const { call, site } = await start({ pageReadUnknownLocale: 'default' })
    const [one, other] = [await site('one'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/p', name: 'p' }))
    const elsewhere = createdId(await call('POST', '/v2/locales', { siteId: other.id, locale: 'it-IT' }))
    const plain = await call('GET', `/v6/pages/${page}`)
    for (const locale of ['it', 'it-IT', elsewhere]) {
      const read = await call('GET', `/v6/pages/${page}?locale=${locale}`)
      expect([locale, read.status]).toEqual([locale, 200])
      expect(read.body).toEqual(plain.body)
      expect(read.body.locale).toBe('en-US')
    }
    // By pathname too.
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/p')}?siteId=${one.id}&locale=it`)).body).toEqual(plain.body)
  })

  it('default: what else the read breaks is still refused', async () => {
    const { call, site } = await start({ pageReadUnknownLocale: 'default' })
    const { id } = await site()
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    // A locale longer than any (its parameter's own limit), a live version never published, a page that is not there.
    const long = await call('GET', `/v6/pages/${page}?locale=${'x'.repeat(65)}`)
    expect([long.status, named(long)]).toEqual([400, ['locale']])
    expect((await call('GET', `/v6/pages/${page}?locale=it&versionRef=ref:live`)).status).toBe(404)
    expect((await call('GET', `/v6/pages/${NOWHERE}?locale=it`)).status).toBe(404)
  })
})

describe('the stateful group against a deployment that refuses a siteId beside an id and reads an unknown locale as the default', () => {
  const CHOSEN = { siteIdBesideId: 'refused', pageReadUnknownLocale: 'default' } as const
  // Forty sequences from seed 1 send both kinds of request several times.
  const RUNS = 40

  it('adopts both under the default profile, and finds no divergence', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: {} })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    const adopted = report.notices.find((line) => line.startsWith('stateful adopted'))
    expect(adopted).toContain('siteIdBesideId: refused')
    expect(adopted).toContain('pageReadUnknownLocale: default')
  }, 300_000)

  it('names both classes under --profile sitemock', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named.filter((reason) => reason.startsWith(`sitemock's choice siteIdBesideId="checked"`)).length).toBeGreaterThan(0)
    expect(named.filter((reason) => reason.startsWith(`sitemock's choice pageReadUnknownLocale="as-list"`)).length).toBeGreaterThan(0)
  }, 300_000)
})
