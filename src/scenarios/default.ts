import { Faker, en } from '@faker-js/faker'
import type { Store } from '../store/store.js'

/** Fixture timestamps start here, so generated state never depends on wall time. */
const EPOCH = Date.parse('2026-01-01T00:00:00.000Z')

/**
 * The default scenario: two workspaces with an App key each; the first has a site with two
 * locales, 36 pages (more than the default page size) and a few routes; the second one site.
 */
export function seedDefault(store: Store, seed: number): void {
  const faker = new Faker({ locale: [en] })
  faker.seed(seed)
  const first = addWorkspace(store)
  const main = addSite(store, first, 'Acme Marketing', 'https://www.acme.test', ['en-US', 'fr-FR'])
  let minute = 0
  const at = (): string => new Date(EPOCH + 60_000 * minute++).toISOString()
  const pathnames = new Set<string>(['/'])
  while (pathnames.size < 36) pathnames.add(`/${faker.word.noun()}-${faker.word.adjective()}`.toLowerCase())
  for (const pathname of [...pathnames]) addPage(store, main, pathname, faker.commerce.productName(), at(), faker)
  for (const pathname of ['/blog/[slug]', '/docs/[...path]', '/shop/cart']) {
    store.routes.add({ id: store.random.uuid(), siteId: main, pathname })
  }
  const second = addWorkspace(store)
  const other = addSite(store, second, 'Globex Docs', null, ['en-US'])
  for (const pathname of ['/', '/guides', '/reference']) addPage(store, other, pathname, faker.commerce.productName(), at(), faker)
}

export function addWorkspace(store: Store): string {
  const workspace = { id: store.random.uuid(), appApiKey: store.random.appApiKey() }
  store.addWorkspace(workspace)
  return workspace.id
}

function addSite(store: Store, workspaceId: string, name: string, hostOrigin: string | null, locales: string[]): string {
  const id = store.random.uuid()
  store.addSite({
    id,
    workspaceId,
    name,
    hostOrigin,
    publicApiKey: store.random.uuid(),
    defaultLocale: locales[0]!,
    defaultLocalePathPrefix: null,
    localeManagementMode: 'internal',
    seq: store.nextSeq(),
  })
  for (const locale of locales) {
    store.locales.add({ id: store.random.uuid(), siteId: id, locale, domain: null, pathPrefix: null, seq: store.nextSeq(), deletedAt: null })
  }
  return id
}

function addPage(store: Store, siteId: string, pathname: string, name: string, at: string, faker: Faker): void {
  store.pages.add({
    id: store.random.uuid(),
    siteId,
    createdAt: at,
    publishedAt: null,
    live: null,
    draft: {
      name,
      pathname,
      title: name,
      description: faker.lorem.sentence(),
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: null,
      sitemapFrequency: null,
      isOnline: true,
      excludedFromSearchEngines: null,
      localizations: [],
      updatedAt: at,
    },
  })
}
