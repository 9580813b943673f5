import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive, type Choices as TwinChoices } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * siteKeyRoutes `refused`, over HTTP: a deployment whose Site keys reach no route (outsider10's
 * Site key, as the suite knows it) answers every route request with one, a list or a read too,
 * whatever site it names, 403 as soon as the key is known, before its input or its target. The
 * mock follows it, the probes learn it back, the twin takes and observes it, and the contract
 * suite adopts it.
 */
const start = servedPerTest()
const TAG = 'contract-5173a7e6'

/** The route reads of a site with its one route: its list, the route by id and by pathname. */
const routeReads = (siteId: string, routeId: string): string[] => [`/v2/routes?siteId=${siteId}`, `/v2/routes/${routeId}`, `/v2/routes/${inPath('/shop')}?siteId=${siteId}`]

/** A site with the route /shop, made with the App key, and its Site key. */
async function routedSite(server: ChoicesServer): Promise<{ id: string; key: string; routeId: string }> {
  const site = await server.site('routes')
  const route = await server.call('POST', '/v2/routes', { siteId: site.id, pathname: '/shop' })
  expect(route.status).toBe(201)
  return { ...site, routeId: String(route.body.id) }
}

const answered = (answer: { status: number; body: { code?: string } }): string => `${answer.status} ${String(answer.body.code ?? 'ok')}`

describe('siteKeyRoutes: the mock', () => {
  it("refused: a Site key's route list and reads of its own site are a 403, its pages and site still read, the App key's routes as before", async () => {
    const server = await start({ siteKeyRoutes: 'refused' })
    const site = await routedSite(server)
    const reads = await Promise.all(routeReads(site.id, site.routeId).map((path) => server.call('GET', path, undefined, site.key)))
    expect(reads.map(answered)).toEqual(['403 forbidden', '403 forbidden', '403 forbidden'])
    expect(reads[0]!.body).toMatchObject({ object: 'error', code: 'forbidden', message: expect.stringMatching(/Site API key may not list, read or change routes/) })
    expect((await server.call('GET', `/v2/sites/${site.id}`, undefined, site.key)).status).toBe(200)
    expect((await server.call('GET', `/v6/pages?siteId=${site.id}`, undefined, site.key)).status).toBe(200)
    expect((await server.call('GET', `/v2/routes?siteId=${site.id}`)).body.data?.map((route) => route.pathname)).toEqual(['/shop'])
  })

  it('read (sitemock): the same reads are answered', async () => {
    const server = await start({ siteKeyRoutes: 'read' })
    const site = await routedSite(server)
    const reads = await Promise.all(routeReads(site.id, site.routeId).map((path) => server.call('GET', path, undefined, site.key)))
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200])
  })

  it('refused: the 403 comes before the input and the target, and route writes are refused though Site keys write', async () => {
    const server = await start({ siteKeyRoutes: 'refused', siteKeyWrites: 'allowed', accessOrder: 'existence-first' })
    const site = await routedSite(server)
    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/v2/routes?siteId=${site.id}&limit=not-a-number`],
      ['GET', `/v2/routes?siteId=${randomUUID()}`],
      ['GET', `/v2/routes/${randomUUID()}`],
      ['GET', '/v2/routes/not-a-uuid'],
      ['POST', '/v2/routes', { siteId: site.id, pathname: '/by-key' }],
      ['PATCH', `/v2/routes/${site.routeId}`, { pathname: 12 }],
      ['DELETE', `/v2/routes/${site.routeId}`],
    ]
    const answers = []
    for (const [method, path, body] of requests) answers.push(answered(await server.call(method, path, body, site.key)))
    expect(answers).toEqual(requests.map(() => '403 forbidden'))
    // Nothing of the route changed; the key still writes pages.
    expect((await server.call('GET', `/v2/routes/${site.routeId}`)).body.pathname).toBe('/shop')
    expect((await server.call('POST', '/v6/pages', { siteId: site.id, pathname: '/by-key', name: 'By key' }, site.key)).status).toBe(201)
  })

  it('read: the same requests earn what their input and target do', async () => {
    const server = await start({ siteKeyRoutes: 'read', accessOrder: 'existence-first' })
    const site = await routedSite(server)
    expect((await server.call('GET', `/v2/routes?siteId=${site.id}&limit=not-a-number`, undefined, site.key)).status).toBe(400)
    expect((await server.call('GET', `/v2/routes/${randomUUID()}`, undefined, site.key)).status).toBe(404)
  })

  it('refused: a publicApiKey that reads routes as its site Site key would (publicApiKeyRoutes read) is refused them too', async () => {
    const server = await start({ siteKeyRoutes: 'refused', publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'read' })
    const site = await routedSite(server)
    expect((await server.call('GET', `/v2/routes?siteId=${site.id}`, undefined, site.key)).status).toBe(403)
    expect((await server.call('GET', `/v6/pages?siteId=${site.id}`, undefined, site.key)).status).toBe(200)
  })
})

describe('siteKeyRoutes: the probes learn it back', () => {
  it.each(['read', 'refused'] as const)('%s, with the Site key of their own site', async (value) => {
    const server = await start({ siteKeyRoutes: value })
    expect((await probe(server, TAG)).choices.siteKeyRoutes).toBe(value)
  })

  it.each(['read', 'refused'] as const)('%s, with --site-api-key where the publicApiKey is no Site key, changing nothing of its site', async (value) => {
    const server = await start({ publicApiKeyAsSiteKey: 'forbidden', siteKeyRoutes: value })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect([learned.choices.siteKeyRoutes, learned.unrecorded?.siteKeyRoutes]).toEqual([value, undefined])
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it('leaves it unrecorded, with the reason, where the route operations are served elsewhere', async () => {
    const learned = await probe(await start({ routeOperations: 'elsewhere' }), TAG)
    expect(learned.choices.siteKeyRoutes).toBeUndefined()
    expect(learned.unrecorded?.siteKeyRoutes).toMatch(/served elsewhere/)
  })

  it("leaves siteKeyWrites unrecorded where the key's route writes alone cannot be seen, and still learns a refusal of every write", async () => {
    const allowed = await probe(await start({ siteKeyRoutes: 'refused', siteKeyWrites: 'allowed' }), TAG)
    expect([allowed.choices.siteKeyWrites, allowed.unrecorded?.siteKeyWrites]).toEqual([undefined, expect.stringMatching(/siteKeyRoutes refused/)])
    expect((await probe(await start({ siteKeyRoutes: 'refused', siteKeyWrites: 'refused-first' }), TAG)).choices.siteKeyWrites).toBe('refused-first')
  })
})

describe('siteKeyRoutes: the conformance twin', () => {
  const observed = (choices: TwinChoices): Promise<unknown> => observedOnPermissive('siteKeyRoutes', choices)

  it.each([
    [{ siteKeyRoutes: 'refused' }, 'refused'],
    [{ siteKeyRoutes: 'read' }, 'read'],
    [{}, 'read'],
    [{ siteKeyRoutes: 'refused', publicApiKeyAsSiteKey: 'forbidden' }, 'refused'],
    [{ siteKeyRoutes: 'refused', routeOperations: 'elsewhere' }, undefined],
  ] as const)('%j is observed as %s', async (choices, expected) => {
    expect(await observed(choices)).toBe(expected)
  })

  it('hides what another class would read through a Site key refused the routes', async () => {
    const choices: TwinChoices = { siteKeyRoutes: 'refused', siteKeyWrites: 'allowed', publicApiKeyAsSiteKey: 'online-pages', publicApiKeyRoutes: 'read' }
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      expect([await OBSERVE.siteKeyWrites!(client), await OBSERVE.publicApiKeyRoutes!(client)]).toEqual([undefined, undefined])
    } finally {
      await permissive.close()
    }
  })
})

/** Sequences of the stateful group: enough that the run sites' keys read routes. */
const STATEFUL = { runs: 40, seed: 1, timeMs: 120_000 }

describe('the contract suite against a deployment whose Site keys reach no route', () => {
  let server: ChoicesServer
  const choices: Choices = { siteKeyRoutes: 'refused' }
  beforeAll(async () => {
    server = await serveWithChoices(choices)
  })
  afterAll(() => server.close())

  it('learns refused, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('siteKeyRoutes="refused"')
    expect(describeFailures(report)).toBe('')
  }, 300_000)

  it('without the probes, adopts refused in the stateful sequences, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('siteKeyRoutes: refused')
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', learnChoices: false, stateful: { runs: 60, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('siteKeyRoutes="read"'))
    expect(named.length).toBeGreaterThan(0)
  }, 300_000)
})
