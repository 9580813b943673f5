import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import '../../src/data.js'
import { createMock } from '../../src/mock.js'
import { createMswHandler, onUnhandled } from '../../src/transports/msw.js'

// The README's example of mock.db, as a user's component test would have it.
const mock = createMock()
const server = setupServer(createMswHandler(mock))
const { workspaces, sites } = mock.credentials()
const key = workspaces[0]!.appApiKey
const siteId = sites[0]!.id

/** The code under test: shows a site's page titles, cut to 60 characters, and shortens any title over 200 when told to. */
async function listTitles(): Promise<Array<{ id: string; title: string | null }>> {
  const response = await fetch(`https://api.makeswift.com/v6/pages?siteId=${siteId}&limit=100`, { headers: { 'x-api-key': key } })
  return ((await response.json()) as { data: Array<{ id: string; title: string | null }> }).data
}
const renderTitles = async (): Promise<string[]> => (await listTitles()).map(({ title }) => (title && title.length > 60 ? `${title.slice(0, 59)}…` : (title ?? '')))
async function shortenLongTitles(): Promise<void> {
  for (const page of await listTitles()) {
    if (!page.title || page.title.length <= 200) continue
    await fetch(`https://api.makeswift.com/v6/pages/${page.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ title: page.title.slice(0, 200) }),
    })
  }
}

beforeAll(() => server.listen(onUnhandled('error')))
beforeEach(() => mock.reset())
afterAll(() => server.close())

it('seeds an odd page with mock.db, renders, and asserts with findMany', async () => {
  await mock.db.pages.create({ siteId, pathname: '/odd', name: 'Odd', title: 'A'.repeat(300) })
  expect(await renderTitles()).toContain(`${'A'.repeat(59)}…`)
  await shortenLongTitles()
  const odd = mock.db.pages.findMany((q) => q.where({ siteId, draft: { pathname: '/odd' } }))
  expect(odd.map((page) => page.draft.title)).toEqual(['A'.repeat(200)])
})
