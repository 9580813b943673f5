import { seededFaker } from './seeded-faker.js'
import type { Fixture, FixturePage, FixtureRoute, FixtureSite } from '../generated/types.js'
import { createRandom, type RandomSource } from '../random.js'
import { blankContent } from '../store/records.js'
import { FIXTURE_EPOCH } from './build-store.js'
import { FIXTURE_VERSION } from './export-state.js'

/** This module's file: a cached document names the generator's code it came from. */
export const DEFAULT_SCENARIO_MODULE = import.meta.url

/**
 * The default scenario: two workspaces with an App key each; the first has a site with two
 * locales (en-US, fr-FR), 36 pages (more than the default page size) and three routes, one of
 * them /blog/[slug]; the second has one site with three pages. fixtures/default.json is this
 * document for the default seed.
 */
export function defaultFixture(seed: number): Fixture {
  const random = createRandom(seed)
  const faker = seededFaker(seed)
  let minute = 0
  const at = (): string => new Date(Date.parse(FIXTURE_EPOCH) + 60_000 * minute++).toISOString()
  const fixture = { version: FIXTURE_VERSION, randomState: 0, workspaces: [] as Fixture['workspaces'], sites: [] as FixtureSite[], locales: [] as NonNullable<Fixture['locales']>, pages: [] as FixturePage[], routes: [] as FixtureRoute[] }
  const addSite = (workspaceId: string, name: string, hostOrigin: string | null, codes: string[]): string => {
    const site = { id: random.uuid(), workspaceId, name, hostOrigin, publicApiKey: random.uuid(), defaultLocale: codes[0]!, defaultLocalePathPrefix: null, localeManagementMode: 'internal' as const }
    fixture.sites.push(site)
    codes.forEach((locale, i) => fixture.locales.push({ id: random.uuid(), siteId: site.id, locale, isDefault: i === 0, domain: null, pathPrefix: null, deletedAt: null }))
    return site.id
  }
  const addPage = (siteId: string, pathname: string): void => {
    const name = faker.commerce.productName()
    const createdAt = at()
    fixture.pages.push({ id: random.uuid(), siteId, createdAt, publishedAt: null, live: null, draft: contentOf(name, pathname, faker.lorem.sentence(), createdAt) })
  }

  const main = addSite(addWorkspace(fixture, random), 'Acme Marketing', 'https://www.acme.test', ['en-US', 'fr-FR'])
  const pathnames = new Set<string>(['/'])
  while (pathnames.size < 36) pathnames.add(`/${faker.word.noun()}-${faker.word.adjective()}`.toLowerCase())
  for (const pathname of pathnames) addPage(main, pathname)
  for (const pathname of ['/blog/[slug]', '/docs/[...path]', '/shop/cart']) fixture.routes.push({ id: random.uuid(), siteId: main, pathname })
  const other = addSite(addWorkspace(fixture, random), 'Globex Docs', null, ['en-US'])
  for (const pathname of ['/', '/guides', '/reference']) addPage(other, pathname)
  fixture.randomState = random.state()
  return fixture
}

function addWorkspace(fixture: { workspaces: Fixture['workspaces'] }, random: RandomSource): string {
  const workspace = { id: random.uuid(), appApiKey: random.appApiKey() }
  fixture.workspaces.push(workspace)
  return workspace.id
}

function contentOf(name: string, pathname: string, description: string, at: string): FixturePage['draft'] {
  return { ...blankContent(name, pathname, at), title: name, description }
}
