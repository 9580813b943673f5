import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPermissive, type Permissive } from './permissive/index.js'

/** The permissive implementation makes the choices its CHOICES.md lists, over real HTTP. */
describe('the permissive implementation', () => {
  let server: Permissive
  beforeAll(async () => {
    server = await startPermissive()
  })
  afterAll(() => server.close())

  async function call(method: string, path: string, body?: unknown, key = server.appKey): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(server.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>) }
  }
  const site = async (name = 'Site'): Promise<Record<string, unknown>> => (await call('POST', '/v2/sites', { workspaceId: server.workspaceId, name })).body

  it('accepts what only sitemock refuses: an empty or long site name with control characters, any canonicalUrl, unknown fields, limit=0', async () => {
    expect((await call('POST', '/v2/sites', { workspaceId: server.workspaceId, name: '' })).status).toBe(201)
    expect((await call('POST', '/v2/sites', { workspaceId: server.workspaceId, name: 'x\u0001'.repeat(400), extra: true })).status).toBe(201)
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/x/[slug]/café', name: 'P' })
    expect(page.status).toBe(201)
    expect((await call('PATCH', `/v6/pages/${String(page.body.id)}`, { canonicalUrl: 'not a url' })).body.canonicalUrl).toBe('not a url')
    expect((await call('GET', `/v6/pages?siteId=${String(id)}&limit=0`)).body).toEqual({ object: 'list', data: [], hasMore: true })
    expect((await call('GET', `/v2/locales?siteId=${String(id)}&limit=0`)).status).toBe(400)
  })

  it('still refuses what the documents refuse: a page name of zero characters, a hostOrigin that is no URI or null, defaultLocale in a site update', async () => {
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/a', name: '' })).body).toMatchObject({ code: 'bad_request', details: [{ field: 'name' }] })
    expect((await call('PATCH', `/v2/sites/${String(id)}`, { hostOrigin: 'no uri' })).status).toBe(400)
    expect((await call('PATCH', `/v2/sites/${String(id)}`, { hostOrigin: null })).status).toBe(400)
    expect((await call('PATCH', `/v2/sites/${String(id)}`, { defaultLocale: 'fr' })).body).toMatchObject({ details: [{ field: 'defaultLocale' }] })
  })

  it('decides the free values its own way: updatedAt null until changed, no page locale, case-insensitive sort with nulls smallest', async () => {
    const { id } = await site()
    const made = await call('POST', '/v6/pages', { siteId: id, pathname: '/b', name: 'B' })
    expect(made.body.updatedAt).toBeNull()
    expect(made.body).not.toHaveProperty('locale')
    const changed = await call('PATCH', `/v6/pages/${String(made.body.id)}`, {})
    expect(changed.body.updatedAt).toEqual(expect.any(String))
    for (const [pathname, title] of [['/z', 'Zeta'], ['/a', 'alpha'], ['/n', null]] as const) {
      const page = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'x' })
      await call('PATCH', `/v6/pages/${String(page.body.id)}`, { title })
    }
    const titles = (order: string) => call('GET', `/v6/pages?siteId=${String(id)}&sortBy=title&sortDirection=${order}`).then((answer) => (answer.body.data as { title: unknown }[]).map((page) => page.title))
    expect(await titles('asc')).toEqual([null, null, 'alpha', 'Zeta'])
    expect(await titles('desc')).toEqual(['Zeta', 'alpha', null, null])
  })

  it('answers lookups its own way: 404 for a malformed path id, existence before permission, 404 restoring a live locale, an empty list for a locale the site lacks', async () => {
    const { id } = await site()
    expect((await call('GET', '/v2/sites/not-a-uuid')).status).toBe(404)
    expect((await call('GET', `/v2/sites/${crypto.randomUUID()}`, undefined, server.otherWorkspaceKey)).status).toBe(404)
    expect((await call('GET', `/v2/sites/${String(id)}`, undefined, server.otherWorkspaceKey)).status).toBe(403)
    expect((await call('POST', `/v2/locales/en-US/restore?siteId=${String(id)}`)).status).toBe(404)
    expect((await call('GET', `/v6/pages?siteId=${String(id)}&locale=xx-YY`)).body).toEqual({ object: 'list', data: [], hasMore: false })
  })
})
