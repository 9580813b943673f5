import { describe, expect, it, vi } from 'vitest'
import { createMock } from '../../src/mock.js'
import { recordSchemas, toCollections } from '../../src/store/collections.js'

describe('the state as @msw/data collections', () => {
  it('holds every record of the store, queryable with the @msw/data API', async () => {
    const mock = createMock({ scenario: 'multi-locale', seed: 3 })
    const collections = await toCollections(mock.store)
    const [site] = mock.credentials().sites
    const pages = mock.store.pages.ofSite(site!.id)
    expect(collections.pages.findMany((q) => q.where({ siteId: site!.id }))).toHaveLength(pages.size)
    const some = pages.at(5)!
    const found = collections.pages.findFirst((q) => q.where({ draft: { pathname: some.draft.pathname }, siteId: site!.id }))
    expect(found?.id).toBe(some.id)
    const locales = collections.locales.findMany((q) => q.where({ siteId: site!.id }))
    expect(locales.map((l) => l.locale).sort()).toEqual(['de-DE', 'en-US', 'es-ES', 'fr-FR'])
    expect(collections.sites.count()).toBe(mock.store.sites.size)
  })

  it('validates records with the fixture schema of contracts/, through Standard Schema', async () => {
    const result = await recordSchemas.sites['~standard'].validate({ id: 'not-a-uuid', workspaceId: 'w', name: '', publicApiKey: 'k', defaultLocale: 'english' })
    expect(result.issues?.map((issue) => issue.path?.join('.'))).toEqual(expect.arrayContaining(['id', 'workspaceId', 'name', 'defaultLocale']))
    const mock = createMock({ scenario: 'empty' })
    const collections = await toCollections(mock.store)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(collections.routes.create({ id: '00000000-0000-4000-8000-000000000001', siteId: 'nope', pathname: '/a' })).rejects.toThrow(/does not match the schema/)
  })
})
