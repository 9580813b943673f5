import { expect } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import type { ChoicesServer } from './choices-server.js'

// The sites the tests of a publishable key read from (publicApiKeyAsSiteKey and the classes that
// follow it): pages online and offline, published or not, and the site's two keys.

/** A page of the site at the pathname, made online or offline; its id. */
export async function pageIn(server: ChoicesServer, siteId: string, pathname: string, isOnline: boolean): Promise<string> {
  const page = await server.call('POST', '/v6/pages', { siteId, pathname, name: pathname.slice(1) })
  expect(page.status).toBe(201)
  expect((await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { isOnline })).status).toBe(200)
  return String(page.body.id)
}

/** A page published while online (the control plane publishes the site), then taken offline in its draft; its id. */
export async function publishedThenOffline(server: ChoicesServer, siteId: string, pathname: string): Promise<string> {
  const id = await pageIn(server, siteId, pathname, true)
  expect((await fetch(`${server.url}/__mock/sites/${siteId}/publish`, { method: 'POST' })).status).toBe(200)
  expect((await server.call('PATCH', `/v6/pages/${id}`, { isOnline: false })).status).toBe(200)
  return id
}

/** The site's Site key, apart from its publicApiKey, as the mock's credentials give it. */
export async function siteApiKeyOf(server: ChoicesServer, siteId: string): Promise<string> {
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  return creds.sites.find((site) => site.id === siteId)!.siteApiKey
}

export interface RenderedSite {
  siteId: string
  /** Published at /about while online, offline in its draft since. */
  offlineDraftId: string
  /** Online, never published. */
  onlineId: string
  /** Offline, never published. */
  offlineId: string
  publicKey: string
  siteKey: string
}

/** A site with a page published online and taken offline since, one online never published, one offline, and its two keys. */
export async function renderedSite(server: ChoicesServer, name: string): Promise<RenderedSite> {
  const made = await server.site(name)
  const offlineDraftId = await publishedThenOffline(server, made.id, '/about')
  const onlineId = await pageIn(server, made.id, '/online', true)
  const offlineId = await pageIn(server, made.id, '/offline', false)
  return { siteId: made.id, offlineDraftId, onlineId, offlineId, publicKey: made.key, siteKey: await siteApiKeyOf(server, made.id) }
}

/** The pathnames of a list's pages, in its order. */
export const pathnames = (answer: { body: { data?: Array<Record<string, unknown>> } }): unknown[] => (answer.body.data ?? []).map((page) => page.pathname)

export interface FurnishedSite {
  siteId: string
  localeId: string
  localeCode: string
  /** Published at /about while online, offline in its draft since. */
  offlineDraftId: string
  /** Offline, never published. */
  offlineId: string
  routeId: string
  publicKey: string
  siteKey: string
}

/** A site with a page published and taken offline since, one offline never published, a route, its default locale, and its two keys. */
export async function furnishedSite(server: ChoicesServer, name: string): Promise<FurnishedSite> {
  const made = await server.site(name)
  const offlineDraftId = await publishedThenOffline(server, made.id, '/about')
  const offlineId = await pageIn(server, made.id, '/offline', false)
  const route = await server.call('POST', '/v2/routes', { siteId: made.id, pathname: '/shop/:item' })
  expect(route.status).toBe(201)
  const locale = (await server.call('GET', `/v2/locales?siteId=${made.id}`)).body.data![0]!
  return { siteId: made.id, localeId: String(locale.id), localeCode: String(locale.locale), offlineDraftId, offlineId, routeId: String(route.body.id), publicKey: made.key, siteKey: await siteApiKeyOf(server, made.id) }
}
