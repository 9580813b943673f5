import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * localePathPrefixes over real HTTP: `null` (sitemock's) and `code`, where a locale without a
 * prefix of its own shows its code in lower case (`""` for the site's default locale) and a site
 * its `defaultLocalePathPrefix` `""`; and the stateful group against a deployment that chose `code`.
 */

const start = servedPerTest()

/** The pathPrefix of each of a site's locales, by code. */
async function prefixes(call: ChoicesServer['call'], siteId: string): Promise<Record<string, unknown>> {
  const listed = (await call('GET', `/v2/locales?siteId=${siteId}&limit=100`)).body.data ?? []
  return Object.fromEntries(listed.map((locale) => [String(locale.locale), locale.pathPrefix]))
}

describe('localePathPrefixes over HTTP', () => {
  it.each([
    [{}, null, null, null],
    [{ localePathPrefixes: 'null' }, null, null, null],
    [{ localePathPrefixes: 'code' }, '', '', 'fr-fr'],
  ] as const)('%o: a new site, its default locale and a new locale, as created, read and listed', async (choices, sitePrefix, defaultPrefix, newPrefix) => {
    const { call, site } = await start(choices)
    const { id } = await site()
    expect((await call('GET', `/v2/sites/${id}`)).body.defaultLocalePathPrefix).toBe(sitePrefix)
    const made = await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const locale = createdId(made)
    expect(made.body.pathPrefix).toBe(newPrefix)
    expect((await call('GET', `/v2/locales/${locale}`)).body.pathPrefix).toBe(newPrefix)
    expect(await prefixes(call, id)).toEqual({ 'en-US': defaultPrefix, 'fr-FR': newPrefix })
  })

  it('code: the site in its create answer and the site list, and a copy of it', async () => {
    const { call, workspaceId } = await start({ localePathPrefixes: 'code' })
    const made = await call('POST', '/v2/sites', { workspaceId, name: 'prefixed', defaultLocale: 'de-DE' })
    const id = createdId(made)
    expect(made.body.defaultLocalePathPrefix).toBe('')
    const listed = (await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`)).body.data ?? []
    expect(listed.find((site) => site.id === id)?.defaultLocalePathPrefix).toBe('')
    createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'pt-BR' }))
    const copy = await call('POST', `/v2/sites/${id}/duplicate`, { name: 'prefixed copy' })
    expect(copy.body.defaultLocalePathPrefix).toBe('')
    expect(await prefixes(call, createdId(copy))).toEqual({ 'de-DE': '', 'pt-BR': 'pt-br' })
  })

  it('code: a rename moves the prefix made of the code, and a locale renamed onto the default is not the default', async () => {
    const { call, site } = await start({ localePathPrefixes: 'code' })
    const { id } = await site()
    const locale = createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }))
    const renamed = await call('PATCH', `/v2/locales/${locale}`, { locale: 'fr-CA' })
    expect([renamed.status, renamed.body.pathPrefix]).toEqual([200, 'fr-ca'])
    // Renaming the default locale renames the site's defaultLocale: it stays the default, at "".
    const renamedDefault = await call('PATCH', `/v2/locales/en-US?siteId=${id}`, { locale: 'en-GB' })
    expect([renamedDefault.status, renamedDefault.body.pathPrefix, renamedDefault.body.isDefault]).toEqual([200, '', true])
    expect(await prefixes(call, id)).toEqual({ 'en-GB': '', 'fr-CA': 'fr-ca' })
  })

  it('code: a deleted locale restored shows the prefix of its code again', async () => {
    const { call, site } = await start({ localePathPrefixes: 'code' })
    const { id } = await site()
    const locale = createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'it-IT' }))
    expect((await call('DELETE', `/v2/locales/${locale}`)).status).toBe(204)
    const restored = await call('POST', `/v2/locales/${locale}/restore`)
    expect([restored.status, restored.body.pathPrefix]).toEqual([200, 'it-it'])
  })

  it('code: a prefix a fixture set is shown as set, and stays through a rename', async () => {
    const { call, mock } = await start({ localePathPrefixes: 'code' })
    // The default scenario's sites carry the prefixes they were given; give one an explicit prefix as a fixture would.
    const record = [...mock.store.locales.byId.values()].find((locale) => locale.deletedAt === null && mock.store.siteRecord(locale.siteId)?.defaultLocale !== locale.locale)
    if (record === undefined) throw new Error('the default scenario has a locale besides a default one')
    record.pathPrefix = '/custom'
    const read = await call('GET', `/v2/locales/${record.id}`)
    expect(read.body.pathPrefix).toBe('/custom')
    const renamed = await call('PATCH', `/v2/locales/${record.id}`, { locale: 'sv-SE' })
    expect([renamed.status, renamed.body.pathPrefix]).toEqual([200, '/custom'])
  })

  it('a pathPrefix in a locale create is still an unknown field under code', async () => {
    const { call, site } = await start({ localePathPrefixes: 'code' })
    const { id } = await site()
    const sent = await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR', pathPrefix: '/fr' })
    expect(sent.status).toBe(400)
    expect(sent.body.details).toEqual([expect.objectContaining({ field: 'pathPrefix' })])
  })
})

describe('the stateful group against a deployment whose locales show the prefix their code makes', () => {
  const CHOSEN = { localePathPrefixes: 'code' } as const
  // Every sequence creates sites, and most create and rename locales.
  const RUNS = 20

  it('adopts code under the default profile, and finds no divergence', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: {} })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const { url, mock } = await start(CHOSEN)
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((reason) => !reason.startsWith(`sitemock's choice localePathPrefixes="null"`))).toEqual([])
  }, 300_000)
})
