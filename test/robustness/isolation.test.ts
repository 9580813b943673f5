import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '../../src/api/operations.js'
import { resetAndGetCredentials } from '../support/credentials.js'
import { startMock, type TestServer } from '../support/harness.js'

/**
 * Tenant isolation (OWASP API1/API2): every operation of the route table, aimed at the first
 * workspace's site, with keys that must not reach it. Each answer is a 403 carrying no data,
 * and the state is unchanged afterwards.
 */
interface Target {
  siteId: string
  workspaceId: string
  localeId: string
  localeCode: string
  pageId: string
  pathname: string
  routeId: string
  routePathname: string
}

type Aim = { path: string; query?: string; body?: unknown }

/** How to aim each operation at the target: by id, and by code or pathname where it takes one. */
function aims(t: Target): Record<string, Aim[]> {
  const enc = encodeURIComponent
  return {
    'POST /v2/sites': [{ path: '/v2/sites', body: { workspaceId: t.workspaceId, name: 'Intruder' } }],
    'GET /v2/sites': [{ path: '/v2/sites', query: `workspaceId=${t.workspaceId}` }],
    'GET /v2/sites/{siteId}': [{ path: `/v2/sites/${t.siteId}` }],
    'PATCH /v2/sites/{siteId}': [{ path: `/v2/sites/${t.siteId}`, body: { name: 'Intruder' } }],
    'DELETE /v2/sites/{siteId}': [{ path: `/v2/sites/${t.siteId}` }],
    'POST /v2/sites/{siteId}/duplicate': [{ path: `/v2/sites/${t.siteId}/duplicate`, body: { name: 'Stolen' } }],
    'GET /v2/sites/{siteId}/pages': [{ path: `/v2/sites/${t.siteId}/pages` }],
    'POST /v2/locales': [{ path: '/v2/locales', body: { siteId: t.siteId, locale: 'it' } }],
    'GET /v2/locales': [{ path: '/v2/locales', query: `siteId=${t.siteId}` }],
    'GET /v2/locales/{localeIdOrCode}': [{ path: `/v2/locales/${t.localeId}` }, { path: `/v2/locales/${t.localeCode}`, query: `siteId=${t.siteId}` }],
    'PATCH /v2/locales/{localeIdOrCode}': [
      { path: `/v2/locales/${t.localeId}`, body: { domain: null } },
      { path: `/v2/locales/${t.localeCode}`, query: `siteId=${t.siteId}`, body: { domain: null } },
    ],
    'DELETE /v2/locales/{localeIdOrCode}': [{ path: `/v2/locales/${t.localeId}` }, { path: `/v2/locales/${t.localeCode}`, query: `siteId=${t.siteId}` }],
    'POST /v2/locales/{localeIdOrCode}/restore': [
      { path: `/v2/locales/${t.localeId}/restore` },
      { path: `/v2/locales/${t.localeCode}/restore`, query: `siteId=${t.siteId}` },
    ],
    'POST /v6/pages': [{ path: '/v6/pages', body: { siteId: t.siteId, pathname: '/intruder', name: 'Intruder' } }],
    'GET /v6/pages': [{ path: '/v6/pages', query: `siteId=${t.siteId}` }],
    'GET /v6/pages/{pageIdOrPathname}': [{ path: `/v6/pages/${t.pageId}` }, { path: `/v6/pages/${enc(t.pathname)}`, query: `siteId=${t.siteId}` }],
    'PATCH /v6/pages/{pageIdOrPathname}': [
      { path: `/v6/pages/${t.pageId}`, body: { name: 'Intruder' } },
      { path: `/v6/pages/${enc(t.pathname)}`, query: `siteId=${t.siteId}`, body: { name: 'Intruder' } },
    ],
    'DELETE /v6/pages/{pageIdOrPathname}': [{ path: `/v6/pages/${t.pageId}` }, { path: `/v6/pages/${enc(t.pathname)}`, query: `siteId=${t.siteId}` }],
    'POST /v2/routes': [{ path: '/v2/routes', body: { siteId: t.siteId, pathname: '/intruder' } }],
    'GET /v2/routes': [{ path: '/v2/routes', query: `siteId=${t.siteId}` }],
    'GET /v2/routes/{routeIdOrPathname}': [{ path: `/v2/routes/${t.routeId}` }, { path: `/v2/routes/${enc(t.routePathname)}`, query: `siteId=${t.siteId}` }],
    'PATCH /v2/routes/{routeIdOrPathname}': [
      { path: `/v2/routes/${t.routeId}`, body: { pathname: '/moved' } },
      { path: `/v2/routes/${enc(t.routePathname)}`, query: `siteId=${t.siteId}`, body: { pathname: '/moved' } },
    ],
    'DELETE /v2/routes/{routeIdOrPathname}': [{ path: `/v2/routes/${t.routeId}` }, { path: `/v2/routes/${enc(t.routePathname)}`, query: `siteId=${t.siteId}` }],
  }
}

describe('tenant isolation over every operation', () => {
  let server: TestServer
  let target: Target
  let intruders: Record<string, string>
  let ownerKey: string

  beforeAll(async () => {
    server = await startMock()
    const creds = await resetAndGetCredentials(server.api)
    ownerKey = creds.workspaces[0]!.appApiKey
    const site = creds.sites[0]!
    // A second site in the same workspace: its Site key must not reach its sibling either.
    const sibling = await server.api.post('/v2/sites', { key: ownerKey, body: { workspaceId: site.workspaceId, name: 'Sibling' } })
    const store = server.mock.store
    const locale = store.locales.ofSite(site.id).values().find((l) => l.locale !== 'en-US')!
    const page = store.pages.ofSite(site.id).at(1)!
    const route = store.routes.ofSite(site.id).at(0)!
    target = {
      siteId: site.id,
      workspaceId: site.workspaceId,
      localeId: locale.id,
      localeCode: locale.locale,
      pageId: page.id,
      pathname: page.draft.pathname,
      routeId: route.id,
      routePathname: route.pathname,
    }
    intruders = {
      "another workspace's App key": creds.workspaces[1]!.appApiKey,
      "another workspace's Site key": creds.sites[1]!.siteApiKey,
      "a sibling site's Site key": sibling.body.publicApiKey as string,
    }
  })
  afterAll(() => server.close())

  it('aims at every operation of the route table', () => {
    const table = aims(target)
    expect(apiRoutes.operations.map((o) => `${o.method} ${o.path}`).filter((key) => !(key in table))).toEqual([])
  })

  it('answers 403 with no data to every key that must not reach the target, and changes nothing', async () => {
    const before = JSON.stringify(await server.api.get('/__mock/credentials')) + countsOf(server)
    for (const operation of apiRoutes.operations) {
      for (const aim of aims(target)[`${operation.method} ${operation.path}`]!) {
        for (const [who, key] of Object.entries(intruders)) {
          const response = await server.api.request(operation.method, aim.query ? `${aim.path}?${aim.query}` : aim.path, { key, body: aim.body })
          const label = `${who}: ${operation.method} ${aim.path}?${aim.query ?? ''}`
          expect(response.status, label).toBe(403)
          expect(Object.keys(response.body).sort(), label).toEqual(['code', 'message', 'object'])
        }
      }
    }
    expect(JSON.stringify(await server.api.get('/__mock/credentials')) + countsOf(server)).toBe(before)
  })

  it("answers 401 everywhere with a deleted site's key", async () => {
    const creds = await resetAndGetCredentials(server.api)
    const site = creds.sites[0]!
    expect((await server.api.delete(`/v2/sites/${site.id}`, { key: creds.workspaces[0]!.appApiKey })).status).toBe(204)
    for (const operation of apiRoutes.operations) {
      for (const aim of aims(target)[`${operation.method} ${operation.path}`]!) {
        const response = await server.api.request(operation.method, aim.query ? `${aim.path}?${aim.query}` : aim.path, { key: site.siteApiKey, body: aim.body })
        expect(response.status, `${operation.method} ${aim.path}`).toBe(401)
      }
    }
  })
})

function countsOf(server: TestServer): string {
  const store = server.mock.store
  return JSON.stringify([store.sites.size, store.pages.byId.size, store.routes.byId.size, store.locales.byId.size])
}
