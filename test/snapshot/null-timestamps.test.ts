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

interface Served {
  url: string
  key: string
  workspaceId: string
}

async function serve(fixture: Fixture, choices?: Choices): Promise<Served> {
  const server = await listen(createMock({ scenario: { fixture }, ...(choices ? { choices } : {}) }), { port: 0, host: '127.0.0.1' })
  servers.push(server)
  const { id, appApiKey } = fixture.workspaces[0]!
  return { url: server.url, key: appApiKey, workspaceId: id }
}

interface PageTimes {
  id: string
  createdAt: string | null
  updatedAt: string | null
}

async function call(target: Served, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(target.url + path, {
    method,
    headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: await response.json() }
}

/** Each page's timestamps as one version of the site's page list shows them. */
async function listedTimes(target: Served, siteId: string, versionRef: 'ref:draft' | 'ref:live'): Promise<PageTimes[]> {
  const answer = await call(target, 'GET', `/v6/pages?siteId=${siteId}&includeOffline=true&versionRef=${versionRef}&limit=100`)
  expect(answer.status).toBe(200)
  return (answer.body as { data: PageTimes[] }).data.map(({ id, createdAt, updatedAt }) => ({ id, createdAt, updatedAt }))
}

/** The deployment snapshotted without its choices, and the copy served by a mock with sitemock's own. */
async function copyOf(deployment: Served): Promise<{ copy: Served; fixture: Fixture }> {
  const { fixture, keys } = await takeSnapshot({ baseUrl: deployment.url, apiKey: deployment.key, workspaceId: deployment.workspaceId })
  const copy = await serve(fixture)
  return { copy: { ...copy, key: keys.appKey }, fixture }
}

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe('a snapshot keeps the timestamps a deployment answers as null', () => {
  it("keeps a null updatedAt, which the copy answers as null until the page is updated", async () => {
    // A deployment whose pages have no updatedAt until their first change (updatedAtAtCreation: null).
    const deployment = await serve(generateFixture({ sites: 1, pages: 6, locales: 2, routes: 1, seed: 7 }), { updatedAtAtCreation: 'null' })
    const siteId = ((await call(deployment, 'GET', `/v2/sites?workspaceId=${deployment.workspaceId}`)).body as { data: Array<{ id: string }> }).data[0]!.id
    const created = await call(deployment, 'POST', '/v6/pages', { siteId, pathname: '/never-changed', name: 'Never changed' })
    expect(created.body).toMatchObject({ updatedAt: null })
    const edited = (await listedTimes(deployment, siteId, 'ref:draft'))[0]!.id
    expect((await call(deployment, 'PATCH', `/v6/pages/${edited}`, { title: 'Edited' })).body).toMatchObject({ updatedAt: expect.stringMatching(DATE_TIME) })
    const [drafts, lives] = [await listedTimes(deployment, siteId, 'ref:draft'), await listedTimes(deployment, siteId, 'ref:live')]
    // Both kinds in both versions, so the copy must keep each as it is.
    expect(drafts.some((page) => page.updatedAt === null) && drafts.some((page) => page.updatedAt !== null)).toBe(true)
    expect(lives.some((page) => page.updatedAt === null)).toBe(true)

    const { copy, fixture } = await copyOf(deployment)
    const newPage = (created.body as { id: string }).id
    expect(fixture.pages!.find((page) => page.id === newPage)!.draft.updatedAt).toBeNull()
    expect(await listedTimes(copy, siteId, 'ref:draft')).toEqual(drafts)
    expect(await listedTimes(copy, siteId, 'ref:live')).toEqual(lives)
    expect((await call(copy, 'GET', `/v6/pages/${newPage}`)).body).toMatchObject({ updatedAt: null })

    const updated = await call(copy, 'PATCH', `/v6/pages/${newPage}`, { title: 'Changed' })
    expect(updated.status).toBe(200)
    const { createdAt, updatedAt } = updated.body as PageTimes
    expect(updatedAt).toMatch(DATE_TIME)
    expect(updatedAt! > createdAt!).toBe(true)
    expect((await call(copy, 'GET', `/v6/pages/${newPage}`)).body).toMatchObject({ updatedAt })
  })

  it('keeps a null createdAt, and an update gives the page an updatedAt but no createdAt', async () => {
    const fixture = generateFixture({ sites: 1, pages: 2, locales: 1, routes: 0, seed: 3 })
    // A deployment that shows no creation time for its first page (both documents let createdAt be null).
    const undated = fixture.pages![0]!
    undated.createdAt = null
    delete undated.draft.updatedAt
    const deployment = await serve(fixture)
    expect((await call(deployment, 'GET', `/v6/pages/${undated.id}`)).body).toMatchObject({ createdAt: null, updatedAt: null })

    const { copy, fixture: snapshot } = await copyOf(deployment)
    expect(snapshot.pages!.find((page) => page.id === undated.id)).toMatchObject({ createdAt: null, draft: { updatedAt: null } })
    expect(await listedTimes(copy, undated.siteId, 'ref:draft')).toEqual(await listedTimes(deployment, undated.siteId, 'ref:draft'))

    const updated = await call(copy, 'PATCH', `/v6/pages/${undated.id}`, { title: 'Changed' })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ createdAt: null, updatedAt: expect.stringMatching(DATE_TIME) })
  })
})
