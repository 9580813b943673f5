import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { startMock, TRANSPORTS, walk, type TestServer } from '../support/harness.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(TRANSPORTS)('locales over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let key: string
  let siteId: string

  beforeAll(async () => {
    server = await startMock({ transport })
  })
  afterAll(() => server.close())
  beforeEach(async () => {
    creds = await resetAndGetCredentials(server.api)
    key = creds.workspaces[0]!.appApiKey
    siteId = creds.sites[0]!.id
  })

  const create = (locale: string, domain?: string) => server.api.post('/v2/locales', { key, body: { siteId, locale, ...(domain ? { domain } : {}) } })

  it("lists a site's locales with the default first and exactly one default", async () => {
    const list = await server.api.get(`/v2/locales?siteId=${siteId}`, { key })
    expect(list.body.data!.map((l) => [l.locale, l.isDefault, l.pathPrefix])).toEqual([
      ['en-US', true, null],
      ['fr-FR', false, null],
    ])
    expect(list.body.hasMore).toBe(false)
  })

  it('creates a locale with 201, with and without a domain', async () => {
    const plain = await create('de')
    expect(plain.status).toBe(201)
    expect(plain.body).toMatchObject({ object: 'locale', locale: 'de', domain: null, pathPrefix: null, isDefault: false })
    const withDomain = await create('pt-BR', 'https://br.acme.test')
    expect(withDomain.body.domain).toBe('https://br.acme.test')
    expect((await server.api.get(`/v2/locales/${withDomain.body.id as string}`, { key })).body).toEqual(withDomain.body)
  })

  it('refuses malformed codes and domains with a 400 naming the field', async () => {
    for (const code of ['FR', 'fr-fr', 'fr_FR', 'french', 'fr-FRA', '']) {
      const response = await create(code)
      expect(response.status, code).toBe(400)
      expect(response.body.details, code).toEqual([{ field: 'locale', message: expect.stringContaining('fr-FR') as unknown }])
    }
    const domain = await create('it', 'it.acme.test')
    expect(domain.body.details).toEqual([{ field: 'domain', message: expect.stringContaining('with a protocol') as unknown }])
  })

  it('answers 409 for a code the site already has, and 404 for an unknown site', async () => {
    const taken = await create('fr-FR')
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe('conflict')
    const unknown = await server.api.post('/v2/locales', { key, body: { siteId: UNKNOWN_ID, locale: 'it' } })
    expect(unknown.status).toBe(404)
  })

  it('gets a locale by id, or by code with siteId, and refuses a code without siteId', async () => {
    const fr = (await server.api.get(`/v2/locales?siteId=${siteId}`, { key })).body.data![1]!
    expect((await server.api.get(`/v2/locales/fr-FR?siteId=${siteId}`, { key })).body).toEqual(fr)
    expect((await server.api.get(`/v2/locales/${fr.id as string}`, { key })).body).toEqual(fr)
    const noSite = await server.api.get('/v2/locales/fr-FR', { key })
    expect(noSite.status).toBe(400)
    expect(noSite.body.details).toEqual([{ field: 'siteId', message: expect.stringContaining('required') as unknown }])
    expect((await server.api.get(`/v2/locales/${UNKNOWN_ID}`, { key })).status).toBe(404)
    expect((await server.api.get(`/v2/locales/it?siteId=${siteId}`, { key })).status).toBe(404)
    expect((await server.api.get('/v2/locales/not_a_code', { key })).body.details![0]!.field).toBe('localeIdOrCode')
  })

  it('updates code and domain, clears the domain with null, and answers 409 for a taken code', async () => {
    const created = await create('it', 'https://it.acme.test')
    const id = created.body.id as string
    const renamed = await server.api.patch(`/v2/locales/${id}`, { key, body: { locale: 'it-IT', domain: null } })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id, locale: 'it-IT', domain: null })
    expect((await server.api.patch(`/v2/locales/it-IT?siteId=${siteId}`, { key, body: { locale: 'fr-FR' } })).status).toBe(409)
    expect((await server.api.patch(`/v2/locales/${id}`, { key, body: { locale: 'it-IT' } })).status).toBe(200)
  })

  it("keeps isDefault right when the default locale's code changes", async () => {
    const renamed = await server.api.patch(`/v2/locales/en-US?siteId=${siteId}`, { key, body: { locale: 'en-GB' } })
    expect(renamed.body).toMatchObject({ locale: 'en-GB', isDefault: true })
    expect((await server.api.get(`/v2/sites/${siteId}`, { key })).body.defaultLocale).toBe('en-GB')
  })

  it('soft-deletes with 204 and restores with the same id and data', async () => {
    const created = await create('nl', 'https://nl.acme.test')
    const id = created.body.id as string
    expect((await server.api.delete(`/v2/locales/${id}`, { key })).status).toBe(204)
    expect((await server.api.get(`/v2/locales/${id}`, { key })).status).toBe(404)
    expect((await server.api.get(`/v2/locales/nl?siteId=${siteId}`, { key })).status).toBe(404)
    const listed = await walk(server.api, `/v2/locales?siteId=${siteId}`, key, 100)
    expect(listed.map((l) => l.id)).not.toContain(id)
    const restored = await server.api.post(`/v2/locales/${id}/restore`, { key })
    expect(restored.status).toBe(200)
    expect(restored.body).toEqual(created.body)
    expect((await server.api.post(`/v2/locales/${id}/restore`, { key })).status).toBe(409)
  })

  it('restores by code, refuses when the code is taken again, and 404s an unknown locale', async () => {
    await create('sv')
    expect((await server.api.delete(`/v2/locales/sv?siteId=${siteId}`, { key })).status).toBe(204)
    const again = await create('sv')
    expect(again.status).toBe(201)
    const taken = await server.api.post(`/v2/locales/sv/restore?siteId=${siteId}`, { key })
    expect(taken.status).toBe(409)
    expect((await server.api.delete(`/v2/locales/${again.body.id as string}`, { key })).status).toBe(204)
    expect((await server.api.post(`/v2/locales/sv/restore?siteId=${siteId}`, { key })).status).toBe(200)
    expect((await server.api.post(`/v2/locales/${UNKNOWN_ID}/restore`, { key })).status).toBe(404)
  })

  it('refuses to delete the default locale with a 400 that says so', async () => {
    const response = await server.api.delete(`/v2/locales/en-US?siteId=${siteId}`, { key })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('default locale of a site cannot be deleted')
  })

  it('walks more than 100 locales with several limits, each once, default first', async () => {
    const codes: string[] = []
    for (const a of 'abcdefghijk') for (const b of 'abcdefghijk') codes.push(`${a}${b}`)
    for (const code of codes) expect((await create(code)).status).toBe(201)
    for (const limit of [1, 13, 100]) {
      const all = await walk(server.api, `/v2/locales?siteId=${siteId}`, key, limit)
      expect(all).toHaveLength(codes.length + 2)
      expect(new Set(all.map((l) => l.id)).size).toBe(all.length)
      expect(all[0]!.locale).toBe('en-US')
      expect(all.map((l) => l.locale).slice(2)).toEqual(codes)
    }
    const siteMissing = await server.api.get('/v2/locales', { key })
    expect(siteMissing.body.details).toEqual([{ field: 'siteId', message: 'is required' }])
    const notUuid = await server.api.get('/v2/locales?siteId=abc', { key })
    expect(notUuid.body.details![0]!.field).toBe('siteId')
  })

  it("answers 403 to another site's or workspace's key, and lets the site's own key in", async () => {
    const frPath = `/v2/locales/fr-FR?siteId=${siteId}`
    expect((await server.api.get(frPath, { key: creds.sites[1]!.siteApiKey })).status).toBe(403)
    expect((await server.api.get(frPath, { key: creds.workspaces[1]!.appApiKey })).status).toBe(403)
    expect((await server.api.get(`/v2/locales?siteId=${siteId}`, { key: creds.sites[1]!.siteApiKey })).status).toBe(403)
    expect((await server.api.post('/v2/locales', { key: creds.sites[1]!.siteApiKey, body: { siteId, locale: 'it' } })).status).toBe(403)
    expect((await server.api.get(frPath, { key: creds.sites[0]!.siteApiKey })).status).toBe(200)
    expect((await server.api.get(frPath)).status).toBe(401)
  })
})
