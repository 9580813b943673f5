import { describe, expect, it } from 'vitest'
import { createdId, inPath, servedPerTest, type ChoicesServer, type Json } from './choices-server.js'

/**
 * How pages are matched and listed, over HTTP, under sitemock's own choice and the other one the
 * mock follows: a list's pathPrefix in another case (pathPrefixCase), a list in a locale not every
 * page has (localeFilterScope), and a page or route named by its pathname in another case
 * (pathnameLookupCase).
 */

const start = servedPerTest()

const pathnames = (body: Json): unknown[] => body.data!.map((page) => page.pathname)

/** Every item of a list, walked with its cursor a few at a time. */
async function walk(s: ChoicesServer, path: string, limit: number): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = []
  for (let after: unknown, step = 0; step < 100; step++) {
    const answer = await s.call('GET', `${path}&limit=${limit}${after === undefined ? '' : `&startingAfter=${String(after)}`}`)
    expect(answer.status).toBe(200)
    items.push(...answer.body.data!)
    if (answer.body.hasMore !== true) return items
    after = answer.body.data!.at(-1)!.id
  }
  throw new Error(`${path} did not end`)
}

describe('pathPrefixCase', () => {
  it.each([
    ['exact', ['/blog/b']],
    ['any-case', ['/BLOG/c', '/Blog/a', '/blog/b']],
  ] as const)('%s: on /v6/pages and on the site page list, walked a page at a time and after a write', async (value, listed) => {
    const s = await start({ pathPrefixCase: value })
    const { id } = await s.site()
    for (const pathname of ['/Blog/a', '/blog/b', '/BLOG/c', '/about', '/BLOGROLL']) createdId(await s.call('POST', '/v6/pages', { siteId: id, pathname, name: 'p' }))
    for (const path of [`/v6/pages?siteId=${id}&pathPrefix=/blog/`, `/v2/sites/${id}/pages?pathPrefix=/blog/`]) {
      expect([path, pathnames((await s.call('GET', `${path}&limit=100`)).body)]).toEqual([path, listed])
      expect([path, (await walk(s, path, 1)).map((page) => page.pathname)]).toEqual([path, listed])
    }
    // A page renamed into the prefix in another case joins the list as it is kept.
    const about = (await s.call('GET', `/v6/pages/${inPath('/about')}?siteId=${id}`)).body.id as string
    expect((await s.call('PATCH', `/v6/pages/${about}`, { pathname: '/BLOG/z' })).status).toBe(200)
    const after = pathnames((await s.call('GET', `/v6/pages?siteId=${id}&pathPrefix=/blog/`)).body)
    expect(after).toEqual(value === 'any-case' ? ['/BLOG/c', '/BLOG/z', '/Blog/a', '/blog/b'] : ['/blog/b'])
  })
})

describe('localeFilterScope', () => {
  it.each(['localized', 'all'] as const)('%s: a list in fr-FR of pages with and without a localization in it, walked with its cursor', async (value) => {
    const s = await start({ localeFilterScope: value }, 'multi-locale')
    const siteId = (await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}`)).body.data![0]!.id as string
    // New pages have no localization: three of them, among the scenario's localized ones in the order by pathname.
    const bare = new Set<string>()
    for (const pathname of ['/0-bare', '/m-bare', '/~bare']) bare.add(createdId(await s.call('POST', '/v6/pages', { siteId, pathname, name: 'bare' })))
    for (const list of [`/v6/pages?siteId=${siteId}&includeOffline=true`, `/v2/sites/${siteId}/pages?includeOffline=true`]) {
      const everyPage = await walk(s, list, 100)
      const inFrench = await walk(s, `${list}&locale=fr-FR`, 7)
      const expected = value === 'all' ? everyPage : everyPage.filter((page) => !bare.has(page.id as string))
      expect(inFrench.map((page) => page.id)).toEqual(expected.map((page) => page.id))
      expect(inFrench.filter((page) => bare.has(page.id as string)).length).toBe(value === 'all' ? 3 : 0)
      for (const [i, page] of inFrench.entries()) {
        const own = expected[i]!
        const localization = (own.localizations as Array<{ locale: string; pathname: string }>).find((l) => l.locale === 'fr-FR')
        // Shown in fr-FR where it has a localization in it, as it is where it has none.
        expect(page).toMatchObject(localization ? { locale: 'fr-FR', pathname: localization.pathname } : { locale: 'en-US', pathname: own.pathname })
      }
    }
  })
})

describe('pathnameLookupCase', () => {
  it.each([
    ['exact', 404],
    ['any-case', 200],
  ] as const)('%s: a page and a route read, changed and deleted by their pathname in another case', async (value, found) => {
    const s = await start({ pathnameLookupCase: value })
    const { id: siteId } = await s.site()
    const page = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/About', name: 'about' }))
    const route = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/Legacy' }))
    const pagePath = `/v6/pages/${inPath('/about')}?siteId=${siteId}`
    const routePath = `/v2/routes/${inPath('/LEGACY')}?siteId=${siteId}`
    const read = await s.call('GET', pagePath)
    expect(read.status).toBe(found)
    if (found === 200) expect(read.body).toMatchObject({ id: page, pathname: '/About' })
    expect((await s.call('PATCH', pagePath, { title: 'About' })).status).toBe(found)
    const routeRead = await s.call('GET', routePath)
    expect(routeRead.status).toBe(found)
    if (found === 200) expect(routeRead.body).toMatchObject({ id: route, pathname: '/Legacy' })
    expect((await s.call('PATCH', routePath, { pathname: '/Legacy2' })).status).toBe(found)
    const deleted = found === 200 ? 204 : 404
    expect((await s.call('DELETE', pagePath)).status).toBe(deleted)
    expect((await s.call('DELETE', `/v2/routes/${inPath('/legacy2')}?siteId=${siteId}`)).status).toBe(deleted)
    expect((await s.call('GET', `/v6/pages/${page}`)).status).toBe(found === 200 ? 404 : 200)
  })

  it.each(['exact', 'any-case'] as const)('%s: two candidates in other cases are no match; the exact pathname is found first', async (value) => {
    const s = await start({ pathnameLookupCase: value })
    const { id: siteId } = await s.site()
    const team = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/Team', name: 'a' }))
    createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/TEAM', name: 'b' }))
    createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/Go' }))
    createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/GO' }))
    expect((await s.call('GET', `/v6/pages/${inPath('/team')}?siteId=${siteId}`)).status).toBe(404)
    expect((await s.call('GET', `/v2/routes/${inPath('/go')}?siteId=${siteId}`)).status).toBe(404)
    expect((await s.call('GET', `/v6/pages/${inPath('/Team')}?siteId=${siteId}`)).body.id).toBe(team)
  })

  it('any-case with pathnames kept in lower case: a pathname in any case finds the page kept in lower case', async () => {
    const s = await start({ pathnameLookupCase: 'any-case', pagePathnameCase: 'lower-case' })
    const { id: siteId } = await s.site()
    const page = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/Contact', name: 'c' }))
    for (const sent of ['/contact', '/CONTACT', '/Contact']) expect([sent, (await s.call('GET', `/v6/pages/${inPath(sent)}?siteId=${siteId}`)).body.id]).toEqual([sent, page])
  })
})
