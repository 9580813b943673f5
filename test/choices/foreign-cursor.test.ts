import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/contracts/choices.js'
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
