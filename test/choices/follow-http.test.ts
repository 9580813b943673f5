import { afterEach, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

/**
 * The mock follows each class added for deployments nobody tuned to, over real HTTP, with both
 * alternatives: what the probes of probe-sweep.test.ts do not reach (other operations, lookups by
 * the stored form, lists) is asked here directly.
 */

type Json = Record<string, unknown> & { data?: Array<Record<string, unknown>> }

interface Target {
  call(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: Json }>
  workspaceId: string
  /** A fresh site of the workspace, its id and Site key. */
  site(): Promise<{ id: string; key: string; body: Json }>
}

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(choices: Choices): Promise<Target> {
  running = await listen(createMock({ choices }), { port: 0, host: '127.0.0.1' })
  const url = running.url
  const creds = (await (await fetch(`${url}/__mock/credentials`)).json()) as Credentials
  const { appApiKey, id: workspaceId } = creds.workspaces[0]!
  const call: Target['call'] = async (method, path, body, key) => {
    const response = await fetch(url + path, { method, headers: { 'x-api-key': key ?? appApiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json }
  }
  const site: Target['site'] = async () => {
    const made = await call('POST', '/v2/sites', { workspaceId, name: 'follow' })
    return { id: String(made.body.id), key: String(made.body.publicApiKey), body: made.body }
  }
  return { call, workspaceId, site }
}

const NOWHERE = '00000000-0000-4000-8000-00000000beef'

describe('the mock follows the added classes over HTTP', () => {
  it.each([
    ['allowed', [201, 201, 204]],
    ['refused', [403, 403, 403]],
  ] as const)('siteKeyWrites %s: a Site key creating a locale, a route, and deleting a page', async (value, statuses) => {
    const { call, site } = await start({ siteKeyWrites: value })
    const { id, key } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const answers = [
      await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }, key),
      await call('POST', '/v2/routes', { siteId: id, pathname: '/r' }, key),
      await call('DELETE', `/v6/pages/${String(page.body.id)}`, undefined, key),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    expect((await call('GET', `/v2/sites/${id}`, undefined, key)).status).toBe(200)
  })

  it.each([
    ['400', 400, undefined],
    ['404', 404, undefined],
    ['empty-list', 200, 0],
  ] as const)('unknownCursor %s: on the pages, routes and sites lists alike', async (value, status, length) => {
    const { call, site, workspaceId } = await start({ unknownCursor: value })
    const { id } = await site()
    for (const path of [`/v6/pages?siteId=${id}`, `/v2/routes?siteId=${id}`, `/v2/sites?workspaceId=${workspaceId}`]) {
      const answer = await call('GET', `${path}&startingAfter=${NOWHERE}`)
      expect([path, answer.status]).toEqual([path, status])
      if (length !== undefined) expect(answer.body.data).toHaveLength(length)
    }
  })

  it.each([
    ['400', 400, 400],
    ['404', 404, 404],
    ['empty-list', 200, 404],
  ] as const)('pageUnknownLocale %s: a page list and a page read in a locale the site lacks', async (value, listStatus, readStatus) => {
    const { call, site } = await start({ pageUnknownLocale: value })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const list = await call('GET', `/v6/pages?siteId=${id}&locale=es-MX`)
    expect([list.status, list.body.data?.length]).toEqual([listStatus, listStatus === 200 ? 0 : undefined])
    expect((await call('GET', `/v6/pages/${String(page.body.id)}?locale=es-MX`)).status).toBe(readStatus)
  })

  it.each([
    ['any-case', [400, 400, 400]],
    ['any-spelling', [201, 200, 200]],
  ] as const)('localeCodeCase %s: es_MX created, then looked up by path and listed by as es_mx', async (value, statuses) => {
    const { call, site } = await start({ localeCodeCase: value, localeCodeStored: 'canonical' })
    const { id } = await site()
    const made = await call('POST', '/v2/locales', { siteId: id, locale: 'es_MX' })
    if (value === 'any-spelling') expect(made.body.locale).toBe('es-MX')
    const answers = [made, await call('GET', `/v2/locales/es_mx?siteId=${id}`), await call('GET', `/v6/pages?siteId=${id}&locale=es_mx`)]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it.each([
    ['strict', [400, 400, 400, 201]],
    ['region-any-case', [201, 400, 400, 201]],
    ['language-any-case', [400, 201, 400, 201]],
    ['any-case', [201, 201, 201, 201]],
  ] as const)('localeCodeCase %s: the region in lower case, the language in upper case, both, and neither', async (value, statuses) => {
    const { call, site } = await start({ localeCodeCase: value })
    const { id } = await site()
    const answers = []
    for (const locale of ['pt-br', 'IT-CH', 'DE-at', 'nl-BE']) answers.push(await call('POST', '/v2/locales', { siteId: id, locale }))
    expect(answers.map((a) => a.status)).toEqual(statuses)
    // A refusal names the field and what a locale code is.
    const refused = answers.find((a) => a.status === 400)
    if (refused) expect(refused.body.details).toEqual([expect.objectContaining({ field: 'locale', message: expect.stringContaining('fr-FR') })])
  })

  it.each([
    ['as-sent', 'pt-br'],
    ['canonical', 'pt-BR'],
  ] as const)('localeCodeStored %s: stored, answered and found by code as %s', async (value, stored) => {
    const { call, site } = await start({ localeCodeCase: 'any-case', localeCodeStored: value })
    const { id } = await site()
    expect((await call('POST', '/v2/locales', { siteId: id, locale: 'pt-br' })).body.locale).toBe(stored)
    expect((await call('GET', `/v2/locales/pt-br?siteId=${id}`)).body.locale).toBe(stored)
  })

  it.each([
    ['kept', '/about/', 404],
    ['dropped', '/about', 200],
  ] as const)('pathnameTrailingSlash %s: /about/ stored as %s, and /about looked up', async (value, stored, plainStatus) => {
    const { call, site } = await start({ pagePathnameForm: 'any', pathnameTrailingSlash: value })
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/about/', name: 'about' })).body.pathname).toBe(stored)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/about/')}?siteId=${id}`)).status).toBe(200)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${id}`)).status).toBe(plainStatus)
  })

  it('pathnameTrailingSlash dropped beside pagePathnameForm slash-first: /about/ taken as /about, /about// too, no leading slash still refused', async () => {
    const { call, site } = await start({ pathnameTrailingSlash: 'dropped' })
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/about/', name: 'about' })).body.pathname).toBe('/about')
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/team', name: 'team' })
    expect((await call('PATCH', `/v6/pages/${String(page.body.id)}`, { pathname: '/people//' })).body.pathname).toBe('/people')
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: 'no-slash/', name: 'x' })).status).toBe(400)
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/a//b/', name: 'x' })).status).toBe(400)
  })

  it.each([
    ['kept', '/About', 404, 201],
    ['lower-case', '/about', 200, 409],
  ] as const)('pagePathnameCase %s: /About stored as %s, /about looked up, and a page /about made beside it', async (value, stored, lowerStatus, secondStatus) => {
    const { call, site } = await start({ pagePathnameCase: value })
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/About', name: 'about' })).body.pathname).toBe(stored)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/About')}?siteId=${id}`)).status).toBe(200)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${id}`)).status).toBe(lowerStatus)
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: '/about', name: 'about too' })).status).toBe(secondStatus)
  })

  it.each([
    ['accepted', [201, 201, 201]],
    ['refused', [400, 400, 201]],
    ['letters', [400, 201, 201]],
  ] as const)('routePathnameCharacters %s: brackets and a space in a route pathname, and the same under skipValidation', async (value, statuses) => {
    const { call, site } = await start({ routePathnameCharacters: value })
    const { id } = await site()
    const answers = [
      await call('POST', '/v2/routes', { siteId: id, pathname: '/blog/[slug]' }),
      await call('POST', '/v2/routes', { siteId: id, pathname: '/café' }),
      await call('POST', '/v2/routes?skipValidation=true', { siteId: id, pathname: '/a b' }),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    if (value !== 'accepted') expect(answers[0]!.body.details).toEqual([{ field: 'pathname', message: expect.stringContaining('skipValidation=true') }])
  })

  it.each([
    ['looked-up', [200, 200, 200]],
    ['refused', [400, 400, 200]],
  ] as const)('localeQueryForm %s: a locale that is no code on the page list and the page read, and a code the site lacks', async (value, statuses) => {
    const { call, site } = await start({ localeQueryForm: value, pageUnknownLocale: 'empty-list', pageReadUnknownLocale: 'default' })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const answers = [
      await call('GET', `/v6/pages?siteId=${id}&locale=${encodeURIComponent('fé')}`),
      await call('GET', `/v6/pages/${String(page.body.id)}?locale=${encodeURIComponent('a b')}`),
      await call('GET', `/v6/pages?siteId=${id}&locale=xx-YY`),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    if (value === 'refused') expect(answers[0]!.body.details).toEqual([{ field: 'locale', message: expect.stringContaining('a locale code') }])
  })

  it.each([
    ['control-plane', [404, 200, 0]],
    ['going-online', [200, 200, 1]],
  ] as const)('pagePublishing %s: a page turned offline then online, read live and listed live; then offline again', async (value, [read, listedStatus, listed]) => {
    const { call, site } = await start({ pagePublishing: value })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const pageId = String(page.body.id)
    await call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })
    const online = await call('PATCH', `/v6/pages/${pageId}`, { isOnline: true })
    const live = await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    const list = await call('GET', `/v6/pages?siteId=${id}&versionRef=ref:live`)
    expect([live.status, list.status, list.body.data?.length]).toEqual([read, listedStatus, listed])
    if (value === 'going-online') {
      expect(live.body.publishedAt).toBe(online.body.updatedAt)
      await call('PATCH', `/v6/pages/${pageId}`, { isOnline: false, name: 'renamed' })
      expect((await call('GET', `/v6/pages?siteId=${id}&versionRef=ref:live`)).body.data).toEqual([])
      expect((await call('GET', `/v6/pages?siteId=${id}&versionRef=ref:live&includeOffline=true`)).body.data?.map((p) => p.isOnline)).toEqual([false])
    }
  })

  it.each([
    ['any-locale', 409],
    ['deleted-only', 404],
  ] as const)('restoreByCode %s: a live locale restored by its id, then by its code', async (value, byCodeStatus) => {
    const { call, site } = await start({ restoreByCode: value, restoreLiveLocale: '409' })
    const { id } = await site()
    const locale = await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    expect((await call('POST', `/v2/locales/${String(locale.body.id)}/restore`)).status).toBe(409)
    expect((await call('POST', `/v2/locales/fr-FR/restore?siteId=${id}`)).status).toBe(byCodeStatus)
    // A deleted one is found by its code either way.
    await call('DELETE', `/v2/locales/${String(locale.body.id)}`)
    expect((await call('POST', `/v2/locales/fr-FR/restore?siteId=${id}`)).status).toBe(200)
  })

  it.each([
    ['as-sent', 'about', 404],
    ['added', '/about', 200],
  ] as const)('pagePathnameSlash %s: about stored as %s, and looked up as /about', async (value, stored, slashStatus) => {
    const { call, site } = await start({ pagePathnameForm: 'any', pagePathnameSlash: value })
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: 'about', name: 'about' })).body.pathname).toBe(stored)
    expect((await call('GET', `/v6/pages/about?siteId=${id}`)).status).toBe(200)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${id}`)).status).toBe(slashStatus)
  })

  it.each([
    ['slash-first', 'about/', 400],
    ['trailing-slash', 'about/', 201],
    ['slash-first', 'a//b', 400],
    ['any', 'a//b', 201],
  ] as const)('pagePathnameSlash added beside pagePathnameForm %s: about taken as /about, and %s judged as /%s (%i)', async (pagePathnameForm, sent, status) => {
    const { call, site } = await start({ pagePathnameForm, pagePathnameSlash: 'added' })
    const { id } = await site()
    expect((await call('POST', '/v6/pages', { siteId: id, pathname: 'about', name: 'about' })).body.pathname).toBe('/about')
    const made = await call('POST', '/v6/pages', { siteId: id, pathname: sent, name: 'judged' })
    expect(made.status).toBe(status)
    if (status === 201) expect(made.body.pathname).toBe(`/${sent}`)
    else expect(made.body.details).toEqual([expect.objectContaining({ field: 'pathname' })])
  })

  it.each([
    ['as-sent', 400, undefined],
    ['added', 201, '/'],
  ] as const)('pagePathnameSlash %s: an empty pathname answers %i', async (value, status, stored) => {
    const { call, site } = await start({ pagePathnameForm: 'any', pagePathnameSlash: value })
    const { id } = await site()
    const made = await call('POST', '/v6/pages', { siteId: id, pathname: '', name: 'home' })
    expect(made.status).toBe(status)
    if (stored === undefined) expect(made.body.details).toEqual([expect.objectContaining({ field: 'pathname' })])
    else expect(made.body.pathname).toBe(stored)
  })

  it.each([
    ['kept', '  spaced  '],
    ['trimmed', 'spaced'],
  ] as const)('nameWhitespace %s: a site created, renamed and duplicated', async (value, stored) => {
    const { call, workspaceId } = await start({ nameWhitespace: value })
    const made = await call('POST', '/v2/sites', { workspaceId, name: '  spaced  ' })
    expect(made.body.name).toBe(stored)
    expect((await call('PATCH', `/v2/sites/${String(made.body.id)}`, { name: '  spaced  ' })).body.name).toBe(stored)
    expect((await call('POST', `/v2/sites/${String(made.body.id)}/duplicate`, { name: '  spaced  ' })).body.name).toBe(stored)
  })

  it.each([
    ['present', true],
    ['absent', false],
  ] as const)('sitePathPrefixFields %s: on a read, a list and a duplicate', async (value, present) => {
    const { call, site, workspaceId } = await start({ sitePathPrefixFields: value })
    const { id } = await site()
    const list = await call('GET', `/v2/sites?workspaceId=${workspaceId}`)
    const bodies = [(await call('GET', `/v2/sites/${id}`)).body, ...list.body.data!, (await call('POST', `/v2/sites/${id}/duplicate`, { name: 'copy' })).body]
    for (const body of bodies) expect('defaultLocalePathPrefix' in body).toBe(present)
  })

  it.each([
    ['checked', 404],
    ['ignored', 200],
  ] as const)("siteIdBesideId %s: a route and a locale read by id with another site's siteId", async (value, status) => {
    const { call, site } = await start({ siteIdBesideId: value })
    const [one, other] = [await site(), await site()]
    const route = await call('POST', '/v2/routes', { siteId: one.id, pathname: '/r' })
    const locale = await call('POST', '/v2/locales', { siteId: one.id, locale: 'fr-FR' })
    expect((await call('GET', `/v2/routes/${String(route.body.id)}?siteId=${other.id}`)).status).toBe(status)
    expect((await call('GET', `/v2/locales/${String(locale.body.id)}?siteId=${other.id}`)).status).toBe(status)
    // A pathname still needs its own site: it is looked up there.
    expect((await call('GET', `/v2/routes/${encodeURIComponent('/r')}?siteId=${other.id}`)).status).toBe(404)
  })

  it.each([
    ['millisecond', false],
    ['second', true],
  ] as const)('clockPrecision %s: two writes in one second', async (value, shared) => {
    const { call, site } = await start({ clockPrecision: value })
    const { id } = await site()
    // Early in a second, so that both writes fall in it.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10))
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const patched = await call('PATCH', `/v6/pages/${String(page.body.id)}`, { name: 'q' })
    expect(patched.body.updatedAt === page.body.createdAt).toBe(shared)
    for (const instant of [page.body.createdAt, patched.body.updatedAt]) expect(String(instant)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it.each([
    ['online', true, 1],
    ['offline', false, 0],
  ] as const)('newPageOnline %s: the new page, and the list without includeOffline', async (value, online, listed) => {
    const { call, site } = await start({ newPageOnline: value, newPageSitemapPriority: online ? 'null' : '0.5', newPageSitemapFrequency: online ? 'null' : 'weekly' })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    expect([page.body.isOnline, page.body.sitemapPriority, page.body.sitemapFrequency]).toEqual(online ? [true, null, null] : [false, 0.5, 'weekly'])
    expect((await call('GET', `/v6/pages?siteId=${id}`)).body.data).toHaveLength(listed)
  })

  it.each([
    ['409', 409],
    ['404', 404],
    ['200', 200],
  ] as const)('restoreLiveLocale %s', async (value, status) => {
    const { call, site } = await start({ restoreLiveLocale: value })
    const { id } = await site()
    const locale = await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const restored = await call('POST', `/v2/locales/${String(locale.body.id)}/restore`)
    expect(restored.status).toBe(status)
    if (status === 200) expect(restored.body).toEqual(locale.body)
  })

  it.each([
    ['accepted', 201, 'no-slash'],
    ['refused', 400, undefined],
    ['added', 201, '/no-slash'],
  ] as const)('routePathnameSlash %s under skipValidation=true, on a create and an update', async (value, status, stored) => {
    const { call, site } = await start({ routePathnameSlash: value })
    const { id } = await site()
    const made = await call('POST', '/v2/routes?skipValidation=true', { siteId: id, pathname: 'no-slash' })
    expect(made.status).toBe(status)
    if (stored !== undefined) expect(made.body.pathname).toBe(stored)
    const other = await call('POST', '/v2/routes', { siteId: id, pathname: '/other' })
    const renamed = await call('PATCH', `/v2/routes/${String(other.body.id)}?skipValidation=true`, { pathname: 'renamed' })
    expect(renamed.status).toBe(status === 201 ? 200 : 400)
  })

  it.each([
    ['refused', 400, 400],
    ['accepted', 201, 200],
  ] as const)('routeEmptySegment %s, on a create and an update; a trailing slash refused either way', async (value, created, updated) => {
    const { call, site } = await start({ routeEmptySegment: value })
    const { id } = await site()
    const made = await call('POST', '/v2/routes', { siteId: id, pathname: '/a//b' })
    expect(made.status).toBe(created)
    if (created === 201) expect(made.body.pathname).toBe('/a//b')
    else expect(made.body.details).toEqual([{ field: 'pathname', message: expect.stringContaining('has an empty segment (//)') }])
    const other = await call('POST', '/v2/routes', { siteId: id, pathname: '/other' })
    expect((await call('PATCH', `/v2/routes/${String(other.body.id)}`, { pathname: '/c//d' })).status).toBe(updated)
    expect((await call('POST', '/v2/routes', { siteId: id, pathname: '/e/' })).status).toBe(400)
  })

  it.each([
    ['400', [400, 400]],
    ['after-place', [200, 400]],
  ] as const)('cursorOutsideList %s: a page its prefix leaves out, and a page never published in a live list', async (value, statuses) => {
    const { call, site } = await start({ cursorOutsideList: value })
    const { id } = await site()
    const made: string[] = []
    for (const pathname of ['/a', '/b/1', '/b/2', '/c']) made.push(String((await call('POST', '/v6/pages', { siteId: id, pathname, name: pathname })).body.id))
    const outside = await call('GET', `/v6/pages?siteId=${id}&pathPrefix=%2Fb&startingAfter=${made[0]}`)
    const unpublished = await call('GET', `/v6/pages?siteId=${id}&versionRef=ref:live&startingAfter=${made[0]}`)
    expect([outside.status, unpublished.status]).toEqual(statuses)
    // After /a's place come /b/1 and /b/2: the walk goes on from where the item would be.
    if (outside.status === 200) expect(outside.body.data!.map((page) => page.pathname)).toEqual(['/b/1', '/b/2'])
  })

  it.each([
    ['validation-order', [404, 403, 403, 403]],
    ['body-first', [400, 400, 400, 400]],
  ] as const)('createBodyOrder %s: invalid creates naming a site that does not exist, or another site with its key or a read-only Site key', async (value, statuses) => {
    const { call, site } = await start({ createBodyOrder: value, siteKeyWrites: 'refused' })
    const own = await site()
    const other = await site()
    const answers = [
      await call('POST', '/v6/pages', { siteId: NOWHERE, name: 'no pathname' }),
      await call('POST', '/v6/pages', { siteId: other.id, pathname: '/p', name: '' }, own.key),
      await call('POST', '/v2/routes', { siteId: own.id, pathname: 'a b' }, own.key),
      await call('POST', '/v2/locales', { siteId: other.id, locale: 'not a code' }, own.key),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it.each([
    ['params-access-body', [403, 403, 403]],
    ['input-first', [400, 400, 403]],
  ] as const)('validationOrder %s: a Site key creating or duplicating a site, with an invalid body and a valid one', async (value, statuses) => {
    const { call, site, workspaceId } = await start({ validationOrder: value })
    const own = await site()
    const answers = [
      await call('POST', '/v2/sites', { workspaceId, name: 5 }, own.key),
      await call('POST', `/v2/sites/${own.id}/duplicate`, { name: 5 }, own.key),
      await call('POST', '/v2/sites', { workspaceId, name: 'by a Site key' }, own.key),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it('validationOrder input-first: a route pathname and page pathname characters are judged before access', async () => {
    const { call, site } = await start({ validationOrder: 'input-first', pagePathnameCharacters: 'refused' })
    const { id } = await site()
    const answers = [
      await call('POST', '/v2/routes', { siteId: NOWHERE, pathname: 'no-slash' }),
      await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: 'a b' }),
      await call('POST', '/v6/pages', { siteId: NOWHERE, pathname: '/[slug]', name: 'p' }),
      await call('PATCH', `/v6/pages/%2Fnone?siteId=${id}`, { pathname: '/[slug]' }),
    ]
    expect(answers.map((a) => [a.status, (a.body.details as Array<{ field: string }> | undefined)?.[0]?.field])).toEqual([
      [400, 'pathname'],
      [400, 'pathname'],
      [400, 'pathname'],
      [400, 'pathname'],
    ])
  })

  it.each([
    ['clears', 200, null],
    ['refused', 400, 'https://example.com'],
  ] as const)('hostOriginNull %s: a site update with hostOrigin null', async (value, status, kept) => {
    const { call, site } = await start({ hostOriginNull: value })
    const { id } = await site()
    await call('PATCH', `/v2/sites/${id}`, { hostOrigin: 'https://example.com' })
    const answer = await call('PATCH', `/v2/sites/${id}`, { hostOrigin: null })
    expect(answer.status).toBe(status)
    if (status === 400) expect(answer.body.details).toEqual([expect.objectContaining({ field: 'hostOrigin' })])
    expect((await call('GET', `/v2/sites/${id}`)).body.hostOrigin).toBe(kept)
  })

  it.each([
    ['409', [409, 403]],
    ['404', [404, 404]],
  ] as const)('restoreLiveLocale %s: a live locale restored with the App key, and with the Site key of another site', async (value, statuses) => {
    const { call, site } = await start({ restoreLiveLocale: value })
    const own = await site()
    const other = await site()
    const locale = await call('POST', '/v2/locales', { siteId: own.id, locale: 'fr-FR' })
    const answers = [await call('POST', `/v2/locales/${String(locale.body.id)}/restore`), await call('POST', `/v2/locales/${String(locale.body.id)}/restore`, undefined, other.key)]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it.each([
    ['exact', [404, 400, 201]],
    ['any-case', [200, 200, 409]],
  ] as const)('localeLookupCase %s: fr-FR read as FR-fr, as a page list\'s locale, and added again as FR-fr', async (value, statuses) => {
    // Codes in any case pass the form check, so that only the lookup decides.
    const { call, site } = await start({ localeLookupCase: value, localeCodeCase: 'any-case' })
    const { id } = await site()
    await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const answers = [
      await call('GET', `/v2/locales/FR-fr?siteId=${id}`),
      await call('GET', `/v6/pages?siteId=${id}&locale=FR-fr`),
      await call('POST', '/v2/locales', { siteId: id, locale: 'FR-fr' }),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    if (value === 'any-case') expect(answers[0]!.body.locale).toBe('fr-FR')
  })

  it.each([
    ['served', [201, 200, 401, 401]],
    // A route read without a key at Update Route's path, which takes PATCH alone there: a 405 (unservedMethod).
    ['elsewhere', [404, 404, 405, 401]],
  ] as const)('routeOperations %s: a route created and listed, a read without a key, and the update (shown by the specification) without a key', async (value, statuses) => {
    const { call, site } = await start({ routeOperations: value })
    const { id } = await site()
    const answers = [
      await call('POST', '/v2/routes', { siteId: id, pathname: '/r' }),
      await call('GET', `/v2/routes?siteId=${id}`),
      await call('GET', `/v2/routes/%2Fr?siteId=${id}`, undefined, ''),
      await call('PATCH', `/v2/routes/%2Fr?siteId=${id}`, { pathname: '/s' }, ''),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it.each([
    ['shared', [201, 201, 200]],
    ['unique', [201, 409, 409]],
  ] as const)('localeDomains %s: a second locale with the domain of another, and a third changed to it', async (value, statuses) => {
    const { call, site } = await start({ localeDomains: value })
    const { id } = await site()
    const domain = 'https://fr.example.com'
    const third = await call('POST', '/v2/locales', { siteId: id, locale: 'de-DE' })
    const answers = [
      await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR', domain }),
      await call('POST', '/v2/locales', { siteId: id, locale: 'fr-BE', domain }),
      await call('PATCH', `/v2/locales/${String(third.body.id)}`, { domain }),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
  })

  it.each([
    ['site-key', 200],
    ['not-a-key', 401],
    ['forbidden', 403],
  ] as const)("publicApiKeyAsSiteKey %s: the publicApiKey as the key, and the credentials' siteApiKey on its own site and another", async (value, publicKeyStatus) => {
    running = await listen(createMock({ choices: { publicApiKeyAsSiteKey: value } }), { port: 0, host: '127.0.0.1' })
    const url = running.url
    const creds = (await (await fetch(`${url}/__mock/credentials`)).json()) as Credentials
    const [own, other] = creds.sites
    const read = async (siteId: string, key: string): Promise<number> => (await fetch(`${url}/v2/sites/${siteId}`, { headers: { 'x-api-key': key } })).status
    expect(own!.siteApiKey === own!.publicApiKey).toBe(value === 'site-key')
    expect(await read(own!.id, own!.publicApiKey)).toBe(publicKeyStatus)
    expect(await read(own!.id, own!.siteApiKey)).toBe(200)
    expect(await read(other!.id, own!.siteApiKey)).toBe(403)
    // In upper case, as a UUID key is looked up.
    expect(await read(own!.id, own!.siteApiKey.toUpperCase())).toBe(200)
  })

  it('publicApiKeyAsSiteKey forbidden: the publicApiKey is a 403 on a read and on a write, and the derived Site key reads and writes its site', async () => {
    const { call, site } = await start({ publicApiKeyAsSiteKey: 'forbidden' })
    const made = await site()
    const creds = (await (await fetch(`${running!.url}/__mock/credentials`)).json()) as Credentials
    const listed = creds.sites.find((s) => s.id === made.id)!
    const publicKey = made.key
    expect(listed.siteApiKey).not.toBe(publicKey)
    const refused = [await call('GET', `/v6/pages?siteId=${made.id}`, undefined, publicKey), await call('POST', '/v6/pages', { siteId: made.id, pathname: '/p', name: 'p' }, publicKey)]
    expect(refused.map((a) => a.status)).toEqual([403, 403])
    expect(refused[0]!.body).toMatchObject({ code: 'forbidden', message: expect.stringContaining('publishable key') })
    expect((await call('GET', `/v2/sites/${made.id}`, undefined, listed.siteApiKey)).status).toBe(200)
    expect((await call('POST', '/v6/pages', { siteId: made.id, pathname: '/p', name: 'p' }, listed.siteApiKey)).status).toBe(201)
  })

  it.each([
    ['accepted', [200, 200, 404]],
    ['refused', [400, 400, 400]],
  ] as const)('emptyPageUpdate %s: {}, a body of search fields ignored, and {} to a page that does not exist where input goes first', async (value, statuses) => {
    const { call, site } = await start({ emptyPageUpdate: value, pageUpdateSearchFields: 'ignored', validationOrder: 'input-first' })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const answers = [
      await call('PATCH', `/v6/pages/${String(page.body.id)}`, {}),
      await call('PATCH', `/v6/pages/${String(page.body.id)}`, { title: 'ignored' }),
      await call('PATCH', `/v6/pages/${crypto.randomUUID()}`, {}),
    ]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    if (value === 'refused') expect(answers[0]!.body.details).toEqual([{ field: 'pathname', message: expect.stringContaining('at least one of pathname, name and isOnline') }])
  })

  it.each([
    ['accepted', [200, 200, 200]],
    ['refused', [200, 200, 200]],
    ['pathname-required', [400, 400, 200]],
  ] as const)('emptyPageUpdate %s: a rename, a page put offline, and the same with the page’s own pathname', async (value, statuses) => {
    const { call, site } = await start({ emptyPageUpdate: value })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const at = `/v6/pages/${String(page.body.id)}`
    const answers = [await call('PATCH', at, { name: 'renamed' }), await call('PATCH', at, { isOnline: false }), await call('PATCH', at, { pathname: '/p', isOnline: false })]
    expect(answers.map((a) => a.status)).toEqual(statuses)
    if (value === 'pathname-required') expect(answers[0]!.body.details).toEqual([{ field: 'pathname', message: expect.stringContaining("every page update carries the page's pathname") }])
  })

  it('pageUpdateSearchFields ignored: a search field of a wrong type or past a limit is not judged, and not applied', async () => {
    const { call, site } = await start({ pageUpdateSearchFields: 'ignored', titleMaxLength: 10 })
    const { id } = await site()
    const page = await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' })
    const answer = await call('PATCH', `/v6/pages/${String(page.body.id)}`, { title: 5, description: 'x'.repeat(5000), sitemapPriority: 7, pathname: '/renamed' })
    expect([answer.status, answer.body.title, answer.body.pathname]).toEqual([200, null, '/renamed'])
  })
})
