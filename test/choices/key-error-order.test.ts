import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/contracts/choices.js'
import type { Credentials } from '../../src/generated/types.js'
import { createdId, inPath, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: the order in which the mock judges the errors of a key that may not reach what it
 * asks (a site's publicApiKey where it is no Site key, another site's Site key) follows the
 * choices accessOrder, validationOrder and createBodyOrder as the catalogue describes them.
 */
const start = servedPerTest()

/** A site with one page, its publicApiKey, and its Site key as the credentials list it. */
async function siteWithPage(server: ChoicesServer): Promise<{ id: string; pageId: string; publicKey: string; siteKey: string }> {
  const made = await server.site()
  const pageId = createdId(await server.call('POST', '/v6/pages', { siteId: made.id, pathname: '/here', name: 'here' }))
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const siteKey = creds.sites.find((site) => site.id === made.id)!.siteApiKey
  return { id: made.id, pageId, publicKey: made.key, siteKey }
}

const statusOf = async (server: ChoicesServer, method: string, path: string, body: unknown, key: string): Promise<number> => (await server.call(method, path, body, key)).status

describe('a publishable key (publicApiKeyAsSiteKey live-pages or forbidden) is refused where access is judged', () => {
  it.each([
    ['live-pages', 'existence-first', 404],
    ['live-pages', 'permission-first', 403],
    ['forbidden', 'existence-first', 404],
    ['forbidden', 'permission-first', 403],
  ] as const)('%s, accessOrder %s: a page or locale of its site that does not exist answers %i', async (publishable, accessOrder, status) => {
    const server = await start({ publicApiKeyAsSiteKey: publishable, accessOrder })
    const { id, publicKey } = await siteWithPage(server)
    expect(await statusOf(server, 'GET', `/v6/pages/${randomUUID()}`, undefined, publicKey)).toBe(status)
    expect(await statusOf(server, 'PATCH', `/v6/pages/${inPath('/nowhere')}?siteId=${id}`, { name: 'n' }, publicKey)).toBe(status)
    expect(await statusOf(server, 'GET', `/v2/locales/${randomUUID()}`, undefined, publicKey)).toBe(status)
  })

  it.each(['live-pages', 'forbidden'] as const)('%s, accessOrder existence-first: what exists in its site is still a 403 (a live read aside)', async (publishable) => {
    const server = await start({ publicApiKeyAsSiteKey: publishable, accessOrder: 'existence-first' })
    const { pageId, publicKey } = await siteWithPage(server)
    expect(await statusOf(server, 'GET', `/v6/pages/${pageId}`, undefined, publicKey)).toBe(403)
    expect(await statusOf(server, 'PATCH', `/v6/pages/${pageId}`, { name: 'n' }, publicKey)).toBe(403)
  })

  it.each([
    ['body-first', 'params-access-body', 400, 403],
    ['validation-order', 'params-access-body', 403, 403],
    ['validation-order', 'input-first', 400, 403],
    ['validation-order', 'access-first', 403, 403],
  ] as const)('live-pages, createBodyOrder %s, validationOrder %s: a page create with an invalid body answers %i, with a valid one %i', async (createBodyOrder, validationOrder, invalid, valid) => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages', createBodyOrder, validationOrder })
    const { id, publicKey } = await siteWithPage(server)
    expect(await statusOf(server, 'POST', '/v6/pages', { siteId: id, pathname: 'no-slash', name: 'p' }, publicKey)).toBe(invalid)
    expect(await statusOf(server, 'POST', '/v2/routes', { siteId: id, pathname: 'no-slash' }, publicKey)).toBe(invalid)
    expect(await statusOf(server, 'POST', '/v6/pages', { siteId: id, pathname: '/fine', name: 'p' }, publicKey)).toBe(valid)
  })

  it.each([
    ['params-access-body', 400],
    ['input-first', 400],
    ['access-first', 403],
  ] as const)('forbidden, validationOrder %s: a page list with an invalid query answers %i', async (validationOrder, status) => {
    const server = await start({ publicApiKeyAsSiteKey: 'forbidden', validationOrder })
    const { id, publicKey } = await siteWithPage(server)
    expect(await statusOf(server, 'GET', `/v6/pages?siteId=${id}&limit=0`, undefined, publicKey)).toBe(status)
    expect(await statusOf(server, 'GET', `/v6/pages?siteId=${id}`, undefined, publicKey)).toBe(403)
  })
})

describe('another site\'s Site key under accessOrder', () => {
  it.each([
    ['existence-first', 404],
    ['permission-first', 403],
  ] as const)('%s: a page or route named by a pathname its site lacks answers %i; one it has, 403', async (accessOrder, missing) => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages', accessOrder })
    const own = await siteWithPage(server)
    const other = await siteWithPage(server)
    expect(await statusOf(server, 'PATCH', `/v6/pages/${inPath('/nowhere')}?siteId=${other.id}`, { name: 'n' }, own.siteKey)).toBe(missing)
    expect(await statusOf(server, 'GET', `/v2/routes/${inPath('/nowhere')}?siteId=${other.id}`, undefined, own.siteKey)).toBe(missing)
    expect(await statusOf(server, 'GET', `/v2/locales/xx-XX?siteId=${other.id}`, undefined, own.siteKey)).toBe(missing)
    expect(await statusOf(server, 'PATCH', `/v6/pages/${inPath('/here')}?siteId=${other.id}`, { name: 'n' }, own.siteKey)).toBe(403)
  })

  it.each([
    [{ validationOrder: 'access-first', accessOrder: 'existence-first' }, 403, 404],
    [{ validationOrder: 'access-first', accessOrder: 'permission-first' }, 403, 403],
    [{ validationOrder: 'params-access-body', accessOrder: 'existence-first' }, 400, 400],
  ] as [Choices, number, number][])('%o: a page read with an invalid versionRef answers %i for a page of that site, %i for one it lacks', async (choices, existing, missing) => {
    const server = await start(choices)
    const own = await siteWithPage(server)
    const other = await siteWithPage(server)
    expect(await statusOf(server, 'GET', `/v6/pages/${inPath('/here')}?siteId=${other.id}&versionRef=ref:old`, undefined, own.siteKey)).toBe(existing)
    expect(await statusOf(server, 'GET', `/v6/pages/${inPath('/nowhere')}?siteId=${other.id}&versionRef=ref:old`, undefined, own.siteKey)).toBe(missing)
  })
})
