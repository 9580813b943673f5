import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { pathnames, renderedSite } from './publishable-site.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * publicApiKeyAsSiteKey `online-pages`, over HTTP: a site's publicApiKey is a read-only key for
 * rendering its site. It reads the site's locales and its online pages in any version (the draft
 * unless versionRef says otherwise), as the site's Site key would; a page list asking
 * includeOffline=true, a page offline in the version read, and everything else are a 403.
 */
const start = servedPerTest()


describe('publicApiKeyAsSiteKey online-pages over HTTP', () => {
  it("reads the site's locales, as its Site key does", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages' })
    const { siteId, publicKey, siteKey } = await renderedSite(server, 'online pages')
    expect(siteKey).not.toBe(publicKey)
    const list = await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, publicKey)
    expect(list).toEqual(await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, siteKey))
    expect(list.status).toBe(200)
    const locale = String(list.body.data![0]!.id)
    expect(await server.call('GET', `/v2/locales/${locale}`, undefined, publicKey)).toMatchObject({ status: 200, body: { id: locale } })
  })

  it('lists the online pages in the version asked, the draft by default, on both page lists', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages' })
    const { siteId, publicKey, siteKey } = await renderedSite(server, 'online pages')
    const drafts = await server.call('GET', `/v6/pages?siteId=${siteId}`, undefined, publicKey)
    expect(drafts).toEqual(await server.call('GET', `/v6/pages?siteId=${siteId}`, undefined, siteKey))
    expect(pathnames(drafts)).toEqual(['/online'])
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=false&versionRef=ref:draft`, undefined, publicKey))).toEqual(['/online'])
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live`, undefined, publicKey))).toEqual(['/about'])
    const sitePages = await server.call('GET', `/v2/sites/${siteId}/pages`, undefined, publicKey)
    expect(sitePages.status).toBe(200)
    expect(pathnames(sitePages)).toEqual(['/online'])
  })

  it('reads a page online in the version read, and refuses one offline there', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages' })
    const { siteId, offlineDraftId, onlineId, offlineId, publicKey } = await renderedSite(server, 'online pages')
    expect(await server.call('GET', `/v6/pages/${onlineId}`, undefined, publicKey)).toMatchObject({ status: 200, body: { id: onlineId, isOnline: true } })
    expect(await server.call('GET', `/v6/pages/${encodeURIComponent('/online')}?siteId=${siteId}&versionRef=ref:draft`, undefined, publicKey)).toMatchObject({ status: 200, body: { id: onlineId } })
    expect(await server.call('GET', `/v6/pages/${offlineDraftId}?versionRef=ref:live`, undefined, publicKey)).toMatchObject({ status: 200, body: { pathname: '/about', isOnline: true } })
    // A page never published has no live version, online or not.
    expect((await server.call('GET', `/v6/pages/${onlineId}?versionRef=ref:live`, undefined, publicKey)).status).toBe(404)
    const offline = [
      await server.call('GET', `/v6/pages/${offlineDraftId}`, undefined, publicKey),
      await server.call('GET', `/v6/pages/${offlineId}?versionRef=ref:draft`, undefined, publicKey),
    ]
    expect(offline.map((answer) => answer.status)).toEqual([403, 403])
    expect(offline[0]!.body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('online pages') })
  })

  it('refuses a page list asking for the offline pages, the site, writes, routes and another site with a 403', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages' })
    const { siteId, onlineId, publicKey, siteKey } = await renderedSite(server, 'online pages')
    const locale = String((await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, siteKey)).body.data![0]!.id)
    const refused = [
      await server.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true`, undefined, publicKey),
      await server.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true`, undefined, publicKey),
      await server.call('GET', `/v2/sites/${siteId}`, undefined, publicKey),
      await server.call('POST', '/v6/pages', { siteId, pathname: '/new', name: 'New' }, publicKey),
      await server.call('PATCH', `/v6/pages/${onlineId}`, { pathname: '/renamed' }, publicKey),
      await server.call('PATCH', `/v2/locales/${locale}`, { domain: 'https://renamed.example.com' }, publicKey),
      await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' }, publicKey),
      await server.call('GET', `/v2/routes?siteId=${siteId}`, undefined, publicKey),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403])
    expect(refused[0]!.body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('includeOffline=true') })
    // Nothing was written with it.
    expect((await server.call('GET', `/v6/pages/${onlineId}`, undefined, siteKey)).body).toMatchObject({ pathname: '/online' })
    expect((await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, siteKey)).body.data).toHaveLength(1)
    const other = await renderedSite(server, 'online pages')
    expect((await server.call('GET', `/v2/locales?siteId=${other.siteId}`, undefined, publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v6/pages?siteId=${other.siteId}`, undefined, publicKey)).status).toBe(403)
  })

  it('leaves published-pages as it was: its locales are a 403, its drafts too', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages' })
    const { siteId, onlineId, publicKey } = await renderedSite(server, 'online pages')
    expect((await server.call('GET', `/v2/locales?siteId=${siteId}`, undefined, publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v6/pages/${onlineId}?versionRef=ref:draft`, undefined, publicKey)).status).toBe(403)
  })
})

describe('the twin’s observation of publicApiKeyAsSiteKey', () => {
  it.each(['online-pages', 'published-pages', 'site-key'] as const)('tells %s from outside', async (alternative) => {
    const choices = { publicApiKeyAsSiteKey: alternative }
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', choices)).toBe(alternative)
  })
})

/** Sequences of the stateful group: enough that the publicApiKey reads locales, drafts and offline pages (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(40, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey reads its locales and online pages', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ publicApiKeyAsSiteKey: 'online-pages' })
  })
  afterAll(() => server.close())


  it('learns online-pages, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyAsSiteKey="online-pages"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts online-pages on first sight in the stateful sequences, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: online-pages')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyAsSiteKey="site-key"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/site\.get with the site's own Site key.*got 403/))
  }, 300_000)
})
