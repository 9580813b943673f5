import { describe, expect, it } from 'vitest'
import '../../src/data.js'
import type { Fixture } from '../../src/generated/types.js'
import { MockDbError } from '../../src/db/mock-db-error.js'
import { exportState } from '../../src/scenarios/export-state.js'
import { TRANSPORTS } from '../support/harness.js'
import { serveStateFile, stateFilePath } from '../support/state-file-server.js'
import { useDefaultScenario, type TestStart } from '../support/suite.js'

describe.each(TRANSPORTS)('mock.db: live @msw/data collections of the state (%s)', (transport) => {
  let t: TestStart
  useDefaultScenario(transport, (start) => {
    t = start
  })
  const db = () => t.server.mock.db
  const state = () => JSON.stringify(exportState(t.server.mock.store))

  it('sees what the API writes once the request has been answered', async () => {
    const before = db().pages.count()
    const created = await t.server.api.post('/v6/pages', { key: t.appKey, body: { siteId: t.siteId, pathname: '/from-api', name: 'From the API' } })
    expect(created.status).toBe(201)
    const page = db().pages.findFirst((q) => q.where({ siteId: t.siteId, draft: { pathname: '/from-api' } }))
    expect(page).toMatchObject({ id: created.body.id, draft: { name: 'From the API', title: null } })
    expect(db().pages.count()).toBe(before + 1)
    await t.server.api.patch(`/v6/pages/${created.body.id as string}`, { key: t.appKey, body: { title: 'Renamed' } })
    expect(db().pages.findFirst((q) => q.where({ id: created.body.id as string }))?.draft.title).toBe('Renamed')
    await t.server.api.delete(`/v2/sites/${t.siteId}`, { key: t.appKey })
    expect(db().pages.findMany((q) => q.where({ siteId: t.siteId }))).toEqual([])
    expect(db().sites.findFirst((q) => q.where({ id: t.siteId }))).toBeUndefined()
  })

  it('seeds an odd page through mock.db.pages.create that the API then serves, with its id and timestamps', async () => {
    const title = 'T'.repeat(300)
    const page = await db().pages.create({ siteId: t.siteId, pathname: '/odd', name: 'Odd', title, isOnline: false })
    expect(page).toMatchObject({ siteId: t.siteId, publishedAt: null, live: null, draft: { pathname: '/odd', name: 'Odd', title, isOnline: false } })
    expect(page.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(page.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    const served = await t.server.api.get(`/v6/pages/${page.id}`, { key: t.appKey })
    expect(served.status).toBe(200)
    expect(served.body).toMatchObject({ id: page.id, title, isOnline: false, createdAt: page.createdAt })
    expect(db().pages.findMany((q) => q.where({ draft: { title } }))).toEqual([page])
    const newest = db().pages.findMany((q) => q.where({ siteId: t.siteId }), { orderBy: { createdAt: 'desc' } })[0]
    expect(newest?.id).toBe(page.id)
    expect(() => db().pages.findMany(undefined, { cursor: page, take: 1 })).toThrow(/take no cursor; page with skip and take/)
  })

  it('runs updates and deletes through the API', async () => {
    const site = db().sites.findFirst((q) => q.where({ id: t.siteId }), { strict: true })
    const renamed = await db().sites.update(site, { data: (draft) => void (draft.name = 'Renamed through mock.db') })
    expect(renamed?.name).toBe('Renamed through mock.db')
    expect((await t.server.api.get(`/v2/sites/${t.siteId}`, { key: t.appKey })).body.name).toBe('Renamed through mock.db')

    const route = await db().routes.create({ siteId: t.siteId, pathname: '/db-route' })
    await db().routes.update((q) => q.where({ id: route.id }), { data: (draft) => void (draft.pathname = '/db-route-2') })
    expect((await t.server.api.get(`/v2/routes/${route.id}?siteId=${t.siteId}`, { key: t.appKey })).body.pathname).toBe('/db-route-2')
    const deleted = db().routes.delete((q) => q.where({ id: route.id }))
    expect(deleted?.id).toBe(route.id)
    expect((await t.server.api.get(`/v2/routes/${route.id}?siteId=${t.siteId}`, { key: t.appKey })).status).toBe(404)
    expect(db().routes.findFirst((q) => q.where({ id: route.id }))).toBeUndefined()
  })

  it('refuses what the API refuses, with the same status and envelope, and changes nothing', async () => {
    const taken = db().pages.findFirst((q) => q.where({ siteId: t.siteId }), { strict: true })
    const before = state()
    const refusals: Array<[() => Promise<unknown>, { method: string; path: string; body: unknown }]> = [
      [() => db().pages.create({ siteId: t.siteId, pathname: taken.draft.pathname, name: 'Taken' }), { method: 'post', path: '/v6/pages', body: { siteId: t.siteId, pathname: taken.draft.pathname, name: 'Taken' } }],
      [
        () => db().pages.create({ siteId: '00000000-0000-4000-8000-000000000000', pathname: '/orphan', name: 'Orphan' }),
        { method: 'post', path: '/v6/pages', body: { siteId: '00000000-0000-4000-8000-000000000000', pathname: '/orphan', name: 'Orphan' } },
      ],
      [
        () => db().locales.update((q) => q.where({ siteId: t.siteId, isDefault: false }), { data: (draft) => void (draft.isDefault = true) }),
        { method: 'patch', path: `/v2/locales/${db().locales.findFirst((q) => q.where({ siteId: t.siteId, isDefault: false }))?.id}?siteId=${t.siteId}`, body: { isDefault: true } },
      ],
      [() => db().locales.create({ siteId: t.siteId, locale: 'fr-FR', isDefault: true } as never), { method: 'post', path: '/v2/locales', body: { siteId: t.siteId, locale: 'fr-FR', isDefault: true } }],
    ]
    for (const [write, request] of refusals) {
      const error = await write().then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      expect(error).toBeInstanceOf(MockDbError)
      const api = await t.server.api.request(request.method.toUpperCase(), request.path, { key: t.appKey, body: request.body })
      expect(api.status).toBeGreaterThanOrEqual(400)
      expect({ status: (error as MockDbError).status, body: (error as MockDbError).body }).toEqual({ status: api.status, body: api.body })
      expect(state()).toBe(before)
    }
    // A field beyond the create's is checked before anything is created.
    await expect(db().pages.create({ siteId: t.siteId, pathname: '/half', name: 'Half', sitemapPriority: 7 })).rejects.toThrow(/400 bad_request: .*sitemapPriority/)
    expect(() => db().sites.delete((q) => q.where({ name: 'no such site' }), { strict: true })).toThrow(/no record found/)
    await expect(db().workspaces.create({ id: 'x', appApiKey: 'y' })).rejects.toThrow(/405 method_not_allowed: Workspaces come from the scenario/)
    expect(state()).toBe(before)
  })

  it('reads the state again after a reset', async () => {
    expect(db().sites.count()).toBeGreaterThan(0)
    await t.server.api.post('/__mock/reset', { body: { scenario: 'empty' } })
    const empty = (await t.server.api.get<Fixture>('/__mock/state')).body
    expect(db().sites.count()).toBe(empty.sites?.length ?? 0)
    expect(db().workspaces.all().map((w) => w.id)).toEqual(empty.workspaces.map((w) => w.id))
  })
})

describe('writes through mock.db and the data browser, with a state file', () => {
  it('are kept and replayed like the API writes they are', async () => {
    const file = stateFilePath()
    const first = await serveStateFile(file)
    const mock = first.persistent.mock
    const siteId = mock.credentials().sites[0]!.id
    const created = await mock.db.pages.create({ siteId, pathname: '/kept', name: 'Kept', title: 'Kept through a restart' })
    // Saved by the time its promise resolves, as an HTTP answer is.
    expect(mock.settled()).toBeUndefined()
    const doomed = mock.store.pages.ofSite(siteId).at(0)!.id
    expect((await fetch(`${first.server.url}/__mock/data/records/pages/${doomed}`, { method: 'DELETE' })).status).toBe(200)
    await mock.settled()
    const before = exportState(mock.store)
    await first.close()
    const second = await serveStateFile(file)
    expect(second.persistent.mock.db.pages.findFirst((q) => q.where({ id: created.id }))?.draft.title).toBe('Kept through a restart')
    expect(second.persistent.mock.store.pages.byId.has(doomed)).toBe(false)
    expect(exportState(second.persistent.mock.store)).toEqual(before)
    await second.close()
  })
})
