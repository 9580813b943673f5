import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { answer } from './api.js'
import type { Choices } from './choices.js'
import type { Answer, Request } from './http.js'
import { Store } from './store.js'

/** The permissive implementation, served on an ephemeral port of 127.0.0.1. */
export interface Permissive {
  url: string
  appKey: string
  workspaceId: string
  otherWorkspaceKey: string
  /**
   * The Site key of a site it starts with, where Site keys are apart from the sites' publicApiKey
   * (publicApiKeyAsSiteKey: not-a-key, forbidden, live-pages, published-pages, online-pages, single-resources, pages, site-and-pages, configuration, reads): the suite can then learn no Site key from a site it makes.
   */
  siteApiKey?: string
  /** The whole API as one function, for tests that wrap it (defects, recordings). */
  handle(request: Request): Answer
  close(): Promise<void>
}

export type Handle = (request: Request) => Answer

/**
 * Starts it. `wrap` puts something between the server and the API (a defect, a recorder); the
 * store is the implementation's own, reachable only through `handle`. `choices` takes other
 * alternatives where the documents leave the answer free (choices.ts); without, its own (CHOICES.md).
 */
export async function startPermissive(options: { wrap?: (inner: Handle, workspaces: Array<{ id: string; appApiKey: string }>) => Handle; choices?: Choices } = {}): Promise<Permissive> {
  const store = new Store(options.choices)
  const inner: Handle = (request) => answer(store, request)
  const handle = options.wrap ? options.wrap(inner, store.workspaces.map((workspace) => ({ id: workspace.id, appApiKey: workspace.appKey }))) : inner
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = req.url ?? '/'
      const q = url.indexOf('?')
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value
      const text = Buffer.concat(chunks).toString('utf8')
      let reply: Answer
      try {
        reply = handle({ method: req.method ?? 'GET', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1), headers, body: text.length > 0 ? text : undefined })
      } catch (error) {
        reply = { status: 500, headers: {}, body: { object: 'error', code: 'internal_error', message: error instanceof Error ? error.message : String(error) } }
      }
      const payload = reply.body === undefined ? undefined : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
      res.writeHead(reply.status, { ...(payload === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...reply.headers })
      res.end(payload)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const [own, other] = store.workspaces
  const siteApiKey = store.keysApart ? startingSiteKey(store, own!) : undefined
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    appKey: own!.appKey,
    workspaceId: own!.id,
    otherWorkspaceKey: other!.appKey,
    ...(siteApiKey === undefined ? {} : { siteApiKey }),
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Makes the site the implementation starts with, through its own API, and gives its Site key. */
function startingSiteKey(store: Store, workspace: { id: string; appKey: string }): string {
  const made = answer(store, { method: 'POST', path: '/v2/sites', query: '', headers: { 'x-api-key': workspace.appKey, 'content-type': 'application/json' }, body: JSON.stringify({ workspaceId: workspace.id, name: 'Starting site' }) })
  const id = (made.body as { id?: unknown } | undefined)?.id
  const site = typeof id === 'string' ? store.sites.get(id) : undefined
  if (site === undefined) throw new Error(`the starting site could not be made: ${made.status} ${JSON.stringify(made.body)}`)
  // A site in use, as the one a user's Site key is of: a page and a route beside its locale.
  const send = (path: string, body: object) => answer(store, { method: 'POST', path, query: '', headers: { 'x-api-key': workspace.appKey, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  for (const [path, body] of [['/v6/pages', { siteId: site.id, pathname: '/', name: 'Home' }], ['/v2/routes', { siteId: site.id, pathname: '/feed' }]] as const) {
    const done = send(path, body)
    // Routes served elsewhere (routeOperations elsewhere) leave the site without one.
    if (done.status >= 300 && !(path === '/v2/routes' && done.status === 404)) throw new Error(`the starting site's ${path} could not be made: ${done.status} ${JSON.stringify(done.body)}`)
  }
  return site.siteKey
}
