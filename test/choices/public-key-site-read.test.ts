import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, PAGES, SITE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { occurrenceOf } from '../unit/occurrence.js'
import { servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { furnishedSite, pageIn } from './publishable-site.js'

/**
 * publicApiKeySiteRead `read`, over HTTP: a site's publicApiKey that reads its site's pages and no
 * site of itself (publicApiKeyAsSiteKey live-pages, published-pages, online-pages, pages) reads its
 * own site too, as the site's Site key would. Another site, the site list and every site write
 * stay a 403; under any other publicApiKeyAsSiteKey the class changes nothing. A deployment seen in
 * the field is online-pages with read: its publicApiKey reads its site, its locales and its online pages.
 */
const start = servedPerTest()

const SITE_READERS = ['live-pages', 'published-pages', 'online-pages', 'pages'] as const
/** The field's deployment. */
const FIELD = { publicApiKeyAsSiteKey: 'online-pages', publicApiKeySiteRead: 'read' } as const

describe('publicApiKeySiteRead over HTTP', () => {
  it.each(SITE_READERS)('at %s, read: a read of its site is answered as its Site key answers it', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' })
    const site = await furnishedSite(server, 'site read')
    expect(site.siteKey).not.toBe(site.publicKey)
    const path = `/v2/sites/${site.siteId}`
    const answer = await server.call('GET', path, undefined, site.publicKey)
    expect(answer).toMatchObject({ status: 200, body: { id: site.siteId, name: 'site read' } })
    expect(answer).toEqual(await server.call('GET', path, undefined, site.siteKey))
    // What the key did not read before it still does not: the site's routes; the refusal names the site read besides.
    const refused = await server.call('GET', `/v2/routes?siteId=${site.siteId}`, undefined, site.publicKey)
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(refused.body.message).toContain('It reads the site itself too')
  })

  it.each(SITE_READERS)('at %s, refused (sitemock): a read of its site is a 403', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads })
    const site = await furnishedSite(server, 'site refused')
    const refused = await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.publicKey)
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(refused.body.message).not.toContain('site itself too')
  })

  it('refuses another site, the site list and every site write with a 403, changing nothing', async () => {
    const server = await start(FIELD)
    const site = await furnishedSite(server, 'own site')
    const other = await server.site('other site')
    const refused: Array<[string, string, unknown]> = [
      ['GET', `/v2/sites/${other.id}`, undefined],
      ['GET', `/v2/sites?workspaceId=${server.workspaceId}`, undefined],
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'renamed' }],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'copy' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
    ]
    for (const [method, path, body] of refused) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', `/v2/sites/${site.siteId}`)).body).toMatchObject({ name: 'own site' })
    const names = (await server.call('GET', `/v2/sites?workspaceId=${server.workspaceId}&limit=100`)).body.data!.map((listed) => listed.name)
    expect(names.filter((name) => name === 'copy')).toEqual([])
  })

  it('reads, as the field deployment does, its site, its locales and its online pages, and nothing else', async () => {
    const server = await start(FIELD)
    const site = await furnishedSite(server, 'field')
    const onlineId = await pageIn(server, site.siteId, '/online', true)
    const read = [`/v2/sites/${site.siteId}`, `/v2/locales?siteId=${site.siteId}`, `/v2/locales/${site.localeId}`, `/v6/pages?siteId=${site.siteId}`, `/v2/sites/${site.siteId}/pages`, `/v6/pages/${onlineId}`]
    for (const path of read) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    const refused = [`/v6/pages?siteId=${site.siteId}&includeOffline=true`, `/v6/pages/${site.offlineId}`, `/v2/routes?siteId=${site.siteId}`, `/v2/routes/${site.routeId}`]
    for (const path of refused) expect((await server.call('GET', path, undefined, site.publicKey)).status, path).toBe(403)
  })

  it('reads, where the key reads its pages in any version, what site-and-pages reads', async () => {
    const statuses = async (choices: Choices): Promise<number[]> => {
      const server = await serveWithChoices(choices)
      try {
        const site = await furnishedSite(server, 'pages and site')
        const paths = [`/v2/sites/${site.siteId}`, `/v6/pages?siteId=${site.siteId}&includeOffline=true`, `/v6/pages/${site.offlineId}`, `/v2/sites/${site.siteId}/pages`, `/v2/locales?siteId=${site.siteId}`, `/v2/routes?siteId=${site.siteId}`]
        return await Promise.all(paths.map(async (path) => (await server.call('GET', path, undefined, site.publicKey)).status))
      } finally {
        await server.close()
      }
    }
    expect(await statuses({ publicApiKeyAsSiteKey: 'pages', publicApiKeySiteRead: 'read' })).toEqual(await statuses({ publicApiKeyAsSiteKey: 'site-and-pages' }))
  })

  it('changes nothing under the other alternatives of publicApiKeyAsSiteKey', async () => {
    const status = async (reads: NonNullable<Choices['publicApiKeyAsSiteKey']>): Promise<number> => {
      const server = await serveWithChoices({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' })
      try {
        const site = await server.site('elsewhere')
        return (await server.call('GET', `/v2/sites/${site.id}`, undefined, site.key)).status
      } finally {
        await server.close()
      }
    }
    expect(await status('site-key')).toBe(200)
    expect(await status('not-a-key')).toBe(401)
    expect(await status('forbidden')).toBe(403)
    for (const reads of ['single-resources', 'site-and-pages', 'configuration'] as const) expect(await status(reads), reads).toBe(200)
  })
})

describe('the twin’s observation of publicApiKeySiteRead', () => {
  it('tells read from refused where the publicApiKey reads pages and no site, and sees nothing elsewhere', async () => {
    expect(await observedOnPermissive('publicApiKeySiteRead', FIELD)).toBe('read')
    expect(await observedOnPermissive('publicApiKeySiteRead', { publicApiKeyAsSiteKey: 'live-pages', publicApiKeySiteRead: 'read' })).toBe('read')
    expect(await observedOnPermissive('publicApiKeySiteRead', { publicApiKeyAsSiteKey: 'published-pages', publicApiKeySiteRead: 'refused' })).toBe('refused')
    // The permissive's own: refused.
    expect(await observedOnPermissive('publicApiKeySiteRead', { publicApiKeyAsSiteKey: 'online-pages' })).toBe('refused')
    expect(await observedOnPermissive('publicApiKeySiteRead', { publicApiKeyAsSiteKey: 'site-key', publicApiKeySiteRead: 'read' })).toBeUndefined()
    expect(await observedOnPermissive('publicApiKeySiteRead', { publicApiKeyAsSiteKey: 'configuration', publicApiKeySiteRead: 'read' })).toBeUndefined()
  })

  it('observes publicApiKeyAsSiteKey as drawn where the key reads its site too, a key for its pages in any version as site-and-pages', async () => {
    for (const reads of ['live-pages', 'published-pages', 'online-pages'] as const) expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' }), reads).toBe(reads)
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', { ...FIELD, publicApiKeyOfflinePages: 'hidden' })).toBe('online-pages')
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: 'pages', publicApiKeySiteRead: 'read' })).toBe('site-and-pages')
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', {})).toBe('site-key')
  })

  it('the permissive reads its own site with the publicApiKey and refuses another site, the site list and a site write', async () => {
    const choices = { publicApiKeyAsSiteKey: 'live-pages', publicApiKeySiteRead: 'read' } as const
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const [site, other] = [await client.site(), await client.site()]
      const status = async (method: string, path: string, body?: unknown): Promise<number> => (await client.call(method, path, body, String(site.publicApiKey))).status
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v2/sites/${String(other.id)}`)).toBe(403)
      expect(await status('GET', `/v2/sites?workspaceId=${permissive.workspaceId}`)).toBe(403)
      expect(await status('PATCH', `/v2/sites/${String(site.id)}`, { name: 'Renamed' })).toBe(403)
      expect(await status('GET', `/v2/locales?siteId=${String(site.id)}`)).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn publicApiKeySiteRead', () => {
  const probed = async (choices: Choices): Promise<{ choices: Record<string, unknown>; unrecorded: Record<string, string | undefined> }> => {
    const learned = await probeMock(choices, '5a1e0003')
    return { choices: { ...learned.choices }, unrecorded: { ...learned.unrecorded } }
  }

  it.each(['live-pages', 'published-pages', 'online-pages'] as const)('at %s, read and refused alike', async (reads) => {
    expect((await probed({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' })).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' })
    expect((await probed({ publicApiKeyAsSiteKey: reads })).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'refused' })
  }, 60_000)

  it('at pages, refused; read, the key is learned as site-and-pages, and the class left unrecorded with the reason', async () => {
    expect((await probed({ publicApiKeyAsSiteKey: 'pages' })).choices).toMatchObject({ publicApiKeyAsSiteKey: 'pages', publicApiKeySiteRead: 'refused' })
    const learned = await probed({ publicApiKeyAsSiteKey: 'pages', publicApiKeySiteRead: 'read' })
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-and-pages' })
    expect(learned.unrecorded.publicApiKeySiteRead).toContain('publicApiKeyAsSiteKey site-and-pages')
  }, 60_000)

  it('leaves it unrecorded, with the reason, where the publicApiKey reads no pages alone', async () => {
    for (const reads of ['forbidden', 'configuration'] as const) {
      const learned = await probed({ publicApiKeyAsSiteKey: reads, publicApiKeySiteRead: 'read' })
      expect(learned.choices.publicApiKeySiteRead, reads).toBeUndefined()
      expect(learned.unrecorded.publicApiKeySiteRead, reads).toContain(`publicApiKeyAsSiteKey ${reads}`)
    }
  }, 60_000)

  it('learns where a key for live pages that reads its site is refused for its kind, from a read it is refused', async () => {
    for (const order of ['with-access', 'first'] as const) {
      const learned = await probed({ publicApiKeyAsSiteKey: 'live-pages', publicApiKeySiteRead: 'read', keyKindOrder: order })
      expect(learned.choices, order).toMatchObject({ publicApiKeyAsSiteKey: 'live-pages', publicApiKeySiteRead: 'read', keyKindOrder: order })
    }
  }, 60_000)
})

describe('the stateful group reads publicApiKeySiteRead', () => {
  const byChoice = (choice: string) => STATUS_CLASSES.find((freedom) => freedom.choice === choice)!
  const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac404'
  const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b11'
  const ok: Reply = { status: 200, body: { object: 'list', data: [] } }
  const refused: Reply = { status: 403, body: { code: 'forbidden' } }
  const siteRead: ContractRequest = { method: 'GET', template: SITE, params: { siteId: SITE_ID }, key: KEY }
  /** The oracle's reads with the key where it takes it as one for its site's locales and online pages: its site read or not. */
  const onlinePages =
    (readsSite: boolean) =>
    (asked: ContractRequest): Reply => {
      if (asked.key === ORACLE_APP_KEY) return ok
      if (asked.template === SITE) return readsSite ? ok : refused
      return asked.template === LOCALES || (asked.template === PAGES && asked.query?.includeOffline !== 'true') ? ok : refused
    }
  const ownSiteRead = (peek: (asked: ContractRequest) => Reply, target: Reply) =>
    occurrenceOf(siteRead, peek(siteRead), peek, { runSiteKey: true, site: SITE_ID, ownSiteKey: true, sites: [SITE_ID], target })

  it('reads a site read answered where the oracle refuses it as read, and still once the oracle reads it, so that a refusal later contradicts it', () => {
    const freedom = byChoice('publicApiKeySiteRead')
    const adoptions = new Adoptions()
    const before = ownSiteRead(onlinePages(false), ok)
    expect(freedom.applies(before)).toBe(true)
    expect(freedom.alternative(before.target, before)).toBe('read')
    expect(freedom.follow('read', before)).toEqual({ kind: 'chosen', choices: { publicApiKeySiteRead: 'read' } })
    expect(adoptions.see(freedom.choice, 'read', 'site.read')).toBeUndefined()
    // The oracle follows it: its key still reads no draft of the offline pages as a Site key does, and is taken for a key for online pages.
    const after = ownSiteRead(onlinePages(true), refused)
    expect(freedom.applies(after)).toBe(true)
    expect(adoptions.see(freedom.choice, freedom.alternative(after.target, after)!, 'site.read')).toMatchObject({ adopted: 'read', now: 'refused' })
  })

  it('does not read a site read where the oracle takes the key as a Site key or one that reads its site of itself', () => {
    const freedom = byChoice('publicApiKeySiteRead')
    expect(freedom.applies(ownSiteRead(() => ok, refused))).toBe(false)
    const siteAndPages = (asked: ContractRequest): Reply => (asked.key !== ORACLE_APP_KEY && asked.template === LOCALES ? refused : ok)
    expect(freedom.applies(ownSiteRead(siteAndPages, refused))).toBe(false)
  })

  it('lets an answered read of its own site fit the keys for live, published and online pages, which may read it besides', () => {
    const publicKey = byChoice('publicApiKeyAsSiteKey')
    const occurrence = ownSiteRead(onlinePages(false), ok)
    const alternative = publicKey.alternative(ok, occurrence)!
    expect(publicKey.fits?.(alternative, occurrence)).toEqual(expect.arrayContaining(['site-key', 'live-pages', 'published-pages', 'online-pages', 'site-and-pages']))
    // A key for its pages in any version that reads its site answers as site-and-pages does, and is read so.
    expect(publicKey.fits?.(alternative, occurrence)).not.toContain('pages')
  })
})

/** Sequences of the stateful group: enough that the publicApiKey reads its site, its locales and its pages (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(40, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against the field deployment, whose publicApiKey reads its site, its locales and its online pages', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices(FIELD)
  })
  afterAll(() => server.close())

  it('learns online-pages and read, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
    expect(learned).toContain('publicApiKeyAsSiteKey="online-pages"')
    expect(learned).toContain('publicApiKeySiteRead="read"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts read in the stateful sequences once online-pages is known, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeySiteRead: read')
  }, 600_000)

  it('without the probes or choices, adopts online-pages all the same: its site reads fit it', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: online-pages')
    expect(report.notices.join('\n')).not.toContain('its own reach')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeySiteRead="refused"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/site.*got 200/))
  }, 300_000)
})
