import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { runContract } from '../../src/contract/runner.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import type { Choices, ChoicesFile } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { describeFailures, implementationOptions, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { inPath, servedPerTest, serveWithChoices, type Answer, type ChoicesServer } from './choices-server.js'
import { asSiteKey, localeList, offlineList, ok, refused, routeList, seeEach, siteRead } from './publishable-narrowing.js'
import { furnishedSite } from './publishable-site.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'

/**
 * Two keys of a deployment whose sites' publicApiKey is a secret of its own, apart from their Site
 * keys, over HTTP. publicApiKeyAsSiteKey `reads`: a site's publicApiKey is a read-only key for its
 * site, its site read, its locale list and locale reads, and its page list, site page list and page
 * reads in any version, offline pages included, answered as the site's Site key would answer them;
 * its routes (unless publicApiKeyRoutes says otherwise), the site list and every write are a 403.
 * siteKeyWrites `locales-refused`: a Site key writes its site's pages and routes but no locale, a
 * 403 where access is judged (after the locale, or the site its body names, is found). Where the
 * probes read all a Site key reads with the publicApiKey, only the Site key given apart from it
 * (--site-api-key) shows it a key of its own.
 */
const start = servedPerTest()
const TAG = 'contract-9a6e0c31'
const CHOSEN = { publicApiKeyAsSiteKey: 'reads' } as const
const LOCALES_REFUSED = { siteKeyWrites: 'locales-refused' } as const
/** The deployment the two were written from. */
const OUTSIDE: Choices = { ...CHOSEN, ...LOCALES_REFUSED }
const NOWHERE = '7b0c4a4e-3f52-4a8e-9a51-0d6a5f0c1e99'

const shown = (answer: Answer): string => `${answer.status} ${String(answer.body.code)}`

describe('publicApiKeyAsSiteKey reads over HTTP', () => {
  it('reads its site, its locales and its pages in any version, offline ones included, as its Site key does', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'reads')
    expect(site.siteKey).not.toBe(site.publicKey)
    const reads = [
      `/v2/sites/${site.siteId}`,
      `/v2/locales?siteId=${site.siteId}`,
      `/v2/locales/${site.localeId}`,
      `/v2/locales/${inPath(site.localeCode)}?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:live`,
      `/v6/pages?siteId=${site.siteId}&includeOffline=true`,
      `/v2/sites/${site.siteId}/pages`,
      `/v6/pages/${site.offlineDraftId}`,
      `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`,
      `/v6/pages/${site.offlineId}?versionRef=ref:draft`,
    ]
    for (const path of reads) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    const listed = (await server.call('GET', reads[6]!, undefined, site.publicKey)).body.data!.map((page) => page.id)
    expect(listed).toEqual(expect.arrayContaining([site.offlineDraftId, site.offlineId]))
  })

  it('refuses its routes and the site list with a 403 that names what it reads, and reads the routes where publicApiKeyRoutes says so', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'reads')
    for (const path of [`/v2/routes?siteId=${site.siteId}`, `/v2/routes/${site.routeId}`, `/v2/sites?workspaceId=${server.workspaceId}`]) {
      expect(await server.call('GET', path, undefined, site.publicKey), path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    }
    expect((await server.call('GET', `/v2/routes?siteId=${site.siteId}`, undefined, site.publicKey)).body.message).toContain('and changes nothing')
    const routes = await start({ ...CHOSEN, publicApiKeyRoutes: 'read' })
    const routed = await furnishedSite(routes, 'reads')
    const route = await routes.call('GET', `/v2/routes/${routed.routeId}`, undefined, routed.publicKey)
    expect(route.status).toBe(200)
    expect(route).toEqual(await routes.call('GET', `/v2/routes/${routed.routeId}`, undefined, routed.siteKey))
  })

  it('refuses every write with a 403 and changes nothing', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'reads')
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'Renamed' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'Copy' }],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['PATCH', `/v2/locales/${site.localeId}`, { domain: 'https://fr.example.com' }],
      ['POST', '/v6/pages', { siteId: site.siteId, pathname: '/new', name: 'New' }],
      ['PATCH', `/v6/pages/${site.offlineId}`, { pathname: '/renamed' }],
      ['DELETE', `/v6/pages/${site.offlineId}`, undefined],
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
    ]
    const before = await contentsOf(server, site.siteId)
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await contentsOf(server, site.siteId)).toEqual(before)
  })

  it('is refused another site, as its Site key is', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'reads')
    const other = await furnishedSite(server, 'reads')
    for (const path of [`/v2/sites/${other.siteId}`, `/v2/locales?siteId=${other.siteId}`, `/v6/pages?siteId=${other.siteId}`]) {
      expect((await server.call('GET', path, undefined, site.publicKey)).status, path).toBe(403)
      expect((await server.call('GET', path, undefined, site.siteKey)).status, path).toBe(403)
    }
  })

  it('is refused where access is judged, or as soon as the key is known at keyKindOrder first; its reads are judged as its Site key’s', async () => {
    const judged = await start(CHOSEN)
    const site = await furnishedSite(judged, 'reads')
    expect((await judged.call('PATCH', '/v2/sites/not-a-uuid', { name: 'Renamed' }, site.publicKey)).status).toBe(400)
    const first = await start({ ...CHOSEN, keyKindOrder: 'first' })
    const firstSite = await furnishedSite(first, 'reads')
    expect((await first.call('PATCH', '/v2/sites/not-a-uuid', { name: 'Renamed' }, firstSite.publicKey)).status).toBe(403)
    // A page list is no refusal of its kind: its input is judged as its Site key's is.
    expect((await first.call('GET', '/v6/pages?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(400)
  })
})

describe('siteKeyWrites locales-refused over HTTP', () => {
  it("lets a Site key write its site's pages and routes, and refuses every locale write with a 403 that changes nothing", async () => {
    const server = await start(LOCALES_REFUSED)
    const { id, key } = await server.site()
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const gone = await server.call('POST', '/v2/locales', { siteId: id, locale: 'de-DE' })
    expect([locale.status, gone.status]).toEqual([201, 201])
    expect((await server.call('DELETE', `/v2/locales/${String(gone.body.id)}`)).status).toBe(204)

    const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/by-key', name: 'By key' }, key)
    expect(page.status).toBe(201)
    expect((await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { name: 'Renamed' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v6/pages/${String(page.body.id)}`, undefined, key)).status).toBe(204)
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-key' }, key)
    expect(route.status).toBe(201)
    expect((await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: '/moved' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v2/routes/${String(route.body.id)}`, undefined, key)).status).toBe(204)

    const before = await contentsOf(server, id)
    const writes = [
      await server.call('POST', '/v2/locales', { siteId: id, locale: 'it-IT' }, key),
      await server.call('PATCH', `/v2/locales/${String(locale.body.id)}`, { domain: 'https://fr.example.com' }, key),
      await server.call('DELETE', `/v2/locales/${String(locale.body.id)}`, undefined, key),
      await server.call('POST', `/v2/locales/${String(gone.body.id)}/restore`, undefined, key),
    ]
    expect(writes.map(shown)).toEqual(Array(4).fill('403 forbidden'))
    expect(writes[0]!.body.message).toMatch(/may not create, change, delete or restore locales/)
    expect(await contentsOf(server, id)).toEqual(before)
    // Its own site's update stays its own.
    expect((await server.call('PATCH', `/v2/sites/${id}`, { name: 'Renamed by key' }, key)).status).toBe(200)
  })

  it.each([
    ['with-access', '404 not_found', '400 bad_request'],
    ['first', '403 forbidden', '403 forbidden'],
  ] as const)('refuses a locale write after its target is found at keyKindOrder %s: a site or locale that does not exist, a bad body', async (keyKindOrder, missing, bad) => {
    const server = await start({ ...OUTSIDE, keyKindOrder, validationOrder: 'input-first', accessOrder: 'existence-first' })
    const site = await usersSite(server)
    const locale = (await server.call('GET', `/v2/locales?siteId=${site.id}`)).body.data![0]!
    expect(shown(await server.call('POST', '/v2/locales', { siteId: NOWHERE, locale: 'fr-FR' }, site.key))).toBe(missing)
    expect(shown(await server.call('PATCH', `/v2/locales/${NOWHERE}`, { domain: 'https://fr.example.com' }, site.key))).toBe(missing)
    expect(shown(await server.call('PATCH', `/v2/locales/${String(locale.id)}`, { locale: 12 }, site.key))).toBe(bad)
    expect(shown(await server.call('PATCH', `/v2/locales/${String(locale.id)}`, { domain: 'https://fr.example.com' }, site.key))).toBe('403 forbidden')
    // Pages and routes are written under both.
    expect((await server.call('PATCH', `/v6/pages/${site.pageId}`, { name: 12 }, site.key)).status).toBe(400)
    expect((await server.call('PATCH', `/v2/routes/${site.routeId!}`, { pathname: '/moved' }, site.key)).status).toBe(200)
  })
})

describe('the twin’s observation of reads and locales-refused', () => {
  it.each(['reads', 'site-key', 'site-and-pages', 'configuration'] as const)('tells publicApiKeyAsSiteKey %s from outside', async (alternative) => {
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: alternative })).toBe(alternative)
  })

  it.each(['read', 'refused'] as const)('tells publicApiKeyRoutes %s under reads', async (alternative) => {
    expect(await observedOnPermissive('publicApiKeyRoutes', { ...CHOSEN, publicApiKeyRoutes: alternative })).toBe(alternative)
  })

  it.each([
    [{ siteKeyWrites: 'locales-refused' }, 'locales-refused'],
    [{ ...CHOSEN, siteKeyWrites: 'locales-refused' }, 'locales-refused'],
    [{ siteKeyWrites: 'pages-only' }, 'pages-only'],
    // Routes served elsewhere show no route write: a Site key refused its locales writes pages alone either way.
    [{ siteKeyWrites: 'locales-refused', routeOperations: 'elsewhere' }, 'pages-only'],
  ] as const)('tells siteKeyWrites under %j', async (choices, observed) => {
    expect(await observedOnPermissive('siteKeyWrites', choices)).toBe(observed)
  })

  it('the permissive answers the publicApiKey every read of its site but its routes and refuses its writes, and the Site key all but locale writes', async () => {
    const choices: Choices = OUTSIDE
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const site = await client.site()
      const publicKey = String(site.publicApiKey)
      const page = await client.page(site.id, '/read')
      const status = async (method: string, path: string, body?: unknown, key = publicKey): Promise<number> => (await client.call(method, path, body, key)).status
      const locales = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Array<Record<string, unknown>>
      for (const path of [`/v2/sites/${String(site.id)}`, `/v2/locales?siteId=${String(site.id)}`, `/v2/locales/${String(locales[0]!.id)}`, `/v6/pages?siteId=${String(site.id)}&includeOffline=true`, `/v6/pages/${String(page.id)}`, `/v2/sites/${String(site.id)}/pages`]) {
        expect(await status('GET', path), path).toBe(200)
      }
      expect(await status('GET', `/v2/routes?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed' })).toBe(403)
      expect(await status('PATCH', `/v2/sites/${String(site.id)}`, { name: 'Renamed' })).toBe(403)
      const { site: keyed, key } = await client.keyedSite()
      expect(await status('POST', '/v6/pages', { siteId: keyed.id, pathname: '/by-key', name: 'By key' }, key)).toBe(201)
      expect(await status('POST', '/v2/routes', { siteId: keyed.id, pathname: '/by-key-route' }, key)).toBe(201)
      expect(await status('POST', '/v2/locales', { siteId: keyed.id, locale: 'fr-FR' }, key)).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

/** A request as the front of a mock sees it: its method, its path with the query, and its key. */
interface Sent {
  method: string
  path: string
  key: string
}

/**
 * The mock under the choices behind a front that first changes each request's key as `rekey` says,
 * then the mock's answer as `reanswer` says (given the mock's credentials): a deployment of a
 * behaviour no one choice of the catalogue makes.
 */
async function fronted(choices: Choices, rekey: (sent: Sent, server: ChoicesServer) => string, reanswer: (sent: Sent, answer: Answer, server: ChoicesServer) => Answer = (_sent, answer) => answer): Promise<{ url: string; server: ChoicesServer; close(): Promise<void> }> {
  const server = await serveWithChoices(choices)
  const front = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const sent = { method: req.method!, path: req.url!, key: String(req.headers['x-api-key'] ?? '') }
      const headers = { 'x-api-key': rekey(sent, server), ...(req.headers['content-type'] === undefined ? {} : { 'content-type': req.headers['content-type'] }) }
      void fetch(server.url + req.url!, { method: req.method, headers, body: body === '' ? undefined : body }).then(async (response) => {
        const text = await response.text()
        const answer = reanswer(sent, { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Answer['body'] }, server)
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
      })
    })
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const close = async (): Promise<void> => {
    await new Promise((resolve) => front.close(resolve))
    await server.close()
  }
  return { url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`, server, close }
}

/** The probes against a fronted mock, with the Site key `siteKey` gives. */
async function probeBehind(choices: Choices, rekey: (sent: Sent, server: ChoicesServer) => string, siteKey: (server: ChoicesServer) => Promise<string>): Promise<ChoicesFile> {
  const front = await fronted(choices, rekey)
  try {
    const workspace = front.server.mock.credentials().workspaces[0]!
    return await probeChoices({ baseUrl: front.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: TAG, siteApiKey: await siteKey(front.server) })
  } finally {
    await front.close()
  }
}

/** The site whose publicApiKey the key is, if it is one. */
const siteOfPublicKey = (key: string, server: ChoicesServer) => server.mock.credentials().sites.find((site) => site.publicApiKey === key)

/** A site's publicApiKey sent to read its site goes on as its Site key: a key for rendering its site, online pages, locales and site. */
const siteReadAsSiteKey = ({ method, path, key }: Sent, server: ChoicesServer): string => {
  const site = siteOfPublicKey(key, server)
  return method === 'GET' && site !== undefined && path.split('?')[0] === `/v2/sites/${site.id}` ? site.siteApiKey : key
}

describe('the probes learn reads and locales-refused', () => {
  it.each(['with-access', 'first'] as const)('both, with --site-api-key apart from the publicApiKey, at keyKindOrder %s, its routes read and its site left as it was', async (keyKindOrder) => {
    const server = await start({ ...OUTSIDE, keyKindOrder })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'reads', publicApiKeyRoutes: 'refused', siteKeyWrites: 'locales-refused', siteKeyRoutes: 'read', keyKindOrder })
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it.each([{ keyKindOrder: 'after-input' }, { validationOrder: 'input-first' }] as const)('reads under %j, where its sham write earns its body’s 400 first and an update of nothing tells', async (choices) => {
    const server = await start({ ...CHOSEN, ...choices })
    const site = await usersSite(server)
    expect((await probe(server, TAG, site.key)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'reads', ...choices })
  })

  it('reads, and its routes read too', async () => {
    const server = await start({ ...CHOSEN, publicApiKeyRoutes: 'read' })
    const site = await usersSite(server)
    expect((await probe(server, TAG, site.key)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'reads', publicApiKeyRoutes: 'read' })
  })

  it('records nothing, with its reason, where the whole input goes first and existence wins: its sham write earns its 400 either way', async () => {
    const server = await start({ ...CHOSEN, validationOrder: 'input-first', accessOrder: 'existence-first' })
    const site = await usersSite(server)
    const learned = await probe(server, TAG, site.key)
    expect(learned.choices.publicApiKeyAsSiteKey).toBeUndefined()
    expect(learned.unrecorded?.publicApiKeyAsSiteKey).toMatch(/the whole input is judged before access here/)
  })

  it('site-key where the Site key given is the publicApiKey of its site, and where none is given, though the key writes nothing', async () => {
    const server = await start({})
    expect((await probe(server, TAG, (await usersSite(server)).key)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'allowed' })
    // Nothing shows the key apart: its writes are a Site key's refused, before any lookup as the mock refuses such a key.
    const unseen = await start(CHOSEN)
    expect((await probe(unseen, TAG)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'refused-first' })
  })

  it('site-key where the publicApiKey is a second Site key of its site, the one given another', async () => {
    const SECOND = '5a0d4e1c-2b3f-4c6d-8e9f-0a1b2c3d4e5f'
    let users: string | undefined
    const learned = await probeBehind(
      {},
      ({ key }, server) => (key === SECOND ? server.mock.credentials().sites.find((site) => site.id === users)!.publicApiKey : key),
      async (server) => {
        users = (await usersSite(server)).id
        return SECOND
      },
    )
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'allowed' })
  })

  it.each([
    ['refused', {}],
    // Hidden, an offline page tells them apart: the probes' page is one where new pages are offline.
    ['hidden', { newPageOnline: 'offline' }],
  ] as const)('online-pages where the publicApiKey reads its site too, its offline pages %s', async (publicApiKeyOfflinePages, more) => {
    const choices: Choices = { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages, ...more }
    const learned = await probeBehind(choices, siteReadAsSiteKey, async (server) => (await usersSite(server)).key)
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages, siteKeyWrites: 'allowed', siteKeyRoutes: 'read' })
  })

  it('locales-refused with the Site key of their own site', async () => {
    const server = await start(LOCALES_REFUSED)
    expect((await probe(server, TAG)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'locales-refused' })
  })

  it('pages-only where no route request of a Site key is seen: the two are one behaviour there', async () => {
    const server = await start({ ...LOCALES_REFUSED, siteKeyRoutes: 'refused' })
    expect((await probe(server, TAG)).choices).toMatchObject({ siteKeyWrites: 'pages-only' })
  })

  it('locales-refused with --site-api-key where the key is refused where access is judged, and where its site has no route', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'forbidden', accessOrder: 'existence-first', ...LOCALES_REFUSED })
    expect((await probe(server, TAG, (await usersSite(server)).key)).choices.siteKeyWrites).toBe('locales-refused')
    const bare = await start({ publicApiKeyAsSiteKey: 'forbidden', accessOrder: 'existence-first', keyKindOrder: 'first', createBodyOrder: 'body-first', ...LOCALES_REFUSED })
    const site = await usersSite(bare, false)
    const before = await contentsOf(bare, site.id)
    expect((await probe(bare, TAG, site.key)).choices.siteKeyWrites).toBe('locales-refused')
    expect(await contentsOf(bare, site.id)).toEqual(before)
  })
})

describe('the stateful group reads reads', () => {
  const publicKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'publicApiKeyAsSiteKey')!

  // A key for online pages that reads its site too (publicApiKeySiteRead read) and does not see the offline pages
  // (publicApiKeyOfflinePages hidden) answers these four alike: the adoption is one of the two, and holds the key to both.
  it('narrows to reads, or a key for online pages that reads its site, from a route list refused, a site read, a locale list and a page list asking the offline pages answered, where the oracle reads the key as a Site key', () => {
    const adoptions = new Adoptions()
    const seen: Array<[ContractRequest, Reply]> = [
      [routeList, refused],
      [siteRead, ok],
      [localeList, ok],
      [offlineList, ok],
    ]
    seeEach(publicKey, adoptions, seen)
    const adopted = adoptions.get('publicApiKeyAsSiteKey')
    expect(['reads', 'online-pages']).toContain(adopted)
    // A locale list refused after all contradicts it; a route list answered does not (publicApiKeyRoutes read).
    expect(publicKey.fits?.('site-key', asSiteKey(routeList, ok))).toContain('reads')
    expect(adoptions.see('publicApiKeyAsSiteKey', 'forbidden', 'locale.list', publicKey.fits?.('forbidden', asSiteKey(localeList, refused)))).toMatchObject({ adopted })
  })
})

/** A page list asking the offline pages too, with a site's publicApiKey, refused, where the key does not see them otherwise (a page read of one a 404). */
const offlineListRefused = ({ method, path, key }: Sent, answer: Answer, server: ChoicesServer): Answer => {
  const [pathname = '', query = ''] = path.split('?')
  const list = method === 'GET' && (pathname === '/v6/pages' || /^\/v2\/sites\/[^/]+\/pages$/.test(pathname)) && new URLSearchParams(query).get('includeOffline') === 'true'
  return list && answer.status === 200 && siteOfPublicKey(key, server) !== undefined ? { status: 403, body: { object: 'error', code: 'forbidden', message: 'A publishable key cannot read offline pages.' } } : answer
}

describe('the stateful group against a publicApiKey refused a list of its offline pages and not shown one in a read', () => {
  it('holds the key by its own reach once it answers both ways, without a divergence', async () => {
    // New pages offline, so that the key meets offline pages early.
    const front = await fronted({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden', newPageOnline: 'offline' }, ({ key }) => key, offlineListRefused)
    try {
      const { workspaces, sites } = front.server.mock.credentials()
      const started = { url: front.url, appKey: workspaces[0]!.appApiKey, workspaceId: workspaces[0]!.id, otherWorkspaceKey: workspaces[1]!.appApiKey, siteApiKey: sites.find((site) => site.workspaceId === workspaces[0]!.id)!.siteApiKey }
      const report = await runContract(implementationOptions(started, { only: ['stateful'], learnChoices: false, choices: { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'refused', newPageOnline: 'offline' }, stateful: { runs: 20, seed: 1, timeMs: 240_000 } }))
      expect(statefulHeadlines(report, 2)).toEqual([])
      expect(report.notices.join('\n')).toContain('its own reach')
    } finally {
      await front.close()
    }
  }, 300_000)
})

/** Sequences of the stateful group: enough that the publicApiKey reads and is refused its writes, and the Site key writes (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(40, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey only reads and whose Site keys write no locale', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices(OUTSIDE)
  })
  afterAll(() => server.close())

  it('learns both, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
    expect(learned).toContain('publicApiKeyAsSiteKey="reads"')
    expect(learned).toContain('siteKeyWrites="locales-refused"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts reads in the stateful sequences without the probes, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    // A key for online pages that reads its site and does not see the offline ones answers the sequences' reads alike (see below).
    expect(report.notices.join('\n')).toMatch(/publicApiKeyAsSiteKey: (reads|online-pages)/)
  }, 600_000)
})
