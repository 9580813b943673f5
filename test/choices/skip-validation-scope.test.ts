import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, runAgainst, statefulHeadlines } from '../contract/support.js'
import { createdId, inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * A deployment that skips, under skipValidation=true, one clash of a route's pathname and not the
 * other (choice skipValidationConflicts page-conflicts or route-conflicts), over HTTP: the mock
 * takes a route write onto the pathname of the holder the alternative names, and still answers the
 * other holder's with a 409 that says which clash skipValidation skips. The twin follows and shows
 * each of the four alternatives, and the contract suite adopts them, each holder a class of its own.
 */

const start = servedPerTest()
const SKIP = '?skipValidation=true'
/** Sequences of the stateful group: enough that some send a route write with skipValidation=true onto a held pathname. */
const STATEFUL_RUNS = 30

/** A site with a page at /p, a route at /r, and a route at /other to move. */
async function furnished(s: ChoicesServer): Promise<{ siteId: string; page: string; route: string; other: string }> {
  const { id: siteId } = await s.site()
  const page = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  const route = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
  const other = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/other' }))
  return { siteId, page, route, other }
}

/** The id a lookup by pathname finds in the family, or the status when it finds none. */
async function foundAt(s: ChoicesServer, family: '/v2/routes' | '/v6/pages', siteId: string, pathname: string): Promise<string | number> {
  const found = await s.call('GET', `${family}/${inPath(pathname)}?siteId=${siteId}`)
  return found.status === 200 ? String(found.body.id) : found.status
}

/** The site's route pathnames, sorted. */
async function routePathnames(s: ChoicesServer, siteId: string): Promise<string[]> {
  return (await s.call('GET', `/v2/routes?siteId=${siteId}`)).body.data!.map((route) => String(route.pathname)).sort()
}

describe('skipValidationConflicts page-conflicts', () => {
  it("a create and an update with skipValidation=true take a page's pathname: the route lookup finds the route, the page lookup the page", async () => {
    const s = await start({ skipValidationConflicts: 'page-conflicts' })
    const { siteId, page, other } = await furnished(s)
    const onPage = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' }))
    expect(await foundAt(s, '/v2/routes', siteId, '/p')).toBe(onPage)
    expect(await foundAt(s, '/v6/pages', siteId, '/p')).toBe(page)
    const second = await s.call('POST', '/v6/pages', { siteId, pathname: '/q', name: 'q' })
    const moved = await s.call('PATCH', `/v2/routes/${other}${SKIP}`, { pathname: '/q' })
    expect([second.status, moved.status, moved.body.pathname]).toEqual([201, 200, '/q'])
    expect(await foundAt(s, '/v2/routes', siteId, '/q')).toBe(other)
    expect(await routePathnames(s, siteId)).toEqual(['/p', '/q', '/r'])
  })

  it("still refuses another route's pathname, and one a page and a route share, with a 409 that names the clash skipped", async () => {
    const s = await start({ skipValidationConflicts: 'page-conflicts' })
    const { siteId, route, other } = await furnished(s)
    createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' }))
    for (const pathname of ['/r', '/p']) {
      const created = await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname })
      const moved = await s.call('PATCH', `/v2/routes/${other}${SKIP}`, { pathname })
      for (const refused of [created, moved]) {
        expect([pathname, refused.status, refused.body.code]).toEqual([pathname, 409, 'conflict'])
        expect(refused.body.message).toMatch(/skipValidation=true lets a route share a page's pathname, not another route's/)
      }
    }
    expect(await foundAt(s, '/v2/routes', siteId, '/r')).toBe(route)
    expect(await routePathnames(s, siteId)).toEqual(['/other', '/p', '/r'])
  })

  it("without skipValidation=true, a page's pathname is a 409 as ever, and page writes meet the route's", async () => {
    const s = await start({ skipValidationConflicts: 'page-conflicts' })
    const { siteId, other } = await furnished(s)
    for (const query of ['', '?skipValidation=false']) {
      const refused = await s.call('POST', `/v2/routes${query}`, { siteId, pathname: '/p' })
      expect([query, refused.status]).toEqual([query, 409])
      expect(refused.body.message).not.toMatch(/skipValidation/)
      expect((await s.call('PATCH', `/v2/routes/${other}${query}`, { pathname: '/p' })).status).toBe(409)
    }
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/r', name: 'r' })).status).toBe(409)
  })
})

describe('skipValidationConflicts route-conflicts', () => {
  it("a create and an update with skipValidation=true take another route's pathname: the lookup finds the oldest", async () => {
    const s = await start({ skipValidationConflicts: 'route-conflicts' })
    const { siteId, route, other } = await furnished(s)
    const second = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/r' }))
    const moved = await s.call('PATCH', `/v2/routes/${other}${SKIP}`, { pathname: '/r' })
    expect([moved.status, moved.body.pathname]).toEqual([200, '/r'])
    expect(await foundAt(s, '/v2/routes', siteId, '/r')).toBe(route)
    expect(await routePathnames(s, siteId)).toEqual(['/r', '/r', '/r'])
    // The delete by pathname takes the oldest; the others keep the pathname.
    expect((await s.call('DELETE', `/v2/routes/${inPath('/r')}?siteId=${siteId}`)).status).toBe(204)
    expect(await foundAt(s, '/v2/routes', siteId, '/r')).toBe(other)
    expect((await s.call('DELETE', `/v2/routes/${other}`)).status).toBe(204)
    expect(await foundAt(s, '/v2/routes', siteId, '/r')).toBe(second)
  })

  it("still refuses a page's pathname, create or update, with a 409 that names the clash skipped", async () => {
    const s = await start({ skipValidationConflicts: 'route-conflicts' })
    const { siteId, page, other } = await furnished(s)
    const created = await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' })
    const moved = await s.call('PATCH', `/v2/routes/${other}${SKIP}`, { pathname: '/p' })
    for (const refused of [created, moved]) {
      expect([refused.status, refused.body.code]).toEqual([409, 'conflict'])
      expect(refused.body.message).toMatch(/skipValidation=true lets a route share another route's pathname, not a page's/)
    }
    expect(await foundAt(s, '/v2/routes', siteId, '/p')).toBe(404)
    expect(await foundAt(s, '/v6/pages', siteId, '/p')).toBe(page)
    expect(await routePathnames(s, siteId)).toEqual(['/other', '/r'])
  })

  it("without skipValidation=true, another route's pathname is a 409 as ever", async () => {
    const s = await start({ skipValidationConflicts: 'route-conflicts' })
    const { siteId, other } = await furnished(s)
    for (const query of ['', '?skipValidation=false']) {
      expect([query, (await s.call('POST', `/v2/routes${query}`, { siteId, pathname: '/r' })).status]).toEqual([query, 409])
      expect([query, (await s.call('PATCH', `/v2/routes/${other}${query}`, { pathname: '/r' })).status]).toEqual([query, 409])
    }
  })
})

describe('the conformance twin under each alternative', () => {
  it.each(['checked', 'skipped', 'page-conflicts', 'route-conflicts'] as const)('%s: takes and refuses each clash as it says, and the observation tells it', async (alternative) => {
    const choices = { skipValidationConflicts: alternative }
    expect(await observedOnPermissive('skipValidationConflicts', choices)).toBe(alternative)
  })
})

describe('the contract suite against a deployment that skips one clash under skipValidation=true', () => {

  describe.each([
    { alternative: 'page-conflicts', skips: 'a page', checks: 'another route' },
    { alternative: 'route-conflicts', skips: 'another route', checks: 'a page' },
  ] as const)('$alternative', ({ alternative, skips, checks }) => {
    let server: ChoicesServer
    beforeAll(async () => {
      server = await serveWithChoices({ skipValidationConflicts: alternative } satisfies Choices)
    })
    afterAll(() => server.close())

    it('adopts it under the default profile, each holder a class of its own: no divergence, no inconsistency', async () => {
      const report = await runAgainst(server.url, server.mock, { only: ['validation', 'stateful'], stateful: { runs: STATEFUL_RUNS, seed: 1 }, choices: {} })
      expect(statefulHeadlines(report)).toEqual([])
      const adopted = report.notices.find((line) => line.startsWith('stateful adopted')) ?? ''
      expect(adopted).toContain(`skipValidationConflicts (${skips}): skipped`)
      expect(adopted).toContain(`skipValidationConflicts (${checks}): checked`)
      expect(check(report, 'validation.route.skip-validation').status).toBe(alternative === 'page-conflicts' ? 'passed' : 'differs')
    }, 300_000)
  })
})
