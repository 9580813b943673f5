import { beforeEach, describe, expect, it } from 'vitest'
import { resetAndGetCredentials } from '../support/credentials.js'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

describe.each(TRANSPORTS)('draft and live pages, and locales, over %s', (transport) => {
  let server: TestServer
  let key: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, appKey: key, siteId } = start)
  })

  it('shows only published pages as live, each as it was when published', async () => {
    const created = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/launch', name: 'Launch' } })
    const id = created.body.id as string
    expect((await server.api.get(`/v6/pages/${id}?versionRef=ref:live`, { key })).status).toBe(404)
    expect((await server.api.get(`/v6/pages?siteId=${siteId}&versionRef=ref:live`, { key })).body.data).toEqual([])

    const published = await server.api.post(`/__mock/sites/${siteId}/publish`)
    expect(published.status).toBe(200)
    expect(published.body.published).toBeGreaterThanOrEqual(30)
    const live = await server.api.get(`/v6/pages/${id}?versionRef=ref:live`, { key })
    expect(live.body.publishedAt).toBe(published.body.publishedAt)
    expect(live.body.pathname).toBe('/launch')

    await server.api.patch(`/v6/pages/${id}`, { key, body: { title: 'Draft title', pathname: '/launch-v2' } })
    const draft = await server.api.get(`/v6/pages/${id}`, { key })
    expect(draft.body).toMatchObject({ title: 'Draft title', pathname: '/launch-v2' })
    const stillLive = await server.api.get(`/v6/pages/${id}?versionRef=ref:live`, { key })
    expect(stillLive.body).toMatchObject({ title: null, pathname: '/launch' })
    const liveList = await walk(server.api, `/v6/pages?siteId=${siteId}&versionRef=ref:live`, key, 20)
    expect(liveList.find((p) => p.id === id)!.pathname).toBe('/launch')

    await server.api.post(`/__mock/sites/${siteId}/publish`)
    expect((await server.api.get(`/v6/pages/${id}?versionRef=ref:live`, { key })).body).toMatchObject({ title: 'Draft title', pathname: '/launch-v2' })
  })

  it('lists the live version through /v2/sites/{siteId}/pages too, and refuses an unknown versionRef on a get', async () => {
    await server.api.post(`/__mock/sites/${siteId}/publish`)
    const created = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/after-publish', name: 'After' } })
    const v6 = await walk(server.api, `/v6/pages?siteId=${siteId}&versionRef=ref:live&includeOffline=true`, key, 25)
    const v2 = await walk(server.api, `/v2/sites/${siteId}/pages?versionRef=ref:live&includeOffline=true`, key, 25)
    expect(v2).toEqual(v6)
    expect(v6.map((p) => p.id)).not.toContain(created.body.id)
    expect(v6.every((p) => p.publishedAt !== null)).toBe(true)
    const bad = await server.api.get(`/v6/pages/${created.body.id as string}?versionRef=live`, { key })
    expect(bad.status).toBe(400)
    expect(bad.body.details!.map((d) => d.field)).toEqual(['versionRef'])
  })

  it('finds a published page by its live pathname with ref:live, after its draft has moved', async () => {
    const created = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/old-home', name: 'Home' } })
    expect((await server.api.post(`/__mock/sites/${siteId}/publish`)).status).toBe(200)
    expect((await server.api.patch(`/v6/pages/${String(created.body.id)}`, { key, body: { pathname: '/new-home' } })).status).toBe(200)
    const at = (pathname: string, version: string) => server.api.get(`/v6/pages/${encodeURIComponent(pathname)}?siteId=${siteId}&versionRef=${version}`, { key })

    const live = await at('/old-home', 'ref:live')
    expect(live.status).toBe(200)
    expect(live.body).toMatchObject({ id: created.body.id, pathname: '/old-home' })
    expect((await at('/new-home', 'ref:live')).status).toBe(404)
    expect((await at('/new-home', 'ref:draft')).body).toMatchObject({ id: created.body.id, pathname: '/new-home' })
    expect((await at('/old-home', 'ref:draft')).status).toBe(404)

    expect((await server.api.delete(`/v6/pages/${String(created.body.id)}`, { key })).status).toBe(204)
    expect((await at('/old-home', 'ref:live')).status).toBe(404)
  })

  it('answers 404 when publishing an unknown site', async () => {
    expect((await server.api.post('/__mock/sites/00000000-0000-4000-8000-000000000000/publish')).status).toBe(404)
  })

  describe('locales', () => {
    let multiKey: string
    let multiSite: string
    beforeEach(async () => {
      const creds = await resetAndGetCredentials(server.api, { scenario: 'multi-locale' })
      multiKey = creds.workspaces[0]!.appApiKey
      multiSite = creds.sites[0]!.id
    })

    it('collapses a page into a localization named by code or locale id', async () => {
      const localized = server.mock.store.pages.ofSite(multiSite).values().find((p) => p.draft.localizations.some((l) => l.locale === 'fr-FR'))!
      const fr = localized.draft.localizations.find((l) => l.locale === 'fr-FR')!
      const byCode = await server.api.get(`/v6/pages/${localized.id}?locale=fr-FR`, { key: multiKey })
      expect(byCode.body).toMatchObject({ id: localized.id, pathname: fr.pathname, locale: 'fr-FR' })
      const frLocale = server.mock.store.locales.byCode(multiSite, 'fr-FR')!
      const byId = await server.api.get(`/v6/pages/${localized.id}?locale=${frLocale.id}`, { key: multiKey })
      expect(byId.body).toEqual(byCode.body)
      const defaultLocale = await server.api.get(`/v6/pages/${localized.id}?locale=en-US`, { key: multiKey })
      expect(defaultLocale.body).toMatchObject({ pathname: localized.draft.pathname, locale: 'en-US' })
    })

    it('filters a list by locale to the pages localized in it, collapsed', async () => {
      const listed = await walk(server.api, `/v6/pages?siteId=${multiSite}&locale=fr-FR&includeOffline=true`, multiKey, 10)
      const expected = server.mock.store.pages.ofSite(multiSite).values().filter((p) => p.draft.localizations.some((l) => l.locale === 'fr-FR'))
      expect(listed.map((p) => p.id)).toEqual(expected.map((p) => p.id))
      expect(listed.every((p) => p.locale === 'fr-FR')).toBe(true)
    })

    it('shows a page without a localization in the asked locale as it is, in the default locale', async () => {
      const created = await server.api.post('/v6/pages', { key: multiKey, body: { siteId: multiSite, pathname: '/only-english', name: 'Only English' } })
      const read = await server.api.get(`/v6/pages/${created.body.id as string}?locale=fr-FR`, { key: multiKey })
      expect(read.body).toEqual(created.body)
      const listed = await walk(server.api, `/v6/pages?siteId=${multiSite}&locale=fr-FR&includeOffline=true`, multiKey, 50)
      expect(listed.map((p) => p.id)).not.toContain(created.body.id)
    })

    it('keeps a list by locale exact when the locale is renamed', async () => {
      const before = await walk(server.api, `/v6/pages?siteId=${multiSite}&locale=fr-FR&includeOffline=true&sortBy=title`, multiKey, 10)
      expect(before.length).toBeGreaterThan(0)
      const renamed = await server.api.patch(`/v2/locales/fr-FR?siteId=${multiSite}`, { key: multiKey, body: { locale: 'fr-CA' } })
      expect(renamed.status).toBe(200)
      const after = await walk(server.api, `/v6/pages?siteId=${multiSite}&locale=fr-CA&includeOffline=true&sortBy=title`, multiKey, 10)
      expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id))
      expect(after.every((p) => p.locale === 'fr-CA')).toBe(true)
      expect((await server.api.get(`/v6/pages?siteId=${multiSite}&locale=fr-FR`, { key: multiKey })).status).toBe(400)
    })

    it('refuses a locale the site does not have, listing the ones it has', async () => {
      const response = await server.api.get(`/v6/pages?siteId=${multiSite}&locale=ja-JP`, { key: multiKey })
      expect(response.status).toBe(400)
      expect(response.body.details![0]!.field).toBe('locale')
      expect(response.body.details![0]!.message).toContain('fr-FR')
    })
  })
})
