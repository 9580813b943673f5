import { describe, expect, it } from 'vitest'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'

/**
 * The mock follows limitAboveMaximum over HTTP: a `limit` above 100 on the lists of sites, pages,
 * a site's pages and routes is a 400 naming `limit` (`refused`), or answered exactly as `limit=100`
 * (`clamped`). List Locales, whose range the specification states, refuses it either way; a limit
 * that is no integer is refused either way.
 */

const start = servedPerTest()

/** More items than one page of 100 holds in each list, so that a clamped page shows its size and its hasMore. */
const ITEMS = 102

/** A site with ITEMS pages and ITEMS routes, and at least ITEMS sites in the workspace: the four lists' paths. */
async function longLists({ call, site, workspaceId }: ChoicesServer): Promise<{ lists: Record<string, string>; siteId: string }> {
  const { id: siteId } = await site('long lists')
  for (let i = 0; i < ITEMS; i++) {
    createdId(await call('POST', '/v2/sites', { workspaceId, name: `site ${i}` }))
    createdId(await call('POST', '/v6/pages', { siteId, pathname: `/p${i}`, name: `page ${i}` }))
    createdId(await call('POST', '/v2/routes', { siteId, pathname: `/r${i}` }))
  }
  const lists = {
    sites: `/v2/sites?workspaceId=${workspaceId}`,
    pages: `/v6/pages?siteId=${siteId}&includeOffline=true`,
    'site pages': `/v2/sites/${siteId}/pages?includeOffline=true`,
    routes: `/v2/routes?siteId=${siteId}`,
  }
  return { lists, siteId }
}

/** A 400 naming `limit`, and nothing else. */
function expectLimitRefused(answer: Answer, label: string): void {
  expect(answer.status, label).toBe(400)
  expect(answer.body.code, label).toBe('bad_request')
  expect((answer.body.details as Array<{ field: string }>).map((detail) => detail.field), label).toEqual(['limit'])
}

describe('limitAboveMaximum over HTTP', () => {
  it('refused (sitemock): limit=101 on the four lists is a 400 naming limit, limit=100 a full page', async () => {
    const server = await start({})
    const { lists } = await longLists(server)
    for (const [name, path] of Object.entries(lists)) {
      expectLimitRefused(await server.call('GET', `${path}&limit=101`), name)
      const full = await server.call('GET', `${path}&limit=100`)
      expect([full.status, full.body.data?.length, full.body.hasMore], name).toEqual([200, 100, true])
    }
  }, 30_000)

  it('clamped: limit=101 and limit=1000 on the four lists are answered exactly as limit=100, a cursor kept', async () => {
    const server = await start({ limitAboveMaximum: 'clamped' })
    const { lists } = await longLists(server)
    for (const [name, path] of Object.entries(lists)) {
      const hundred = await server.call('GET', `${path}&limit=100`)
      expect([hundred.status, hundred.body.data?.length, hundred.body.hasMore], name).toEqual([200, 100, true])
      expect(await server.call('GET', `${path}&limit=101`), `${name} limit=101`).toEqual(hundred)
      expect(await server.call('GET', `${path}&limit=1000`), `${name} limit=1000`).toEqual(hundred)
      // After the first page the rest is shorter than a page: all of it, hasMore false, as limit=100 gives it.
      const cursor = String(hundred.body.data![99]!.id)
      const rest = await server.call('GET', `${path}&limit=100&startingAfter=${cursor}`)
      expect(rest.body.hasMore, name).toBe(false)
      expect(await server.call('GET', `${path}&limit=101&startingAfter=${cursor}`), `${name} after a cursor`).toEqual(rest)
    }
  }, 30_000)

  it.each(['refused', 'clamped'] as const)('%s: List Locales refuses limit=101, and no list takes a limit that is no integer', async (value) => {
    const server = await start({ limitAboveMaximum: value })
    const { lists, siteId } = await longLists(server)
    expectLimitRefused(await server.call('GET', `/v2/locales?siteId=${siteId}&limit=101`), 'locales')
    expect((await server.call('GET', `/v2/locales?siteId=${siteId}&limit=100`)).status).toBe(200)
    for (const [name, path] of Object.entries(lists)) {
      expectLimitRefused(await server.call('GET', `${path}&limit=150.5`), `${name} limit=150.5`)
      expectLimitRefused(await server.call('GET', `${path}&limit=many`), `${name} limit=many`)
    }
  }, 30_000)
})
