import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * publicApiKeyRoutes `read`, over HTTP: a site's publicApiKey that reads its site's pages
 * (publicApiKeyAsSiteKey live-pages, published-pages, online-pages) reads its routes too, as the
 * site's Site key would: its route list and its route reads, by id or by pathname. Another site's
 * routes and every route write stay a 403; under any other publicApiKeyAsSiteKey the class
 * changes nothing.
 */
const start = servedPerTest()

const PAGE_READERS = ['live-pages', 'published-pages', 'online-pages'] as const

interface RoutedSite {
  siteId: string
  routeId: string
  publicKey: string
  siteKey: string
}

/** A site with one route, and its two keys. */
async function routedSite(server: ChoicesServer, pathname = '/shop/:item'): Promise<RoutedSite> {
  const made = await server.site('routes')
  const route = await server.call('POST', '/v2/routes', { siteId: made.id, pathname })
  expect(route.status).toBe(201)
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const siteKey = creds.sites.find((site) => site.id === made.id)!.siteApiKey
  return { siteId: made.id, routeId: String(route.body.id), publicKey: made.key, siteKey }
}

/** The route reads of a site: its list, a route by id and by pathname. */
const routeReads = (site: RoutedSite, pathname = '/shop/:item'): string[] => [
  `/v2/routes?siteId=${site.siteId}`,
  `/v2/routes/${site.routeId}`,
  `/v2/routes/${inPath(pathname)}?siteId=${site.siteId}`,
]

describe('publicApiKeyRoutes over HTTP', () => {
  it.each(PAGE_READERS)('at %s, read: the route list and route reads of its site are answered as its Site key answers them', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads, publicApiKeyRoutes: 'read' })
    const site = await routedSite(server)
    expect(site.siteKey).not.toBe(site.publicKey)
    for (const path of routeReads(site)) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    // What the key did not read before it still does not: the site itself.
    const refused = await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.publicKey)
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(refused.body.message).toContain("reads the site's routes too")
  })

  it.each(PAGE_READERS)('at %s, refused (sitemock): every route read is a 403', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads })
    const site = await routedSite(server)
    for (const path of routeReads(site)) {
      const refused = await server.call('GET', path, undefined, site.publicKey)
      expect(refused, path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
      expect(refused.body.message, path).not.toContain('routes too')
    }
  })

  it("refuses another site's routes and every route write with a 403, changing nothing", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'read' })
    const site = await routedSite(server)
    const other = await routedSite(server, '/other')
    for (const path of routeReads(other, '/other')) expect((await server.call('GET', path, undefined, site.publicKey)).status, path).toBe(403)
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
      ['PATCH', `/v2/routes/${site.routeId}`, { pathname: '/moved' }],
      ['DELETE', `/v2/routes/${site.routeId}`, undefined],
    ]
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    const listed = await server.call('GET', `/v2/routes?siteId=${site.siteId}`, undefined, site.siteKey)
    expect(listed.body.data!.map((route) => route.pathname)).toEqual(['/shop/:item'])
  })

  it('changes nothing under the other alternatives of publicApiKeyAsSiteKey', async () => {
    const statuses = async (reads: NonNullable<Choices['publicApiKeyAsSiteKey']>): Promise<number[]> => {
      const server = await serveWithChoices({ publicApiKeyAsSiteKey: reads, publicApiKeyRoutes: 'read' })
      try {
        const site = await routedSite(server)
        return await Promise.all(routeReads(site).map(async (path) => (await server.call('GET', path, undefined, site.publicKey)).status))
      } finally {
        await server.close()
      }
    }
    expect(await statuses('site-key')).toEqual([200, 200, 200])
    expect(await statuses('not-a-key')).toEqual([401, 401, 401])
    expect(await statuses('forbidden')).toEqual([403, 403, 403])
  })
})

describe('the twin’s observation of publicApiKeyRoutes', () => {
  const observed = (choices: { publicApiKeyAsSiteKey: 'online-pages' | 'live-pages' | 'site-key'; publicApiKeyRoutes?: 'read' | 'refused' }): Promise<unknown> => observedOnPermissive('publicApiKeyRoutes', choices)

  it('tells read from refused where the publicApiKey reads pages, and sees nothing elsewhere', async () => {
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'read' })).toBe('read')
    expect(await observed({ publicApiKeyAsSiteKey: 'live-pages', publicApiKeyRoutes: 'read' })).toBe('read')
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'refused' })).toBe('refused')
    // The permissive's own: refused.
    expect(await observed({ publicApiKeyAsSiteKey: 'online-pages' })).toBe('refused')
    expect(await observed({ publicApiKeyAsSiteKey: 'site-key', publicApiKeyRoutes: 'read' })).toBeUndefined()
  })

  it("the permissive reads its site's routes with the publicApiKey and refuses another site's and the writes", async () => {
    const choices = { publicApiKeyAsSiteKey: 'published-pages', publicApiKeyRoutes: 'read' } as const
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const [site, other] = [await client.site(), await client.site()]
      const key = String(site.publicApiKey)
      const route = await client.call('POST', '/v2/routes', { siteId: site.id, pathname: '/shop' })
      const status = async (method: string, path: string, body?: unknown): Promise<number> => (await client.call(method, path, body, key)).status
      expect(await status('GET', `/v2/routes?siteId=${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v2/routes/${String(route.body.id)}`)).toBe(200)
      expect(await status('GET', `/v2/routes?siteId=${String(other.id)}`)).toBe(403)
      expect(await status('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: '/moved' })).toBe(403)
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn publicApiKeyRoutes', () => {
  const probed = async (choices: Choices): Promise<{ choices: Record<string, unknown>; unrecorded: Record<string, string | undefined> }> => {
    const learned = await probeMock(choices, '5a1e0002')
    return { choices: { ...learned.choices }, unrecorded: { ...learned.unrecorded } }
  }

  it.each(PAGE_READERS)('at %s, read and refused alike', async (reads) => {
    expect((await probed({ publicApiKeyAsSiteKey: reads, publicApiKeyRoutes: 'read' })).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeyRoutes: 'read' })
    expect((await probed({ publicApiKeyAsSiteKey: reads })).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeyRoutes: 'refused' })
  }, 60_000)

  it('leaves it unrecorded, with the reason, where the publicApiKey reads no pages alone', async () => {
    const learned = await probed({ publicApiKeyAsSiteKey: 'forbidden', publicApiKeyRoutes: 'read' })
    expect(learned.choices.publicApiKeyRoutes).toBeUndefined()
    expect(learned.unrecorded.publicApiKeyRoutes).toContain('publicApiKeyAsSiteKey forbidden')
  }, 60_000)
})

/** Sequences of the stateful group: enough that the publicApiKey reads routes and pages (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey reads routes for rendering its site', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'read' })
  })
  afterAll(() => server.close())


  it('learns read, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyRoutes="read"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts read in the stateful sequences once online-pages is known, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyRoutes: read')
  }, 600_000)

  it('without the probes or choices, adopts online-pages all the same: its route reads fit it', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: online-pages')
    expect(report.notices.join('\n')).not.toContain('its own reach')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', choices: { publicApiKeyAsSiteKey: 'online-pages' }, stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyRoutes="refused"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/route.*got 200/))
  }, 300_000)
})
