import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { startPermissive, type Permissive } from './permissive/index.js'

/**
 * Over HTTP: the permissive implementation (the twin, with drawn choices) at publicApiKeyAsSiteKey
 * `published-pages`, as the mock follows it (test/choices/public-key-published-pages.test.ts): a
 * site's publicApiKey reads its site's pages as published, without versionRef or with ref:live,
 * and is a 403 on ref:draft and on everything else.
 */
let running: Permissive[] = []
afterEach(async () => {
  await Promise.all(running.map((server) => server.close()))
  running = []
})

type Call = (method: string, path: string, body?: unknown, key?: string) => Promise<{ status: number; body: Record<string, unknown> }>

async function start(): Promise<{ server: Permissive; call: Call }> {
  const server = await startPermissive({ choices: { publicApiKeyAsSiteKey: 'published-pages', pagePublishing: 'going-online', liveVersion: 'snapshot' } })
  running.push(server)
  const call: Call = async (method, path, body, key = server.appKey) => {
    const response = await fetch(server.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>) }
  }
  return { server, call }
}

const pathnames = (answer: { body: Record<string, unknown> }): unknown[] => ((answer.body.data ?? []) as Array<Record<string, unknown>>).map((page) => page.pathname)

describe('the permissive implementation at publicApiKeyAsSiteKey published-pages', () => {
  it("reads the site's pages as published to its publicApiKey, and refuses it the drafts and the rest", async () => {
    const { server, call } = await start()
    const site = (await call('POST', '/v2/sites', { workspaceId: server.workspaceId, name: `Site ${randomUUID().slice(0, 8)}` })).body
    const key = String(site.publicApiKey)
    const published = (await call('POST', '/v6/pages', { siteId: site.id, pathname: '/about', name: 'About' })).body
    // Going online publishes it (pagePublishing going-online), from offline whatever a new page is.
    expect((await call('PATCH', `/v6/pages/${String(published.id)}`, { isOnline: false })).status).toBe(200)
    expect((await call('PATCH', `/v6/pages/${String(published.id)}`, { isOnline: true })).status).toBe(200)
    expect((await call('PATCH', `/v6/pages/${String(published.id)}`, { pathname: '/about-draft' })).status).toBe(200)
    const never = (await call('POST', '/v6/pages', { siteId: site.id, pathname: '/draft', name: 'Draft' })).body
    expect(pathnames(await call('GET', `/v6/pages?siteId=${String(site.id)}&includeOffline=true`))).toEqual(['/about-draft', '/draft'])
    expect(pathnames(await call('GET', `/v6/pages?siteId=${String(site.id)}&includeOffline=true`, undefined, key))).toEqual(['/about'])
    expect(pathnames(await call('GET', `/v6/pages?siteId=${String(site.id)}&versionRef=ref:live&includeOffline=true`, undefined, key))).toEqual(['/about'])
    expect(pathnames(await call('GET', `/v2/sites/${String(site.id)}/pages?includeOffline=true`, undefined, key))).toEqual(['/about'])
    expect(await call('GET', `/v6/pages/${String(published.id)}`, undefined, key)).toMatchObject({ status: 200, body: { pathname: '/about' } })
    expect((await call('GET', `/v6/pages/${String(never.id)}`, undefined, key)).status).toBe(404)
    const refused = [
      await call('GET', `/v6/pages?siteId=${String(site.id)}&versionRef=ref:draft`, undefined, key),
      await call('GET', `/v6/pages/${String(published.id)}?versionRef=ref:draft`, undefined, key),
      await call('GET', `/v2/sites/${String(site.id)}`, undefined, key),
      await call('GET', `/v2/locales?siteId=${String(site.id)}`, undefined, key),
      await call('POST', '/v6/pages', { siteId: site.id, pathname: '/new', name: 'New' }, key),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403])
  })
})
