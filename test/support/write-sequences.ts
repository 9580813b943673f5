import fc from 'fast-check'
import type { Mock } from '../../src/mock.js'
import { exportState } from '../../src/scenarios/fixture.js'

/**
 * Random sequences of writes through the API, each aimed at what the state holds when it runs
 * (the n-th site, page, locale or route then), so most of them succeed and change something:
 * every kind of write the API has, with lists read in between so that views are built mid-way.
 */
export type Write =
  | { kind: 'createPage' | 'deletePage' | 'listPages' | 'createRoute' | 'renameRoute' | 'deleteRoute' | 'publish' | 'duplicateSite' | 'deleteSite' | 'updateSite' | 'createSite'; n: number; text: string }
  | { kind: 'updatePage'; n: number; text: string; field: 'title' | 'pathname' | 'isOnline' | 'description' }
  | { kind: 'createLocale' | 'renameLocale' | 'deleteLocale' | 'restoreLocale'; n: number; code: string }

const LOCALE_CODES = ['de-DE', 'fr-FR', 'es-ES', 'it-IT', 'en-US', 'nl-NL']

export const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('createPage', 'deletePage', 'listPages', 'createRoute', 'renameRoute', 'deleteRoute', 'publish', 'duplicateSite', 'deleteSite', 'updateSite', 'createSite'),
    n: fc.nat(1000),
    text: fc.stringMatching(/^[a-z]{1,6}$/),
  }),
  fc.record({ kind: fc.constant('updatePage'), n: fc.nat(1000), text: fc.stringMatching(/^[a-z]{1,6}$/), field: fc.constantFrom('title', 'pathname', 'isOnline', 'description') }),
  fc.record({ kind: fc.constantFrom('createLocale', 'renameLocale', 'deleteLocale', 'restoreLocale'), n: fc.nat(1000), code: fc.constantFrom(...LOCALE_CODES) }),
) as fc.Arbitrary<Write>

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  query?: string
  body?: unknown
  control?: boolean
}

const pick = <T>(items: readonly T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length])

/** The request a write makes against the state as it is now; undefined when there is nothing to aim it at. */
function callFor(mock: Mock, write: Write): Call | undefined {
  const store = mock.store
  const site = pick([...store.sites.values()], write.n)
  if (write.kind === 'createSite') return { method: 'POST', path: '/v2/sites', body: { workspaceId: pick([...store.workspaces.keys()], write.n), name: write.text } }
  if (!site) return undefined
  const pages = store.pages.ofSite(site.id).values()
  const page = pick(pages, write.n)
  const routes = store.routes.ofSite(site.id).values()
  const locales = [...store.locales.byId.values()].filter((locale) => locale.siteId === site.id)
  const siteQuery = `siteId=${site.id}`
  switch (write.kind) {
    case 'createPage':
      return { method: 'POST', path: '/v6/pages', body: { siteId: site.id, pathname: `/made/${write.text}-${write.n}`, name: write.text } }
    case 'updatePage': {
      if (!page) return undefined
      const value = write.field === 'isOnline' ? write.n % 2 === 0 : write.field === 'pathname' ? `/moved/${write.text}-${write.n}` : write.text
      return { method: 'PATCH', path: `/v6/pages/${page.id}`, body: { [write.field]: value } }
    }
    case 'deletePage':
      return page && { method: 'DELETE', path: `/v6/pages/${page.id}` }
    case 'listPages': {
      const sortBy = pick(['path', 'title', 'updatedAt', 'createdAt', 'description'], write.n)!
      return { method: 'GET', path: '/v6/pages', query: `${siteQuery}&sortBy=${sortBy}&includeOffline=${write.n % 2 === 0}&versionRef=${write.n % 3 === 0 ? 'ref:live' : 'ref:draft'}` }
    }
    case 'createRoute':
      return { method: 'POST', path: '/v2/routes', body: { siteId: site.id, pathname: `/r/${write.text}-${write.n}` } }
    case 'renameRoute': {
      const route = pick(routes, write.n)
      return route && { method: 'PATCH', path: `/v2/routes/${route.id}`, query: siteQuery, body: { pathname: `/r2/${write.text}-${write.n}` } }
    }
    case 'deleteRoute': {
      const route = pick(routes, write.n)
      return route && { method: 'DELETE', path: `/v2/routes/${route.id}`, query: siteQuery }
    }
    case 'publish':
      return { method: 'POST', path: `/__mock/sites/${site.id}/publish`, control: true }
    case 'duplicateSite':
      return { method: 'POST', path: `/v2/sites/${site.id}/duplicate`, body: { name: `${site.name} copy` } }
    case 'deleteSite':
      return { method: 'DELETE', path: `/v2/sites/${site.id}` }
    case 'updateSite':
      return { method: 'PATCH', path: `/v2/sites/${site.id}`, body: write.n % 2 === 0 ? { name: write.text } : { hostOrigin: `https://${write.text}.test` } }
    case 'createLocale':
      return { method: 'POST', path: '/v2/locales', body: { siteId: site.id, locale: write.code } }
    case 'renameLocale': {
      const locale = pick(locales.filter((l) => l.deletedAt === null), write.n)
      return locale && { method: 'PATCH', path: `/v2/locales/${locale.id}`, query: siteQuery, body: { locale: write.code } }
    }
    case 'deleteLocale': {
      const locale = pick(locales.filter((l) => l.deletedAt === null), write.n)
      return locale && { method: 'DELETE', path: `/v2/locales/${locale.id}`, query: siteQuery }
    }
    case 'restoreLocale': {
      const locale = pick(locales.filter((l) => l.deletedAt !== null), write.n)
      return locale && { method: 'POST', path: `/v2/locales/${locale.id}/restore`, query: siteQuery }
    }
  }
}

/** Runs the writes through mock.handle with the workspace's App API key; returns how many succeeded. */
export function runWrites(mock: Mock, writes: Write[]): number {
  let succeeded = 0
  for (const write of writes) {
    const call = callFor(mock, write)
    if (!call) continue
    const site = [...mock.store.sites.values()][write.n % Math.max(1, mock.store.sites.size)]
    const workspaceId = site?.workspaceId ?? [...mock.store.workspaces.keys()][0]!
    const key = mock.store.workspaces.get(workspaceId)!.appApiKey
    const response = mock.handle({
      method: call.method,
      path: call.path,
      query: call.query ?? '',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    })
    if (response.status >= 500) throw new Error(`${call.method} ${call.path} answered ${response.status}`)
    if (response.status < 300 && call.method !== 'GET') succeeded++
  }
  return succeeded
}

/**
 * What a client can see of the state: the export, and the answers of the lists (each site's
 * pages in every order, version and filter, its locales and routes, the sites of each
 * workspace), then the next ids and instants a create makes.
 */
export function observe(mock: Mock): unknown {
  const store = mock.store
  const answers: unknown[] = [exportState(store), mock.credentials()]
  const get = (path: string, query: string, key: string): void => {
    const response = mock.handle({ method: 'GET', path, query, headers: { 'x-api-key': key }, body: undefined })
    answers.push({ path, query, status: response.status, body: response.body })
  }
  for (const workspace of store.workspaces.values()) get('/v2/sites', `workspaceId=${workspace.id}&limit=100`, workspace.appApiKey)
  for (const site of store.sites.values()) {
    const key = store.workspaces.get(site.workspaceId)!.appApiKey
    for (const sortBy of ['path', 'title', 'updatedAt', 'createdAt', 'description']) {
      for (const versionRef of ['ref:draft', 'ref:live']) {
        get('/v6/pages', `siteId=${site.id}&limit=100&sortBy=${sortBy}&versionRef=${versionRef}&includeOffline=true`, key)
        get('/v6/pages', `siteId=${site.id}&limit=100&sortBy=${sortBy}&versionRef=${versionRef}&sortDirection=desc`, key)
      }
    }
    get('/v6/pages', `siteId=${site.id}&limit=100&locale=${site.defaultLocale}`, key)
    get('/v2/locales', `siteId=${site.id}&limit=100`, key)
    get('/v2/routes', `siteId=${site.id}&limit=100`, key)
  }
  const workspace = [...store.workspaces.values()][0]!
  const created = mock.handle({
    method: 'POST',
    path: '/v2/sites',
    query: '',
    headers: { 'x-api-key': workspace.appApiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: workspace.id, name: 'Observer' }),
  })
  answers.push(created.body)
  return answers
}
