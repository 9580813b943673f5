import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { startPermissive, type Choices as PermissiveChoices } from '../contract/permissive/index.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: a deployment that refuses a key for what its kind may never do once the request's
 * input is judged valid, before any lookup (choice keyKindOrder after-input): a malformed path,
 * query or body is its 400 first, and a valid request is the 403 even where its target is missing,
 * where `with-access` may answer the body's 400 after the 403, or the target's 404 before it.
 */
const start = servedPerTest()

/** A site with a page: its id, the page's, its publicApiKey, and its Site key as the credentials list it. */
async function keyedSite(server: ChoicesServer): Promise<{ id: string; pageId: string; publicKey: string; siteKey: string }> {
  const made = await server.site()
  const page = await server.call('POST', '/v6/pages', { siteId: made.id, pathname: '/kept', name: 'Kept' })
  expect(page.status).toBe(201)
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  return { id: made.id, pageId: String(page.body.id), publicKey: made.key, siteKey: creds.sites.find((site) => site.id === made.id)!.siteApiKey }
}

/** The status and error code of a request, as its envelope gives them. */
async function answered(server: ChoicesServer, method: string, path: string, body: unknown, key: string): Promise<string> {
  const answer = await server.call(method, path, body, key)
  return `${answer.status} ${String(answer.body.code)}`
}

const FORBIDDEN = '403 forbidden'
const INVALID = '400 bad_request'
const MISSING = '404 not_found'

/** A request as sent: its method, path and body, for a site and its page. */
type Request = (site: { id: string; pageId: string }) => readonly [method: string, path: string, body: unknown]

describe('a publishable key (publicApiKeyAsSiteKey forbidden)', () => {
  it.each([
    ['a malformed id in the path', {}, INVALID, INVALID, (): ReturnType<Request> => ['GET', '/v2/sites/not-a-uuid', undefined]],
    ['an invalid query', {}, INVALID, INVALID, ({ id }: { id: string }): ReturnType<Request> => ['GET', `/v6/pages?siteId=${id}&limit=0`, undefined]],
    ['an invalid body of an update, judged after access', {}, FORBIDDEN, INVALID, ({ pageId }: { pageId: string }): ReturnType<Request> => ['PATCH', `/v6/pages/${pageId}`, { name: 12 }]],
    ['a malformed id, access judged first', { validationOrder: 'access-first' }, FORBIDDEN, INVALID, (): ReturnType<Request> => ['GET', '/v2/sites/not-a-uuid', undefined]],
    ['a page that does not exist, where existence wins', { accessOrder: 'existence-first' }, MISSING, FORBIDDEN, (): ReturnType<Request> => ['PATCH', `/v6/pages/${randomUUID()}`, { isOnline: true }]],
    ['a locale that does not exist, where existence wins', { accessOrder: 'existence-first' }, MISSING, FORBIDDEN, (): ReturnType<Request> => ['DELETE', `/v2/locales/${randomUUID()}`, undefined]],
    ['a page create for a site that does not exist, its body judged first where existence wins', { createBodyOrder: 'body-first', accessOrder: 'existence-first' }, MISSING, FORBIDDEN, (): ReturnType<Request> => ['POST', '/v6/pages', { siteId: randomUUID(), pathname: '/new', name: 'New' }]],
    ['a page create without its pathname, its body judged first', { createBodyOrder: 'body-first' }, INVALID, INVALID, ({ id }: { id: string }): ReturnType<Request> => ['POST', '/v6/pages', { siteId: id, name: 'New' }]],
    ['the whole input first, a page that does not exist where existence wins', { validationOrder: 'input-first', accessOrder: 'existence-first' }, MISSING, FORBIDDEN, (): ReturnType<Request> => ['PATCH', `/v6/pages/${randomUUID()}`, { isOnline: true }]],
  ] as const)('%s (%o): %s with access, %s once the input is judged', async (_what, orders, withAccess, afterInput, request) => {
    for (const [keyKindOrder, expected] of [['with-access', withAccess], ['after-input', afterInput]] as const) {
      const server = await start({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder, ...orders } as Choices)
      const site = await keyedSite(server)
      const [method, path, body] = request(site)
      expect(await answered(server, method, path, body, site.publicKey), keyKindOrder).toBe(expected)
      await server.close()
    }
  })

  it('refuses a valid write and changes nothing, saying why', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder: 'after-input' })
    const { pageId, publicKey } = await keyedSite(server)
    const refused = await server.call('PATCH', `/v6/pages/${pageId}`, { title: 'Changed' }, publicKey)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ object: 'error', code: 'forbidden', message: expect.stringContaining('publishable key') })
    expect((await server.call('GET', `/v6/pages/${pageId}`)).body.title).toBeNull()
  })

  it('at published-pages, still reads the pages it reads, looks them up, and judges their query', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'published-pages', keyKindOrder: 'after-input', accessOrder: 'existence-first' })
    const { id, publicKey } = await keyedSite(server)
    expect(await answered(server, 'GET', `/v6/pages?siteId=${id}`, undefined, publicKey)).toBe('200 undefined')
    expect(await answered(server, 'GET', `/v6/pages?siteId=${id}&limit=0`, undefined, publicKey)).toBe(INVALID)
    expect(await answered(server, 'GET', `/v6/pages/${randomUUID()}?siteId=${id}`, undefined, publicKey)).toBe(MISSING)
    // Its writes are refused for its kind: a locale of a site that does not exist too.
    expect(await answered(server, 'POST', '/v2/locales', { siteId: randomUUID(), locale: 'de-DE' }, publicKey)).toBe(FORBIDDEN)
    expect(await answered(server, 'POST', '/v2/locales', { siteId: id, locale: 12 }, publicKey)).toBe(INVALID)
  })
})

describe('a Site key on an operation for App keys alone', () => {
  it.each([
    ['params-access-body', 'a site delete by a malformed id', INVALID, 'DELETE', () => '/v2/sites/not-a-uuid', undefined],
    ['access-first', 'a site delete by a malformed id', INVALID, 'DELETE', () => '/v2/sites/not-a-uuid', undefined],
    ['params-access-body', 'its site duplicated with a name of the wrong type', INVALID, 'POST', (id: string) => `/v2/sites/${id}/duplicate`, { name: 12 }],
    ['access-first', 'its site duplicated', FORBIDDEN, 'POST', (id: string) => `/v2/sites/${id}/duplicate`, { name: 'Copy' }],
    ['params-access-body', 'a delete of a site that does not exist, where existence wins', FORBIDDEN, 'DELETE', () => `/v2/sites/${randomUUID()}`, undefined],
  ] as const)('validationOrder %s, %s: %s', async (validationOrder, _what, expected, method, path, body) => {
    const server = await start({ validationOrder, keyKindOrder: 'after-input', accessOrder: 'existence-first' })
    const { id, siteKey } = await keyedSite(server)
    expect(await answered(server, method, path(id), body, siteKey)).toBe(expected)
    // Nothing was duplicated.
    expect((await server.call('GET', `/v2/sites?workspaceId=${server.workspaceId}`)).body.data?.filter((site) => site.name === 'Copy')).toEqual([])
  })
})

describe("a deleted site's key (deletedSiteKey 403) and a Site key's refused route writes (siteKeyWrites routes-refused)", () => {
  it("answers a deleted site's key the path's 400, then the 403 where the target is missing", async () => {
    const server = await start({ deletedSiteKey: '403', keyKindOrder: 'after-input', accessOrder: 'existence-first' })
    const { id, siteKey } = await keyedSite(server)
    expect((await server.call('DELETE', `/v2/sites/${id}`)).status).toBe(204)
    expect(await answered(server, 'GET', '/v2/sites/not-a-uuid', undefined, siteKey)).toBe(INVALID)
    expect(await answered(server, 'GET', `/v2/sites/${randomUUID()}`, undefined, siteKey)).toBe(FORBIDDEN)
  })

  it.each([
    ['with-access', INVALID, MISSING],
    ['after-input', INVALID, FORBIDDEN],
    ['first', FORBIDDEN, FORBIDDEN],
  ] as const)('%s: a route write with an invalid body answers %s, a route delete of a route that does not exist %s', async (keyKindOrder, invalid, missing) => {
    const server = await start({ siteKeyWrites: 'routes-refused', keyKindOrder, validationOrder: 'input-first', accessOrder: 'existence-first' })
    const { id, siteKey } = await keyedSite(server)
    expect(await answered(server, 'POST', '/v2/routes', { siteId: id, pathname: 12 }, siteKey)).toBe(invalid)
    expect(await answered(server, 'DELETE', `/v2/routes/${randomUUID()}`, undefined, siteKey)).toBe(missing)
    // Its page writes are taken.
    expect(await answered(server, 'POST', '/v6/pages', { siteId: id, pathname: '/by-key', name: 'By key' }, siteKey)).toBe('201 undefined')
  })
})

describe('an ordinary key keeps its order', () => {
  it('an App key: a page that does not exist is a 404 before the body judged after access, and its Site key asking for a site that does not exist a 404 where existence wins', async () => {
    const server = await start({ keyKindOrder: 'after-input', accessOrder: 'existence-first' })
    const { siteKey } = await keyedSite(server)
    const byApp = await server.call('PATCH', `/v6/pages/${randomUUID()}`, { name: 12 })
    expect(`${byApp.status} ${String(byApp.body.code)}`).toBe(MISSING)
    expect(await answered(server, 'GET', `/v2/sites/${randomUUID()}`, undefined, siteKey)).toBe(MISSING)
  })
})

describe('learned from outside', () => {
  /** The choices the probes learn from the mock started with these. */
  async function probed(choices: Choices): Promise<Choices> {
    const server = await start(choices)
    const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
    const workspace = creds.workspaces[0]!
    // A Site key of the workspace, to ask with where the publicApiKey is no Site key (as --site-api-key).
    const siteApiKey = creds.sites.find((site) => site.workspaceId === workspace.id)!.siteApiKey
    return (await probeChoices({ baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, siteApiKey, tag: 'contract-0000kko1' })).choices
  }

  it.each([
    [{ accessOrder: 'existence-first' }, 'after-input'],
    [{ validationOrder: 'access-first' }, 'after-input'],
    [{ validationOrder: 'input-first', accessOrder: 'existence-first' }, 'after-input'],
  ] as const)('the probes learn after-input back (%o)', async (orders, learned) => {
    expect((await probed({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder: 'after-input', ...orders })).keyKindOrder).toBe(learned)
  }, 60_000)

  // Twin 3's draw: writes to nothing tell a Site key's families refused after the input; a route write's 403 there is the
  // refusal of every route request to a Site key (siteKeyRoutes refused, which routes served elsewhere hide), and says nothing of its writes.
  it.each([
    [{ siteKeyRoutes: 'refused', siteKeyWrites: 'pages-refused' }, 'pages-refused'],
    [{ siteKeyRoutes: 'read', siteKeyWrites: 'locales-refused' }, 'locales-refused'],
    [{ siteKeyRoutes: 'read', siteKeyWrites: 'pages-only' }, 'pages-only'],
  ] as const)('the probes learn a Site key\'s writes refused after the input, with routes served elsewhere (%o)', async (keys, learned) => {
    const found = await probed({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder: 'after-input', validationOrder: 'access-first', routeOperations: 'elsewhere', ...keys })
    expect(found.siteKeyWrites).toBe(learned)
  }, 60_000)

  it('and leave it out where it answers as with-access does (the whole input first, existence not first)', async () => {
    const found = await probed({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder: 'after-input', validationOrder: 'input-first' })
    expect(found.keyKindOrder).toBeUndefined()
    expect(found.validationOrder).toBe('input-first')
  }, 60_000)

  it.each([
    [{ keyKindOrder: 'after-input', malformedPathId: '400' }, 'after-input'],
    [{ keyKindOrder: 'after-input', malformedPathId: '404', validationOrder: 'access-first', accessOrder: 'existence-first' }, 'after-input'],
    [{ keyKindOrder: 'with-access', malformedPathId: '400', validationOrder: 'params-access-body' }, 'with-access'],
    [{ keyKindOrder: 'first', malformedPathId: '400', validationOrder: 'params-access-body' }, 'first'],
    [{ keyKindOrder: 'after-input', malformedPathId: '400', validationOrder: 'input-first' }, undefined],
    [{ keyKindOrder: 'after-input', malformedPathId: '400', validationOrder: 'input-first', accessOrder: 'site-first', publicApiKeyAsSiteKey: 'published-pages' }, 'after-input'],
    [{ keyKindOrder: 'with-access', malformedPathId: '400', validationOrder: 'input-first', accessOrder: 'site-first', publicApiKeyAsSiteKey: 'published-pages' }, 'with-access'],
    [{ keyKindOrder: 'with-access', malformedPathId: '400', validationOrder: 'input-first', accessOrder: 'permission-first', publicApiKeyAsSiteKey: 'forbidden' }, undefined],
  ] as const)('the twin observes %o as %s', async (choices, observed) => {
    const permissive = await startPermissive({ choices: choices as PermissiveChoices })
    try {
      expect(await OBSERVE.keyKindOrder!(new Client({ ...permissive, seed: 0, choices: choices as PermissiveChoices }))).toBe(observed)
    } finally {
      await permissive.close()
    }
  })
})
