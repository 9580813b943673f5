import { describe, expect, it } from 'vitest'
import type { Credentials } from '../support/credentials.js'
import { TRANSPORTS, type TestResponse, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

/** One pathname per format rule, with the problem the 400 names. */
const BROKEN_RULES: Array<[string, string]> = [
  ['no-slash', 'does not start with /'],
  ['/trailing/', 'ends with /'],
  ['/a//b', 'has an empty segment (//)'],
  ['/with space', 'contains whitespace'],
  ['/tab\there', 'contains whitespace'],
  ['/what?', 'contains whitespace, ?, #'],
  ['/hash#top', 'contains whitespace, ?, #'],
  ['/bell\u0007', 'a control character'],
  ['/broken/[slug', 'has a malformed segment "[slug"'],
  ['/post-[id]', 'has a malformed segment "post-[id]"'],
  ['/[[slug]]', 'has a malformed segment "[[slug]]"'],
  ['/docs/[...all]/more', 'has the catch-all [...all] before its last segment'],
  ['/[id]/x/[id]', 'uses the parameter name id twice'],
]
/** Values that fail the type checks, which skipValidation never skips. */
const MISTYPED: unknown[] = ['', 42, null, ['/a'], { path: '/a' }, `/${'a'.repeat(2048)}`]
const CONFLICT = expect.objectContaining({ object: 'error', code: 'conflict' }) as unknown

describe.each(TRANSPORTS)('route validation and conflicts over %s', (transport) => {
  let server: TestServer
  let creds: Credentials
  let key: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, creds, appKey: key, siteId } = start)
  })

  const create = (pathname: unknown, query = '') => server.api.post(`/v2/routes${query}`, { key, body: { siteId, pathname } })
  const update = (id: string, pathname: unknown, query = '') => server.api.patch(`/v2/routes/${id}${query}`, { key, body: { pathname } })
  const createdId = async (pathname: string): Promise<string> => (await create(pathname)).body.id as string
  const pathnameOf = async (id: string): Promise<unknown> => (await server.api.get(`/v2/routes/${id}`, { key })).body.pathname
  const expectFormatError = (response: TestResponse, problem: string, label: string): void => {
    expect(response.status, label).toBe(400)
    expect(response.body.code).toBe('bad_request')
    expect(response.body.details, label).toEqual([{ field: 'pathname', message: expect.stringContaining(problem) as unknown }])
    const [detail] = response.body.details!
    expect(detail!.message).toContain('must be a pathname that starts with /')
    expect(detail!.message).toContain('[...path] or [[...path]]')
    expect(detail!.message).toContain('or pass skipValidation=true')
  }

  describe('format rules', () => {
    it('refuses each broken rule on create with a 400 naming pathname, unless skipValidation=true', async () => {
      for (const [pathname, problem] of BROKEN_RULES) {
        expectFormatError(await create(pathname), problem, pathname)
        expectFormatError(await create(pathname, '?skipValidation=false'), problem, pathname)
        const skipped = await create(pathname, '?skipValidation=true')
        expect(skipped.status, pathname).toBe(201)
        expect(skipped.body.pathname).toBe(pathname)
      }
    })

    it('refuses each broken rule on update with a 400 naming pathname and no change, unless skipValidation=true', async () => {
      const id = await createdId('/start')
      for (const [pathname, problem] of BROKEN_RULES) {
        expectFormatError(await update(id, pathname), problem, pathname)
        expectFormatError(await update(id, pathname, '?skipValidation=false'), problem, pathname)
        expect(await pathnameOf(id)).toBe('/start')
      }
      for (const [pathname] of BROKEN_RULES) {
        const skipped = await update(id, pathname, '?skipValidation=true')
        expect(skipped.status, pathname).toBe(200)
        expect(skipped.body.pathname).toBe(pathname)
      }
    })

    it('keeps a pathname created with skipValidation through an update that does not change it', async () => {
      const id = (await create('no-slash', '?skipValidation=true')).body.id as string
      expect((await update(id, 'no-slash')).status).toBe(200)
      expect((await server.api.patch(`/v2/routes/${id}`, { key, body: {} })).status).toBe(200)
      expectFormatError(await update(id, 'still-no-slash'), 'does not start with /', 'a changed pathname')
    })

    it('never skips the type checks: an empty, non-string, missing or overlong pathname is a 400 naming pathname', async () => {
      const id = await createdId('/typed')
      for (const pathname of MISTYPED) {
        for (const query of ['', '?skipValidation=true']) {
          for (const response of [await create(pathname, query), await update(id, pathname, query)]) {
            expect(response.status, JSON.stringify(pathname)).toBe(400)
            expect(response.body.details!.map((d) => d.field)).toEqual(['pathname'])
          }
        }
      }
      const missing = await server.api.post('/v2/routes?skipValidation=true', { key, body: { siteId } })
      expect(missing.body.details).toEqual([{ field: 'pathname', message: 'is required' }])
      expect(await pathnameOf(id)).toBe('/typed')
    })

    it('names every invalid field at once, the format of pathname among them', async () => {
      const response = await server.api.post('/v2/routes', { key, body: { siteId: 'nope', pathname: '/a b', extra: 1 } })
      expect(response.body.details!.map((d) => d.field).sort()).toEqual(['extra', 'pathname', 'siteId'])
      expect(response.body.details!.find((d) => d.field === 'pathname')!.message).toContain('contains whitespace')
    })

    it('answers 400 naming skipValidation for any value but true or false, on create and on update', async () => {
      const id = await createdId('/flags')
      for (const value of ['yes', 'TRUE', '1', '']) {
        for (const response of [await create('/x', `?skipValidation=${value}`), await update(id, '/x', `?skipValidation=${value}`)]) {
          expect(response.status, value).toBe(400)
          expect(response.body.details).toEqual([{ field: 'skipValidation', message: `must be one of "true", "false"; got ${JSON.stringify(value)}` }])
        }
      }
      expect(await pathnameOf(id)).toBe('/flags')
    })
  })

  describe('conflicts', () => {
    it('answers 409 to a route created over a page or another route of the site, even with skipValidation=true', async () => {
      const page = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/pricing', name: 'Pricing' } })
      expect(page.status).toBe(201)
      for (const pathname of ['/', '/pricing', '/blog/[slug]', '/shop/cart']) {
        for (const query of ['', '?skipValidation=true']) {
          const response = await create(pathname, query)
          expect(response.status, pathname).toBe(409)
          expect(response.body).toEqual(CONFLICT)
          expect(response.body.message).toContain(JSON.stringify(pathname))
        }
      }
      const routes = await server.api.get(`/v2/routes?siteId=${siteId}`, { key })
      expect(routes.body.data!.map((r) => r.pathname)).toEqual(['/blog/[slug]', '/docs/[...path]', '/shop/cart'])
    })

    it('answers 409 to a route moved onto a page or another route, even with skipValidation=true, and keeps its pathname', async () => {
      const id = await createdId('/mover')
      for (const pathname of ['/', '/blog/[slug]']) {
        for (const query of ['', '?skipValidation=true']) {
          const response = await update(id, pathname, query)
          expect(response.status, pathname).toBe(409)
          expect(response.body).toEqual(CONFLICT)
        }
      }
      expect(await pathnameOf(id)).toBe('/mover')
    })

    it("answers 409 to a page created or moved onto a route's pathname", async () => {
      await createdId('/landing/[campaign]')
      const created = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/landing/[campaign]', name: 'Landing' } })
      expect(created.body).toEqual(CONFLICT)
      const page = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/landing', name: 'Landing' } })
      const moved = await server.api.patch(`/v6/pages/${page.body.id as string}`, { key, body: { pathname: '/shop/cart' } })
      expect(moved.body).toEqual(CONFLICT)
    })

    it('compares pathnames exactly and per site: another case or another site is no conflict', async () => {
      expect((await create('/Shop/cart')).status).toBe(201)
      expect((await create('/shop/cart/')).status).toBe(400)
      const other = creds.sites[1]!
      const inOther = await server.api.post('/v2/routes', { key: other.siteApiKey, body: { siteId: other.id, pathname: '/shop/cart' } })
      expect(inOther.status).toBe(201)
      expect((await server.api.post('/v2/routes', { key: other.siteApiKey, body: { siteId: other.id, pathname: '/guides' } })).status).toBe(409)
      expect((await create('/guides')).status).toBe(201)
    })
  })
})
