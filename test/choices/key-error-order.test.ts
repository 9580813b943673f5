import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createdId, inPath, servedPerTest, type ChoicesServer } from './choices-server.js'
import { publishableKeyOrderCases } from './key-order-cases.js'

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
  publishableKeyOrderCases({ start, siteWithPage, statusOf })
})

describe('another site\'s Site key under accessOrder', () => {
  it.each([
    ['existence-first', 404],
    ['permission-first', 403],
    ['site-first', 403],
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
    ['existence-first', 404],
    ['permission-first', 403],
    ['site-first', 404],
  ] as const)('%s: a site that does not exist, and a pathname in it, answer %i', async (accessOrder, status) => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages', accessOrder })
    const own = await siteWithPage(server)
    const nowhere = randomUUID()
    expect(await statusOf(server, 'GET', `/v2/sites/${nowhere}`, undefined, own.siteKey)).toBe(status)
    expect(await statusOf(server, 'GET', `/v6/pages/${inPath('/here')}?siteId=${nowhere}`, undefined, own.siteKey)).toBe(status)
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
