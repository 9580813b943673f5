import { describe, expect, it } from 'vitest'
import type { Credentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const enc = encodeURIComponent

describe.each(TRANSPORTS)('route access, cascade and copy over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let appKey: string
  let siteId: string
  let siteKey: string
  let cartId: string

  useDefaultScenario(transport, async (start) => {
    ;({ server, creds, appKey, siteId, siteKey } = start)
    cartId = (await server.api.get(`/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`, { key: appKey })).body.id as string
  })

  /** One request per route operation, the named ones by id and by pathname; bodies are valid unless given. */
  const everyOperation = (key: string | undefined, body: Record<string, unknown> = { pathname: '/moved' }) => [
    () => server.api.post('/v2/routes', { key, body: { siteId, ...body } }),
    () => server.api.get(`/v2/routes?siteId=${siteId}`, { key }),
    () => server.api.get(`/v2/routes/${cartId}`, { key }),
    () => server.api.get(`/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`, { key }),
    () => server.api.patch(`/v2/routes/${cartId}`, { key, body }),
    () => server.api.patch(`/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`, { key, body }),
    () => server.api.delete(`/v2/routes/${cartId}`, { key }),
    () => server.api.delete(`/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`, { key }),
  ]
  const pathnames = async (site: string, key = appKey): Promise<string[]> =>
    (await walk(server.api, `/v2/routes?siteId=${site}`, key, 100)).map((r) => r.pathname as string)

  describe('keys', () => {
    it('answers 401 to a missing, malformed or unknown key on every operation, even with an invalid body', async () => {
      for (const key of [undefined, 'nope', `sk_${'a'.repeat(24)}`, UNKNOWN_ID]) {
        for (const send of everyOperation(key, { pathname: 42, extra: true })) {
          const response = await send()
          expect(response.status).toBe(401)
          expect(response.body.code).toBe('unauthorized')
        }
      }
      expect(await pathnames(siteId)).toContain('/shop/cart')
    })

    it("lets the site's own Site key create, list, read, rename and delete its routes", async () => {
      const created = await server.api.post('/v2/routes', { key: siteKey, body: { siteId, pathname: '/own/[slug]' } })
      expect(created.status).toBe(201)
      const id = created.body.id as string
      expect(await pathnames(siteId, siteKey)).toContain('/own/[slug]')
      expect((await server.api.get(`/v2/routes/${enc('/own/[slug]')}?siteId=${siteId}`, { key: siteKey })).body.id).toBe(id)
      expect((await server.api.patch(`/v2/routes/${id}`, { key: siteKey, body: { pathname: '/own/[id]' } })).body.pathname).toBe('/own/[id]')
      expect((await server.api.delete(`/v2/routes/${id}`, { key: siteKey })).status).toBe(204)
    })

    it("answers 403 to another site's Site key and another workspace's App key on every operation, before judging the body", async () => {
      const sibling = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId: creds.workspaces[0]!.id, name: 'Sibling' } })
      const strangers = [sibling.body.publicApiKey as string, creds.sites[1]!.siteApiKey, creds.workspaces[1]!.appApiKey]
      for (const key of strangers) {
        for (const send of [...everyOperation(key), ...everyOperation(key, { pathname: 42, extra: true })]) {
          const response = await send()
          expect(response.status).toBe(403)
          expect(response.body.code).toBe('forbidden')
        }
      }
      expect(await pathnames(siteId)).toEqual(['/blog/[slug]', '/docs/[...path]', '/shop/cart'])
    })

    it('answers 404 to an App key creating a route in an unknown site, and 403 to a Site key doing so', async () => {
      expect((await server.api.post('/v2/routes', { key: appKey, body: { siteId: UNKNOWN_ID, pathname: '/x' } })).status).toBe(404)
      expect((await server.api.post('/v2/routes', { key: siteKey, body: { siteId: UNKNOWN_ID, pathname: '/x' } })).status).toBe(403)
    })
  })

  describe('with its site', () => {
    it('goes when its site is deleted: 404 by id, pathname and list, and 401 with the deleted Site key', async () => {
      expect((await server.api.delete(`/v2/sites/${siteId}`, { key: appKey })).status).toBe(204)
      for (const path of [`/v2/routes/${cartId}`, `/v2/routes/${enc('/shop/cart')}?siteId=${siteId}`, `/v2/routes?siteId=${siteId}`]) {
        expect((await server.api.get(path, { key: appKey })).status, path).toBe(404)
        expect((await server.api.get(path, { key: siteKey })).status, path).toBe(401)
      }
      expect((await server.api.post('/v2/routes', { key: appKey, body: { siteId, pathname: '/shop/cart' } })).status).toBe(404)
    })

    it('is deep-copied when its site is duplicated: same pathnames, fresh ids, and copies that live apart', async () => {
      await server.api.post('/v2/routes?skipValidation=true', { key: appKey, body: { siteId, pathname: 'raw value' } })
      const before = await walk(server.api, `/v2/routes?siteId=${siteId}`, appKey, 100)
      const copy = await server.api.post(`/v2/sites/${siteId}/duplicate`, { key: appKey, body: { name: 'Copy' } })
      const copyId = copy.body.id as string
      const copyKey = copy.body.publicApiKey as string
      const copied = await walk(server.api, `/v2/routes?siteId=${copyId}`, copyKey, 100)
      expect(copied.map((r) => r.pathname)).toEqual(before.map((r) => r.pathname))
      expect(copied.filter((r) => before.some((b) => b.id === r.id))).toEqual([])

      // The copy owns its pathnames: they conflict in it, are found in it, and move without touching the original.
      expect((await server.api.post('/v2/routes', { key: copyKey, body: { siteId: copyId, pathname: '/shop/cart' } })).status).toBe(409)
      const copiedCart = await server.api.get(`/v2/routes/${enc('/shop/cart')}?siteId=${copyId}`, { key: copyKey })
      expect(copiedCart.body.id).not.toBe(cartId)
      expect((await server.api.patch(`/v2/routes/${copiedCart.body.id as string}`, { key: copyKey, body: { pathname: '/basket' } })).status).toBe(200)
      expect((await server.api.get(`/v2/routes/${cartId}`, { key: copyKey })).status).toBe(403)
      expect(await pathnames(siteId)).toEqual(before.map((r) => r.pathname))

      expect((await server.api.delete(`/v2/sites/${siteId}`, { key: appKey })).status).toBe(204)
      expect(await pathnames(copyId)).toEqual(['/basket', '/blog/[slug]', '/docs/[...path]', 'raw value'])
    })
  })
})
