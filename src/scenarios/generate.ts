import type { Faker } from '@faker-js/faker'
import { seededFaker } from './seeded-faker.js'
import type { Fixture, FixtureLocale, FixturePage, FixturePageContent, FixtureRoute, FixtureSite } from '../generated/types.js'
import { createRandom, type RandomSource } from '../random.js'
import { compareStrings } from '../store/sorted-index.js'
import { FIXTURE_EPOCH } from './build-store.js'
import { FIXTURE_VERSION } from './export-state.js'

/** This module's file: a cached document names the generator's code it came from. */
export const GENERATOR_MODULE = import.meta.url

export interface GenerateOptions {
  /** Sites in the one workspace. */
  sites: number
  /** Pages per site. */
  pages: number
  /** Locales per site, the default (en-US) first. */
  locales: number
  /** Routes per site. */
  routes: number
  seed: number
}

/** Locale codes in the order sites get them; the first is every generated site's default. */
export const LOCALE_CODES = ['en-US', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'pt-BR', 'ja-JP', 'nl-NL', 'sv-SE', 'pl-PL', 'da-DK', 'fi-FI', 'nb-NO', 'ko-KR', 'zh-CN', 'tr-TR', 'cs-CZ', 'el-GR', 'hu-HU', 'ro-RO']

const SECTIONS = ['', '/blog', '/docs', '/products', '/company']
const FREQUENCIES = [null, 'daily', 'weekly', 'monthly', 'yearly'] as const
const PRIORITIES = [null, 0.3, 0.5, 0.8, 1]

/**
 * A fixture made with faker from a seed: one workspace, and in each site its locales
 * (alternately prefix- and domain-based after the default), pages with a localization per
 * extra locale (about half of them published, some edited since, a tenth offline) and routes
 * with dynamic segments. The same options always give the same document.
 */
export function generateFixture(options: GenerateOptions): Fixture {
  const random = createRandom(options.seed)
  const faker = seededFaker(options.seed)
  let minute = 0
  const at = (): string => new Date(Date.parse(FIXTURE_EPOCH) + 60_000 * minute++).toISOString()
  const workspace = { id: random.uuid(), appApiKey: random.appApiKey() }
  const fixture = { version: FIXTURE_VERSION, randomState: 0, workspaces: [workspace], sites: [] as FixtureSite[], locales: [] as FixtureLocale[], pages: [] as FixturePage[], routes: [] as FixtureRoute[] }
  for (let s = 0; s < options.sites; s++) {
    const name = faker.company.name()
    const host = `${faker.helpers.slugify(name).toLowerCase().replace(/[^a-z0-9-]/g, '').replace(/-+/g, '-')}-${s + 1}.test`
    const site: FixtureSite = {
      id: random.uuid(),
      workspaceId: workspace.id,
      name,
      hostOrigin: `https://${host}`,
      publicApiKey: random.uuid(),
      defaultLocale: LOCALE_CODES[0]!,
      defaultLocalePathPrefix: null,
      localeManagementMode: 'internal',
    }
    fixture.sites.push(site)
    const codes = LOCALE_CODES.slice(0, options.locales)
    codes.forEach((code, i) => fixture.locales.push(localeOf(random, site.id, code, i, host)))
    const taken = new Set<string>()
    const pages = Array.from({ length: options.pages }, (_, p) => pageOf(random, faker, site.id, uniquePathname(faker, taken, p), codes.slice(1), at))
    // Listed by pathname, as an export lists them: a large file then loads without a sort.
    for (const page of pages.sort((a, b) => compareStrings(a.draft.pathname, b.draft.pathname))) fixture.pages.push(page)
    for (let r = 0; r < options.routes; r++) fixture.routes.push({ id: random.uuid(), siteId: site.id, pathname: routePathname(faker, taken, r) })
  }
  fixture.randomState = random.state()
  return fixture
}

function localeOf(random: RandomSource, siteId: string, code: string, index: number, host: string): FixtureLocale {
  const language = code.slice(0, 2)
  // After the default, locales alternate between a path prefix and a domain of their own.
  const prefixed = index % 2 === 1
  return {
    id: random.uuid(),
    siteId,
    locale: code,
    isDefault: index === 0,
    domain: index > 0 && !prefixed ? `https://${language}.${host}` : null,
    pathPrefix: prefixed ? language : null,
    deletedAt: null,
  }
}

function uniquePathname(faker: Faker, taken: Set<string>, index: number): string {
  if (index === 0) return claim(taken, '/')
  const base = `${faker.helpers.arrayElement(SECTIONS)}/${faker.word.noun()}-${faker.word.adjective()}`.toLowerCase().replace(/[^a-z0-9/-]/g, '')
  let pathname = base
  for (let n = 2; taken.has(pathname); n++) pathname = `${base}-${n}`
  return claim(taken, pathname)
}

function routePathname(faker: Faker, taken: Set<string>, index: number): string {
  const fixed = ['/blog/[slug]', '/docs/[...path]']
  const [head, ...rest] = (fixed[index] ?? `/${faker.word.noun().toLowerCase().replace(/[^a-z0-9-]/g, '')}/[id]`).slice(1).split('/')
  let pathname = `/${head}/${rest.join('/')}`
  for (let n = 2; taken.has(pathname); n++) pathname = `/${head}-${n}/${rest.join('/')}`
  return claim(taken, pathname)
}

function claim(taken: Set<string>, pathname: string): string {
  taken.add(pathname)
  return pathname
}

function pageOf(random: RandomSource, faker: Faker, siteId: string, pathname: string, otherCodes: string[], at: () => string): FixturePage {
  const id = random.uuid()
  const name = faker.commerce.productName()
  const createdAt = at()
  const draft: FixturePageContent = {
    name,
    pathname,
    title: name,
    description: faker.lorem.sentence(),
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: faker.helpers.arrayElement(PRIORITIES),
    sitemapFrequency: faker.helpers.arrayElement(FREQUENCIES),
    isOnline: faker.number.int(9) > 0,
    excludedFromSearchEngines: null,
    localizations: otherCodes.map((code) => ({ id: random.uuid(), locale: code, pathname: pathname === '/' ? '/' : `${pathname}-${code.slice(0, 2)}` })),
    updatedAt: createdAt,
  }
  if (faker.number.int(1) === 0) return { id, siteId, createdAt, publishedAt: null, draft, live: null }
  const live = { ...draft, localizations: draft.localizations!.map((l) => ({ ...l })) }
  const publishedAt = at()
  // One published page in four has been edited since: its draft and live differ.
  if (faker.number.int(3) === 0) Object.assign(draft, { title: `${name} (edited)`, updatedAt: at() })
  return { id, siteId, createdAt, publishedAt, draft, live }
}
