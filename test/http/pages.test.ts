import { describe, expect, it } from 'vitest'
import type { Credentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(TRANSPORTS)('pages over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let key: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, creds, appKey: key, siteId } = start)
  })

  const create = (pathname: string, name = 'A page') => server.api.post('/v6/pages', { key, body: { siteId, pathname, name } })

  describe('create', () => {
    it('creates a page with 201, timestamps now, online, in the default locale, SEO fields null', async () => {
      const before = Date.now()
      const response = await create('/new/page', 'New page')
      expect(response.status).toBe(201)
      const page = response.body
      expect(page).toMatchObject({
        object: 'page',
        pathname: '/new/page',
        publishedAt: null,
        isOnline: true,
        locale: 'en-US',
        localizations: [],
        title: null,
        description: null,
        canonicalUrl: null,
        socialImageUrl: null,
        sitemapPriority: null,
        sitemapFrequency: null,
        excludedFromSearchEngines: null,
      })
      expect(page.createdAt).toBe(page.updatedAt)
      expect(Date.parse(page.createdAt as string)).toBeGreaterThanOrEqual(before - 1000)
      const read = await server.api.get(`/v6/pages/${page.id as string}`, { key })
      expect(read.body).toEqual(page)
    })

    it('refuses bad pathnames with a 400 naming pathname and saying what is accepted', async () => {
      for (const pathname of ['about', '/about/', '/a b', '/a?b', '/a#b', '//a', '/a//b', '', '/tab\there']) {
        const response = await create(pathname)
        expect(response.status, pathname).toBe(400)
        expect(response.body.details, pathname).toEqual([{ field: 'pathname', message: expect.stringContaining('starts with /') as unknown }])
      }
      expect((await create('/')).status).toBe(409)
    })

    it('requires a name of at least one character, and every field', async () => {
      const empty = await create('/named', '')
      expect(empty.body.details).toEqual([{ field: 'name', message: expect.stringContaining('1 to 256 characters') as unknown }])
      const missing = await server.api.post('/v6/pages', { key, body: {} })
      expect(missing.body.details!.map((d) => d.field)).toEqual(['siteId', 'pathname', 'name'])
    })

    it('answers 409 when a page or a route already has the pathname', async () => {
      expect((await create('/taken')).status).toBe(201)
      const page = await create('/taken')
      expect(page.status).toBe(409)
      expect(page.body).toEqual({ object: 'error', code: 'conflict', message: 'A page or route with this pathname already exists in this site.' })
      const route = await create('/blog/[slug]')
      expect(route.status).toBe(409)
    })

    it('answers 404 for an unknown site and 403 for another tenant, before judging the rest of the body', async () => {
      expect((await server.api.post('/v6/pages', { key, body: { siteId: UNKNOWN_ID, pathname: '/x', name: 'x' } })).status).toBe(404)
      const foreign = await server.api.post('/v6/pages', { key, body: { siteId: creds.sites[1]!.id, pathname: 'bad', name: '' } })
      expect(foreign.status).toBe(403)
    })
  })

  describe('get, update, delete by id and by pathname', () => {
    it('gets a page by its URL-encoded pathname with siteId, and refuses a pathname without siteId', async () => {
      const created = await create('/docs/getting started'.replace(' ', '-'))
      const byPath = await server.api.get(`/v6/pages/${encodeURIComponent('/docs/getting-started')}?siteId=${siteId}`, { key })
      expect(byPath.body).toEqual(created.body)
      const noSite = await server.api.get(`/v6/pages/${encodeURIComponent('/docs/getting-started')}`, { key })
      expect(noSite.status).toBe(400)
      expect(noSite.body.details![0]!.field).toBe('siteId')
      const garbage = await server.api.get('/v6/pages/not-a-page', { key })
      expect(garbage.body.details![0]!.field).toBe('pageIdOrPathname')
      expect((await server.api.get(`/v6/pages/${UNKNOWN_ID}`, { key })).status).toBe(404)
      expect((await server.api.get(`/v6/pages/${encodeURIComponent('/nope')}?siteId=${siteId}`, { key })).status).toBe(404)
    })

    it('updates every field by pathname, with updatedAt moving forward', async () => {
      const created = await create('/seo')
      const changes = {
        pathname: '/seo-renamed',
        name: 'Renamed',
        isOnline: false,
        title: 'Title',
        description: 'Description',
        canonicalUrl: 'https://acme.test/seo',
        socialImageUrl: 'https://acme.test/seo.png',
        sitemapPriority: 0.5,
        sitemapFrequency: 'weekly',
        excludedFromSearchEngines: true,
      }
      const updated = await server.api.patch(`/v6/pages/${encodeURIComponent('/seo')}?siteId=${siteId}`, { key, body: changes })
      expect(updated.status).toBe(200)
      const { name: _name, ...visible } = changes
      expect(updated.body).toMatchObject(visible)
      expect(Date.parse(updated.body.updatedAt as string)).toBeGreaterThan(Date.parse(created.body.updatedAt as string))
      expect((await server.api.get(`/v6/pages/${encodeURIComponent('/seo')}?siteId=${siteId}`, { key })).status).toBe(404)
      expect((await create('/seo')).status).toBe(201)
    })

    it('validates each update field with its own detail and changes nothing on failure', async () => {
      const created = await create('/strict')
      const response = await server.api.patch(`/v6/pages/${created.body.id as string}`, {
        key,
        body: { sitemapPriority: 2, sitemapFrequency: 'sometimes', isOnline: 'yes', canonicalUrl: 'nope', title: 5, pathname: '/ok' },
      })
      expect(response.status).toBe(400)
      expect(response.body.details!.map((d) => d.field).sort()).toEqual(['canonicalUrl', 'isOnline', 'sitemapFrequency', 'sitemapPriority', 'title'])
      expect(response.body.details!.find((d) => d.field === 'sitemapPriority')!.message).toContain('from 0 to 1')
      expect((await server.api.get(`/v6/pages/${created.body.id as string}`, { key })).body).toEqual(created.body)
    })

    it('answers 409 when renaming onto another page or a route, and accepts its own pathname', async () => {
      const page = await create('/mine')
      await create('/theirs')
      const id = page.body.id as string
      expect((await server.api.patch(`/v6/pages/${id}`, { key, body: { pathname: '/theirs' } })).status).toBe(409)
      expect((await server.api.patch(`/v6/pages/${id}`, { key, body: { pathname: '/shop/cart' } })).status).toBe(409)
      expect((await server.api.patch(`/v6/pages/${id}`, { key, body: { pathname: '/mine' } })).status).toBe(200)
    })

    it('deletes with 204; the page is then 404, gone from lists, and its pathname free', async () => {
      const page = await create('/short-lived')
      expect((await server.api.delete(`/v6/pages/${page.body.id as string}`, { key })).status).toBe(204)
      expect((await server.api.get(`/v6/pages/${page.body.id as string}`, { key })).status).toBe(404)
      const all = await walk(server.api, `/v6/pages?siteId=${siteId}&includeOffline=true`, key, 100)
      expect(all.map((p) => p.id)).not.toContain(page.body.id)
      expect((await create('/short-lived')).status).toBe(201)
    })

    it('deletes and updates by pathname, and asks for siteId when a pathname comes without one', async () => {
      await create('/by-path')
      const path = encodeURIComponent('/by-path')
      const noSite = await server.api.patch(`/v6/pages/${path}`, { key, body: { name: 'Renamed' } })
      expect(noSite.status).toBe(400)
      expect(noSite.body.details).toEqual([{ field: 'siteId', message: expect.stringContaining('?siteId=') as unknown }])
      expect((await server.api.delete(`/v6/pages/${path}`, { key })).status).toBe(400)
      expect((await server.api.delete(`/v6/pages/${path}?siteId=${siteId}`, { key })).status).toBe(204)
      expect((await server.api.get(`/v6/pages/${path}?siteId=${siteId}`, { key })).status).toBe(404)
      expect((await server.api.delete(`/v6/pages/${path}?siteId=${siteId}`, { key })).status).toBe(404)
    })

    it('answers 404 for a page id named together with another site', async () => {
      const page = await create('/elsewhere')
      const response = await server.api.get(`/v6/pages/${page.body.id as string}?siteId=${UNKNOWN_ID}`, { key })
      expect(response.status).toBe(404)
      expect(response.body.code).toBe('not_found')
    })

    it('answers 401 without a valid key before judging anything else, and 405 for a method a page path does not have', async () => {
      expect((await server.api.post('/v6/pages', { body: { bad: true } })).status).toBe(401)
      expect((await server.api.get(`/v6/pages?siteId=${siteId}`, { key: 'sk_notarealkeynotarealkey1' })).status).toBe(401)
      expect((await server.api.get('/v6/pages/not-a-page')).status).toBe(401)
      const put = await server.api.request('PUT', `/v6/pages/${UNKNOWN_ID}`, { key, body: {} })
      expect(put.status).toBe(405)
      expect(put.body.code).toBe('method_not_allowed')
    })

    it("refuses another tenant's keys with 403, and the site's own Site key works", async () => {
      const page = await create('/guarded')
      const id = page.body.id as string
      expect((await server.api.get(`/v6/pages/${id}`, { key: creds.workspaces[1]!.appApiKey })).status).toBe(403)
      expect((await server.api.get(`/v6/pages/${id}`, { key: creds.sites[1]!.siteApiKey })).status).toBe(403)
      expect((await server.api.get(`/v6/pages?siteId=${siteId}`, { key: creds.sites[1]!.siteApiKey })).status).toBe(403)
      expect((await server.api.get(`/v6/pages/${id}`, { key: creds.sites[0]!.siteApiKey })).status).toBe(200)
    })
  })

  describe('list', () => {
    it('lists through /v2/sites/{siteId}/pages the same as /v6/pages', async () => {
      const v6 = await walk(server.api, `/v6/pages?siteId=${siteId}`, key, 7)
      const v2 = await walk(server.api, `/v2/sites/${siteId}/pages`, key, 7)
      expect(v2).toEqual(v6)
      expect(v6.length).toBeGreaterThanOrEqual(30)
    })

    it('answers 404 for an unknown site and 403 for a site of another tenant on both list paths', async () => {
      expect((await server.api.get(`/v6/pages?siteId=${UNKNOWN_ID}`, { key })).status).toBe(404)
      expect((await server.api.get(`/v2/sites/${UNKNOWN_ID}/pages`, { key })).status).toBe(404)
      expect((await server.api.get(`/v6/pages?siteId=${creds.sites[1]!.id}`, { key })).status).toBe(403)
      expect((await server.api.get(`/v2/sites/${creds.sites[1]!.id}/pages`, { key })).status).toBe(403)
      expect((await server.api.get(`/v2/sites/${siteId}/pages`, { key: creds.sites[0]!.siteApiKey })).status).toBe(200)
    })

    it('refuses a limit outside 1..100 and a cursor that is not a page of the list, naming each', async () => {
      for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['startingAfter=nope', 'startingAfter'], [`startingAfter=${UNKNOWN_ID}`, 'startingAfter']]) {
        for (const path of [`/v6/pages?siteId=${siteId}&${query}`, `/v2/sites/${siteId}/pages?${query}`]) {
          const response = await server.api.get(path, { key })
          expect(response.status, path).toBe(400)
          expect(response.body.details!.map((d) => d.field), path).toEqual([field])
        }
      }
    })

    it('refuses invalid enum values with a 400 naming the parameter', async () => {
      for (const [name, value] of [['sortBy', 'name'], ['sortDirection', 'up'], ['includeOffline', 'yes'], ['versionRef', 'ref:main'], ['pathPrefix', 'blog']]) {
        const response = await server.api.get(`/v6/pages?siteId=${siteId}&${name}=${value}`, { key })
        expect(response.status, name).toBe(400)
        expect(response.body.details, name).toEqual([{ field: name, message: expect.any(String) as unknown }])
      }
      const noSite = await server.api.get('/v6/pages', { key })
      expect(noSite.body.details).toEqual([{ field: 'siteId', message: 'is required' }])
    })
  })
})
