import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { check, runAgainst, statefulHeadlines } from '../contract/support.js'
import { createdId, inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'

/**
 * A route create or update with skipValidation=true whose pathname a page or another route of
 * the site holds (choice skipValidationConflicts), over HTTP: a 409 as without skipValidation
 * (checked, sitemock's), or taken (skipped): the holders then share the pathname, a route lookup
 * by it finds the oldest route, a page lookup the page, and a route delete frees it for nothing else.
 */

const start = servedPerTest()
const SKIP = '?skipValidation=true'
/** Sequences of the stateful group: enough that some send a route write with skipValidation=true onto a held pathname. */
const STATEFUL_RUNS = 30

/** A site with a page at /p and a route at /r. */
async function furnished(s: ChoicesServer): Promise<{ siteId: string; page: string; route: string }> {
  const { id: siteId } = await s.site()
  const page = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  const route = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
  return { siteId, page, route }
}

/** The id a route lookup by pathname finds, or the status when it finds none. */
async function routeAt(s: ChoicesServer, siteId: string, pathname: string): Promise<string | number> {
  const found = await s.call('GET', `/v2/routes/${inPath(pathname)}?siteId=${siteId}`)
  return found.status === 200 ? String(found.body.id) : found.status
}

describe('skipValidationConflicts checked (sitemock\'s, and the default)', () => {
  it.each([{}, { skipValidationConflicts: 'checked' as const }])('%o: a create and an update with skipValidation=true onto a held pathname are 409s, and change nothing', async (choices) => {
    const s = await start(choices)
    const { siteId, route } = await furnished(s)
    const other = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/other' }))
    for (const pathname of ['/p', '/r']) {
      const created = await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname })
      expect([pathname, created.status, created.body.code]).toEqual([pathname, 409, 'conflict'])
      const moved = await s.call('PATCH', `/v2/routes/${other}${SKIP}`, { pathname })
      expect([pathname, moved.status, moved.body.code]).toEqual([pathname, 409, 'conflict'])
    }
    expect(await routeAt(s, siteId, '/r')).toBe(route)
    expect(await routeAt(s, siteId, '/other')).toBe(other)
    expect((await s.call('GET', `/v2/routes?siteId=${siteId}`)).body.data!.map((r) => r.pathname)).toEqual(['/other', '/r'])
  })
})

describe('skipValidationConflicts skipped', () => {
  it('a create with skipValidation=true takes a route\'s pathname and a page\'s: the lookup finds the oldest route, and the page', async () => {
    const s = await start({ skipValidationConflicts: 'skipped' })
    const { siteId, page, route } = await furnished(s)
    const second = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/r' }))
    const third = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/r' }))
    const onPage = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' }))
    expect(await routeAt(s, siteId, '/r')).toBe(route)
    expect(await routeAt(s, siteId, '/p')).toBe(onPage)
    expect((await s.call('GET', `/v6/pages/${inPath('/p')}?siteId=${siteId}`)).body.id).toBe(page)
    const listed = (await s.call('GET', `/v2/routes?siteId=${siteId}`)).body.data!
    expect(listed.map((r) => r.pathname).sort()).toEqual(['/p', '/r', '/r', '/r'])
    expect(new Set(listed.map((r) => r.id))).toEqual(new Set([route, second, third, onPage]))
  })

  it('writes without skipValidation, and page writes, still meet the 409', async () => {
    const s = await start({ skipValidationConflicts: 'skipped' })
    const { siteId, page, route } = await furnished(s)
    createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' }))
    const other = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/other' }))
    for (const pathname of ['/p', '/r']) {
      for (const query of ['', '?skipValidation=false']) {
        expect([pathname, query, (await s.call('POST', `/v2/routes${query}`, { siteId, pathname })).status]).toEqual([pathname, query, 409])
        expect([pathname, query, (await s.call('PATCH', `/v2/routes/${other}${query}`, { pathname })).status]).toEqual([pathname, query, 409])
      }
    }
    // A page create or rename onto a pathname a route holds, or one a page and a route hold.
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/r', name: 'r' })).status).toBe(409)
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p2' })).status).toBe(409)
    const another = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/q', name: 'q' }))
    expect((await s.call('PATCH', `/v6/pages/${another}`, { pathname: '/r' })).status).toBe(409)
    expect((await s.call('PATCH', `/v6/pages/${page}`, { title: 'kept' })).status).toBe(200)
    expect(await routeAt(s, siteId, '/r')).toBe(route)
  })

  it('an update with skipValidation=true takes a held pathname: the lookup finds the route made first, whichever moved', async () => {
    const s = await start({ skipValidationConflicts: 'skipped' })
    const { id: siteId } = await s.site()
    const oldest = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/o' }))
    const middle = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
    const newest = createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/n' }))
    const moved = await s.call('PATCH', `/v2/routes/${newest}${SKIP}`, { pathname: '/r' })
    expect([moved.status, moved.body.pathname]).toEqual([200, '/r'])
    expect(await routeAt(s, siteId, '/r')).toBe(middle)
    expect((await s.call('PATCH', `/v2/routes/${oldest}${SKIP}`, { pathname: '/r' })).status).toBe(200)
    expect(await routeAt(s, siteId, '/r')).toBe(oldest)
    // The pathnames they left are free.
    expect(await routeAt(s, siteId, '/o')).toBe(404)
    createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/n', name: 'n' }))
  })

  it('a route delete leaves the pathname to the others: by pathname it deletes the oldest, and only the last one frees it', async () => {
    const s = await start({ skipValidationConflicts: 'skipped' })
    const { siteId, page, route } = await furnished(s)
    const second = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/r' }))
    const onPage = createdId(await s.call('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/p' }))
    expect((await s.call('DELETE', `/v2/routes/${inPath('/r')}?siteId=${siteId}`)).status).toBe(204)
    expect((await s.call('GET', `/v2/routes/${route}`)).status).toBe(404)
    expect(await routeAt(s, siteId, '/r')).toBe(second)
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/r', name: 'r' })).status).toBe(409)
    expect((await s.call('DELETE', `/v2/routes/${second}`)).status).toBe(204)
    expect(await routeAt(s, siteId, '/r')).toBe(404)
    createdId(await s.call('POST', '/v2/routes', { siteId, pathname: '/r' }))
    // The page's delete leaves its pathname to the route that shared it; the route's delete then frees it.
    expect((await s.call('DELETE', `/v6/pages/${page}`)).status).toBe(204)
    expect(await routeAt(s, siteId, '/p')).toBe(onPage)
    expect((await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' })).status).toBe(409)
    expect((await s.call('DELETE', `/v2/routes/${onPage}`)).status).toBe(204)
    createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  })
})

describe('shared pathnames taken back', () => {
  /** A mock whose start state has a page and three routes sharing /r and /p, with what the test asks of it. */
  function sharedStart(): { siteId: string; lookups(): unknown; write(method: string, path: string, body?: unknown): number; reset(): void } {
    const mock = createMock({ choices: { skipValidationConflicts: 'skipped' }, rateLimit: false, scenario: 'empty' })
    const [workspace] = mock.credentials().workspaces
    if (!workspace) throw new Error('the empty scenario has a workspace')
    const send = (method: string, path: string, body?: unknown): { status: number; body: Record<string, unknown> } => {
      const [bare, query = ''] = path.split('?')
      const answer = mock.handle({ method, path: bare!, query, headers: { 'x-api-key': workspace.appApiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: answer.status, body: (answer.body ?? {}) as Record<string, unknown> }
    }
    const siteId = String(send('POST', '/v2/sites', { workspaceId: workspace.id, name: 'shared' }).body.id)
    send('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' })
    for (const pathname of ['/r', '/r', '/p', '/r']) send('POST', `/v2/routes${SKIP}`, { siteId, pathname })
    mock.store.markStart()
    const found = (family: string, pathname: string): unknown => send('GET', `${family}/${inPath(pathname)}?siteId=${siteId}`).body.id ?? 'none'
    return {
      siteId,
      lookups: () => [found('/v2/routes', '/r'), found('/v2/routes', '/p'), found('/v6/pages', '/p')],
      write: (method, path, body) => send(method, path, body).status,
      reset: () => expect(mock.store.rollback()).toBe(true),
    }
  }

  it('a rollback gives every holder its place again: the lookups find what they found', () => {
    const { siteId, lookups, write, reset } = sharedStart()
    const before = lookups()
    expect(before).not.toContain('none')
    expect(write('DELETE', `/v2/routes/${inPath('/r')}?siteId=${siteId}`)).toBe(204)
    expect(write('DELETE', `/v6/pages/${inPath('/p')}?siteId=${siteId}`)).toBe(204)
    expect(write('PATCH', `/v2/routes/${inPath('/r')}?siteId=${siteId}`, { pathname: '/elsewhere' })).toBe(200)
    expect(write('POST', `/v2/routes${SKIP}`, { siteId, pathname: '/r' })).toBe(201)
    expect(lookups()).not.toEqual(before)
    reset()
    expect(lookups()).toEqual(before)
    // The oldest route moved onto the page's pathname (it is found there, older than the route at /p), then back.
    expect(write('PATCH', `/v2/routes/${inPath('/r')}?siteId=${siteId}&skipValidation=true`, { pathname: '/p' })).toBe(200)
    expect(lookups()).not.toEqual(before)
    reset()
    expect(lookups()).toEqual(before)
  })
})

describe('the contract suite against a deployment that skips conflicts under skipValidation=true', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ skipValidationConflicts: 'skipped' })
  })
  afterAll(() => server.close())


  it('adopts it under the default profile: the check differs as sitemock\'s choice, the stateful group follows it', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['validation', 'stateful'], stateful: { runs: STATEFUL_RUNS, seed: 1 }, choices: {} })
    const skip = check(report, 'validation.route.skip-validation')
    expect(skip.status).toBe('differs')
    expect(skip.failures.map((failure) => failure.message)).toEqual([expect.stringMatching(/expected 409, got 200.*skipValidation never skips conflicts/)])
    expect(skip.failures[0]).toMatchObject({ documents: ['sitemock behaviour'], leftOpen: expect.stringContaining('skipValidationConflicts') })
    expect(statefulHeadlines(report)).toEqual([])
    // Each holder of the pathname a class of its own (skip-validation-scope.test.ts): both skipped here.
    const adopted = report.notices.find((line) => line.startsWith('stateful adopted'))
    expect(adopted).toContain('skipValidationConflicts (a page): skipped')
    expect(adopted).toContain('skipValidationConflicts (another route): skipped')
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['validation', 'stateful'], profile: 'sitemock', stateful: { runs: STATEFUL_RUNS, seed: 1 } })
    const skip = check(report, 'validation.route.skip-validation')
    expect(skip.failures.map((failure) => [failure.message, failure.leftOpen])).toEqual([[expect.stringMatching(/skipValidation never skips conflicts/), expect.stringContaining('skipValidationConflicts')]])
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('skipValidationConflicts="checked"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toEqual([expect.stringMatching(/route\.(create|update) .*expected 409 as the oracle answers, got 20[01]/)])
  }, 300_000)
})
