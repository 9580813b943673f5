import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { KeyMask } from '../../src/proxy/mask.js'
import { startProxy, type RunningProxy } from '../../src/proxy/proxy-server.js'
import { Shadow } from '../../src/proxy/shadow.js'
import { listen } from '../../src/transports/node-server.js'
import { startIndependent, type Independent } from '../contract/independent/index.js'
import { DEFECTS, startDefective, type Defect, type Defective } from './defective-deployment.js'
import { mixedRun } from './mixed-run.js'
import { send } from './support.js'

type Json = Record<string, unknown>

/** A sitemock process's equal, in this process: two workspaces and no site, as the independent implementation starts. */
async function startSitemock(): Promise<Independent> {
  const workspace = (): { id: string; appApiKey: string } => ({ id: randomUUID(), appApiKey: `sk_${randomUUID().replaceAll('-', '')}` })
  const [own, other] = [workspace(), workspace()]
  const server = await listen(createMock({ scenario: { fixture: { version: 1, workspaces: [own, other] } } }), { port: 0, host: '127.0.0.1' })
  return { url: server.url, workspaceId: own.id, appKey: own.appApiKey, otherWorkspaceKey: other.appApiKey, close: () => server.close() }
}

/**
 * The shadow in front of a deployment the project did not write: the tests' independent
 * implementation (test/contract/independent), which chose otherwise than sitemock wherever the
 * contract leaves it free; and in front of sitemock itself. Over real HTTP: clients -> proxy ->
 * (defect ->) deployment.
 */
describe.each([
  ['an independent implementation', startIndependent],
  ['sitemock', startSitemock],
] as const)('sitemock proxy --shadow in front of %s', (_name, startDeployment) => {
  let server: Independent | undefined
  let defective: Defective | undefined
  let proxy: RunningProxy | undefined
  afterEach(async () => {
    await proxy?.close()
    await defective?.close()
    await server?.close()
    proxy = defective = server = undefined
  })

  /** The deployment, with `defect` in front of it when given, a shadowing proxy of its empty workspace, and a site made through the proxy. */
  const start = async (defect?: Defect, holdMs?: Parameters<typeof startDefective>[2]): Promise<{ proxy: RunningProxy; server: Independent; siteId: string }> => {
    server = await startDeployment()
    defective = defect === undefined && holdMs === undefined ? undefined : await startDefective(server.url, defect, holdMs)
    const deployment = defective?.url ?? server.url
    const mask = new KeyMask()
    const { shadow } = await Shadow.start({ baseUrl: deployment, apiKey: server.appKey, workspaceId: server.workspaceId }, mask)
    proxy = await startProxy({ to: deployment, port: 0, mask, shadow })
    // A site the snapshot did not see, made through the proxy, with locales, pages and routes for the clients to walk.
    const site = (await send(proxy.url, { method: 'POST', path: '/v2/sites', body: { workspaceId: server.workspaceId, name: 'Shared' } }, server.appKey)).json as Json
    const siteId = String(site.id)
    for (const locale of ['fr-FR', 'de-DE', 'it-IT']) await send(proxy.url, { method: 'POST', path: '/v2/locales', body: { siteId, locale } }, server.appKey)
    for (let i = 0; i < 8; i++) await send(proxy.url, { method: 'POST', path: '/v6/pages', body: { siteId, pathname: `/seed-${i}`, name: `Seed ${i}` } }, server.appKey)
    for (let i = 0; i < 5; i++) await send(proxy.url, { method: 'POST', path: '/v2/routes', body: { siteId, pathname: `/route-${i}` } }, server.appKey)
    return { proxy, server, siteId }
  }

  /** Four clients at once, each a mixed run of its own seed through the proxy: walks, reads, writes and errors. */
  const fourClients = async (proxy: RunningProxy, server: Independent, siteId: string): Promise<number> => {
    const runs = await Promise.all([1, 2, 3, 4].map((seed) => mixedRun({ proxy: proxy.url, appKey: server.appKey, workspaceId: server.workspaceId, siteId }, 45, seed)))
    return runs.reduce((sum, steps) => sum + steps.length, 0)
  }
  const findingsOf = (proxy: RunningProxy): Array<[string, string]> => proxy.findings.list().map((finding) => [finding.rule, finding.failure.message])

  it('learns what the snapshot could not see: a new site and its default locale, and a key of another workspace (403, not 401)', async () => {
    const { proxy, server } = await start()
    const created = await send(proxy.url, { method: 'POST', path: '/v2/sites', body: { workspaceId: server.workspaceId, name: 'After the snapshot' } }, server.appKey)
    expect(created.status).toBe(201)
    const siteId = String((created.json as Json).id)
    const locales = await send(proxy.url, { method: 'GET', path: `/v2/locales?siteId=${siteId}` }, server.appKey)
    expect((locales.json as { data: Json[] }).data.map((locale) => locale.locale)).toEqual([(created.json as Json).defaultLocale])
    // Walked one by one: the default locale's id, never in an answer before, is the cursor.
    const first = await send(proxy.url, { method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=1` }, server.appKey)
    const cursor = String((first.json as { data: Json[] }).data[0]!.id)
    expect((await send(proxy.url, { method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=1&startingAfter=${cursor}` }, server.appKey)).status).toBe(200)
    expect((await send(proxy.url, { method: 'GET', path: `/v2/sites/${siteId}` }, server.otherWorkspaceKey)).status).toBe(403)
    expect((await send(proxy.url, { method: 'GET', path: `/v2/locales?siteId=${siteId}` }, server.otherWorkspaceKey)).status).toBe(403)
    expect(findingsOf(proxy)).toEqual([])
  })

  it('finds nothing with four concurrent clients on a conforming deployment', async () => {
    const { proxy, server, siteId } = await start()
    expect(await fourClients(proxy, server, siteId)).toBeGreaterThan(250)
    expect(findingsOf(proxy)).toEqual([])
  }, 60_000)

  it('judges a read by either order of the writes it overlapped: answers that come back in another order than they ran', async () => {
    // The first read of a page and the first update of another come back 150 ms after the deployment answered them.
    const held = new Set<string>()
    const holdFirst = (method: string, path: string): number => {
      const slow = (method === 'GET' && path === '/v6/pages/' + readFirst) || (method === 'PATCH' && path === '/v6/pages/' + patchedFirst)
      if (!slow || held.has(method)) return 0
      held.add(method)
      return 150
    }
    let readFirst = ''
    let patchedFirst = ''
    const { proxy, server, siteId } = await start(undefined, holdFirst)
    const pages = (await send(proxy.url, { method: 'GET', path: `/v6/pages?siteId=${siteId}&limit=2` }, server.appKey)).json as { data: Json[] }
    readFirst = String(pages.data[0]!.id)
    patchedFirst = String(pages.data[1]!.id)
    const read = (id: string): Promise<unknown> => send(proxy.url, { method: 'GET', path: `/v6/pages/${id}` }, server.appKey)
    const patch = (id: string, title: string): Promise<unknown> => send(proxy.url, { method: 'PATCH', path: `/v6/pages/${id}`, body: { title } }, server.appKey)
    const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
    // The read runs first and answers last: the shadow has the update applied when the read's answer comes.
    await Promise.all([read(readFirst), pause(40).then(() => patch(readFirst, 'Renamed while read'))])
    // The update runs first and answers last: the read that followed it answers first, with the new title.
    await Promise.all([patch(patchedFirst, 'Renamed before read'), pause(40).then(() => read(patchedFirst))])
    expect(held).toEqual(new Set(['GET', 'PATCH']))
    expect(findingsOf(proxy)).toEqual([])
  })

  it.each(DEFECTS)('reports %s as one finding, with the count of exchanges that showed it', async (defect) => {
    const { proxy, server, siteId } = await start(defect)
    await fourClients(proxy, server, siteId)
    const found = proxy.findings.list()
    expect(found.map((finding) => [finding.rule, finding.failure.message, finding.seen]), defect).toHaveLength(1)
    expect(found[0]!.seen).toBeGreaterThanOrEqual(1)
  }, 60_000)
})
