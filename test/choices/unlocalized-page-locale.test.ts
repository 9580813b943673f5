import { describe, expect, it } from 'vitest'
import { startPermissive, type Choices as TwinChoices } from '../contract/permissive/index.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * unlocalizedPageLocale, over HTTP: a deployment (outsider34) that shows a page read in a locale of
 * its site it has no localization in with that locale as its `locale`, its content its own. The
 * published OpenAPI says localized data is "collapsed into the response" where there is some; what
 * `locale` a page with none shows, no document says. The mock follows each alternative, on a read
 * and on a list under localeFilterScope all, the probes tell them apart, and the twin takes them.
 */
const start = servedPerTest()
const TAG = 'contract-6b0c2d1e'

describe('unlocalizedPageLocale: the mock', () => {
  it.each([
    ['own', 'en-US'],
    ['requested', 'pt-BR'],
  ] as const)('%s: a page read in pt-BR, which it has no localization in, shows %s; by the locale id too', async (value, shown) => {
    const server = await start({ unlocalizedPageLocale: value })
    const { id } = await server.site()
    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'pt-BR' })
    const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/unlocalized', name: 'Unlocalized' })
    const byCode = await server.call('GET', `/v6/pages/${String(page.body.id)}?locale=pt-BR`)
    expect([byCode.status, byCode.body.locale, byCode.body.pathname]).toEqual([200, shown, '/unlocalized'])
    expect((await server.call('GET', `/v6/pages/${String(page.body.id)}?locale=${String(locale.body.id)}`)).body.locale).toBe(shown)
    // The default locale asked for is no other locale: the page as it is.
    expect((await server.call('GET', `/v6/pages/${String(page.body.id)}?locale=en-US`)).body.locale).toBe('en-US')
  })

  it('requested: a list under localeFilterScope all shows each unlocalized page in the locale asked for', async () => {
    const server = await start({ unlocalizedPageLocale: 'requested', localeFilterScope: 'all' })
    const { id } = await server.site()
    await server.call('POST', '/v2/locales', { siteId: id, locale: 'pt-BR' })
    await server.call('POST', '/v6/pages', { siteId: id, pathname: '/listed', name: 'Listed' })
    const list = await server.call('GET', `/v6/pages?siteId=${id}&includeOffline=true&locale=pt-BR`)
    const data = list.body.data as Array<Record<string, unknown>>
    expect(data.length).toBeGreaterThan(0)
    expect(new Set(data.map((page) => page.locale))).toEqual(new Set(['pt-BR']))
  })
})

describe('unlocalizedPageLocale: the probes and the twin', () => {
  it.each(['own', 'requested'] as const)('the probes learn %s back', async (value) => {
    const server = await start({ unlocalizedPageLocale: value })
    expect((await probe(server, TAG)).choices.unlocalizedPageLocale).toBe(value)
  })

  it.each(['own', 'requested'] as const)('the twin takes and observes %s', async (value) => {
    const choices: TwinChoices = { unlocalizedPageLocale: value, pageLocale: 'present' }
    const permissive = await startPermissive({ choices })
    try {
      expect(await OBSERVE.unlocalizedPageLocale!(new Client({ ...permissive, seed: 0, choices }))).toBe(value)
    } finally {
      await permissive.close()
    }
  })
})
