import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ApiResponse } from '../../src/api/types.js'
import { createMock, type Mock } from '../../src/mock.js'

/**
 * A stateful model-based test: random sequences of creates, updates, deletes, duplicates,
 * restores and lists across all families, each step checked against a small reference model.
 */
interface ModelPage {
  id: string
  pathname: string
}
interface ModelSite {
  id: string
  name: string
  locales: Map<string, { id: string; deleted: boolean }>
  pages: Map<string, ModelPage>
  routes: Map<string, { id: string; pathname: string }>
}
interface Model {
  sites: Map<string, ModelSite>
  siteOrder: string[]
}
interface Real {
  mock: Mock
  key: string
  workspaceId: string
}

function call(real: Real, method: string, path: string, body?: unknown, query = ''): ApiResponse {
  return real.mock.handle({
    method,
    path,
    query,
    headers: { 'x-api-key': real.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

const data = (response: ApiResponse): Record<string, unknown> => response.body as Record<string, unknown>
const pick = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined)
const PATHNAMES = ['/', '/a', '/b', '/a/b', '/blog', '/c']
const CODES = ['fr', 'de-DE', 'pt-BR', 'es']

function listAll(real: Real, path: string, query: string): Array<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = []
  let cursor = ''
  for (;;) {
    const page = data(call(real, 'GET', path, undefined, `${query}&limit=4${cursor}`))
    items.push(...(page.data as Array<Record<string, unknown>>))
    if (!page.hasMore) return items
    cursor = `&startingAfter=${String(items[items.length - 1]!.id)}`
  }
}

/** After every step: each site's lists agree with the model, item for item. */
function checkInvariants(model: Model, real: Real): void {
  const sites = listAll(real, '/v2/sites', `workspaceId=${real.workspaceId}`)
  expect(sites.map((s) => s.id)).toEqual(model.siteOrder)
  for (const site of model.sites.values()) {
    expect(data(call(real, 'GET', `/v2/sites/${site.id}`)).name).toBe(site.name)
    const pages = listAll(real, '/v6/pages', `siteId=${site.id}&includeOffline=true`)
    expect(pages.map((p) => p.pathname)).toEqual([...site.pages.keys()].sort())
    const routes = listAll(real, '/v2/routes', `siteId=${site.id}`)
    expect(routes.map((r) => r.pathname)).toEqual([...site.routes.keys()].sort())
    const locales = listAll(real, '/v2/locales', `siteId=${site.id}`)
    expect(locales.map((l) => l.locale).sort()).toEqual([...site.locales].filter(([, l]) => !l.deleted).map(([code]) => code).sort())
  }
}

type Command = fc.Command<Model, Real>

const command = (name: string, run: (model: Model, real: Real) => void): Command => ({
  check: () => true,
  run: (model, real) => {
    run(model, real)
    checkInvariants(model, real)
  },
  toString: () => name,
})

const createSite = (n: number): Command =>
  command(`createSite(${n})`, (model, real) => {
    const response = call(real, 'POST', '/v2/sites', { workspaceId: real.workspaceId, name: `Site ${n}` })
    expect(response.status).toBe(201)
    const id = data(response).id as string
    const en = data(call(real, 'GET', '/v2/locales', undefined, `siteId=${id}`)).data as Array<{ id: string }>
    model.sites.set(id, { id, name: `Site ${n}`, locales: new Map([['en-US', { id: en[0]!.id, deleted: false }]]), pages: new Map(), routes: new Map() })
    model.siteOrder.push(id)
  })

const withSite = (name: string, index: number, run: (site: ModelSite, model: Model, real: Real) => void): Command =>
  command(`${name}(${index})`, (model, real) => {
    const site = pick([...model.sites.values()], index)
    if (site) run(site, model, real)
  })

const taken = (site: ModelSite, pathname: string): boolean => site.pages.has(pathname) || site.routes.has(pathname)

const commands = [
  fc.nat(1000).map(createSite),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 8 })).map(([i, name]) =>
    withSite('renameSite', i, (site, _model, real) => {
      const response = call(real, 'PATCH', `/v2/sites/${site.id}`, { name })
      expect(response.status).toBe(200)
      site.name = name
    }),
  ),
  fc.nat().map((i) =>
    withSite('deleteSite', i, (site, model, real) => {
      expect(call(real, 'DELETE', `/v2/sites/${site.id}`).status).toBe(204)
      model.sites.delete(site.id)
      model.siteOrder = model.siteOrder.filter((id) => id !== site.id)
    }),
  ),
  fc.nat().map((i) =>
    withSite('duplicateSite', i, (site, model, real) => {
      const response = call(real, 'POST', `/v2/sites/${site.id}/duplicate`, { name: `${site.name} copy` })
      expect(response.status).toBe(201)
      const id = data(response).id as string
      const locales = listAll(real, '/v2/locales', `siteId=${id}`)
      model.sites.set(id, {
        id,
        name: `${site.name} copy`,
        locales: new Map(locales.map((l) => [l.locale as string, { id: l.id as string, deleted: false }])),
        pages: new Map([...site.pages].map(([p]) => [p, { id: '', pathname: p }])),
        routes: new Map([...site.routes].map(([p]) => [p, { id: '', pathname: p }])),
      })
      model.siteOrder.push(id)
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...PATHNAMES)).map(([i, pathname]) =>
    withSite('createPage', i, (site, _model, real) => {
      const response = call(real, 'POST', '/v6/pages', { siteId: site.id, pathname, name: pathname })
      expect(response.status).toBe(taken(site, pathname) ? 409 : 201)
      if (response.status === 201) site.pages.set(pathname, { id: data(response).id as string, pathname })
    }),
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...PATHNAMES)).map(([i, j, pathname]) =>
    withSite('renamePage', i, (site, _model, real) => {
      const page = pick([...site.pages.values()], j)
      if (!page || !page.id) return
      const response = call(real, 'PATCH', `/v6/pages/${page.id}`, { pathname })
      const conflict = pathname !== page.pathname && taken(site, pathname)
      expect(response.status).toBe(conflict ? 409 : 200)
      if (!conflict) {
        site.pages.delete(page.pathname)
        site.pages.set(pathname, { id: page.id, pathname })
      }
    }),
  ),
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]) =>
    withSite('deletePage', i, (site, _model, real) => {
      const page = pick([...site.pages.values()], j)
      if (!page) return
      expect(call(real, 'DELETE', `/v6/pages/${encodeURIComponent(page.pathname)}`, undefined, `siteId=${site.id}`).status).toBe(204)
      site.pages.delete(page.pathname)
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...PATHNAMES)).map(([i, pathname]) =>
    withSite('createRoute', i, (site, _model, real) => {
      const response = call(real, 'POST', '/v2/routes', { siteId: site.id, pathname })
      expect(response.status).toBe(taken(site, pathname) ? 409 : 201)
      if (response.status === 201) site.routes.set(pathname, { id: data(response).id as string, pathname })
    }),
  ),
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]) =>
    withSite('deleteRoute', i, (site, _model, real) => {
      const route = pick([...site.routes.values()], j)
      if (!route) return
      expect(call(real, 'DELETE', `/v2/routes/${encodeURIComponent(route.pathname)}`, undefined, `siteId=${site.id}`).status).toBe(204)
      site.routes.delete(route.pathname)
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...CODES)).map(([i, code]) =>
    withSite('createLocale', i, (site, _model, real) => {
      const response = call(real, 'POST', '/v2/locales', { siteId: site.id, locale: code })
      const active = site.locales.get(code)
      expect(response.status).toBe(active && !active.deleted ? 409 : 201)
      if (response.status === 201) site.locales.set(code, { id: data(response).id as string, deleted: false })
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...CODES)).map(([i, code]) =>
    withSite('deleteLocale', i, (site, _model, real) => {
      const locale = site.locales.get(code)
      if (!locale || locale.deleted) return
      expect(call(real, 'DELETE', `/v2/locales/${locale.id}`).status).toBe(204)
      locale.deleted = true
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...CODES)).map(([i, code]) =>
    withSite('restoreLocale', i, (site, _model, real) => {
      const locale = site.locales.get(code)
      if (!locale) return
      const response = call(real, 'POST', `/v2/locales/${locale.id}/restore`)
      expect(response.status).toBe(locale.deleted ? 200 : 409)
      locale.deleted = false
    }),
  ),
]

describe('the mock against a reference model', () => {
  it('agrees with the model after every step of random command sequences', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60 }), (sequence) => {
        const mock = createMock({ scenario: 'empty', seed: 9 })
        const workspace = mock.credentials().workspaces[0]!
        const real: Real = { mock, key: workspace.appApiKey, workspaceId: workspace.id }
        const model: Model = { sites: new Map(), siteOrder: [] }
        // Every sequence starts with one site, so commands on sites always have a target.
        createSite(0).run(model, real)
        fc.modelRun(() => ({ model, real }), sequence)
      }),
      { numRuns: 300, seed: 7 },
    )
  })
})
