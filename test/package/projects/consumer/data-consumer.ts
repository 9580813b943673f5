// The state as @msw/data collections, from the entry that carries @msw/data's types: importing
// it gives every mock its live collections, mock.db.
import { createMock } from 'sitemock'
import { MockDbError, toCollections, type StateCollections } from 'sitemock/data'

export async function offlinePages(): Promise<number> {
  const mock = createMock()
  const site = mock.credentials().sites[0]!
  try {
    await mock.db.pages.create({ siteId: site.id, pathname: '/odd', name: 'Odd', title: 'x'.repeat(300) })
  } catch (error) {
    if (!(error instanceof MockDbError)) throw error
  }
  const live = mock.db.pages.findMany((q) => q.where({ siteId: site.id }))
  const collections: StateCollections = await toCollections(mock.store)
  return live.length + collections.pages.findMany((q) => q.where({ draft: { isOnline: false } })).length
}
