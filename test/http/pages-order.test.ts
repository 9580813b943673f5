import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetAndGetCredentials } from '../support/credentials.js'
import { startMock, walk, type TestServer } from '../support/harness.js'

type PageBody = Record<string, unknown> & { id: string; pathname: string; title: string | null; description: string | null; isOnline: boolean }

const SORTS = ['path', 'title', 'description', 'updatedAt', 'createdAt'] as const
type SortBy = (typeof SORTS)[number]
const FIELD: Record<SortBy, keyof PageBody> = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }

/** The order the API promises: the value in the chosen direction, nulls last, ties by id. */
function expectedOrder(pages: PageBody[], sortBy: SortBy, direction: 'asc' | 'desc'): string[] {
  const field = FIELD[sortBy]
  const sign = direction === 'asc' ? 1 : -1
  return [...pages]
    .sort((a, b) => {
      const va = a[field] as string | null
      const vb = b[field] as string | null
      if (va !== vb) {
        if (va === null) return 1
        if (vb === null) return -1
        return sign * (va < vb ? -1 : 1)
      }
      return a.id < b.id ? -1 : 1
    })
    .map((p) => p.id)
}

describe('page lists over 250 pages', () => {
  let server: TestServer
  let key: string
  let siteId: string
  let all: PageBody[]

  beforeAll(async () => {
    server = await startMock()
    const creds = await resetAndGetCredentials(server.api, { scenario: 'empty' })
    key = creds.workspaces[0]!.appApiKey
    const site = await server.api.post('/v2/sites', { key, body: { workspaceId: creds.workspaces[0]!.id, name: 'Walks' } })
    siteId = site.body.id as string
    for (let i = 0; i < 250; i++) {
      const section = ['/blog', '/docs', '/shop'][i % 3]!
      const created = await server.api.post('/v6/pages', { key, body: { siteId, pathname: `${section}/p${(i * 37) % 250}`, name: `Page ${i}` } })
      // Titles repeat (ties), some titles and descriptions stay null, every fifth page goes offline.
      const changes: Record<string, unknown> = { isOnline: i % 5 !== 0 }
      if (i % 4 !== 0) changes.title = `Title ${i % 23}`
      if (i % 3 !== 0) changes.description = `Description ${(i * 7) % 50}`
      if (i % 7 !== 0) await server.api.patch(`/v6/pages/${created.body.id as string}`, { key, body: changes })
      else await server.api.patch(`/v6/pages/${created.body.id as string}`, { key, body: { isOnline: changes.isOnline } })
    }
    all = (await walk(server.api, `/v6/pages?siteId=${siteId}&includeOffline=true`, key, 100)) as PageBody[]
  })
  afterAll(() => server.close())

  it('holds all 250 pages', () => {
    expect(all).toHaveLength(250)
  })

  /** Walks one list with a page size that does not divide it, and compares it with `pages` filtered and sorted the slow way. */
  async function expectWalk(pages: PageBody[], sortBy: SortBy, direction: 'asc' | 'desc', includeOffline: boolean, pathPrefix?: string, versionRef = 'ref:draft') {
    const query = new URLSearchParams({ siteId, sortBy, sortDirection: direction, includeOffline: String(includeOffline), versionRef })
    if (pathPrefix) query.set('pathPrefix', pathPrefix)
    const walked = await walk(server.api, `/v6/pages?${query.toString()}`, key, 17)
    const matching = pages.filter((p) => (includeOffline || p.isOnline) && (!pathPrefix || p.pathname.startsWith(pathPrefix)))
    expect(walked.map((p) => p.id), query.toString()).toEqual(expectedOrder(matching, sortBy, direction))
  }

  for (const sortBy of SORTS) {
    for (const direction of ['asc', 'desc'] as const) {
      for (const includeOffline of [true, false]) {
        for (const pathPrefix of [undefined, '/docs']) {
          it(`walks sortBy=${sortBy} ${direction}${includeOffline ? ' with offline pages' : ''}${pathPrefix ? ` under ${pathPrefix}` : ''} in order, each page once`, async () => {
            await expectWalk(all, sortBy, direction, includeOffline, pathPrefix)
          })
        }
      }
    }
  }

  it('refuses a cursor that is not in the filtered list', async () => {
    const offline = all.find((p) => !p.isOnline)!
    const response = await server.api.get(`/v6/pages?siteId=${siteId}&startingAfter=${offline.id}`, { key })
    expect(response.status).toBe(400)
    expect(response.body.details![0]!.field).toBe('startingAfter')
  })

  it('keeps a walk exact while pages are renamed between requests', async () => {
    const seen: string[] = []
    let cursor = ''
    for (let round = 0; ; round++) {
      const page = await server.api.get(`/v6/pages?siteId=${siteId}&includeOffline=true&limit=50${cursor}`, { key })
      seen.push(...page.body.data!.map((p) => p.id as string))
      // Renaming an already seen page to the end must not make the walk skip or repeat the others.
      if (round === 0) await server.api.patch(`/v6/pages/${seen[0]!}`, { key, body: { pathname: '/zzz-moved' } })
      if (!page.body.hasMore) break
      cursor = `&startingAfter=${seen[seen.length - 1]!}`
    }
    expect(seen).toHaveLength(251)
    expect(seen[250]).toBe(seen[0])
    expect(new Set(seen.slice(0, 250)).size).toBe(250)
  })

  it('stays exact in every order after edits, deletions and creations made once those orders were in use', async () => {
    for (const [i, page] of all.slice(0, 40).entries()) {
      const changes = [{ title: `Retitled ${i % 6}` }, { description: null, isOnline: i % 3 === 0 }, { pathname: `/docs/moved-${i}` }, { title: null }][i % 4]
      expect((await server.api.patch(`/v6/pages/${page.id}`, { key, body: changes })).status).toBe(200)
    }
    for (const page of all.slice(40, 50)) expect((await server.api.delete(`/v6/pages/${page.id}`, { key })).status).toBe(204)
    for (let i = 0; i < 10; i++) expect((await server.api.post('/v6/pages', { key, body: { siteId, pathname: `/docs/new-${i}`, name: 'New' } })).status).toBe(201)
    const now = (await walk(server.api, `/v6/pages?siteId=${siteId}&includeOffline=true`, key, 100)) as PageBody[]
    expect(now).toHaveLength(250)
    for (const sortBy of SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const includeOffline of [true, false]) for (const pathPrefix of [undefined, '/docs']) await expectWalk(now, sortBy, direction, includeOffline, pathPrefix)
      }
    }
  })

  it('walks the live version in every order as published, whatever the drafts became since', async () => {
    expect((await server.api.post(`/__mock/sites/${siteId}/publish`)).status).toBe(200)
    const published = (await walk(server.api, `/v6/pages?siteId=${siteId}&includeOffline=true&versionRef=ref:live`, key, 100)) as PageBody[]
    expect(published).toHaveLength(250)
    for (const page of published.slice(0, 30)) await server.api.patch(`/v6/pages/${page.id}`, { key, body: { title: 'Edited after publishing', isOnline: false } })
    await server.api.delete(`/v6/pages/${published[30]!.id}`, { key })
    const live = published.filter((p) => p.id !== published[30]!.id)
    for (const sortBy of SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const includeOffline of [true, false]) for (const pathPrefix of [undefined, '/blog']) await expectWalk(live, sortBy, direction, includeOffline, pathPrefix, 'ref:live')
      }
    }
  })
})
