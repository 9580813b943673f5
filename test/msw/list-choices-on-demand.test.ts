import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// sitemock/handlers as a page has it: the following of choices is imported on demand (the suite's
// setup file provides it, so the modules are loaded afresh, without it). A mock given a choices
// file's lists meets them at its first answer, once that part is there.
vi.resetModules()
const { createMockHandlers } = await import('../../src/transports/handlers.js')
const { onUnhandled } = await import('../../src/transports/unhandled.js')

const BASE = 'https://api.makeswift.com'
const NOTHING = '00000000-0000-4000-8000-000000000000'

describe("a choices file's lists in a page: followed once the following of choices is imported", () => {
  const followed = createMockHandlers({ choices: { unknownCursor: 'from-start' }, listChoices: { '/v6/pages': { unknownCursor: '400' } } })
  // Wrong lists cannot be judged before that part is there: the first answer says why, in the API's envelope.
  const wrong = createMockHandlers({ baseUrl: 'https://wrong.example', listChoices: { '/v6/pages': { nullsSort: 'first' } } as never })
  const server = setupServer(...followed.handlers, ...wrong.handlers)

  beforeAll(() => server.listen(onUnhandled('error')))
  afterAll(() => server.close())

  it('answers each list as its own choices say', async () => {
    const site = followed.mock.credentials().sites[0]!
    const get = (base: string, list: string): Promise<Response> => fetch(`${base}${list}?siteId=${site.id}&startingAfter=${NOTHING}`, { headers: { 'x-api-key': site.siteApiKey } })
    expect((await get(BASE, '/v6/pages')).status).toBe(400)
    expect((await get(BASE, '/v2/locales')).status).toBe(200)
  })

  it('answers wrong lists with a 500 that names them and what is accepted', async () => {
    const site = wrong.mock.credentials().sites[0]!
    const response = await fetch(`https://wrong.example/v6/pages?siteId=${site.id}`, { headers: { 'x-api-key': site.siteApiKey } })
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toBe(
      'sitemock: lists: /v6/pages: nullsSort is the same on every list; a list answers in its own way only unknownCursor, cursorOutsideList, foreignCursor, deletedCursor',
    )
  })
})
