import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { CreatedResources, SafetyError } from '../../src/contract/tracker.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'
import { servedPerTest } from './choices-server.js'

/**
 * A deployment whose Site keys write pages and locales but no route (siteKeyWrites
 * routes-refused), over HTTP: the mock follows it, and the probes learn it back, with the Site key
 * of their own site or, where the sites' publicApiKey is no Site key, with --site-api-key, whose
 * site they must leave as it was.
 */
const start = servedPerTest()
const TAG = 'contract-5173a7e5'

/** The deployment the alternative was written from: its sites' publicApiKey no Site key, existence judged first, a key's kind refused first. */
const OUTSIDE: Choices = { publicApiKeyAsSiteKey: 'forbidden', accessOrder: 'existence-first', keyKindOrder: 'first', createBodyOrder: 'body-first' }

describe('siteKeyWrites routes-refused: the mock', () => {
  it('lets a Site key create, update and delete pages and locales, and refuses every route write with a 403', async () => {
    const server = await start({ siteKeyWrites: 'routes-refused' })
    const { id, key } = await server.site()
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-app' })
    expect(route.status).toBe(201)
    const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/by-key', name: 'By key' }, key)
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }, key)
    expect([page.status, locale.status]).toEqual([201, 201])
    expect((await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { name: 'Renamed' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v6/pages/${String(page.body.id)}`, undefined, key)).status).toBe(204)
    expect((await server.call('DELETE', `/v2/locales/${String(locale.body.id)}`, undefined, key)).status).toBe(204)
    const writes = [
      await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-key' }, key),
      await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: '/moved' }, key),
      await server.call('DELETE', `/v2/routes/${String(route.body.id)}`, undefined, key),
    ]
    expect(writes.map((answer) => `${answer.status} ${String(answer.body.code)}`)).toEqual(['403 forbidden', '403 forbidden', '403 forbidden'])
    // Nothing of the route changed, and the key still reads it.
    expect((await server.call('GET', `/v2/routes/${String(route.body.id)}`, undefined, key)).body.pathname).toBe('/by-app')
  })

  it.each([
    ['with-access', '400 bad_request', '404 not_found'],
    ['first', '403 forbidden', '403 forbidden'],
  ] as const)('keyKindOrder %s: a route write that also breaks another rule', async (keyKindOrder, invalidBody, missingRoute) => {
    const server = await start({ siteKeyWrites: 'routes-refused', keyKindOrder, validationOrder: 'input-first', accessOrder: 'existence-first' })
    const { id, key } = await server.site()
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-app' })
    const bad = await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: 12 }, key)
    const missing = await server.call('DELETE', `/v2/routes/${randomUUID()}`, undefined, key)
    expect([`${bad.status} ${String(bad.body.code)}`, `${missing.status} ${String(missing.body.code)}`]).toEqual([invalidBody, missingRoute])
    // A page's invalid body stays the 400 under both: pages are written.
    expect((await server.call('PATCH', `/v6/pages/${randomUUID()}`, { name: 12 }, key)).status).toBe(400)
  })
})

describe('siteKeyWrites: the probes learn it back', () => {
  it.each(['allowed', 'refused', 'refused-first', 'routes-refused', 'locales-refused'] as const)('%s, with the Site key of their own site', async (value) => {
    const server = await start({ siteKeyWrites: value })
    expect((await probe(server, TAG)).choices.siteKeyWrites).toBe(value)
  })

  it.each(['allowed', 'refused', 'refused-first', 'routes-refused', 'locales-refused'] as const)('%s, with --site-api-key where the publicApiKey is no Site key and existence goes first, changing nothing of its site', async (value) => {
    const server = await start({ ...OUTSIDE, siteKeyWrites: value })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect([learned.choices.siteKeyWrites, learned.unrecorded?.siteKeyWrites]).toEqual([value, undefined])
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it('records nothing, with its reason, where the site of --site-api-key has no route to write to and its kind is refused where access is judged', async () => {
    const server = await start({ ...OUTSIDE, keyKindOrder: 'with-access', siteKeyWrites: 'routes-refused' })
    const site = await usersSite(server, false)
    const learned = await probe(server, TAG, site.key)
    expect(learned.choices.siteKeyWrites).toBeUndefined()
    expect(learned.unrecorded?.siteKeyWrites).toMatch(/the site has no routes to tell them apart/)
  })

  it('learns it from updates of nothing where that site has no route and its kind is refused first, changing nothing of its site', async () => {
    const server = await start({ ...OUTSIDE, siteKeyWrites: 'routes-refused' })
    const site = await usersSite(server, false)
    const before = await contentsOf(server, site.id)
    expect((await probe(server, TAG, site.key)).choices.siteKeyWrites).toBe('routes-refused')
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it('records nothing where the body goes before access and the answers fit two alternatives', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'not-a-key', validationOrder: 'input-first', siteKeyWrites: 'allowed' })
    const site = await usersSite(server)
    const learned = await probe(server, TAG, site.key)
    expect(learned.choices.siteKeyWrites).toBeUndefined()
    expect(learned.unrecorded?.siteKeyWrites).toMatch(/allowed and refused.*explain/)
  })
})

describe("the safety guard and the probes' sham updates", () => {
  const write = (template: string, body: unknown, method = 'PATCH'): void =>
    new CreatedResources('contract-5173a7e5').assertMayWrite({ method, template, params: { id: randomUUID() }, query: {}, body })

  it('lets through an update of what the run did not create only where every field is a one-item list of a string', () => {
    expect(() => write('/v6/pages/{pageIdOrPathname}', { pathname: ['/home'] })).not.toThrow()
    expect(() => write('/v2/routes/{routeIdOrPathname}', { pathname: ['/shop'] })).not.toThrow()
    expect(() => write('/v2/locales/{localeIdOrCode}', { locale: ['en-US'] })).not.toThrow()
    for (const body of [{ pathname: '/home' }, { pathname: ['/home'], name: 'Home' }, { pathname: ['/a', '/b'] }, { pathname: [12] }, {}, ['/home']]) {
      expect(() => write('/v6/pages/{pageIdOrPathname}', body), JSON.stringify(body)).toThrow(SafetyError)
    }
    expect(() => write('/v6/pages/{pageIdOrPathname}', undefined, 'DELETE')).toThrow(SafetyError)
    expect(() => write('/v2/sites/{siteId}', { name: ['contract-5173a7e5'] })).toThrow(SafetyError)
  })
})
