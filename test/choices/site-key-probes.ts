import { probeChoices } from '../../src/contract/choices-probe.js'
import type { ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import type { ChoicesServer } from './choices-server.js'

/** A site of the user's (not the run's) with a page and, unless left out, a route; its Site key as the credentials list it. */
export async function usersSite(server: ChoicesServer, withRoute = true): Promise<{ id: string; key: string; pageId: string; routeId?: string }> {
  const { id } = await server.site('the user site')
  const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/home', name: 'Home' })
  const route = withRoute ? await server.call('POST', '/v2/routes', { siteId: id, pathname: '/shop' }) : undefined
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const key = creds.sites.find((site) => site.id === id)!.siteApiKey
  return { id, key, pageId: String(page.body.id), ...(route === undefined ? {} : { routeId: String(route.body.id) }) }
}

/** Everything of a site as its App key reads it: what a probe must not change. */
export async function contentsOf(server: ChoicesServer, siteId: string): Promise<unknown[]> {
  const paths = [`/v2/sites/${siteId}`, `/v6/pages?siteId=${siteId}&includeOffline=true`, `/v2/routes?siteId=${siteId}`, `/v2/locales?siteId=${siteId}`]
  return Promise.all(paths.map(async (path) => (await server.call('GET', path)).body))
}

/** The probes of --write-choices against the served mock, with --site-api-key where given. */
export async function probe(server: ChoicesServer, tag: string, siteApiKey?: string): Promise<ChoicesFile> {
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const workspace = creds.workspaces[0]!
  return probeChoices({ baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag, ...(siteApiKey === undefined ? {} : { siteApiKey }) })
}
