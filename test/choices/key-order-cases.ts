import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'

/**
 * What a server under test gives the key-order cases: one started with some choices, a new site of
 * it with one page `/here` and its publicApiKey, and the status of one call with a key. The mock
 * (test/choices/key-error-order.test.ts) and the permissive implementation, which the twin is
 * (test/contract/permissive-key-order.test.ts), are held to the same cases.
 */
export interface KeyOrderServer<S> {
  start(choices: KeyOrderChoices): Promise<S>
  siteWithPage(served: S): Promise<{ id: string; pageId: string; publicKey: string }>
  statusOf(served: S, method: string, path: string, body: unknown, key: string): Promise<number>
}

/** The choices the cases set, in the catalogue's names. */
export interface KeyOrderChoices {
  publicApiKeyAsSiteKey?: 'live-pages' | 'forbidden'
  accessOrder?: 'existence-first' | 'permission-first'
  validationOrder?: 'access-first' | 'params-access-body' | 'input-first'
  createBodyOrder?: 'validation-order' | 'body-first'
}

const inPath = (pathname: string): string => encodeURIComponent(pathname)

/** A publishable key (publicApiKeyAsSiteKey live-pages or forbidden) is refused where accessOrder, validationOrder and createBodyOrder put access. */
export function publishableKeyOrderCases<S>({ start, siteWithPage, statusOf }: KeyOrderServer<S>): void {
    it.each([
      ['live-pages', 'existence-first', 404],
      ['live-pages', 'permission-first', 403],
      ['forbidden', 'existence-first', 404],
      ['forbidden', 'permission-first', 403],
    ] as const)('%s, accessOrder %s: a page or locale of its site that does not exist answers %i', async (publishable, accessOrder, status) => {
      const served = await start({ publicApiKeyAsSiteKey: publishable, accessOrder })
      const { id, publicKey } = await siteWithPage(served)
      expect(await statusOf(served, 'GET', `/v6/pages/${randomUUID()}`, undefined, publicKey)).toBe(status)
      expect(await statusOf(served, 'PATCH', `/v6/pages/${inPath('/nowhere')}?siteId=${id}`, { name: 'n' }, publicKey)).toBe(status)
      expect(await statusOf(served, 'GET', `/v2/locales/${randomUUID()}`, undefined, publicKey)).toBe(status)
    })

    it.each(['live-pages', 'forbidden'] as const)('%s, accessOrder existence-first: what exists in its site is still a 403 (a live read aside)', async (publishable) => {
      const served = await start({ publicApiKeyAsSiteKey: publishable, accessOrder: 'existence-first' })
      const { pageId, publicKey } = await siteWithPage(served)
      expect(await statusOf(served, 'GET', `/v6/pages/${pageId}`, undefined, publicKey)).toBe(403)
      expect(await statusOf(served, 'PATCH', `/v6/pages/${pageId}`, { name: 'n' }, publicKey)).toBe(403)
    })

    it.each([
      ['body-first', 'params-access-body', 400, 403],
      ['validation-order', 'params-access-body', 403, 403],
      ['validation-order', 'input-first', 400, 403],
      ['validation-order', 'access-first', 403, 403],
    ] as const)('live-pages, createBodyOrder %s, validationOrder %s: a page create with an invalid body answers %i, with a valid one %i', async (createBodyOrder, validationOrder, invalid, valid) => {
      const served = await start({ publicApiKeyAsSiteKey: 'live-pages', createBodyOrder, validationOrder })
      const { id, publicKey } = await siteWithPage(served)
      expect(await statusOf(served, 'POST', '/v6/pages', { siteId: id, pathname: 'no-slash', name: 'p' }, publicKey)).toBe(invalid)
      expect(await statusOf(served, 'POST', '/v2/routes', { siteId: id, pathname: 'no-slash' }, publicKey)).toBe(invalid)
      expect(await statusOf(served, 'POST', '/v6/pages', { siteId: id, pathname: '/fine', name: 'p' }, publicKey)).toBe(valid)
    })

    it.each([
      ['params-access-body', 400],
      ['input-first', 400],
      ['access-first', 403],
    ] as const)('forbidden, validationOrder %s: a page list with an invalid query answers %i', async (validationOrder, status) => {
      const served = await start({ publicApiKeyAsSiteKey: 'forbidden', validationOrder })
      const { id, publicKey } = await siteWithPage(served)
      expect(await statusOf(served, 'GET', `/v6/pages?siteId=${id}&limit=0`, undefined, publicKey)).toBe(status)
      expect(await statusOf(served, 'GET', `/v6/pages?siteId=${id}`, undefined, publicKey)).toBe(403)
    })
}
