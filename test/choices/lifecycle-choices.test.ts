import { describe, expect, it } from 'vitest'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * What a delete leaves and what a site's name may be, over HTTP, under sitemock's own choice and
 * the other one the mock follows: a delete sent again (repeatedDelete), names a workspace's sites
 * share or not (siteNames), and a site's locales, pages and routes after its delete (siteDeleteChildren).
 */

const start = servedPerTest()

const NEVER = '00000000-0000-4000-8000-00000000dead'

/** A site with a second locale, a page and a route, by id. */
async function furnished(s: ChoicesServer): Promise<{ siteId: string; siteKey: string; locale: string; page: string; route: string }> {
  const { id: siteId, key: siteKey } = await s.site()
  const locale = createdId(await s.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' }))
  const page = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  const route = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
  return { siteId, siteKey, locale, page, route }
}

describe('repeatedDelete', () => {
  it.each([
    ['not-found', 404],
    ['idempotent', 204],
  ] as const)('%s: a delete sent again of a page, a route, a locale (by id and by code) and a site', async (value, again) => {
    const s = await start({ repeatedDelete: value })
    const { siteId, locale, page, route } = await furnished(s)
    const paths = [`/v6/pages/${page}`, `/v2/routes/${route}`, `/v2/locales/${locale}`]
    for (const path of paths) expect([path, (await s.call('DELETE', path)).status]).toEqual([path, 204])
    for (const path of [...paths, `/v2/locales/fr-FR?siteId=${siteId}`]) expect([path, (await s.call('DELETE', path)).status]).toEqual([path, again])
    // Nothing changed: the deleted ones are still gone, and the locale is still restorable, once.
    expect((await s.call('GET', `/v6/pages/${page}`)).status).toBe(404)
    expect((await s.call('GET', `/v2/locales?siteId=${siteId}`)).body.data!.map((l) => l.locale)).toEqual(['en-US'])
    expect((await s.call('POST', `/v2/locales/${locale}/restore`)).status).toBe(200)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(again)
    // An id that never existed is no deleted one.
    for (const path of [`/v6/pages/${NEVER}`, `/v2/routes/${NEVER}`, `/v2/locales/${NEVER}`, `/v2/sites/${NEVER}`]) expect([path, (await s.call('DELETE', path)).status]).toEqual([path, 404])
  })

  it.each([
    ['not-found', 404, 404],
    ['idempotent', 403, 204],
  ] as const)("%s: another workspace's key and another site's Site key are refused where the resource was; the site's own Site key is answered", async (value, stranger, own) => {
    const s = await start({ repeatedDelete: value })
    const { siteId, siteKey, locale, page, route } = await furnished(s)
    const { key: siblingKey } = await s.site('sibling')
    const paths = [`/v6/pages/${page}`, `/v2/routes/${route}`, `/v2/locales/${locale}`]
    for (const path of paths) expect((await s.call('DELETE', path)).status).toBe(204)
    for (const path of paths) {
      expect([path, 'other workspace', (await s.call('DELETE', path, undefined, s.otherAppKey)).status]).toEqual([path, 'other workspace', stranger])
      expect([path, 'sibling site key', (await s.call('DELETE', path, undefined, siblingKey)).status]).toEqual([path, 'sibling site key', stranger])
      expect([path, 'own site key', (await s.call('DELETE', path, undefined, siteKey)).status]).toEqual([path, 'own site key', own])
    }
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`, undefined, s.otherAppKey)).status).toBe(stranger)
    // A page deleted before its site: still reached by the site's workspace alone.
    expect((await s.call('DELETE', paths[0]!, undefined, s.otherAppKey)).status).toBe(stranger)
    expect((await s.call('DELETE', paths[0]!)).status).toBe(own)
  })

  it.each([
    ['not-found', 404, 404],
    ['idempotent', 204, 403],
  ] as const)("%s: what went with its site's delete, by id, for the site's workspace alone", async (value, own, stranger) => {
    const s = await start({ repeatedDelete: value })
    const { siteId, locale, page, route } = await furnished(s)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    for (const path of [`/v6/pages/${page}`, `/v2/routes/${route}`, `/v2/locales/${locale}`]) {
      expect([path, (await s.call('DELETE', path, undefined, s.otherAppKey)).status]).toEqual([path, stranger])
      expect([path, (await s.call('DELETE', path)).status]).toEqual([path, own])
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 404])
    }
  })

  it('idempotent: a pathname, and a siteId beside the id that is not its site, stay 404s', async () => {
    const s = await start({ repeatedDelete: 'idempotent' })
    const { siteId, page } = await furnished(s)
    const { id: otherSite } = await s.site('other')
    expect((await s.call('DELETE', `/v6/pages/${page}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v6/pages/${page}?siteId=${otherSite}`)).status).toBe(404)
    expect((await s.call('DELETE', `/v6/pages/%2Fp?siteId=${siteId}`)).status).toBe(404)
    expect((await s.call('DELETE', `/v6/pages/${page}?siteId=${siteId}`)).status).toBe(204)
  })

  it("idempotent: a reset takes a delete's record back with the delete", async () => {
    const s = await start({ repeatedDelete: 'idempotent' })
    const siteId = (await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}`)).body.data![0]!.id as string
    const [page, sibling] = (await s.call('GET', `/v6/pages?siteId=${siteId}&limit=2`)).body.data!.map((p) => p.id as string)
    expect((await s.call('DELETE', `/v6/pages/${page!}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    s.mock.reset()
    // Were a delete's record left behind, each delete below would be taken as a second one and delete nothing.
    for (const path of [`/v6/pages/${page!}`, `/v6/pages/${sibling!}`, `/v2/sites/${siteId}`]) {
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 200])
      expect([path, (await s.call('DELETE', path)).status]).toEqual([path, 204])
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 404])
    }
  })
})

describe('siteNames', () => {
  it.each([
    ['shared', 201, 200],
    ['unique', 409, 409],
  ] as const)("%s: a create, a rename and a copy with another site's name in another case", async (value, created, renamed) => {
    const s = await start({ siteNames: value })
    const { id: blog } = await s.site('Blog')
    const { id: other } = await s.site('Other')
    const before = (await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=100`)).body.data!.length
    const create = await s.call('POST', '/v2/sites', { workspaceId: s.workspaceId, name: 'blog' })
    expect(create.status).toBe(created)
    const rename = await s.call('PATCH', `/v2/sites/${other}`, { name: 'BLOG' })
    expect(rename.status).toBe(renamed)
    const copy = await s.call('POST', `/v2/sites/${blog}/duplicate`, { name: 'bLoG' })
    expect(copy.status).toBe(created)
    if (value === 'unique') {
      for (const refused of [create, rename, copy]) expect(refused.body).toMatchObject({ object: 'error', code: 'conflict', message: expect.stringContaining('"Blog"') as unknown })
      // Refused, they left nothing: no site more, and the other site keeps its name.
      expect((await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=100`)).body.data!.length).toBe(before)
      expect((await s.call('GET', `/v2/sites/${other}`)).body.name).toBe('Other')
    }
  })

  it('unique: a site renamed to its own name, a name of another workspace, a name set free by a delete, and a name kept with its spaces are no conflict', async () => {
    const s = await start({ siteNames: 'unique' })
    const { id: blog } = await s.site('Blog')
    expect((await s.call('PATCH', `/v2/sites/${blog}`, { name: 'BLOG' })).status).toBe(200)
    expect((await s.call('POST', '/v2/sites', { workspaceId: s.otherWorkspaceId, name: 'Blog' }, s.otherAppKey)).status).toBe(201)
    expect((await s.call('POST', '/v2/sites', { workspaceId: s.workspaceId, name: ' blog ' })).status).toBe(201)
    expect((await s.call('DELETE', `/v2/sites/${blog}`)).status).toBe(204)
    expect((await s.call('POST', '/v2/sites', { workspaceId: s.workspaceId, name: 'blog' })).status).toBe(201)
  })

  it('unique with names trimmed: the name as the site would keep it is the one compared', async () => {
    const s = await start({ siteNames: 'unique', nameWhitespace: 'trimmed' })
    await s.site('Blog')
    expect((await s.call('POST', '/v2/sites', { workspaceId: s.workspaceId, name: '  blog ' })).status).toBe(409)
  })
})

describe('siteDeleteChildren', () => {
  it.each([
    ['deleted', 404],
    ['kept', 200],
  ] as const)("%s: a site's locale, page and route read by id after the site's delete", async (value, read) => {
    const s = await start({ siteDeleteChildren: value })
    const { siteId, locale, page, route } = await furnished(s)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    for (const path of [`/v2/locales/${locale}`, `/v6/pages/${page}`, `/v2/routes/${route}`]) expect([path, (await s.call('GET', path)).status]).toEqual([path, read])
  })

  it('kept: changed and deleted by id with the App key of its workspace; the site, its lists, lookups by name and its Site key are gone', async () => {
    const s = await start({ siteDeleteChildren: 'kept' })
    const { siteId, siteKey, locale, page, route } = await furnished(s)
    const defaultLocale = (await s.call('GET', `/v2/locales/en-US?siteId=${siteId}`)).body.id as string
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)

    // Another workspace's key is refused as for what a live site holds; the deleted site's Site key is no key.
    for (const path of [`/v2/locales/${locale}`, `/v6/pages/${page}`, `/v2/routes/${route}`]) {
      expect([path, (await s.call('GET', path, undefined, s.otherAppKey)).status]).toEqual([path, 403])
      expect([path, (await s.call('PATCH', path, {}, s.otherAppKey)).status]).toEqual([path, 403])
      expect([path, (await s.call('GET', path, undefined, siteKey)).status]).toEqual([path, 401])
    }
    // Read as in a live site: the page in the site's default locale, the locales with the default marked.
    expect((await s.call('GET', `/v6/pages/${page}`)).body).toMatchObject({ id: page, pathname: '/p', locale: 'en-US' })
    expect((await s.call('GET', `/v2/locales/${defaultLocale}`)).body).toMatchObject({ locale: 'en-US', isDefault: true })

    const patchedPage = await s.call('PATCH', `/v6/pages/${page}`, { title: 'Kept', pathname: '/kept' })
    expect(patchedPage.status).toBe(200)
    expect(patchedPage.body).toMatchObject({ title: 'Kept', pathname: '/kept' })
    expect((await s.call('PATCH', `/v2/routes/${route}`, { pathname: '/moved' })).body).toMatchObject({ pathname: '/moved' })
    // Pages and routes of the deleted site still share one pathname space.
    expect((await s.call('PATCH', `/v2/routes/${route}`, { pathname: '/kept' })).status).toBe(409)
    expect((await s.call('PATCH', `/v2/locales/${locale}`, { domain: 'https://fr.example.com' })).body).toMatchObject({ domain: 'https://fr.example.com' })
    // The default locale is still its site's, which cannot lose it.
    expect((await s.call('DELETE', `/v2/locales/${defaultLocale}`)).status).toBe(400)

    // The site is gone: read, listed by, named in a lookup by pathname or code, or given a page.
    for (const path of [`/v2/sites/${siteId}`, `/v6/pages?siteId=${siteId}`, `/v2/sites/${siteId}/pages`, `/v2/locales?siteId=${siteId}`, `/v2/routes?siteId=${siteId}`, `/v6/pages/%2Fkept?siteId=${siteId}`, `/v2/locales/fr-FR?siteId=${siteId}`]) {
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 404])
    }
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/new', name: 'new' })).status).toBe(404)

    for (const path of [`/v2/locales/${locale}`, `/v6/pages/${page}`, `/v2/routes/${route}`]) {
      expect([path, (await s.call('DELETE', path, undefined, s.otherAppKey)).status]).toEqual([path, 403])
      expect([path, (await s.call('DELETE', path)).status]).toEqual([path, 204])
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 404])
    }
  })

  it('kept and idempotent: a kept page deleted by id is deleted again with a 204, by its workspace alone', async () => {
    const s = await start({ siteDeleteChildren: 'kept', repeatedDelete: 'idempotent' })
    const { siteId, page } = await furnished(s)
    expect((await s.call('DELETE', `/v2/sites/${siteId}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v6/pages/${page}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v6/pages/${page}`)).status).toBe(204)
    expect((await s.call('DELETE', `/v6/pages/${page}`, undefined, s.otherAppKey)).status).toBe(403)
  })
})
