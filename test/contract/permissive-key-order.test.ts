import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { publishableKeyOrderCases } from '../choices/key-order-cases.js'
import { startPermissive, type Permissive } from './permissive/index.js'
import type { Choices } from './permissive/choices.js'

/**
 * Over HTTP: the permissive implementation (what the twin is, with drawn choices) refuses a key
 * that may not reach what it asks (a site's publicApiKey where it is no Site key, another site's
 * Site key, a Site key on an App-only operation) where accessOrder, validationOrder and
 * createBodyOrder put access, as the mock does (test/choices/key-error-order.test.ts): a twin is
 * then a deployment that makes these choices consistently.
 */
let running: Permissive[] = []
afterEach(async () => {
  await Promise.all(running.map((server) => server.close()))
  running = []
})

/** The choices the mock's tests leave at sitemock's, given here since the permissive's own differ. */
const MOCK_DEFAULTS: Choices = { validationOrder: 'params-access-body', accessOrder: 'permission-first', createBodyOrder: 'validation-order', pagePathnameForm: 'slash-first', limitZero: 'refused' }

interface Served {
  server: Permissive
  call(method: string, path: string, body: unknown, key?: string): Promise<{ status: number; body: Record<string, unknown> }>
}

async function start(choices: Choices): Promise<Served> {
  const server = await startPermissive({ choices: { ...MOCK_DEFAULTS, ...choices } })
  running.push(server)
  const call: Served['call'] = async (method, path, body, key = server.appKey) => {
    const response = await fetch(server.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>) }
  }
  return { server, call }
}

/** A new site with one page `/here`, and its publicApiKey. */
async function siteWithPage({ server, call }: Served): Promise<{ id: string; pageId: string; publicKey: string }> {
  const site = (await call('POST', '/v2/sites', { workspaceId: server.workspaceId, name: `Site ${randomUUID().slice(0, 8)}` })).body
  const page = await call('POST', '/v6/pages', { siteId: site.id, pathname: '/here', name: 'here' })
  expect(page.status).toBe(201)
  return { id: String(site.id), pageId: String(page.body.id), publicKey: String(site.publicApiKey) }
}

/** The site the permissive starts with, whose Site key it gives (Site keys are apart from the publicApiKey here). */
async function startingSite({ server, call }: Served): Promise<{ id: string; siteKey: string }> {
  const list = await call('GET', `/v2/sites?workspaceId=${server.workspaceId}`, undefined)
  const site = (list.body.data as Array<Record<string, unknown>>).find((listed) => listed.name === 'Starting site')!
  return { id: String(site.id), siteKey: server.siteApiKey! }
}

const statusOf = async (served: Served, method: string, path: string, body: unknown, key: string): Promise<number> => (await served.call(method, path, body, key)).status
const inPath = (pathname: string): string => encodeURIComponent(pathname)

describe('a publishable key (publicApiKeyAsSiteKey live-pages or forbidden) is refused where access is judged', () => {
  it('live-pages, accessOrder existence-first, createBodyOrder body-first: a 404 for what its site lacks and a 400 for a bad create body come first; a live read goes on', async () => {
    const served = await start({ publicApiKeyAsSiteKey: 'live-pages', accessOrder: 'existence-first', createBodyOrder: 'body-first' })
    const { id, pageId, publicKey } = await siteWithPage(served)
    expect(await statusOf(served, 'GET', `/v6/pages/${randomUUID()}`, undefined, publicKey)).toBe(404)
    expect(await statusOf(served, 'GET', `/v6/pages/${pageId}`, undefined, publicKey)).toBe(403)
    expect(await statusOf(served, 'POST', '/v6/pages', { siteId: id, pathname: 'no-slash', name: 'p' }, publicKey)).toBe(400)
    expect(await statusOf(served, 'POST', '/v6/pages', { siteId: id, pathname: '/fine', name: 'p' }, publicKey)).toBe(403)
    expect(await statusOf(served, 'GET', `/v6/pages?siteId=${id}&versionRef=ref:live`, undefined, publicKey)).toBe(200)
  })

  publishableKeyOrderCases({ start, siteWithPage, statusOf })
})

describe("another site's Site key under accessOrder", () => {
  it.each([
    ['existence-first', 404],
    ['permission-first', 403],
  ] as const)('%s: a page, route or locale named by a pathname or code its site lacks answers %i; one it has, 403', async (accessOrder, missing) => {
    const served = await start({ publicApiKeyAsSiteKey: 'live-pages', accessOrder })
    const own = await startingSite(served)
    const other = await siteWithPage(served)
    expect(await statusOf(served, 'PATCH', `/v6/pages/${inPath('/nowhere')}?siteId=${other.id}`, { name: 'n' }, own.siteKey)).toBe(missing)
    expect(await statusOf(served, 'GET', `/v2/routes/${inPath('/nowhere')}?siteId=${other.id}`, undefined, own.siteKey)).toBe(missing)
    expect(await statusOf(served, 'GET', `/v2/locales/xx-XX?siteId=${other.id}`, undefined, own.siteKey)).toBe(missing)
    expect(await statusOf(served, 'PATCH', `/v6/pages/${inPath('/here')}?siteId=${other.id}`, { name: 'n' }, own.siteKey)).toBe(403)
  })

  it.each([
    [{ validationOrder: 'access-first', accessOrder: 'existence-first' }, 403, 404],
    [{ validationOrder: 'access-first', accessOrder: 'permission-first' }, 403, 403],
    [{ validationOrder: 'params-access-body', accessOrder: 'existence-first' }, 400, 400],
  ] as [Choices, number, number][])('%o: a page read with an invalid versionRef answers %i for a page of that site, %i for one it lacks', async (choices, existing, missing) => {
    const served = await start({ publicApiKeyAsSiteKey: 'live-pages', ...choices })
    const own = await startingSite(served)
    const other = await siteWithPage(served)
    expect(await statusOf(served, 'GET', `/v6/pages/${inPath('/here')}?siteId=${other.id}&versionRef=ref:old`, undefined, own.siteKey)).toBe(existing)
    expect(await statusOf(served, 'GET', `/v6/pages/${inPath('/nowhere')}?siteId=${other.id}&versionRef=ref:old`, undefined, own.siteKey)).toBe(missing)
  })
})

describe('a Site key on an App-only operation', () => {
  it.each(['existence-first', 'permission-first'] as const)('accessOrder %s: deleting or duplicating a site that does not exist is a 403, before the site is looked for', async (accessOrder) => {
    const served = await start({ publicApiKeyAsSiteKey: 'live-pages', accessOrder })
    const own = await startingSite(served)
    expect(await statusOf(served, 'DELETE', `/v2/sites/${randomUUID()}`, undefined, own.siteKey)).toBe(403)
    expect(await statusOf(served, 'POST', `/v2/sites/${randomUUID()}/duplicate`, { name: 'copy' }, own.siteKey)).toBe(403)
    expect(await statusOf(served, 'DELETE', `/v2/sites/${own.id}`, undefined, own.siteKey)).toBe(403)
  })

  it.each([
    ['params-access-body', 403],
    ['input-first', 400],
    ['access-first', 403],
  ] as const)('validationOrder %s: duplicating its own site with an invalid body answers %i', async (validationOrder, status) => {
    const served = await start({ publicApiKeyAsSiteKey: 'live-pages', validationOrder })
    const own = await startingSite(served)
    expect(await statusOf(served, 'POST', `/v2/sites/${own.id}/duplicate`, { name: 5 }, own.siteKey)).toBe(status)
  })
})
