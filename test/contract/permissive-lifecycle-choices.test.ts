import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { startPermissive, type Choices, type Permissive } from './permissive/index.js'

/**
 * The permissive implementation's other alternatives of what a delete leaves, how names and
 * pathnames match, and what a copy holds, over real HTTP: the fine points the twin's one
 * observation per class (twin/observe.ts) does not reach.
 */
type Json = Record<string, unknown>

describe('the permissive implementation, taking other alternatives', () => {
  let server: Permissive | undefined
  afterEach(() => server?.close())

  async function start(choices: Choices): Promise<Permissive> {
    server = await startPermissive({ choices })
    return server
  }

  async function call(method: string, path: string, body?: unknown, key = server!.appKey): Promise<{ status: number; body: Json }> {
    const response = await fetch(server!.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Json) }
  }
  const site = async (name = `Site ${randomUUID()}`): Promise<Json> => (await call('POST', '/v2/sites', { workspaceId: server!.workspaceId, name })).body
  const page = async (siteId: unknown, pathname: string): Promise<Json> => (await call('POST', '/v6/pages', { siteId, pathname, name: 'P' })).body
  const pathnames = async (path: string): Promise<unknown[]> => ((await call('GET', path)).body.data as Json[]).map((item) => item.pathname)

  it('repeatedDelete idempotent: what a delete removed is a 204 again for a key that reached it, and nothing else is', async () => {
    await start({ repeatedDelete: 'idempotent' })
    const { id: siteId } = await site()
    const { id: pageId } = await page(siteId, '/gone')
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v6/pages/%2Fgone?siteId=${String(siteId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`, undefined, server!.otherWorkspaceKey)).status).toBe(403)
    expect((await call('DELETE', `/v6/pages/${randomUUID()}`)).status).toBe(404)
    // An id of another family is none of this family's.
    expect((await call('DELETE', `/v2/routes/${String(pageId)}`)).status).toBe(404)
    const { id: localeId } = (await call('POST', '/v2/locales', { siteId, locale: 'fr' })).body
    expect((await call('DELETE', `/v2/locales/${String(localeId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v2/locales/${String(localeId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v2/locales/fr?siteId=${String(siteId)}`)).status).toBe(204)
    const { id: routeId } = (await call('POST', '/v2/routes', { siteId, pathname: '/r' })).body
    expect((await call('DELETE', `/v2/sites/${String(siteId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v2/sites/${String(siteId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v2/sites/${String(siteId)}`, undefined, server!.otherWorkspaceKey)).status).toBe(403)
    // What the site's delete took with it was removed by a delete too.
    expect((await call('DELETE', `/v2/routes/${String(routeId)}`)).status).toBe(204)
    expect((await call('GET', `/v2/routes/${String(routeId)}`)).status).toBe(404)
  })

  it('repeatedDelete not-found, its own answer: a delete sent again is a 404', async () => {
    await start({})
    const { id: siteId } = await site()
    const { id: pageId } = await page(siteId, '/gone')
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`)).status).toBe(404)
  })

  it('siteNames unique: a create, rename or copy to another live site name of the workspace, in any case, is a 409', async () => {
    await start({ siteNames: 'unique' })
    const alpha = await site('Alpha')
    const beta = await site('Beta')
    expect((await call('POST', '/v2/sites', { workspaceId: server!.workspaceId, name: 'ALPHA' })).body).toMatchObject({ code: 'conflict' })
    expect((await call('PATCH', `/v2/sites/${String(beta.id)}`, { name: 'alpha' })).status).toBe(409)
    expect((await call('PATCH', `/v2/sites/${String(alpha.id)}`, { name: 'ALPHA' })).status).toBe(200)
    expect((await call('POST', `/v2/sites/${String(beta.id)}/duplicate`, { name: 'beta' })).status).toBe(409)
    expect((await call('POST', `/v2/sites/${String(beta.id)}/duplicate`, { name: 'Gamma' })).status).toBe(201)
    expect((await call('DELETE', `/v2/sites/${String(alpha.id)}`)).status).toBe(204)
    expect((await call('POST', '/v2/sites', { workspaceId: server!.workspaceId, name: 'alpha' })).status).toBe(201)
  })

  it('pathPrefixCase any-case: a prefix matches pathnames in any case, on both page lists', async () => {
    await start({ pathPrefixCase: 'any-case' })
    const { id } = await site()
    for (const pathname of ['/Blog/x', '/blog/y', '/other']) await page(id, pathname)
    expect(await pathnames(`/v6/pages?siteId=${String(id)}&pathPrefix=%2FBLOG`)).toEqual(['/Blog/x', '/blog/y'])
    expect(await pathnames(`/v2/sites/${String(id)}/pages?pathPrefix=%2FbLoG`)).toEqual(['/Blog/x', '/blog/y'])
  })

  it('localeFilterScope all: a locale of the site lists every page as its base page; one the site lacks is still an empty list', async () => {
    await start({ localeFilterScope: 'all' })
    const { id } = await site()
    await call('POST', '/v2/locales', { siteId: id, locale: 'fr' })
    for (const pathname of ['/a', '/b']) await page(id, pathname)
    expect(await pathnames(`/v6/pages?siteId=${String(id)}&locale=fr`)).toEqual(['/a', '/b'])
    expect(await pathnames(`/v6/pages?siteId=${String(id)}&locale=xx-YY`)).toEqual([])
  })

  it('siteDeleteChildren kept: what a deleted site held answers by id to its workspace App key alone', async () => {
    await start({ siteDeleteChildren: 'kept' })
    const { id: siteId, publicApiKey } = await site()
    const [defaultLocale] = (await call('GET', `/v2/locales?siteId=${String(siteId)}`)).body.data as Json[]
    const { id: pageId } = await page(siteId, '/kept')
    const { id: localeId } = (await call('POST', '/v2/locales', { siteId, locale: 'fr' })).body
    const { id: routeId } = (await call('POST', '/v2/routes', { siteId, pathname: '/r' })).body
    expect((await call('DELETE', `/v2/sites/${String(siteId)}`)).status).toBe(204)
    expect((await call('GET', `/v2/sites/${String(siteId)}`)).status).toBe(404)
    expect((await call('PATCH', `/v6/pages/${String(pageId)}`, { name: 'Renamed' })).status).toBe(200)
    expect((await call('GET', `/v6/pages/${String(pageId)}`)).body.pathname).toBe('/kept')
    expect((await call('PATCH', `/v2/locales/${String(localeId)}`, { domain: 'https://fr.example.com' })).body.domain).toBe('https://fr.example.com')
    expect((await call('GET', `/v2/routes/${String(routeId)}`)).status).toBe(200)
    expect((await call('GET', `/v6/pages/${String(pageId)}`, undefined, server!.otherWorkspaceKey)).status).toBe(403)
    expect((await call('GET', `/v6/pages/${String(pageId)}`, undefined, String(publicApiKey))).status).toBe(401)
    // The site is gone: its lists and lookups by pathname or code, which name it, are 404s.
    expect((await call('GET', `/v6/pages?siteId=${String(siteId)}`)).status).toBe(404)
    expect((await call('GET', `/v6/pages/%2Fkept?siteId=${String(siteId)}`)).status).toBe(404)
    expect((await call('GET', `/v2/locales/fr?siteId=${String(siteId)}`)).status).toBe(404)
    expect((await call('GET', `/v2/locales?siteId=${String(siteId)}`)).status).toBe(404)
    expect((await call('DELETE', `/v6/pages/${String(pageId)}`)).status).toBe(204)
    expect((await call('GET', `/v6/pages/${String(pageId)}`)).status).toBe(404)
    expect((await call('DELETE', `/v2/locales/${String(localeId)}`)).status).toBe(204)
    expect((await call('DELETE', `/v2/locales/${String(defaultLocale!.id)}`)).status).toBe(400)
  })

  it('pathnameLookupCase any-case: the exact pathname first, else the one page or route that has it in another case', async () => {
    await start({ pathnameLookupCase: 'any-case' })
    const { id } = await site()
    const read = async (path: string): Promise<unknown> => {
      const reply = await call('GET', `${path}?siteId=${String(id)}`)
      return reply.status === 200 ? reply.body.pathname : reply.status
    }
    for (const pathname of ['/about', '/About', '/Team']) await page(id, pathname)
    await call('POST', '/v2/routes', { siteId: id, pathname: '/Go' })
    expect(await read('/v6/pages/%2FAbout')).toBe('/About')
    expect(await read('/v6/pages/%2FABOUT')).toBe(404)
    expect(await read('/v6/pages/%2Fteam')).toBe('/Team')
    expect(await read('/v2/routes/%2FgO')).toBe('/Go')
    expect((await call('DELETE', `/v6/pages/%2FTEAM?siteId=${String(id)}`)).status).toBe(204)
    expect(await read('/v6/pages/%2FTeam')).toBe(404)
  })

  it('duplicatePublication reset, and cursorOutsideList 404', async () => {
    await start({ duplicatePublication: 'reset', newPagePublished: 'published', cursorOutsideList: '404' })
    const original = await site()
    const made = await page(original.id, '/p')
    expect(made).toMatchObject({ isOnline: true, publishedAt: made.createdAt })
    const copy = (await call('POST', `/v2/sites/${String(original.id)}/duplicate`, { name: 'Copy' })).body
    const [copied] = (await call('GET', `/v6/pages?siteId=${String(copy.id)}&includeOffline=true`)).body.data as Json[]
    expect(copied).toMatchObject({ pathname: '/p', isOnline: false, publishedAt: null, createdAt: made.createdAt })
    expect((await call('GET', `/v6/pages/${String(copied!.id)}?versionRef=ref:live`)).status).toBe(404)
    // Offline, the copy's page is left out of the list of online pages: a cursor naming it is outside.
    expect((await call('GET', `/v6/pages?siteId=${String(copy.id)}&startingAfter=${String(copied!.id)}`)).status).toBe(404)
  })
})
