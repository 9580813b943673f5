import { describe, expect, it } from 'vitest'
import { resetAndGetCredentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const SCENARIO_ROUTES = ['/blog/[slug]', '/docs/[...path]', '/shop/cart']
const enc = encodeURIComponent

describe.each(TRANSPORTS)('routes over %s', (transport) => {
  let server: TestServer
  let key: string
  let workspaceId: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, appKey: key, workspaceId, siteId } = start)
  })

  const create = async (pathname: string, query = ''): Promise<string> => {
    const created = await server.api.post(`/v2/routes${query}`, { key, body: { siteId, pathname } })
    expect(created.status, `creating ${pathname}: ${created.text}`).toBe(201)
    return created.body.id as string
  }
  const byPathname = (pathname: string, site = siteId) => `/v2/routes/${enc(pathname)}?siteId=${site}`
  const listed = async (): Promise<string[]> => (await walk(server.api, `/v2/routes?siteId=${siteId}`, key, 100)).map((r) => r.pathname as string)

  describe('create and read', () => {
    it('creates a route with 201 and reads it back equal by id, by its URL-encoded pathname and in the list', async () => {
      for (const pathname of ['/products/[id]', '/help/[...topic]', '/search/[[...filters]]', '/plain', '/[lang]/news/[slug]']) {
        const created = await server.api.post('/v2/routes', { key, body: { siteId, pathname } })
        expect(created.status, pathname).toBe(201)
        expect(Object.keys(created.body).sort()).toEqual(['id', 'object', 'pathname'])
        expect(created.body).toMatchObject({ object: 'route', pathname })
        expect((await server.api.get(`/v2/routes/${created.body.id as string}`, { key })).body).toEqual(created.body)
        expect((await server.api.get(byPathname(pathname), { key })).body).toEqual(created.body)
      }
      expect(await listed()).toContain('/search/[[...filters]]')
    })

    it('finds a route by its id written in upper case, and by id together with its own siteId', async () => {
      const id = await create('/case')
      expect((await server.api.get(`/v2/routes/${id.toUpperCase()}`, { key })).body.id).toBe(id)
      expect((await server.api.get(`/v2/routes/${id}?siteId=${siteId}`, { key })).body.id).toBe(id)
    })

    it('keeps an encoded slash inside the parameter, and answers an unencoded pathname as an unknown path', async () => {
      const found = await server.api.get(`/v2/routes/%2Fblog%2F%5Bslug%5D?siteId=${siteId}`, { key })
      expect(found.body).toMatchObject({ object: 'route', pathname: '/blog/[slug]' })
      const unencoded = await server.api.get(`/v2/routes/shop/cart?siteId=${siteId}`, { key })
      expect(unencoded.status).toBe(404)
      expect(unencoded.body.message).toContain('No operation')
    })

    it('reaches a route created with skipValidation by its encoded pathname, even one without a leading slash', async () => {
      for (const pathname of ['/a b?c#d', 'cart', '/x//y/']) {
        const id = await create(pathname, '?skipValidation=true')
        expect((await server.api.get(byPathname(pathname), { key })).body).toEqual({ object: 'route', id, pathname })
      }
    })

    it('answers 400 naming siteId when a pathname comes without it, on every operation that takes one', async () => {
      const path = `/v2/routes/${enc('/shop/cart')}`
      for (const response of [
        await server.api.get(path, { key }),
        await server.api.patch(path, { key, body: { pathname: '/moved' } }),
        await server.api.delete(path, { key }),
        await server.api.get('/v2/routes/cart', { key }),
      ]) {
        expect(response.status).toBe(400)
        expect(response.body.details).toEqual([{ field: 'siteId', message: expect.stringContaining('is required when the route is named by its pathname') as unknown }])
      }
      expect(await listed()).toContain('/shop/cart')
    })

    it('answers 404 for an unknown id, an unknown pathname, an id under another siteId and an unknown site', async () => {
      const id = await create('/mine')
      const otherSite = (await server.api.post('/v2/sites', { key, body: { workspaceId, name: 'Other' } })).body.id as string
      for (const path of [`/v2/routes/${UNKNOWN_ID}`, byPathname('/nowhere'), `/v2/routes/${id}?siteId=${otherSite}`, byPathname('/mine', UNKNOWN_ID), `/v2/routes?siteId=${UNKNOWN_ID}`]) {
        const response = await server.api.get(path, { key })
        expect(response.status, path).toBe(404)
        expect(response.body.code).toBe('not_found')
      }
    })

    it('answers 400 naming the parameter for a malformed siteId, an unknown query parameter or an empty route parameter', async () => {
      expect((await server.api.get(byPathname('/shop/cart', 'nope'), { key })).body.details![0]!.field).toBe('siteId')
      expect((await server.api.get(`${byPathname('/shop/cart')}&skipValidation=true`, { key })).body.details![0]!.field).toBe('skipValidation')
      expect((await server.api.get(`/v2/routes?siteId=${siteId}&sort=pathname`, { key })).body.details![0]!.field).toBe('sort')
      expect((await server.api.get(`/v2/routes//?siteId=${siteId}`, { key })).body.details![0]!.field).toBe('routeIdOrPathname')
    })

    it('answers 405 to a method the routes paths do not support', async () => {
      expect((await server.api.request('PUT', `/v2/routes/${UNKNOWN_ID}`, { key })).status).toBe(405)
      expect((await server.api.delete(`/v2/routes?siteId=${siteId}`, { key })).status).toBe(405)
    })
  })

  describe('list', () => {
    it('walks every route once, ordered by pathname, with limits 1, 7, 20 and 100', async () => {
      const pathnames = Array.from({ length: 45 }, (_, i) => `/r/${String((i * 17) % 45).padStart(2, '0')}`)
      for (const pathname of pathnames) await create(pathname)
      const expected = [...pathnames, ...SCENARIO_ROUTES].sort()
      for (const limit of [1, 7, 20, 100]) {
        const all = await walk(server.api, `/v2/routes?siteId=${siteId}`, key, limit)
        expect(all.map((r) => r.pathname)).toEqual(expected)
        expect(new Set(all.map((r) => r.id)).size).toBe(expected.length)
      }
    })

    it('defaults to 20 items and says hasMore exactly', async () => {
      for (let i = 0; i < 20; i++) await create(`/many/${i}`)
      const first = await server.api.get(`/v2/routes?siteId=${siteId}`, { key })
      expect(first.body.data).toHaveLength(20)
      expect(first.body.hasMore).toBe(true)
      const exact = await server.api.get(`/v2/routes?siteId=${siteId}&limit=23`, { key })
      expect(exact.body.data).toHaveLength(23)
      expect(exact.body.hasMore).toBe(false)
    })

    it('lists an empty page for a site without routes', async () => {
      const creds = await resetAndGetCredentials(server.api)
      const other = creds.sites[1]!
      const response = await server.api.get(`/v2/routes?siteId=${other.id}`, { key: other.siteApiKey })
      expect(response.body).toEqual({ object: 'list', data: [], hasMore: false })
    })

    it('answers 400 naming the parameter for a missing siteId, a limit out of range and a cursor that is not an item of the list', async () => {
      const deleted = await create('/short-lived')
      await server.api.delete(`/v2/routes/${deleted}`, { key })
      const cases: Array<[string, string]> = [
        ['/v2/routes', 'siteId'],
        [`/v2/routes?siteId=${siteId}&limit=0`, 'limit'],
        [`/v2/routes?siteId=${siteId}&limit=101`, 'limit'],
        [`/v2/routes?siteId=${siteId}&startingAfter=${UNKNOWN_ID}`, 'startingAfter'],
        [`/v2/routes?siteId=${siteId}&startingAfter=${deleted}`, 'startingAfter'],
        [`/v2/routes?siteId=${siteId}&startingAfter=nope`, 'startingAfter'],
      ]
      for (const [path, field] of cases) {
        const response = await server.api.get(path, { key })
        expect(response.status, path).toBe(400)
        expect(response.body.details!.map((d) => d.field), path).toEqual([field])
      }
    })
  })

  describe('update', () => {
    it('renames a route by id and by encoded pathname; the old pathname is then 404 and free again', async () => {
      const id = await create('/old')
      const byPath = await server.api.patch(byPathname('/old'), { key, body: { pathname: '/new/[slug]' } })
      expect(byPath.status).toBe(200)
      expect(byPath.body).toEqual({ object: 'route', id, pathname: '/new/[slug]' })
      expect((await server.api.get(byPathname('/old'), { key })).status).toBe(404)
      expect((await server.api.get(`/v2/routes/${id}`, { key })).body.pathname).toBe('/new/[slug]')
      const byId = await server.api.patch(`/v2/routes/${id}`, { key, body: { pathname: '/a-first' } })
      expect(byId.body).toEqual({ object: 'route', id, pathname: '/a-first' })
      expect((await listed())[0]).toBe('/a-first')
      await create('/old')
    })

    it('answers 200 and changes nothing for an empty body or the same pathname', async () => {
      const id = await create('/same')
      for (const body of [{}, { pathname: '/same' }]) {
        const response = await server.api.patch(`/v2/routes/${id}`, { key, body })
        expect(response.status).toBe(200)
        expect(response.body).toEqual({ object: 'route', id, pathname: '/same' })
      }
    })

    it('answers 400 naming an unknown body field and leaves the route as it was', async () => {
      const id = await create('/kept')
      const response = await server.api.patch(`/v2/routes/${id}`, { key, body: { pathname: '/moved', siteId } })
      expect(response.body.details).toEqual([{ field: 'siteId', message: 'is not a known field; accepted fields: pathname' }])
      expect((await server.api.get(`/v2/routes/${id}`, { key })).body.pathname).toBe('/kept')
    })
  })

  describe('delete', () => {
    it('deletes by id and by pathname with 204 and no body; the route is then gone everywhere and its pathname free', async () => {
      const id = await create('/temporary')
      const deleted = await server.api.delete(`/v2/routes/${id}`, { key })
      expect(deleted.status).toBe(204)
      expect(deleted.text).toBe('')
      expect((await server.api.get(`/v2/routes/${id}`, { key })).status).toBe(404)
      expect((await server.api.get(byPathname('/temporary'), { key })).status).toBe(404)
      expect((await server.api.delete(`/v2/routes/${id}`, { key })).status).toBe(404)
      expect(await listed()).not.toContain('/temporary')
      expect((await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/temporary', name: 'Now a page' } })).status).toBe(201)
      expect((await server.api.delete(byPathname('/shop/cart'), { key })).status).toBe(204)
      expect(await listed()).toEqual(['/blog/[slug]', '/docs/[...path]'])
      await create('/shop/cart')
    })
  })
})
