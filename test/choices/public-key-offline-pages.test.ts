import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, implementationOptions, runAgainst, statefulHeadlines } from '../contract/support.js'
import { runContract } from '../../src/contract/runner.js'
import { startTwin } from '../contract/twin/index.js'
import { drawChoices } from '../contract/twin/draw.js'
import { Client } from '../contract/twin/observe.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { pathnames, renderedSite, type RenderedSite } from './publishable-site.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * publicApiKeyOfflinePages `hidden` and `read`, over HTTP: a site's publicApiKey that reads its
 * site's locales and online pages (publicApiKeyAsSiteKey online-pages) does not see the site's
 * offline pages rather than being refused them (`hidden`: a page list asking includeOffline=true
 * is answered as one asking includeOffline=false, the online pages alone, and a read of a page
 * offline in the version read is a 404, as for a page that does not exist), or reads them as the
 * site's Site key does (`read`). Under any other publicApiKeyAsSiteKey the class changes nothing.
 */
const start = servedPerTest()


/** The page lists of the site that ask the offline pages too, each with the same list asking them not. */
const offlineLists = (siteId: string): Array<[string, string]> => [
  [`/v6/pages?siteId=${siteId}&includeOffline=true`, `/v6/pages?siteId=${siteId}&includeOffline=false`],
  [`/v6/pages?siteId=${siteId}&includeOffline=true&versionRef=ref:live`, `/v6/pages?siteId=${siteId}&versionRef=ref:live`],
  [`/v2/sites/${siteId}/pages?includeOffline=true`, `/v2/sites/${siteId}/pages`],
]

/** The reads of a page offline in the version read (the draft): by id, asking the draft by name, and by pathname. */
const offlineReads = (site: RenderedSite): string[] => [
  `/v6/pages/${site.offlineDraftId}`,
  `/v6/pages/${site.offlineId}?versionRef=ref:draft`,
  `/v6/pages/${inPath('/offline')}?siteId=${site.siteId}`,
]

describe('publicApiKeyOfflinePages over HTTP', () => {
  it('hidden: a list asking the offline pages lists the online ones alone, as the list that does not ask them', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden' })
    const site = await renderedSite(server, 'offline pages')
    for (const [asking, notAsking] of offlineLists(site.siteId)) {
      const listed = await server.call('GET', asking, undefined, site.publicKey)
      expect(listed.status, asking).toBe(200)
      expect(listed, asking).toEqual(await server.call('GET', notAsking, undefined, site.siteKey))
    }
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.publicKey))).toEqual(['/online'])
    // The Site key still lists them all.
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.siteKey))).toEqual(['/about', '/offline', '/online'])
  })

  it('hidden: a page offline in the version read is a 404 in the API envelope, one online there is read', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden' })
    const site = await renderedSite(server, 'offline pages')
    for (const path of offlineReads(site)) {
      const read = await server.call('GET', path, undefined, site.publicKey)
      expect(read, path).toMatchObject({ status: 404, body: { object: 'error', code: 'not_found' } })
      expect(read.body.message, path).not.toContain('publishable')
    }
    expect(await server.call('GET', `/v6/pages/${site.onlineId}`, undefined, site.publicKey)).toMatchObject({ status: 200, body: { id: site.onlineId } })
    // Its live version is online: read as published.
    expect(await server.call('GET', `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`, undefined, site.publicKey)).toMatchObject({ status: 200, body: { pathname: '/about', isOnline: true } })
  })

  it.each(['hidden', 'read'] as const)('%s: its locales are read, the site, writes and routes stay a 403, another site too', async (alternative) => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: alternative })
    const site = await renderedSite(server, 'offline pages')
    const other = await renderedSite(server, 'offline pages')
    expect((await server.call('GET', `/v2/locales?siteId=${site.siteId}`, undefined, site.publicKey)).status).toBe(200)
    const refused = [
      await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.publicKey),
      await server.call('PATCH', `/v6/pages/${site.offlineId}`, { isOnline: true }, site.publicKey),
      await server.call('GET', `/v2/routes?siteId=${site.siteId}`, undefined, site.publicKey),
      await server.call('GET', `/v6/pages?siteId=${other.siteId}&includeOffline=true`, undefined, site.publicKey),
      await server.call('GET', `/v6/pages/${other.offlineId}`, undefined, site.publicKey),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403])
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.siteKey)).body).toMatchObject({ isOnline: false })
  })

  it('read: a list asking the offline pages lists them as the Site key does, and a page offline in the version read is read', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read' })
    const site = await renderedSite(server, 'offline pages')
    for (const [asking] of offlineLists(site.siteId)) {
      const listed = await server.call('GET', asking, undefined, site.publicKey)
      expect(listed.status, asking).toBe(200)
      expect(listed, asking).toEqual(await server.call('GET', asking, undefined, site.siteKey))
    }
    expect(pathnames(await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.publicKey))).toEqual(['/about', '/offline', '/online'])
    for (const path of offlineReads(site)) {
      const read = await server.call('GET', path, undefined, site.publicKey)
      expect(read, path).toMatchObject({ status: 200, body: { object: 'page', isOnline: false } })
      expect(read, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
  })

  it('refused (sitemock): the same lists and reads are a 403', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages' })
    const site = await renderedSite(server, 'offline pages')
    const answers = [
      ...(await Promise.all(offlineLists(site.siteId).map(([asking]) => server.call('GET', asking, undefined, site.publicKey)))),
      ...(await Promise.all(offlineReads(site).map((path) => server.call('GET', path, undefined, site.publicKey)))),
    ]
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(Array.from({ length: 6 }, () => [403, 'forbidden']))
  })

  it('changes nothing under the other alternatives of publicApiKeyAsSiteKey', async () => {
    const statuses = async (reads: NonNullable<Choices['publicApiKeyAsSiteKey']>, offline: NonNullable<Choices['publicApiKeyOfflinePages']>): Promise<number[]> => {
      const server = await serveWithChoices({ publicApiKeyAsSiteKey: reads, publicApiKeyOfflinePages: offline })
      try {
        const site = await renderedSite(server, 'offline pages')
        const paths = [`/v6/pages?siteId=${site.siteId}&includeOffline=true`, `/v6/pages/${site.offlineId}`]
        return await Promise.all(paths.map(async (path) => (await server.call('GET', path, undefined, site.publicKey)).status))
      } finally {
        await server.close()
      }
    }
    for (const offline of ['hidden', 'read'] as const) {
      expect(await statuses('site-key', offline)).toEqual([200, 200])
      expect(await statuses('not-a-key', offline)).toEqual([401, 401])
      expect(await statuses('published-pages', offline)).toEqual([200, 404])
      expect(await statuses('single-resources', offline)).toEqual([403, 200])
      expect(await statuses('live-pages', offline)).toEqual([403, 403])
    }
  })
})

describe('the twin’s observation of publicApiKeyOfflinePages', () => {
  const observed = (choices: Choices): Promise<unknown> => observedOnPermissive('publicApiKeyOfflinePages', choices)

  it('tells hidden, read and refused apart where the publicApiKey reads online pages, and sees nothing elsewhere', async () => {
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden' })).toBe('hidden')
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read' })).toBe('read')
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'refused' })).toBe('refused')
    // The permissive's own: refused.
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages' })).toBe('refused')
    expect(await observed({ publicApiKeyAsSiteKey: 'published-pages', publicApiKeyOfflinePages: 'hidden' })).toBeUndefined()
  })

  /** A permissive implementation's site with a page turned offline, its publicApiKey and a client, for `check`; closed afterwards. */
  const withOfflinePage = async (alternative: 'hidden' | 'read', pathname: string, check: (seen: { client: Client; site: Record<string, unknown>; key: string; offline: Record<string, unknown> }) => Promise<void>): Promise<void> => {
    const choices = { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: alternative } as const
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const site = await client.site()
      const offline = await client.page(site.id, pathname)
      expect((await client.call('PATCH', `/v6/pages/${String(offline.id)}`, { isOnline: false })).status).toBe(200)
      await check({ client, site, key: String(site.publicApiKey), offline })
    } finally {
      await permissive.close()
    }
  }

  it('the permissive lists the online pages alone and does not find an offline one, with the publicApiKey', async () => {
    await withOfflinePage('hidden', '/hidden', async ({ client, site, key, offline }) => {
      const listed = await client.call('GET', `/v6/pages?siteId=${String(site.id)}&includeOffline=true&limit=100`, undefined, key)
      expect(listed.status).toBe(200)
      expect((listed.body.data as Array<{ id: unknown; isOnline: unknown }>).filter((page) => page.id === offline.id || page.isOnline === false)).toEqual([])
      expect((await client.call('GET', `/v6/pages/${String(offline.id)}`, undefined, key)).status).toBe(404)
      expect((await client.call('GET', `/v2/sites/${String(site.id)}`, undefined, key)).status).toBe(403)
    })
  })

  it('the permissive lists and reads an offline page with the publicApiKey where the key reads them', async () => {
    await withOfflinePage('read', '/read', async ({ client, site, key, offline }) => {
      for (const path of [`/v6/pages?siteId=${String(site.id)}&includeOffline=true&limit=100`, `/v2/sites/${String(site.id)}/pages?includeOffline=true`]) {
        const listed = await client.call('GET', path, undefined, key)
        expect(listed.status, path).toBe(200)
        expect((listed.body.data as Array<{ id: unknown }>).map((page) => page.id), path).toContain(offline.id)
      }
      expect(await client.call('GET', `/v6/pages/${String(offline.id)}`, undefined, key)).toMatchObject({ status: 200, body: { id: offline.id, isOnline: false } })
      expect((await client.call('GET', `/v2/locales?siteId=${String(site.id)}`, undefined, key)).status).toBe(200)
      expect((await client.call('GET', `/v2/sites/${String(site.id)}`, undefined, key)).status).toBe(403)
      expect((await client.call('PATCH', `/v6/pages/${String(offline.id)}`, { isOnline: true }, key)).status).toBe(403)
    })
  })
})

describe('the probes learn publicApiKeyOfflinePages', () => {
  const probed = async (choices: Choices): Promise<{ choices: Record<string, unknown>; unrecorded: Record<string, string | undefined> }> => {
    const learned = await probeMock(choices, '5a1e0003')
    return { choices: { ...learned.choices }, unrecorded: { ...learned.unrecorded } }
  }

  it('hidden, read and refused alike at online-pages', async () => {
    expect((await probed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden' })).choices).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden' })
    expect((await probed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read' })).choices).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read' })
    expect((await probed({ publicApiKeyAsSiteKey: 'online-pages' })).choices).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'refused' })
  }, 60_000)

  it('hidden and read alike where new pages start offline, and with routes read', async () => {
    const learned = await probed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read', publicApiKeyRoutes: 'read', newPageOnline: 'offline' })
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read', publicApiKeyRoutes: 'read', publicApiKeySiteRead: 'refused' })
    expect((await probed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden', newPageOnline: 'offline' })).choices).toMatchObject({ publicApiKeyOfflinePages: 'hidden' })
  }, 60_000)

  it('a key that reads the offline pages and its site too answers as reads, and is learned so where --site-api-key shows the Site keys apart', async () => {
    const choices: Choices = { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read', publicApiKeySiteRead: 'read' }
    const server = await serveWithChoices(choices)
    try {
      const { workspaces, sites } = server.mock.credentials()
      const siteApiKey = sites.find((site) => site.workspaceId === workspaces[0]!.id)!.siteApiKey
      const learned = await probeChoices({ baseUrl: server.url, apiKey: workspaces[0]!.appApiKey, workspaceId: workspaces[0]!.id, tag: 'contract-5a1e0004', siteApiKey })
      expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'reads' })
      expect(learned.choices.publicApiKeyOfflinePages).toBeUndefined()
    } finally {
      await server.close()
    }
  }, 60_000)

  it('leaves it unrecorded, with the reason, where the publicApiKey does not read online pages alone', async () => {
    const learned = await probed({ publicApiKeyAsSiteKey: 'published-pages', publicApiKeyOfflinePages: 'hidden' })
    expect(learned.choices.publicApiKeyOfflinePages).toBeUndefined()
    expect(learned.unrecorded.publicApiKeyOfflinePages).toContain('publicApiKeyAsSiteKey published-pages')
  }, 60_000)
})

/** Sequences of the stateful group: enough that the publicApiKey lists and reads offline pages (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe.each([
  { alternative: 'hidden', does: 'does not see offline pages', answered: /page\.(list|get).*got (200|404)/ },
  { alternative: 'read', does: 'reads offline pages too', answered: /page\.(list|get).*got 200/ },
] as const)('the contract suite against a deployment whose publicApiKey $does', ({ alternative, answered }) => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: alternative })
  })
  afterAll(() => server.close())

  it(`learns ${alternative}, and no check fails nor does the stateful group diverge`, async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain(`publicApiKeyOfflinePages="${alternative}"`)
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it(`adopts ${alternative} in the stateful sequences once online-pages is known, without a divergence`, async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain(`publicApiKeyOfflinePages: ${alternative}`)
    expect(report.notices.join('\n')).not.toContain('its own reach')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyOfflinePages="refused"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(answered))
  }, 300_000)
})

describe('the permissive implementation whose publicApiKey reads offline pages too', () => {
  const choices = { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'read' } as const

  it.each([
    ['learnt by the probes', false],
    ['adopted where the probes learned the rest', true],
  ] as const)('the stateful group finds no divergence, the choice %s', async (_, adopted) => {
    const permissive = await startPermissive({ choices })
    try {
      const options = implementationOptions(permissive, { only: ['stateful'], stateful: STATEFUL })
      // The permissive's own answers are not sitemock's: the oracle is given what the probes learn of them, all but this class.
      const probed = adopted ? await probeChoices({ baseUrl: permissive.url, apiKey: permissive.appKey, workspaceId: permissive.workspaceId, tag: 'contract-5a1e0005', ...(permissive.siteApiKey === undefined ? {} : { siteApiKey: permissive.siteApiKey }) }) : undefined
      const learned = probed === undefined ? undefined : Object.fromEntries(Object.entries(probed.choices).filter(([id]) => id !== 'publicApiKeyOfflinePages'))
      const report = await runContract(learned === undefined ? options : { ...options, learnChoices: false, choices: learned })
      expect(statefulHeadlines(report, 2)).toEqual([])
      expect(report.notices.join('\n')).toMatch(/publicApiKeyOfflinePages(="|: )read/)
      expect(report.notices.join('\n')).not.toContain('its own reach')
    } finally {
      await permissive.close()
    }
  }, 600_000)
})

describe('a conformance twin whose publicApiKey does not see offline pages, access judged before input (seed 397)', () => {
  // The twin looks a page up before it judges the read's input: to its publicApiKey an offline page
  // is missing, a 404, where the read is invalid too. The stateful group once expected only the
  // 400 or 403 of the read's other rules (the 125th sequence from seed 1 of twin 303; `npm run soak`
  // runs 130 sequences).
  const runs = atLength(60, 130)
  it(`finds no divergence in its first ${runs} stateful sequences`, async () => {
    // Seed 303 drew it until publicApiKeyAsSiteKey had ten alternatives, 3302 until it had eleven, 2082 until the catalogue had 101 classes,
    // 194 until publicApiKeyOfflinePages had three alternatives (it draws read now); 397 draws it now.
    const twin = await startTwin(397)
    try {
      expect(drawChoices(397)).toMatchObject({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyOfflinePages: 'hidden', validationOrder: 'access-first' })
      const report = await runContract(implementationOptions(twin, { only: ['stateful'], stateful: { runs, seed: 1, timeMs: 300_000 } }))
      expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    } finally {
      await twin.close()
    }
  }, 400_000)
})
