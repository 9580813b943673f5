import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: what a cursor naming an item of another list gives (foreignCursor): another site's
 * page, route or locale, or an item of another family. Under `as-outside` it is answered as an
 * item the list leaves out (cursorOutsideList); otherwise as the choice says, while an item the
 * list's filters leave out keeps cursorOutsideList's answer.
 */

const start = servedPerTest()

/** Two sites, each with a page, a route and a locale besides its default one. */
async function twoSites(choices: Choices): Promise<{ s: ChoicesServer; here: string; there: Record<'page' | 'route' | 'locale', string> }> {
  const s = await start(choices)
  const [{ id: here }, { id: elsewhere }] = [await s.site('here'), await s.site('elsewhere')]
  for (const siteId of [here, elsewhere]) {
    createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/a', name: 'a' }))
    createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
    createdId(await s.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' }))
  }
  const first = async (path: string): Promise<string> => String((await s.call('GET', `${path}?siteId=${elsewhere}&limit=1`)).body.data![0]!.id)
  return { s, here, there: { page: await first('/v6/pages'), route: await first('/v2/routes'), locale: await first('/v2/locales') } }
}

const LISTS = { page: '/v6/pages', route: '/v2/routes', locale: '/v2/locales' } as const

function expectAnswer(answer: Answer, expected: '400' | '404' | 'empty-list'): void {
  if (expected === 'empty-list') {
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ data: [], hasMore: false })
    return
  }
  expect(answer.status).toBe(Number(expected))
  expect(answer.body.code).toBe(expected === '404' ? 'not_found' : 'bad_request')
  if (expected === '400') expect(answer.body.details).toEqual([expect.objectContaining({ field: 'startingAfter' })])
}

describe('foreignCursor', () => {
  it.each(['404', '400', 'empty-list'] as const)("%s: another site's page, route and locale, and a page id on the route list", async (value) => {
    // cursorOutsideList after-place would list items after another site's item: the answers below are foreignCursor's.
    const { s, here, there } = await twoSites({ foreignCursor: value, cursorOutsideList: 'after-place' })
    for (const family of ['page', 'route', 'locale'] as const) expectAnswer(await s.call('GET', `${LISTS[family]}?siteId=${here}&startingAfter=${there[family]}`), value)
    expectAnswer(await s.call('GET', `/v2/routes?siteId=${here}&startingAfter=${there.page}`), value)
    expectAnswer(await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}&startingAfter=${there.route}`), value)
  })

  it.each([
    ['400', '400'],
    ['404', '404'],
    ['empty-list', 'empty-list'],
  ] as const)('as-outside: another site\'s page is answered as cursorOutsideList %s says', async (outside, expected) => {
    const { s, here, there } = await twoSites({ foreignCursor: 'as-outside', cursorOutsideList: outside })
    expectAnswer(await s.call('GET', `/v6/pages?siteId=${here}&includeOffline=true&startingAfter=${there.page}`), expected)
  })

  it.each([
    ['400', '400'],
    ['404', '404'],
    ['empty-list', 'empty-list'],
  ] as const)('as-outside: another family\'s item (a page id on the route list, a route id on the site list) is answered as cursorOutsideList %s says, not as an unknown cursor', async (outside, expected) => {
    // unknownCursor differs from every answer above: an id of another family is not an id of nothing.
    const unknownCursor = outside === '400' ? '404' : '400'
    const { s, here, there } = await twoSites({ foreignCursor: 'as-outside', cursorOutsideList: outside, unknownCursor })
    expectAnswer(await s.call('GET', `/v2/routes?siteId=${here}&startingAfter=${there.page}`), expected)
    expectAnswer(await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}&startingAfter=${there.route}`), expected)
  })

  it('as-outside with cursorOutsideList after-place: another family\'s item has no place, the list goes on from its start', async () => {
    const { s, here, there } = await twoSites({ foreignCursor: 'as-outside', cursorOutsideList: 'after-place' })
    const whole = await s.call('GET', `/v2/routes?siteId=${here}`)
    const answer = await s.call('GET', `/v2/routes?siteId=${here}&startingAfter=${there.page}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual(whole.body.data)
  })

  it('as-outside with cursorOutsideList after-place: the items after its place', async () => {
    const { s, here, there } = await twoSites({ foreignCursor: 'as-outside', cursorOutsideList: 'after-place' })
    createdId(await s.call('POST', '/v6/pages', { siteId: here, pathname: '/b', name: 'b' }))
    const answer = await s.call('GET', `/v6/pages?siteId=${here}&includeOffline=true&sortBy=path&startingAfter=${there.page}`)
    expect(answer.status).toBe(200)
    // Its place by path is among this site's /a (ties by id): what follows it, never what comes before.
    expect(answer.body.data!.map((page) => page.pathname).filter((pathname) => pathname !== '/a')).toEqual(['/b'])
  })

  it('404: a page its prefix leaves out keeps cursorOutsideList\'s answer', async () => {
    const { s, here } = await twoSites({ foreignCursor: '404', cursorOutsideList: 'after-place' })
    createdId(await s.call('POST', '/v6/pages', { siteId: here, pathname: '/docs/b', name: 'b' }))
    const outside = (await s.call('GET', `/v6/pages?siteId=${here}&includeOffline=true&pathPrefix=/a`)).body.data![0]!
    const answer = await s.call('GET', `/v6/pages?siteId=${here}&includeOffline=true&pathPrefix=/docs&sortBy=path&startingAfter=${String(outside.id)}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data!.map((page) => page.pathname)).toEqual(['/docs/b'])
  })
})

describe('foreignCursor refused-unreached', () => {
  const forbiddenCursor = (answer: Answer, id: string): void => {
    expect([answer.status, answer.body.code]).toEqual([403, 'forbidden'])
    expect(String(answer.body.message)).toMatch(new RegExp(`${id}.*does not reach`))
  }

  it("refuses a Site key's list of its own site after another site's page, route or locale with a 403, and answers the App key as cursorOutsideList says", async () => {
    const { s, here, there } = await twoSites({ foreignCursor: 'refused-unreached', cursorOutsideList: 'after-place' })
    const { key } = await s.site('keyed')
    const keyed = (await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}`)).body.data!.find((site) => site.publicApiKey === key)!.id
    createdId(await s.call('POST', '/v6/pages', { siteId: keyed, pathname: '/b', name: 'b' }))
    for (const family of ['page', 'route', 'locale'] as const) forbiddenCursor(await s.call('GET', `${LISTS[family]}?siteId=${String(keyed)}&startingAfter=${there[family]}`, undefined, key), there[family])
    // The App key reaches the other site: the item is placed by its own values (/a), as after-place says.
    const answer = await s.call('GET', `/v6/pages?siteId=${String(keyed)}&includeOffline=true&sortBy=path&startingAfter=${there.page}`)
    expect([answer.status, answer.body.data!.map((page) => page.pathname)]).toEqual([200, ['/b']])
    expect((await s.call('GET', `/v2/routes?siteId=${here}&startingAfter=${there.route}`)).status).toBe(200)
  })

  it("answers another family's item, and another site's deleted locale, as as-outside does, whatever the key reaches", async () => {
    const { s, there } = await twoSites({ foreignCursor: 'refused-unreached', cursorOutsideList: '404' })
    const { id, key } = await s.site('keyed')
    expectAnswer(await s.call('GET', `/v2/routes?siteId=${id}&startingAfter=${there.page}`, undefined, key), '404')
    const elsewhere = (await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}`)).body.data!.find((site) => site.name === 'elsewhere')!.id
    const french = (await s.call('GET', `/v2/locales/fr-FR?siteId=${String(elsewhere)}`)).body.id
    expect((await s.call('DELETE', `/v2/locales/${String(french)}`)).status).toBe(204)
    expectAnswer(await s.call('GET', `/v2/locales?siteId=${id}&startingAfter=${String(french)}`, undefined, key), '404')
  })

  it("refuses another workspace's page to the App key, where the list's site is judged: after it is found, before an invalid limit only where access goes first", async () => {
    const s = await start({ foreignCursor: 'refused-unreached' })
    const { id } = await s.site('here')
    const theirs = createdId(await s.call('POST', '/v2/sites', { workspaceId: s.otherWorkspaceId, name: 'theirs' }, s.otherAppKey))
    const page = createdId(await s.call('POST', '/v6/pages', { siteId: theirs, pathname: '/x', name: 'x' }, s.otherAppKey))
    forbiddenCursor(await s.call('GET', `/v6/pages?siteId=${id}&startingAfter=${page}`), page)
    forbiddenCursor(await s.call('GET', `/v2/sites/${id}/pages?startingAfter=${page}`), page)
    expect((await s.call('GET', `/v6/pages?siteId=00000000-0000-4000-8000-00000000beef&startingAfter=${page}`)).status).toBe(404)
    const limited = await s.call('GET', `/v6/pages?siteId=${id}&limit=0&startingAfter=${page}`)
    expect([limited.status, limited.body.details]).toEqual([400, [expect.objectContaining({ field: 'limit' })]])
    const first = await start({ foreignCursor: 'refused-unreached', validationOrder: 'access-first' })
    const [mine, other] = [await first.site('mine'), await first.site('other')]
    const elsewhere = createdId(await first.call('POST', '/v6/pages', { siteId: other.id, pathname: '/x', name: 'x' }))
    forbiddenCursor(await first.call('GET', `/v6/pages?siteId=${mine.id}&limit=0&startingAfter=${elsewhere}`, undefined, mine.key), elsewhere)
  })

  it("refuses a publishable key that reads its site's pages the same way, and lets it list them", async () => {
    const s = await start({ foreignCursor: 'refused-unreached', publicApiKeyAsSiteKey: 'pages' })
    const [mine, other] = [await s.site('mine'), await s.site('other')]
    const elsewhere = createdId(await s.call('POST', '/v6/pages', { siteId: other.id, pathname: '/x', name: 'x' }))
    expect((await s.call('GET', `/v6/pages?siteId=${mine.id}`, undefined, mine.key)).status).toBe(200)
    forbiddenCursor(await s.call('GET', `/v6/pages?siteId=${mine.id}&startingAfter=${elsewhere}`, undefined, mine.key), elsewhere)
  })
})
