import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP, a `startingAfter` naming a site, page or route that a delete removed (choice
 * deletedCursor): under sitemock's own `unknown` an id of nothing, answered as unknownCursor says;
 * under `after-place` the items after the place the deleted item had in that very list's order,
 * by the values it had when deleted.
 */

const start = servedPerTest()

/** The ids of a list answer, failing the test with the answer when it is no 200. */
function listed(answer: Answer): string[] {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body.data!.map((item) => String(item.id))
}

async function deleted(s: ChoicesServer, path: string): Promise<void> {
  expect((await s.call('DELETE', path)).status).toBe(204)
}

/** Pages made in order, each with its pathname and title. */
async function pages(s: ChoicesServer, siteId: string, made: Array<[string, string | null]>): Promise<string[]> {
  const ids: string[] = []
  for (const [pathname, title] of made) {
    const id = createdId(await s.call('POST', '/v6/pages', { siteId, pathname, name: pathname }))
    expect((await s.call('PATCH', `/v6/pages/${id}`, { title })).status).toBe(200)
    ids.push(id)
  }
  return ids
}

async function routes(s: ChoicesServer, siteId: string, pathnames: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const pathname of pathnames) ids.push(createdId(await s.call('POST', '/v2/routes', { siteId, pathname })))
  return ids
}

describe('deletedCursor unknown (sitemock)', () => {
  it.each([
    [{}, 400],
    [{ unknownCursor: '404' }, 404],
    [{ unknownCursor: 'empty-list' }, 200],
  ] as Array<[Choices, number]>)('a deleted site, page or route as the cursor names nothing (%j): %i', async (choices, status) => {
    const s = await start(choices)
    const { id: gone } = await s.site('gone')
    const { id: siteId } = await s.site('kept')
    const [page] = await pages(s, siteId, [['/a', 'A'], ['/b', 'B']])
    const [route] = await routes(s, siteId, ['/r1', '/r2'])
    await deleted(s, `/v2/sites/${gone}`)
    await deleted(s, `/v6/pages/${page!}`)
    await deleted(s, `/v2/routes/${route!}`)
    for (const path of [`/v2/sites?workspaceId=${s.workspaceId}&startingAfter=${gone}`, `/v6/pages?siteId=${siteId}&sortBy=title&startingAfter=${page!}`, `/v2/routes?siteId=${siteId}&startingAfter=${route!}`]) {
      const answer = await s.call('GET', path)
      expect(answer.status, path).toBe(status)
      if (status === 200) expect(answer.body.data).toEqual([])
      else expect(answer.body.code).toBe(status === 404 ? 'not_found' : 'bad_request')
    }
    // Nothing of what was deleted is kept for the cursors.
    expect([s.mock.store.deleted.placedSite(gone), s.mock.store.deleted.placed('page', page!), s.mock.store.deleted.placed('route', route!)]).toEqual([undefined, undefined, undefined])
  })
})

describe('deletedCursor after-place', () => {
  it.each([
    ['oldest-first', (sites: string[]) => [sites[2]!]],
    ['newest-first', (sites: string[]) => [sites[0]!]],
  ] as const)('a deleted site: the sites after its place in the list (siteListOrder %s)', async (order, after) => {
    const s = await start({ deletedCursor: 'after-place', siteListOrder: order })
    const sites = [(await s.site('first')).id, (await s.site('second')).id, (await s.site('third')).id]
    await deleted(s, `/v2/sites/${sites[1]!}`)
    const ids = listed(await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=100&startingAfter=${sites[1]!}`))
    // The scenario's own sites are older than these: the newest-first list goes on with them after the first.
    expect(ids.filter((id) => sites.includes(id))).toEqual(after(sites))
    expect(ids[0]).toBe(after(sites)[0])
    // Another workspace's list does not hold it: an item it leaves out (cursorOutsideList, 400 here).
    if (s.otherWorkspaceId !== undefined) expect((await s.call('GET', `/v2/sites?workspaceId=${s.otherWorkspaceId}&startingAfter=${sites[1]!}`, undefined, s.otherAppKey)).status).toBe(400)
  })

  it('a deleted page: the pages after its place by title, descending, as it was titled when deleted', async () => {
    const s = await start({ deletedCursor: 'after-place' })
    const { id: siteId } = await s.site()
    const [, b, , a] = await pages(s, siteId, [['/d', 'D'], ['/b', 'B'], ['/c', 'C'], ['/a', 'A']])
    // Retitled, then deleted: its place is by the title it had as it went.
    expect((await s.call('PATCH', `/v6/pages/${b!}`, { title: 'Cz' })).status).toBe(200)
    await deleted(s, `/v6/pages/${b!}`)
    const answer = await s.call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=desc&includeOffline=true&startingAfter=${b!}`)
    expect(answer.body.data!.map((page) => page.title)).toEqual(['C', 'A'])
    expect((await s.call('GET', `/v6/pages?siteId=${siteId}&sortBy=path&includeOffline=true&limit=1&startingAfter=${b!}`)).body).toMatchObject({ hasMore: true, data: [{ pathname: '/c' }] })
    // A page deleted at the end of the order: nothing after it.
    await deleted(s, `/v6/pages/${a!}`)
    expect(listed(await s.call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=desc&startingAfter=${a!}`))).toEqual([])
  })

  it('a deleted page among ties: after its place in creation order (sortTies creation), or by id', async () => {
    const s = await start({ deletedCursor: 'after-place', sortTies: 'creation' })
    const { id: siteId } = await s.site()
    const made = await pages(s, siteId, [['/p1', 'Same'], ['/p2', 'Same'], ['/p3', 'Same'], ['/p4', 'Same']])
    // The one created before it deleted too: its place is after the one before that.
    await deleted(s, `/v6/pages/${made[1]!}`)
    await deleted(s, `/v6/pages/${made[2]!}`)
    expect(listed(await s.call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&startingAfter=${made[2]!}`))).toEqual([made[3]!])
    expect(listed(await s.call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&startingAfter=${made[1]!}`))).toEqual([made[3]!])
  })

  it('a deleted page the list would leave out is such an item: cursorOutsideList answers it', async () => {
    const s = await start({ deletedCursor: 'after-place' })
    const { id: siteId } = await s.site()
    const [blog] = await pages(s, siteId, [['/blog/a', 'A'], ['/docs/b', 'B']])
    await deleted(s, `/v6/pages/${blog!}`)
    const outside = await s.call('GET', `/v6/pages?siteId=${siteId}&pathPrefix=/docs&startingAfter=${blog!}`)
    expect([outside.status, outside.body.code]).toEqual([400, 'bad_request'])
    // Never published: it had no place among the live versions.
    expect((await s.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&startingAfter=${blog!}`)).status).toBe(400)
    // And in another site's list.
    const { id: other } = await s.site('other')
    expect((await s.call('GET', `/v6/pages?siteId=${other}&startingAfter=${blog!}`)).status).toBe(400)
  })

  it.each([
    ['pathname', ['/b', '/c']],
    ['creation', ['/b']],
  ] as const)('a deleted route: the routes after its place (routeListOrder %s)', async (order, after) => {
    const s = await start({ deletedCursor: 'after-place', routeListOrder: order })
    const { id: siteId } = await s.site()
    const [c, a] = await routes(s, siteId, ['/c', '/a', '/b'])
    await deleted(s, `/v2/routes/${a!}`)
    const answer = await s.call('GET', `/v2/routes?siteId=${siteId}&startingAfter=${a!}`)
    expect(answer.body.data!.map((route) => route.pathname)).toEqual(after)
    // The first one created deleted too: the second's place is still after it, before /b.
    await deleted(s, `/v2/routes/${c!}`)
    expect((await s.call('GET', `/v2/routes?siteId=${siteId}&startingAfter=${a!}`)).body.data!.map((route) => route.pathname)).toEqual(['/b'])
  })

  it('a reset takes back what the deletes kept', async () => {
    const s = await start({ deletedCursor: 'after-place' })
    const { id: siteId } = await s.site()
    const [route] = await routes(s, siteId, ['/r1', '/r2'])
    await deleted(s, `/v2/routes/${route!}`)
    expect(s.mock.store.deleted.placed('route', route!)).toBeDefined()
    expect((await fetch(`${s.url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    expect(s.mock.store.deleted.placed('route', route!)).toBeUndefined()
  })
})
