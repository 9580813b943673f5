import { describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * publicApiKeyAsSiteKey `live-pages`, over HTTP: a site's publicApiKey reads its site's published
 * pages alone (a page list or read whose query says versionRef=ref:live), as the site's Site key
 * would; everything else is a 403, and the site's Site key is the credentials' siteApiKey.
 */
const start = servedPerTest()

/** A site with one page, published through the control plane, and its two keys. */
async function publishedSite(server: ChoicesServer): Promise<{ siteId: string; pageId: string; publicKey: string; siteKey: string }> {
  const made = await server.site('live pages')
  const page = await server.call('POST', '/v6/pages', { siteId: made.id, pathname: '/about', name: 'About' })
  expect(page.status).toBe(201)
  await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { pathname: '/about', isOnline: true })
  expect((await fetch(`${server.url}/__mock/sites/${made.id}/publish`, { method: 'POST' })).status).toBe(200)
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const siteKey = creds.sites.find((site) => site.id === made.id)!.siteApiKey
  return { siteId: made.id, pageId: String(page.body.id), publicKey: made.key, siteKey }
}

describe('publicApiKeyAsSiteKey live-pages over HTTP', () => {
  it('answers a live page list and a live page read with the publicApiKey as the Site key does', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages' })
    const { siteId, pageId, publicKey, siteKey } = await publishedSite(server)
    expect(siteKey).not.toBe(publicKey)
    const list = `/v6/pages?siteId=${siteId}&versionRef=ref%3Alive&sortBy=path&sortDirection=desc&limit=3`
    const listed = await server.call('GET', list, undefined, publicKey)
    expect(listed.status).toBe(200)
    expect(listed.body.data?.map((page) => page.id)).toEqual([pageId])
    expect(listed.body).toEqual((await server.call('GET', list, undefined, siteKey)).body)
    const byId = await server.call('GET', `/v6/pages/${pageId}?versionRef=ref:live`, undefined, publicKey)
    expect(byId).toMatchObject({ status: 200, body: { id: pageId, pathname: '/about' } })
    const byPathname = await server.call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${siteId}&versionRef=ref:live`, undefined, publicKey)
    expect(byPathname).toMatchObject({ status: 200, body: { id: pageId } })
    // Its input judged as the Site key's is: a malformed limit is a 400, not a refusal of the key.
    expect((await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&limit=0`, undefined, publicKey)).status).toBe(400)
  })

  it('refuses the publicApiKey the drafts, writes and the site itself with a 403, and another site’s live pages too', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages' })
    const { siteId, pageId, publicKey, siteKey } = await publishedSite(server)
    const refused = [
      await server.call('GET', `/v6/pages?siteId=${siteId}`, undefined, publicKey),
      await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:draft`, undefined, publicKey),
      await server.call('GET', `/v6/pages/${pageId}`, undefined, publicKey),
      await server.call('POST', '/v6/pages', { siteId, pathname: '/new', name: 'New' }, publicKey),
      // (A PATCH takes no versionRef: sent, it is an invalid query, judged before access as the default validationOrder says.)
      await server.call('PATCH', `/v6/pages/${pageId}`, { pathname: '/renamed' }, publicKey),
      await server.call('GET', `/v2/sites/${siteId}`, undefined, publicKey),
      await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, publicKey),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403])
    expect(refused[5]!.body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('live pages alone') })
    // Nothing was written with it, and the Site key reaches all its site.
    expect((await server.call('GET', `/v6/pages/${pageId}`, undefined, siteKey)).body).toMatchObject({ pathname: '/about' })
    expect((await server.call('GET', `/v2/sites/${siteId}`, undefined, siteKey)).status).toBe(200)
    const other = await publishedSite(server)
    expect((await server.call('GET', `/v6/pages?siteId=${other.siteId}&versionRef=ref:live`, undefined, publicKey)).status).toBe(403)
  })

  it('leaves site-key as it was: the publicApiKey reads the drafts and the site', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'site-key' })
    const { siteId, publicKey } = await publishedSite(server)
    expect((await server.call('GET', `/v6/pages?siteId=${siteId}`, undefined, publicKey)).status).toBe(200)
    expect((await server.call('GET', `/v2/sites/${siteId}`, undefined, publicKey)).status).toBe(200)
  })
})
