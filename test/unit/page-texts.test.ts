import { describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'

// Transports send a response's payload; mock.handle's callers read its body. For a page and a
// list joined from the pages' kept texts, the two must say the same, before and after an edit.
describe('kept page texts', () => {
  // Pages with localizations, so that a list in a locale collapses some of them.
  const mock = createMock({ scenario: 'multi-locale' })
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0]!.appApiKey }
  const siteId = sites.find((site) => mock.store.pages.ofSite(site.id).values().some((page) => page.draft.localizations.some((l) => l.locale === 'fr-FR')))!.id
  const get = (path: string, query = '') => mock.handle({ method: 'GET', path, query, headers, body: undefined })

  it('a page and a list answer the same in their payload as in their body', () => {
    const list = get('/v6/pages', `siteId=${siteId}&includeOffline=true&limit=5`)
    expect(list.status).toBe(200)
    expect(list.payloadParts?.length).toBeGreaterThan(1)
    expect(JSON.parse(list.payload!)).toEqual(list.body)
    expect(list.payloadParts!.join('')).toBe(list.payload)
    // What a transport takes: the same text, with no objects made from it.
    const sent = mock.respond({ method: 'GET', path: '/v6/pages', query: `siteId=${siteId}&includeOffline=true&limit=5`, headers, body: undefined })
    expect(sent.body).toBeUndefined()
    expect(sent.payload).toBe(list.payload)
    const id = (list.body as { data: Array<{ id: string }> }).data[1]!.id
    const page = get(`/v6/pages/${id}`)
    expect(JSON.parse(page.payload!)).toEqual(page.body)

    const edited = mock.handle({ method: 'PATCH', path: `/v6/pages/${id}`, query: '', headers: { ...headers, 'content-type': 'application/json' }, body: '{"title":"Edited title"}' })
    expect(edited.status).toBe(200)
    const after = get('/v6/pages', `siteId=${siteId}&includeOffline=true&limit=5`)
    expect(after.payload).toContain('"title":"Edited title"')
    expect(JSON.parse(after.payload!)).toEqual(after.body)
  })

  it('a body read after later edits shows the page as it was answered', () => {
    const list = get('/v6/pages', `siteId=${siteId}&includeOffline=true&limit=5`)
    const id = JSON.parse(list.payload!).data[0].id as string
    const page = get(`/v6/pages/${id}`)
    const titleThen = JSON.parse(page.payload!).title as string
    const edited = mock.handle({ method: 'PATCH', path: `/v6/pages/${id}`, query: '', headers: { ...headers, 'content-type': 'application/json' }, body: '{"title":"Edited once more"}' })
    expect(edited.status).toBe(200)
    // Read only now, after the edit: the answers still say what they said when given.
    expect((page.body as { title: string }).title).toBe(titleThen)
    expect((list.body as { data: Array<{ id: string; title: string }> }).data[0]).toMatchObject({ id, title: titleThen })
    expect(page.body).toBe(page.body)
  })

  it('a response copied with CORS headers or a delay keeps both its payload and its body', () => {
    const cors = createMock({ scenario: 'multi-locale', corsOrigins: '*' })
    const origin = { ...headers, origin: 'https://app.example.test' }
    const plain = cors.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${siteId}&includeOffline=true&limit=3`, headers, body: undefined })
    const withCors = cors.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${siteId}&includeOffline=true&limit=3`, headers: origin, body: undefined })
    expect(withCors.headers['access-control-allow-origin']).toBeDefined()
    const delayed = cors.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${siteId}&includeOffline=true&limit=3`, headers: { ...origin, prefer: 'delay=5' }, body: undefined })
    expect(delayed.delayMs).toBe(5)
    for (const response of [withCors, delayed]) {
      expect(response.status).toBe(200)
      expect(response.payload).toBe(plain.payload)
      expect(response.body).toEqual(plain.body)
    }
  })

  it('a list in a locale is serialized whole, with the pages collapsed into it', () => {
    const list = get('/v6/pages', `siteId=${siteId}&includeOffline=true&locale=fr-FR&limit=5`)
    expect(list.status).toBe(200)
    expect(list.payloadParts).toBeUndefined()
    const data = (list.body as { data: Array<{ locale: string }> }).data
    expect(data.some((page) => page.locale === 'fr-FR')).toBe(true)
    expect(JSON.parse(JSON.stringify(list.body))).toEqual(list.body)
  })
})
