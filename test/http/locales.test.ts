import { describe, expect, it } from 'vitest'
import { resetAndGetCredentials, type Credentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(TRANSPORTS)('locales over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let key: string
  let siteId: string
  let otherSiteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, creds, appKey: key, siteId } = start)
    otherSiteId = creds.sites[1]!.id
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
    expect((await create('en-US')).body).toMatchObject({ locale: 'en-US', isDefault: false })
    const listed = await walk(server.api, `/v2/locales?siteId=${siteId}`, key, 100)
    expect(listed.filter((l) => l.isDefault).map((l) => l.id)).toEqual([renamed.body.id])
  })

  it("carries the pages' localizations over to a renamed locale, and hides them while it is deleted", async () => {
    const multi = await resetAndGetCredentials(server.api, { scenario: 'multi-locale' })
    const [multiKey, multiSite] = [multi.workspaces[0]!.appApiKey, multi.sites[0]!.id]
    const page = server.mock.store.pages.ofSite(multiSite).values().find((p) => p.draft.localizations.some((l) => l.locale === 'fr-FR'))!
    const pathname = page.draft.localizations.find((l) => l.locale === 'fr-FR')!.pathname
    const renamed = await server.api.patch(`/v2/locales/fr-FR?siteId=${multiSite}`, { key: multiKey, body: { locale: 'fr-CA' } })
    expect(renamed.body).toMatchObject({ locale: 'fr-CA', pathPrefix: 'fr' })
    const localized = await server.api.get(`/v6/pages/${page.id}?locale=fr-CA`, { key: multiKey })
    expect(localized.body).toMatchObject({ pathname, locale: 'fr-CA' })
    await server.api.delete(`/v2/locales/${renamed.body.id as string}`, { key: multiKey })
    expect((await server.api.get(`/v6/pages/${page.id}?locale=fr-CA`, { key: multiKey })).status).toBe(400)
    await server.api.post(`/v2/locales/${renamed.body.id as string}/restore`, { key: multiKey })
    expect((await server.api.get(`/v6/pages/${page.id}?locale=fr-CA`, { key: multiKey })).body).toEqual(localized.body)
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

  it('serves fixture locales with their path prefixes, leaving out the deleted ones until restored', async () => {
    const edge = await resetAndGetCredentials(server.api, { scenario: 'edge-cases' })
    const [edgeKey, first, second] = [edge.workspaces[0]!.appApiKey, edge.sites[0]!.id, edge.sites[1]!.id]
    const listed = await walk(server.api, `/v2/locales?siteId=${first}`, edgeKey, 2)
    expect(listed.map((l) => [l.locale, l.isDefault, l.pathPrefix])).toEqual([
      ['fr-FR', true, null],
      ['ja-JP', false, null],
      ['zh-CN', false, '中文'],
      ['es-419', false, null],
    ])
    const restored = await server.api.post(`/v2/locales/de-DE/restore?siteId=${first}`, { key: edgeKey })
    expect(restored.body).toMatchObject({ id: '24692f8a-eaad-44f9-a609-4969542f7924', locale: 'de-DE' })
    // The second site has an active fr and a deleted fr with another prefix.
    expect((await server.api.post(`/v2/locales/fr/restore?siteId=${second}`, { key: edgeKey })).status).toBe(409)
    expect((await server.api.delete(`/v2/locales/fr?siteId=${second}`, { key: edgeKey })).status).toBe(204)
    const latest = await server.api.post(`/v2/locales/fr/restore?siteId=${second}`, { key: edgeKey })
    expect(latest.body).toMatchObject({ locale: 'fr', pathPrefix: 'fr' })
    expect((await server.api.post('/v2/locales/79fd2eba-0bb4-4cb1-9cc2-b190cb103452/restore', { key: edgeKey })).status).toBe(409)
  })

  it("drops a site's locales with the site, and duplicates only its active ones with fresh ids", async () => {
    const italian = (await create('it')).body
    await server.api.delete(`/v2/locales/${(await create('nl')).body.id as string}`, { key })
    const copy = await server.api.post(`/v2/sites/${siteId}/duplicate`, { key, body: { name: 'Copy' } })
    const copied = await walk(server.api, `/v2/locales?siteId=${copy.body.id as string}`, key, 100)
    expect(copied.map((l) => [l.locale, l.isDefault])).toEqual([
      ['en-US', true],
      ['fr-FR', false],
      ['it', false],
    ])
    expect(copied.map((l) => l.id)).not.toContain(italian.id)
    expect((await server.api.delete(`/v2/sites/${siteId}`, { key })).status).toBe(204)
    expect((await server.api.get(`/v2/locales/${italian.id as string}`, { key })).status).toBe(404)
    expect((await server.api.get(`/v2/locales/it?siteId=${copy.body.id as string}`, { key })).status).toBe(200)
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
    const middle = (await walk(server.api, `/v2/locales?siteId=${siteId}`, key, 100))[60]!
    expect((await server.api.delete(`/v2/locales/${middle.id as string}`, { key })).status).toBe(204)
    expect((await walk(server.api, `/v2/locales?siteId=${siteId}`, key, 13)).map((l) => l.id)).not.toContain(middle.id)
    expect((await server.api.get(`/v2/locales?siteId=${siteId}&startingAfter=${middle.id as string}`, { key })).status).toBe(400)
    await server.api.post(`/v2/locales/${middle.id as string}/restore`, { key })
    expect((await walk(server.api, `/v2/locales?siteId=${siteId}`, key, 13))[60]).toEqual(middle)
  })

  it('refuses a missing or malformed siteId, an out-of-range limit and a foreign cursor, and 404s an unknown site', async () => {
    const siteMissing = await server.api.get('/v2/locales', { key })
    expect(siteMissing.body.details).toEqual([{ field: 'siteId', message: 'is required' }])
    const notUuid = await server.api.get('/v2/locales?siteId=abc', { key })
    expect(notUuid.body.details![0]!.field).toBe('siteId')
    for (const limit of [0, 101, 2.5]) {
      const response = await server.api.get(`/v2/locales?siteId=${siteId}&limit=${limit}`, { key })
      expect(response.body.details!.map((d) => d.field), String(limit)).toEqual(['limit'])
    }
    const otherSiteLocale = [...server.mock.store.locales.ofSite(otherSiteId).values()][0]!
    for (const cursor of [UNKNOWN_ID, otherSiteLocale.id, 'abc']) {
      const response = await server.api.get(`/v2/locales?siteId=${siteId}&startingAfter=${cursor}`, { key })
      expect(response.body.details!.map((d) => d.field), cursor).toEqual(['startingAfter'])
    }
    const unknownSite = await server.api.get(`/v2/locales?siteId=${UNKNOWN_ID}`, { key })
    expect(unknownSite.status).toBe(404)
    expect(unknownSite.body.code).toBe('not_found')
  })

  it('refuses invalid updates with a 400 naming the field, and a code without siteId on every endpoint', async () => {
    const frPath = `/v2/locales/fr-FR?siteId=${siteId}`
    const cases: Array<[Record<string, unknown>, string]> = [[{ locale: 'FR' }, 'locale'], [{ domain: 'fr.acme.test' }, 'domain'], [{ pathPrefix: 'x' }, 'pathPrefix'], [{ locale: null }, 'locale']]
    for (const [body, field] of cases) {
      const response = await server.api.patch(frPath, { key, body })
      expect(response.status, field).toBe(400)
      expect(response.body.details!.map((d) => d.field), field).toEqual([field])
    }
    const byCodeAlone = [
      await server.api.patch('/v2/locales/fr-FR', { key, body: { domain: null } }),
      await server.api.delete('/v2/locales/fr-FR', { key }),
      await server.api.post('/v2/locales/fr-FR/restore', { key }),
    ]
    for (const response of byCodeAlone) {
      expect(response.status).toBe(400)
      expect(response.body.details!.map((d) => d.field)).toEqual(['siteId'])
    }
  })

  it('answers 404 to unknown locales and to deleted ones on get, update and delete', async () => {
    const created = await create('fi')
    const id = created.body.id as string
    await server.api.delete(`/v2/locales/${id}`, { key })
    for (const path of [`/v2/locales/${UNKNOWN_ID}`, `/v2/locales/${id}`, `/v2/locales/fi?siteId=${siteId}`]) {
      expect((await server.api.get(path, { key })).status, path).toBe(404)
      expect((await server.api.patch(path, { key, body: { domain: null } })).status, path).toBe(404)
      const deleted = await server.api.delete(path, { key })
      expect(deleted.status, path).toBe(404)
      expect(deleted.body.code).toBe('not_found')
    }
    expect((await server.api.post(`/v2/locales/fi-FI/restore?siteId=${siteId}`, { key })).status).toBe(404)
    const fr = await server.api.get(`/v2/locales/fr-FR?siteId=${siteId}`, { key })
    expect((await server.api.get(`/v2/locales/${fr.body.id as string}?siteId=${otherSiteId}`, { key })).status).toBe(404)
  })
})
