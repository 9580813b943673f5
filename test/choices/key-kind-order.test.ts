import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: where the mock refuses a key for what its kind may never do (choice keyKindOrder) —
 * a site's publicApiKey where it is no Site key, a Site key on an operation for App keys alone, a
 * deleted site's key — where access is judged (`with-access`), or before any input or lookup
 * (`first`); an ordinary key's errors keep their order under both.
 */
const start = servedPerTest()

const ORDERS = ['with-access', 'first'] as const

/** A site's id, its publicApiKey, and its Site key as the credentials list it. */
async function keyedSite(server: ChoicesServer): Promise<{ id: string; publicKey: string; siteKey: string }> {
  const made = await server.site()
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  return { id: made.id, publicKey: made.key, siteKey: creds.sites.find((site) => site.id === made.id)!.siteApiKey }
}

/** The status and error code of a request, as its envelope gives them. */
async function answered(server: ChoicesServer, method: string, path: string, body: unknown, key: string): Promise<string> {
  const answer = await server.call(method, path, body, key)
  return `${answer.status} ${String(answer.body.code)}`
}

const FORBIDDEN = '403 forbidden'

/** A request as sent: its method, path and body. */
type Sent = readonly [method: string, path: string, body: unknown]

describe('a publishable key (publicApiKeyAsSiteKey forbidden) on a request that also breaks another rule', () => {
  it.each([
    ['an invalid query', { validationOrder: 'params-access-body' }, (id: string): Sent => ['GET', `/v6/pages?siteId=${id}&limit=0`, undefined], '400 bad_request'],
    ['a malformed id in the path', { validationOrder: 'params-access-body' }, (): Sent => ['GET', '/v2/sites/not-a-uuid', undefined], '400 bad_request'],
    ['an invalid body, judged first', { validationOrder: 'input-first' }, (id: string): Sent => ['PATCH', `/v2/sites/${id}`, { name: 12 }], '400 bad_request'],
    ['a page that does not exist, where existence wins', { accessOrder: 'existence-first' }, (): Sent => ['GET', `/v6/pages/${randomUUID()}`, undefined], '404 not_found'],
    ['a create body without its pathname, judged first', { createBodyOrder: 'body-first' }, (id: string): Sent => ['POST', '/v6/pages', { siteId: id, name: 'p' }], '400 bad_request'],
  ] as const)('%s (%o): the other error with access, the 403 first', async (_what, orders, request, withAccess) => {
    for (const keyKindOrder of ORDERS) {
      const server = await start({ publicApiKeyAsSiteKey: 'forbidden', keyKindOrder, ...orders } as Choices)
      const { id, publicKey } = await keyedSite(server)
      const [method, path, body] = request(id)
      expect(await answered(server, method, path, body, publicKey), keyKindOrder).toBe(keyKindOrder === 'first' ? FORBIDDEN : withAccess)
      await server.close()
    }
  })

  it.each(ORDERS)('%s: a live page list at live-pages is still answered, and an invalid one is a 400', async (keyKindOrder) => {
    const server = await start({ publicApiKeyAsSiteKey: 'live-pages', keyKindOrder })
    const { id, publicKey } = await keyedSite(server)
    expect(await answered(server, 'GET', `/v6/pages?siteId=${id}&versionRef=ref:live`, undefined, publicKey)).toBe('200 undefined')
    expect(await answered(server, 'GET', `/v6/pages?siteId=${id}&versionRef=ref:live&limit=0`, undefined, publicKey)).toBe('400 bad_request')
  })
})

describe('a Site key on an operation for App keys alone', () => {
  it.each([
    ['params-access-body', 'DELETE', '/v2/sites/not-a-uuid', undefined, '400 bad_request'],
    ['input-first', 'POST', '/v2/sites', { name: 12 }, '400 bad_request'],
    ['access-first', 'DELETE', '/v2/sites/not-a-uuid', undefined, FORBIDDEN],
  ] as const)('validationOrder %s, %s %s with invalid input: %s with access, the 403 first', async (validationOrder, method, path, body, withAccess) => {
    for (const keyKindOrder of ORDERS) {
      const server = await start({ validationOrder, keyKindOrder })
      const { siteKey } = await keyedSite(server)
      expect(await answered(server, method, path, body, siteKey), keyKindOrder).toBe(keyKindOrder === 'first' ? FORBIDDEN : withAccess)
      await server.close()
    }
  })
})

describe("a deleted site's key (deletedSiteKey 403)", () => {
  it.each([
    ['with-access', '400 bad_request'],
    ['first', FORBIDDEN],
  ] as const)('%s: a read of a site named by a malformed id answers %s', async (keyKindOrder, status) => {
    const server = await start({ deletedSiteKey: '403', keyKindOrder })
    const { id, siteKey } = await keyedSite(server)
    expect((await server.call('DELETE', `/v2/sites/${id}`)).status).toBe(204)
    expect(await answered(server, 'GET', '/v2/sites/not-a-uuid', undefined, siteKey)).toBe(status)
  })
})

describe('an ordinary key keeps its order', () => {
  it.each(ORDERS)('%s: an App key with a malformed id is a 400, its Site key asking for a site that does not exist a 404 where existence wins', async (keyKindOrder) => {
    const server = await start({ keyKindOrder, accessOrder: 'existence-first' })
    const { siteKey } = await keyedSite(server)
    const malformed = await server.call('GET', '/v2/sites/not-a-uuid')
    expect(`${malformed.status} ${String(malformed.body.code)}`).toBe('400 bad_request')
    expect(await answered(server, 'GET', `/v2/sites/${randomUUID()}`, undefined, siteKey)).toBe('404 not_found')
  })
})
