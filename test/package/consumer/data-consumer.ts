// The state as @msw/data collections, from the entry that carries @msw/data's types.
import { createMock } from 'sitemock'
import { recordSchemas, toCollections, type StateCollections } from 'sitemock/data'

export async function onlinePages(): Promise<number> {
  const collections: StateCollections = await toCollections(createMock().store)
  const offline = collections.pages.findMany((q) => q.where({ draft: { isOnline: false } }))
  return offline.length + Object.keys(recordSchemas).length
}
