import { describe, expect, it } from 'vitest'
import { createdId, inPath, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * pathnameLookupLocale over real HTTP: a page read by pathname with a `locale` that is a live
 * locale of the site other than its default names the page by its own pathname (`own`, sitemock's)
 * or by its localization's in that locale (`localized`). The stateful group's reading of it is
 * test/unit/pathname-lookup-locale-class.test.ts's: its planner does not yet read a page by
 * pathname in a locale its site holds.
 */

const start = servedPerTest()

/** The multi-locale scenario's first site (en-US its default, fr-FR among its locales) and a page of it with a localization in fr-FR. */
async function localizedSite(s: ChoicesServer): Promise<{ siteId: string; page: Record<string, unknown>; fr: { pathname: string; localeId: string } }> {
  const siteId = String((await s.call('GET', `/v2/sites?workspaceId=${s.workspaceId}`)).body.data![0]!.id)
  const pages = (await s.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`)).body.data!
  // A published page whose fr-FR pathname is not its own: the two lookups part on it.
  const page = pages.find((p) => p.publishedAt !== null && (p.localizations as Array<{ locale: string; pathname: string }>).some((l) => l.locale === 'fr-FR' && l.pathname !== p.pathname))!
  const pathname = (page.localizations as Array<{ locale: string; pathname: string }>).find((l) => l.locale === 'fr-FR')!.pathname
  const localeId = String((await s.call('GET', `/v2/locales/fr-FR?siteId=${siteId}`)).body.id)
  return { siteId, page, fr: { pathname, localeId } }
}

describe('pathnameLookupLocale over HTTP', () => {
  it.each([
    ['own', { own: 200, localized: 404 }],
    ['localized', { own: 404, localized: 200 }],
  ] as const)("%s: a page's own pathname and its fr-FR localization's, read with locale=fr-FR by code and by id, draft and live", async (value, status) => {
    const s = await start({ pathnameLookupLocale: value }, 'multi-locale')
    const { siteId, page, fr } = await localizedSite(s)
    for (const locale of ['fr-FR', fr.localeId]) {
      for (const version of ['', '&versionRef=ref:live']) {
        const byOwn = await s.call('GET', `/v6/pages/${inPath(String(page.pathname))}?siteId=${siteId}&locale=${locale}${version}`)
        const byLocalized = await s.call('GET', `/v6/pages/${inPath(fr.pathname)}?siteId=${siteId}&locale=${locale}${version}`)
        expect([locale, version, byOwn.status, byLocalized.status]).toEqual([locale, version, status.own, status.localized])
        // Found either way, the page is the same one, collapsed into fr-FR.
        for (const found of [byOwn, byLocalized].filter((answer) => answer.status === 200)) expect(found.body).toMatchObject({ id: page.id, locale: 'fr-FR', pathname: fr.pathname })
        for (const missing of [byOwn, byLocalized].filter((answer) => answer.status === 404)) expect(missing.body).toMatchObject({ object: 'error', code: 'not_found' })
      }
    }
    // The site's default locale, or no locale: the page's own pathname under either.
    for (const query of ['&locale=en-US', '']) {
      expect((await s.call('GET', `/v6/pages/${inPath(String(page.pathname))}?siteId=${siteId}${query}`)).status).toBe(200)
      expect((await s.call('GET', `/v6/pages/${inPath(fr.pathname)}?siteId=${siteId}${query}`)).status).toBe(404)
    }
    // By id, the page reads in fr-FR as it always does.
    expect((await s.call('GET', `/v6/pages/${String(page.id)}?locale=fr-FR`)).body).toMatchObject({ id: page.id, locale: 'fr-FR', pathname: fr.pathname })
  })

  it.each([
    ['own', 200],
    ['localized', 404],
  ] as const)('%s: a page with no localization in de-DE, a locale added to its site, read by its pathname in de-DE; by id it reads as it is', async (value, status) => {
    const s = await start({ pathnameLookupLocale: value })
    const site = await s.site()
    const page = createdId(await s.call('POST', '/v6/pages', { siteId: site.id, pathname: '/a', name: 'A' }))
    createdId(await s.call('POST', '/v2/locales', { siteId: site.id, locale: 'de-DE' }))
    const byPathname = await s.call('GET', `/v6/pages/${inPath('/a')}?siteId=${site.id}&locale=de-DE`)
    expect(byPathname.status).toBe(status)
    if (status === 404) expect(byPathname.body).toMatchObject({ object: 'error', code: 'not_found', message: expect.stringContaining('de-DE pathname /a') })
    else expect(byPathname.body).toMatchObject({ id: page, locale: 'en-US' })
    expect((await s.call('GET', `/v6/pages/${page}?locale=de-DE`)).body).toMatchObject({ id: page, locale: 'en-US', pathname: '/a' })
    // A locale the site lacks is judged as without the choice (pageReadUnknownLocale), and a deleted one with it.
    expect((await s.call('GET', `/v6/pages/${inPath('/a')}?siteId=${site.id}&locale=xx-XX`)).status).toBe(400)
    const italian = createdId(await s.call('POST', '/v2/locales', { siteId: site.id, locale: 'it-IT' }))
    expect((await s.call('DELETE', `/v2/locales/${italian}`)).status).toBe(204)
    expect((await s.call('GET', `/v6/pages/${inPath('/a')}?siteId=${site.id}&locale=it-IT`)).status).toBe(400)
  })

  it('localized: a pathname in another case finds the localization that has it where pathnames are looked up in any case (pathnameLookupCase)', async () => {
    const s = await start({ pathnameLookupLocale: 'localized', pathnameLookupCase: 'any-case' }, 'multi-locale')
    const { siteId, page, fr } = await localizedSite(s)
    const found = await s.call('GET', `/v6/pages/${inPath(fr.pathname.toUpperCase())}?siteId=${siteId}&locale=fr-FR`)
    expect(found.body).toMatchObject({ id: page.id, locale: 'fr-FR' })
  })
})
