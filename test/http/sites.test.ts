import { describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(TRANSPORTS)('sites over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let appKey: string
  let workspaceId: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, creds, appKey, workspaceId, siteId } = start)
  })

  describe('create', () => {
    it('creates a site with its default locale and answers 201', async () => {
      const created = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: 'New site', hostOrigin: 'https://new.test' } })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ object: 'site', name: 'New site', hostOrigin: 'https://new.test', defaultLocale: 'en-US', localeManagementMode: 'internal', defaultLocalePathPrefix: null })
      const read = await server.api.get(`/v2/sites/${created.body.id as string}`, { key: appKey })
      expect(read.body).toEqual(created.body)
      expect(created.body.publicApiKey).not.toBe(created.body.id)
    })

    it('gives a new site the requested default locale, and its Site key works at once', async () => {
      const created = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: 'Paris', defaultLocale: 'fr-FR' } })
      expect(created.body.defaultLocale).toBe('fr-FR')
      expect(created.body.hostOrigin).toBeNull()
      const read = await server.api.get(`/v2/sites/${created.body.id as string}`, { key: created.body.publicApiKey as string })
      expect(read.status).toBe(200)
    })

    it('returns 400 naming each invalid field of a create, with what is accepted', async () => {
      const response = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId: 'nope', name: '', extra: 1, hostOrigin: 'example.com', defaultLocale: 'FR_fr' } })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('bad_request')
      const details = Object.fromEntries(response.body.details!.map((d) => [d.field, d.message]))
      expect(Object.keys(details).sort()).toEqual(['defaultLocale', 'extra', 'hostOrigin', 'name', 'workspaceId'])
      expect(details.workspaceId).toContain('UUID')
      expect(details.name).toContain('1 to 256 characters')
      expect(details.extra).toBe('is not a known field; accepted fields: workspaceId, name, hostOrigin, defaultLocale')
      expect(details.hostOrigin).toContain('absolute URL with a protocol')
      expect(details.defaultLocale).toContain('fr-FR')
    })

    it('reports missing required fields and wrong types', async () => {
      const missing = await server.api.post('/v2/sites', { key: appKey, body: {} })
      expect(missing.body.details).toEqual([
        { field: 'workspaceId', message: 'is required' },
        { field: 'name', message: 'is required' },
      ])
      const wrongType = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: 42 } })
      expect(wrongType.body.details).toEqual([{ field: 'name', message: 'must be a string of 1 to 256 characters without control characters; got number 42' }])
    })

    it('refuses malformed JSON, a non-JSON content type, an empty body and a non-object body', async () => {
      const malformed = await server.api.post('/v2/sites', { key: appKey, rawBody: '{"name":', headers: { 'content-type': 'application/json' } })
      expect(malformed.status).toBe(400)
      expect(malformed.body.details![0]!.field).toBe('(body)')
      expect(malformed.body.details![0]!.message).toContain('not valid JSON')
      const text = await server.api.post('/v2/sites', { key: appKey, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } })
      expect(text.status).toBe(400)
      expect(text.body.details).toEqual([{ field: 'content-type', message: 'must be application/json; got "text/plain"' }])
      const empty = await server.api.post('/v2/sites', { key: appKey, rawBody: '', headers: { 'content-type': 'application/json' } })
      expect(empty.status).toBe(400)
      expect(empty.body.details![0]!.message).toContain('is required')
      const array = await server.api.post('/v2/sites', { key: appKey, body: [1] })
      expect(array.body.details).toEqual([{ field: '(body)', message: 'must be a JSON object; got an array' }])
    })

    it('answers 403 for another workspace before judging the body', async () => {
      const response = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId: creds.workspaces[1]!.id, name: '' } })
      expect(response.status).toBe(403)
      const unknown = await server.api.post('/v2/sites', { key: appKey, body: { workspaceId: UNKNOWN_ID, name: 'x' } })
      expect(unknown.status).toBe(403)
    })
  })

  describe('list', () => {
    it('walks a workspace list with several limits and sees every site once, oldest first', async () => {
      for (let i = 0; i < 24; i++) await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: `Site ${i}` } })
      for (const limit of [1, 7, 20, 25, 100]) {
        const items = await walk(server.api, `/v2/sites?workspaceId=${workspaceId}`, appKey, limit)
        expect(items).toHaveLength(25)
        expect(new Set(items.map((s) => s.id)).size).toBe(25)
        expect(items[0]!.id).toBe(siteId)
        expect(items.slice(1).map((s) => s.name)).toEqual(Array.from({ length: 24 }, (_, i) => `Site ${i}`))
      }
    })

    it('pages 20 by default with an exact hasMore', async () => {
      for (let i = 0; i < 19; i++) await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: `Site ${i}` } })
      const exactly20 = await server.api.get(`/v2/sites?workspaceId=${workspaceId}`, { key: appKey })
      expect(exactly20.body.data).toHaveLength(20)
      expect(exactly20.body.hasMore).toBe(false)
      await server.api.post('/v2/sites', { key: appKey, body: { workspaceId, name: 'one more' } })
      const more = await server.api.get(`/v2/sites?workspaceId=${workspaceId}`, { key: appKey })
      expect(more.body.hasMore).toBe(true)
    })

    it('rejects limits outside 1..100, bad cursors, unknown and repeated parameters', async () => {
      const base = `/v2/sites?workspaceId=${workspaceId}`
      for (const limit of ['0', '101', '2.5', 'ten']) {
        const response = await server.api.get(`${base}&limit=${limit}`, { key: appKey })
        expect(response.status, limit).toBe(400)
        expect(response.body.details!.map((d) => d.field)).toEqual(['limit'])
      }
      const notUuid = await server.api.get(`${base}&startingAfter=abc`, { key: appKey })
      expect(notUuid.body.details!.map((d) => d.field)).toEqual(['startingAfter'])
      const notInList = await server.api.get(`${base}&startingAfter=${UNKNOWN_ID}`, { key: appKey })
      expect(notInList.status).toBe(400)
      expect(notInList.body.details).toEqual([{ field: 'startingAfter', message: 'is not the id of an item of this list; pass the id of the last item of the previous page' }])
      const otherWorkspaceSite = await server.api.get(`${base}&startingAfter=${creds.sites[1]!.id}`, { key: appKey })
      expect(otherWorkspaceSite.status).toBe(400)
      const unknown = await server.api.get(`${base}&sort=name`, { key: appKey })
      expect(unknown.body.details![0]!.field).toBe('sort')
      const repeated = await server.api.get(`${base}&limit=1&limit=2`, { key: appKey })
      expect(repeated.body.details).toEqual([{ field: 'limit', message: 'is repeated; send each query parameter at most once' }])
      const missing = await server.api.get('/v2/sites', { key: appKey })
      expect(missing.body.details).toEqual([{ field: 'workspaceId', message: 'is required' }])
    })
  })

  describe('get, update and delete', () => {
    it('updates name and hostOrigin, clears hostOrigin with null, and rejects defaultLocale', async () => {
      const updated = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { name: 'Renamed', hostOrigin: 'https://renamed.test' } })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({ name: 'Renamed', hostOrigin: 'https://renamed.test' })
      expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).body.name).toBe('Renamed')
      const cleared = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { hostOrigin: null } })
      expect(cleared.body.hostOrigin).toBeNull()
      const locale = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { defaultLocale: 'de-DE' } })
      expect(locale.status).toBe(400)
      expect(locale.body.details).toEqual([
        { field: 'defaultLocale', message: 'is not accepted; expected nothing: the default locale is set when the site is created and cannot be changed here' },
      ])
      expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).body.defaultLocale).toBe('en-US')
    })

    it('leaves the site unchanged when any field of an update is invalid', async () => {
      const response = await server.api.patch(`/v2/sites/${siteId}`, { key: appKey, body: { name: 'Fine', hostOrigin: 'not a url' } })
      expect(response.status).toBe(400)
      expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).body.name).toBe('Acme Marketing')
    })

    it('rejects a path siteId that is not a UUID with 400 naming siteId, and an unknown one with 404', async () => {
      const bad = await server.api.get('/v2/sites/not-a-uuid', { key: appKey })
      expect(bad.status).toBe(400)
      expect(bad.body.details![0]!.field).toBe('siteId')
      const unknown = await server.api.get(`/v2/sites/${UNKNOWN_ID}`, { key: appKey })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ object: 'error', code: 'not_found', message: `No site found with id ${UNKNOWN_ID}.` })
    })

    it('deletes with 204 and an empty body; the site is then 404 and its Site key 401', async () => {
      const siteKey = creds.sites[0]!.siteApiKey
      const deleted = await server.api.delete(`/v2/sites/${siteId}`, { key: appKey })
      expect(deleted.status).toBe(204)
      expect(deleted.text).toBe('')
      expect((await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).status).toBe(404)
      expect((await server.api.get(`/v2/sites/${siteId}`, { key: siteKey })).status).toBe(401)
      const list = await walk(server.api, `/v2/sites?workspaceId=${workspaceId}`, appKey, 100)
      expect(list.map((s) => s.id)).not.toContain(siteId)
    })
  })

  describe('duplicate', () => {
    it('copies a site under a new id, new Site key and the given name', async () => {
      const original = (await server.api.get(`/v2/sites/${siteId}`, { key: appKey })).body
      const copy = await server.api.post(`/v2/sites/${siteId}/duplicate`, { key: appKey, body: { name: 'Copy' } })
      expect(copy.status).toBe(201)
      expect(copy.body).toMatchObject({ name: 'Copy', defaultLocale: original.defaultLocale, hostOrigin: original.hostOrigin })
      expect(copy.body.id).not.toBe(siteId)
      expect(copy.body.publicApiKey).not.toBe(original.publicApiKey)
      expect((await server.api.get(`/v2/sites/${copy.body.id as string}`, { key: copy.body.publicApiKey as string })).status).toBe(200)
    })

    it('deep-copies locales, pages with their localizations, and routes under fresh ids', async () => {
      const creds = await resetAndGetCredentials(server.api, { scenario: 'multi-locale' })
      const key = creds.workspaces[0]!.appApiKey
      const source = creds.sites[0]!.id
      const copy = await server.api.post(`/v2/sites/${source}/duplicate`, { key, body: { name: 'Deep copy' } })
      const target = copy.body.id as string
      for (const list of ['/v2/locales?siteId=', '/v6/pages?includeOffline=true&siteId=', '/v2/routes?siteId=']) {
        const original = await walk(server.api, list + source, key, 100)
        const copied = await walk(server.api, list + target, key, 100)
        expect(copied.length, list).toBe(original.length)
        expect(copied.length, list).toBeGreaterThan(0)
        const withoutIds = (items: Array<Record<string, unknown>>) =>
          items.map(({ id: _id, localizations, ...rest }) => ({ ...rest, localizations: (localizations as Array<Record<string, unknown>> | undefined)?.map(({ id: _lid, ...l }) => l) }))
        expect(withoutIds(copied), list).toEqual(withoutIds(original))
        const originalIds = new Set(original.flatMap((i) => [i.id, ...((i.localizations as Array<{ id: string }> | undefined) ?? []).map((l) => l.id)]))
        expect(copied.flatMap((i) => [i.id, ...((i.localizations as Array<{ id: string }> | undefined) ?? []).map((l) => l.id)]).filter((id) => originalIds.has(id)), list).toEqual([])
      }
      // Changing the copy leaves the original alone.
      const page = (await server.api.get(`/v6/pages?siteId=${target}&limit=1`, { key })).body.data![0]!
      await server.api.patch(`/v6/pages/${page.id as string}`, { key, body: { title: 'Only in the copy' } })
      const originals = await walk(server.api, `/v6/pages?includeOffline=true&siteId=${source}`, key, 100)
      expect(originals.some((p) => p.title === 'Only in the copy')).toBe(false)
    })

    it("cascades a delete to the site's locales, pages and routes", async () => {
      const creds = await resetAndGetCredentials(server.api, { scenario: 'multi-locale' })
      const key = creds.workspaces[0]!.appApiKey
      const site = creds.sites[0]!.id
      const locale = (await server.api.get(`/v2/locales?siteId=${site}`, { key })).body.data![1]!
      const page = (await server.api.get(`/v6/pages?siteId=${site}`, { key })).body.data![0]!
      const route = (await server.api.get(`/v2/routes?siteId=${site}`, { key })).body.data![0]!
      expect((await server.api.delete(`/v2/sites/${site}`, { key })).status).toBe(204)
      expect((await server.api.get(`/v2/locales/${locale.id as string}`, { key })).status).toBe(404)
      expect((await server.api.get(`/v6/pages/${page.id as string}`, { key })).status).toBe(404)
      expect((await server.api.get(`/v2/routes/${route.id as string}`, { key })).status).toBe(404)
      expect(server.mock.store.pages.byId.get(page.id as string)).toBeUndefined()
    })

    it('requires a name and an App key', async () => {
      const noName = await server.api.post(`/v2/sites/${siteId}/duplicate`, { key: appKey, body: {} })
      expect(noName.body.details).toEqual([{ field: 'name', message: 'is required' }])
      const siteKey = await server.api.post(`/v2/sites/${siteId}/duplicate`, { key: creds.sites[0]!.siteApiKey, body: { name: 'x' } })
      expect(siteKey.status).toBe(403)
    })
  })
})
