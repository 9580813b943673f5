import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { Client } from '../contract/twin/observe.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'
import { servedPerTest, type Answer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * A deployment whose Site keys write pages alone (siteKeyWrites pages-only), over HTTP: the mock
 * lets the key create, update and delete its site's pages and refuses every locale and route
 * write with a 403, and the probes learn it back, with the Site key of their own site or, where
 * the sites' publicApiKey is no Site key, with --site-api-key, whose site they must leave as it was.
 */
const start = servedPerTest()
const TAG = 'contract-9a6e0c1d'

const shown = (answer: Answer): string => `${answer.status} ${String(answer.body.code)}`

/** The deployment the alternative was written from: its sites' publicApiKey no Site key, the whole input first, existence then, a key's kind refused first. */
const OUTSIDE: Choices = { publicApiKeyAsSiteKey: 'forbidden', validationOrder: 'input-first', accessOrder: 'existence-first', keyKindOrder: 'first' }

describe('siteKeyWrites pages-only: the mock', () => {
  it('lets a Site key create, update and delete pages, and refuses every locale and route write with a 403 that changes nothing', async () => {
    const server = await start({ siteKeyWrites: 'pages-only' })
    const { id, key } = await server.site()
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-app' })
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const gone = await server.call('POST', '/v2/locales', { siteId: id, locale: 'de-DE' })
    expect([route.status, locale.status, gone.status]).toEqual([201, 201, 201])
    expect((await server.call('DELETE', `/v2/locales/${String(gone.body.id)}`)).status).toBe(204)

    const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/by-key', name: 'By key' }, key)
    expect(page.status).toBe(201)
    expect((await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { name: 'Renamed' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v6/pages/${String(page.body.id)}`, undefined, key)).status).toBe(204)

    const writes = [
      await server.call('POST', '/v2/locales', { siteId: id, locale: 'it-IT' }, key),
      await server.call('PATCH', `/v2/locales/${String(locale.body.id)}`, { locale: 'fr-CA' }, key),
      await server.call('DELETE', `/v2/locales/${String(locale.body.id)}`, undefined, key),
      await server.call('POST', `/v2/locales/${String(gone.body.id)}/restore`, undefined, key),
      await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-key' }, key),
      await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: '/moved' }, key),
      await server.call('DELETE', `/v2/routes/${String(route.body.id)}`, undefined, key),
    ]
    expect(writes.map(shown)).toEqual(Array(7).fill('403 forbidden'))
    expect(writes[0]!.body.message).toMatch(/pages alone/)
    // Nothing changed, and the key still reads what it may not write; its own site's update stays its own.
    const codes = ((await server.call('GET', `/v2/locales?siteId=${id}`, undefined, key)).body.data ?? []).map((item) => item.locale)
    expect(codes).toContain('fr-FR')
    expect(codes).not.toContain('it-IT')
    expect(codes).not.toContain('de-DE')
    expect((await server.call('GET', `/v2/routes/${String(route.body.id)}`, undefined, key)).body.pathname).toBe('/by-app')
    expect((await server.call('PATCH', `/v2/sites/${id}`, { name: 'Renamed by key' }, key)).status).toBe(200)
  })

  it.each([
    ['with-access', '400 bad_request', '404 not_found'],
    ['first', '403 forbidden', '403 forbidden'],
  ] as const)('keyKindOrder %s: a locale or route write that also breaks another rule', async (keyKindOrder, invalidBody, missing) => {
    const server = await start({ siteKeyWrites: 'pages-only', keyKindOrder, validationOrder: 'input-first', accessOrder: 'existence-first' })
    const { id, key } = await server.site()
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-app' })
    const answers = [
      await server.call('PATCH', `/v2/locales/${String(locale.body.id)}`, { locale: 12 }, key),
      await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: 12 }, key),
      await server.call('DELETE', `/v2/locales/${randomUUID()}`, undefined, key),
      await server.call('DELETE', `/v2/routes/${randomUUID()}`, undefined, key),
    ]
    expect(answers.map(shown)).toEqual([invalidBody, invalidBody, missing, missing])
    // A page's invalid body and a missing page stay the 400 and the 404 under both: pages are written.
    expect(shown(await server.call('PATCH', `/v6/pages/${randomUUID()}`, { name: 12 }, key))).toBe('400 bad_request')
    expect(shown(await server.call('DELETE', `/v6/pages/${randomUUID()}`, undefined, key))).toBe('404 not_found')
  })

  it('refuses nothing of an App key', async () => {
    const server = await start({ siteKeyWrites: 'pages-only' })
    const { id } = await server.site()
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-app' })
    expect([locale.status, route.status]).toEqual([201, 201])
    expect((await server.call('DELETE', `/v2/routes/${String(route.body.id)}`)).status).toBe(204)
  })
})

describe('siteKeyWrites pages-only: the probes learn it back', () => {
  it('with the Site key of their own site', async () => {
    const server = await start({ siteKeyWrites: 'pages-only' })
    expect((await probe(server, TAG)).choices.siteKeyWrites).toBe('pages-only')
  })

  it('where routes are served elsewhere, from the locales alone', async () => {
    const server = await start({ siteKeyWrites: 'pages-only', routeOperations: 'elsewhere' })
    expect((await probe(server, TAG)).choices.siteKeyWrites).toBe('pages-only')
  })

  it.each(['pages-only', 'refused-first'] as const)('%s, with --site-api-key where the publicApiKey is no Site key and a key is refused for its kind first, changing nothing of its site', async (value) => {
    const server = await start({ ...OUTSIDE, siteKeyWrites: value })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect([learned.choices.siteKeyWrites, learned.unrecorded?.siteKeyWrites]).toEqual([value, undefined])
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it('pages-only, with --site-api-key where the key is refused where access is judged', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'forbidden', accessOrder: 'existence-first', siteKeyWrites: 'pages-only' })
    const site = await usersSite(server)
    expect((await probe(server, TAG, site.key)).choices.siteKeyWrites).toBe('pages-only')
  })
})

describe('siteKeyWrites pages-only: the conformance twin', () => {
  it.each([
    [{ siteKeyWrites: 'pages-only' }, 'pages-only'],
    [{ siteKeyWrites: 'pages-only', routeOperations: 'elsewhere' }, 'pages-only'],
    [{ siteKeyWrites: 'routes-refused' }, 'routes-refused'],
    [{ siteKeyWrites: 'allowed' }, 'allowed'],
  ] as const)('takes %j, and its observation tells it', async (choices, observed) => {
    expect(await observedOnPermissive('siteKeyWrites', choices)).toBe(observed)
  })

  it.each(['with-access', 'first'] as const)('refuses a Site key every locale and route write, at keyKindOrder %s, and takes its page writes', async (keyKindOrder) => {
    const choices: Choices = { siteKeyWrites: 'pages-only', keyKindOrder, validationOrder: 'input-first', accessOrder: 'existence-first' }
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const { site, key } = await client.keyedSite()
      const locale = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'fr-FR' })
      const route = await client.call('POST', '/v2/routes', { siteId: site.id, pathname: '/by-app' })
      const refused = [
        await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'it-IT' }, key),
        await client.call('DELETE', `/v2/locales/${String(locale.body.id)}`, undefined, key),
        await client.call('POST', '/v2/routes', { siteId: site.id, pathname: '/by-key' }, key),
        await client.call('DELETE', `/v2/routes/${String(route.body.id)}`, undefined, key),
      ]
      expect(refused.map((reply) => reply.status)).toEqual([403, 403, 403, 403])
      // An invalid body: the body's 400 where the key is refused where access is judged, its kind's 403 first.
      const bad = await client.call('PATCH', `/v2/locales/${String(locale.body.id)}`, { locale: 12 }, key)
      expect(bad.status).toBe(keyKindOrder === 'first' ? 403 : 400)
      expect((await client.call('POST', '/v6/pages', { siteId: site.id, pathname: '/by-key', name: 'By key' }, key)).status).toBe(201)
    } finally {
      await permissive.close()
    }
  })
})
