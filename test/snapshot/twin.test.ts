import { afterEach, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Fixture } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { generateFixture } from '../../src/scenarios/generate.js'
import { takeSnapshot } from '../../src/snapshot/take-snapshot.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A deployment that chose otherwise than sitemock where the documents leave it free: its lists, and a new page's updatedAt. */
const CHOICES: Choices = { siteListOrder: 'newest-first', localeListOrder: 'code', routeListOrder: 'creation', updatedAtAtCreation: 'null' }

const SECOND_WORKSPACE = { id: '7d2f1c3e-5b7a-4c1d-9e2f-3a4b5c6d7e8f', appApiKey: 'sk_SecondWorkspaceKey0000000000' }

/** Three generated sites in two workspaces: the last one moved to the second. */
function twoWorkspaces(): Fixture {
  const fixture = generateFixture({ sites: 3, pages: 6, locales: 3, routes: 3, seed: 11 })
  fixture.workspaces.push(SECOND_WORKSPACE)
  fixture.sites!.at(-1)!.workspaceId = SECOND_WORKSPACE.id
  return fixture
}

async function start(fixture: Fixture): Promise<string> {
  const server = await listen(createMock({ scenario: { fixture }, choices: CHOICES }), { port: 0, host: '127.0.0.1' })
  servers.push(server)
  return server.url
}

type Call = (method: string, path: string, key: string, body?: unknown) => Promise<{ status: number; body: unknown }>
const callerOf =
  (url: string): Call =>
  async (method, path, key, body) => {
    const response = await fetch(url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() }
  }

/** What a client lists of a site: its locales, routes and pages (offline ones too) in both versions, in the order given. */
async function siteLists(call: Call, siteId: string, key: string): Promise<unknown> {
  const list = async (path: string): Promise<unknown> => {
    const answer = await call('GET', path, key)
    expect(answer.status, path).toBe(200)
    return answer.body
  }
  return {
    locales: await list(`/v2/locales?siteId=${siteId}&limit=100`),
    routes: await list(`/v2/routes?siteId=${siteId}&limit=100`),
    drafts: await list(`/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`),
    lives: await list(`/v6/pages?siteId=${siteId}&includeOffline=true&versionRef=ref:live&limit=100`),
  }
}

interface Deployment {
  fixture: Fixture
  url: string
  source: Call
  /** The site the history below happened in, the page never changed, and the locale deleted (as the deployment showed it before). */
  site: string
  pageId: string
  deleted: { id: string }
}

/**
 * The deployment's own history: a site created last (listed first, newest-first), a route that
 * sorts first but was created last, a page never changed (updatedAt null), a locale deleted that
 * the deployment still answers when asked for by its code (its list leaves it out).
 */
async function deployment(): Promise<Deployment> {
  const fixture = twoWorkspaces()
  const { id: workspaceId, appApiKey: key } = fixture.workspaces[0]!
  const url = await start(fixture)
  const source = callerOf(url)
  const site = fixture.sites![0]!.id
  expect((await source('POST', '/v2/sites', key, { workspaceId, name: 'Created last' })).status).toBe(201)
  expect((await source('POST', '/v2/routes', key, { siteId: site, pathname: '/aaa-created-last' })).status).toBe(201)
  const page = await source('POST', '/v6/pages', key, { siteId: site, pathname: '/never-changed', name: 'Never changed' })
  expect(page.body).toMatchObject({ updatedAt: null })
  const code = fixture.locales!.find((locale) => locale.siteId === site && !locale.isDefault)!.locale
  const shown = await source('GET', `/v2/locales/${code}?siteId=${site}`, key)
  expect((await source('DELETE', `/v2/locales/${code}?siteId=${site}`, key)).status).toBe(204)
  await fetch(`${url}/__mock/overrides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ match: { method: 'GET', path: `/v2/locales/${code}` }, response: { status: 200, body: shown.body } }),
  })
  return { fixture, url, source, site, pageId: (page.body as { id: string }).id, deleted: shown.body as { id: string } }
}

/** The first workspace snapshotted (with its real Site keys, so site answers compare whole) and served with the deployment's choices. */
async function firstWorkspaceCopy(target: Deployment): Promise<{ copy: Call; key: string }> {
  const { id, appApiKey } = target.fixture.workspaces[0]!
  const snapshot = await takeSnapshot({ baseUrl: target.url, apiKey: appApiKey, workspaceId: id, keepSiteKeys: true, choices: CHOICES })
  return { copy: callerOf(await start(snapshot.fixture)), key: snapshot.keys.appKey }
}

describe("a snapshot served with the deployment's choices answers as the deployment", () => {
  it('copies every workspace the keys reach in one run', async () => {
    const target = await deployment()
    const [first, second] = target.fixture.workspaces
    const snapshot = await takeSnapshot({
      baseUrl: target.url,
      apiKey: first!.appApiKey,
      workspaceId: first!.id,
      moreSources: [{ apiKey: second!.appApiKey, workspaceId: second!.id }],
      keepSiteKeys: true,
      choices: CHOICES,
    })
    expect(snapshot.fixture.workspaces.map((workspace) => workspace.id)).toEqual([first!.id, second!.id])
    const copy = callerOf(await start(snapshot.fixture))
    for (const workspace of [first!, second!]) {
      const copyKey = snapshot.keys.appKeys[workspace.id]!
      const sites = await target.source('GET', `/v2/sites?workspaceId=${workspace.id}&limit=100`, workspace.appApiKey)
      expect((sites.body as { data: unknown[] }).data.length).toBeGreaterThan(0)
      expect(await copy('GET', `/v2/sites?workspaceId=${workspace.id}&limit=100`, copyKey)).toEqual(sites)
      for (const { id } of (sites.body as { data: Array<{ id: string }> }).data) {
        expect(await siteLists(copy, id, copyKey), `site ${id}`).toEqual(await siteLists(target.source, id, workspace.appApiKey))
      }
    }
  })

  it("lists sites, locales, routes and pages in the deployment's order, null updatedAt kept", async () => {
    const target = await deployment()
    const { id: workspaceId, appApiKey } = target.fixture.workspaces[0]!
    const { copy, key } = await firstWorkspaceCopy(target)
    const sites = await target.source('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`, appApiKey)
    expect((sites.body as { data: Array<{ name: string }> }).data[0]!.name).toBe('Created last')
    expect(await copy('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`, key)).toEqual(sites)
    expect(await siteLists(copy, target.site, key)).toEqual(await siteLists(target.source, target.site, appApiKey))
    expect((await copy('GET', `/v6/pages/${target.pageId}`, key)).body).toMatchObject({ updatedAt: null })
  })

  it('keeps a deleted locale the deployment shows by its code, restorable under its own id', async () => {
    const target = await deployment()
    const { appApiKey } = target.fixture.workspaces[0]!
    const { copy, key } = await firstWorkspaceCopy(target)
    const restored = await target.source('POST', `/v2/locales/${target.deleted.id}/restore`, appApiKey)
    expect(restored.status).toBe(200)
    expect(await copy('POST', `/v2/locales/${target.deleted.id}/restore`, key)).toEqual(restored)
    expect(await siteLists(copy, target.site, key)).toEqual(await siteLists(target.source, target.site, appApiKey))
  })
})
