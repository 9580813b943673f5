import { describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * publicApiKeyAsSiteKey `published-pages`, over HTTP: a site's publicApiKey reads its site's pages
 * (the page list, a page read, the site's page list) as published, whether or not the query says
 * versionRef=ref:live; one asking ref:draft, and everything else, is a 403, and the site's Site key
 * is the credentials' siteApiKey.
 */
const start = servedPerTest()

interface PublishedSite {
  siteId: string
  /** Published at /about, its draft moved to /about-draft since. */
  publishedId: string
  /** Never published. */
  draftId: string
  publicKey: string
  siteKey: string
}

/** A site with a page published through the control plane and moved since, a page never published, and its two keys. */
async function publishedSite(server: ChoicesServer): Promise<PublishedSite> {
  const made = await server.site('published pages')
  const created = async (pathname: string, name: string): Promise<string> => {
    const page = await server.call('POST', '/v6/pages', { siteId: made.id, pathname, name })
    expect(page.status).toBe(201)
    return String(page.body.id)
  }
  const publishedId = await created('/about', 'About')
  await server.call('PATCH', `/v6/pages/${publishedId}`, { isOnline: true })
  expect((await fetch(`${server.url}/__mock/sites/${made.id}/publish`, { method: 'POST' })).status).toBe(200)
  // Made after the site's publish, which publishes every page it has.
  const draftId = await created('/draft', 'Draft')
  expect((await server.call('PATCH', `/v6/pages/${publishedId}`, { pathname: '/about-draft' })).status).toBe(200)
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const siteKey = creds.sites.find((site) => site.id === made.id)!.siteApiKey
  return { siteId: made.id, publishedId, draftId, publicKey: made.key, siteKey }
}

const pathnames = (answer: { body: { data?: Array<Record<string, unknown>> } }): unknown[] => (answer.body.data ?? []).map((page) => page.pathname)

describe('publicApiKeyAsSiteKey published-pages over HTTP', () => {
  it('answers the page list, without versionRef or with ref:live, with the live versions, as the Site key answers ref:live', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages' })
    const { siteId, publicKey, siteKey } = await publishedSite(server)
    expect(siteKey).not.toBe(publicKey)
    const live = await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&includeOffline=true`, undefined, siteKey)
    expect(pathnames(live)).toEqual(['/about'])
    const unsaid = await server.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true`, undefined, publicKey)
    expect(unsaid).toEqual({ status: 200, body: live.body })
    expect((await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&includeOffline=true`, undefined, publicKey)).body).toEqual(live.body)
    // The Site key still reads the drafts without versionRef.
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true`, undefined, siteKey))).toEqual(['/about-draft', '/draft'])
  })

  it("answers a page read and the site's page list with the live versions; a page never published is a 404", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages' })
    const { siteId, publishedId, draftId, publicKey } = await publishedSite(server)
    expect(await server.call('GET', `/v6/pages/${publishedId}`, undefined, publicKey)).toMatchObject({ status: 200, body: { id: publishedId, pathname: '/about' } })
    expect(await server.call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${siteId}`, undefined, publicKey)).toMatchObject({ status: 200, body: { id: publishedId } })
    expect(await server.call('GET', `/v6/pages/${draftId}`, undefined, publicKey)).toMatchObject({ status: 404, body: { code: 'not_found' } })
    const sitePages = await server.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true`, undefined, publicKey)
    expect(sitePages.status).toBe(200)
    expect(pathnames(sitePages)).toEqual(['/about'])
    // Its input judged as the Site key's is: a malformed limit is a 400, not a refusal of the key.
    expect((await server.call('GET', `/v6/pages?siteId=${siteId}&limit=0`, undefined, publicKey)).status).toBe(400)
  })

  it("reads the live versions where the site's page list takes only its pagination (sitePagesQuery pagination)", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages', sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored' })
    const { siteId, publicKey } = await publishedSite(server)
    const listed = await server.call('GET', `/v2/sites/${siteId}/pages`, undefined, publicKey)
    expect(listed.status).toBe(200)
    expect(pathnames(listed)).toEqual(['/about'])
  })

  it('refuses the publicApiKey the drafts, writes, the site, its locales and another site’s pages with a 403', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages' })
    const { siteId, publishedId, publicKey, siteKey } = await publishedSite(server)
    const refused = [
      await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:draft`, undefined, publicKey),
      await server.call('GET', `/v6/pages/${publishedId}?versionRef=ref:draft`, undefined, publicKey),
      await server.call('GET', `/v2/sites/${siteId}/pages?versionRef=ref:draft`, undefined, publicKey),
      await server.call('POST', '/v6/pages', { siteId, pathname: '/new', name: 'New' }, publicKey),
      await server.call('PATCH', `/v6/pages/${publishedId}`, { pathname: '/renamed' }, publicKey),
      await server.call('GET', `/v2/sites/${siteId}`, undefined, publicKey),
      await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, publicKey),
      await server.call('GET', `/v2/locales/en?siteId=${siteId}`, undefined, publicKey),
      await server.call('GET', `/v2/routes?siteId=${siteId}`, undefined, publicKey),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403])
    expect(refused[5]!.body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('published pages alone') })
    // Nothing was written with it, and the Site key reaches all its site.
    expect((await server.call('GET', `/v6/pages/${publishedId}`, undefined, siteKey)).body).toMatchObject({ pathname: '/about-draft' })
    expect((await server.call('GET', `/v2/sites/${siteId}`, undefined, siteKey)).status).toBe(200)
    const other = await publishedSite(server)
    expect((await server.call('GET', `/v6/pages?siteId=${other.siteId}`, undefined, publicKey)).status).toBe(403)
  })

  it('leaves live-pages as it was: the publicApiKey without versionRef is a 403', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages' })
    const { siteId, publicKey } = await publishedSite(server)
    expect((await server.call('GET', `/v6/pages?siteId=${siteId}`, undefined, publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v2/sites/${siteId}/pages?versionRef=ref:live`, undefined, publicKey)).status).toBe(403)
  })
})
