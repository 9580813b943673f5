import { describe, expect, it } from 'vitest'
import { TRANSPORTS, walk, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

// A page read once is answered from its kept JSON afterwards: each change must show at once,
// in a get and in a list, even though the page was read just before it.
describe.each(TRANSPORTS)('a page read before a change shows the change (%s)', (transport) => {
  let server: TestServer
  let key: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, appKey: key, siteId } = start)
  })

  const read = async (id: string): Promise<{ one: Record<string, unknown>; listed: Record<string, unknown> }> => {
    const one = (await server.api.get(`/v6/pages/${id}`, { key })).body
    const listed = (await walk(server.api, `/v6/pages?siteId=${siteId}&includeOffline=true`, key, 100)).find((page) => page.id === id)!
    return { one, listed }
  }

  it('after an update, a publish and a renamed default locale', async () => {
    const id = ((await server.api.get(`/v6/pages?siteId=${siteId}&limit=1`, { key })).body.data as Array<{ id: string }>)[0]!.id
    const before = await read(id)
    expect(before.listed).toEqual(before.one)

    await server.api.patch(`/v6/pages/${id}`, { key, body: { title: 'Changed title' } })
    const updated = await read(id)
    expect(updated.one.title).toBe('Changed title')
    expect(updated.listed).toEqual(updated.one)

    const published = await server.api.post(`/__mock/sites/${siteId}/publish`)
    const afterPublish = await read(id)
    expect(afterPublish.one.publishedAt).toBe(published.body.publishedAt)
    expect(afterPublish.listed).toEqual(afterPublish.one)

    const defaultLocale = before.one.locale as string
    const locales = (await server.api.get(`/v2/locales?siteId=${siteId}`, { key })).body.data as Array<{ id: string; locale: string }>
    const localeId = locales.find((locale) => locale.locale === defaultLocale)!.id
    expect((await server.api.patch(`/v2/locales/${localeId}`, { key, body: { locale: 'en-ZA' } })).status).toBe(200)
    const renamed = await read(id)
    expect(renamed.one.locale).toBe('en-ZA')
    expect(renamed.listed).toEqual(renamed.one)
  })
})
