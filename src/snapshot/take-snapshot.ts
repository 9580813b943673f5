/**
 * A snapshot: a read-only walk of a deployment (GET only) into a fixture document that
 * `sitemock serve --scenario FILE` and createMock({ fixture }) load. Real keys are replaced
 * by generated ones unless the Site keys are asked for; fields the API never shows get the
 * stand-ins that docs/snapshot.md lists.
 */
import { LOCALE, LOCALES, PAGES, ROUTES, SITE, SITES } from '../contract/endpoints.js'
import type { Fixture, FixtureLocale, FixturePage, FixtureRoute, FixtureSite, FixtureWorkspace, Locale, Page, Route } from '../generated/types.js'
import type { Choices } from '../freedom/catalogue.js'
import { createRandom } from '../random.js'
import { DEFAULT_SEED } from '../scenarios/index.js'
import { FIXTURE_VERSION } from '../scenarios/export-state.js'
import { FixtureError } from '../scenarios/fixture-error.js'
import { startState } from '../scenarios/fixture.js'
import { validateFixture } from '../scenarios/validate-fixture.js'
import { ApiReader, SnapshotError } from './api-reader.js'
import { siteRecords, type ReadSite, type SiteReading } from './to-fixture.js'
import { appendAll } from '../append.js'

export { SnapshotError } from './api-reader.js'

export interface SnapshotProgress {
  /** Requests answered so far. */
  readonly done: number
  /** Left out: how many requests a walk takes is known only at its end (each list's length shows on the way). */
  readonly total?: number
  /** What the last request read, e.g. "site 2 of 3, pages (live): 300". */
  readonly what: string
}

/** One key and what it reads: a workspace's sites (an App key), or one site (its Site key, or an App key). */
export interface SnapshotSource {
  readonly apiKey: string
  /** With an App key: walk the workspace's sites. With siteId too: only that site of it. */
  readonly workspaceId?: string
  /** One site, with its Site key (or an App key). */
  readonly siteId?: string
}

/** The first key is the options' own; `moreSources` adds every further key, each read in the same run. */
export interface SnapshotOptions extends SnapshotSource {
  readonly baseUrl: string
  /** Further keys, each with what it reads: every workspace and site they reach goes into the one document. */
  readonly moreSources?: readonly SnapshotSource[]
  /** Keep the real Site key(s) in the fixture instead of generated ones. */
  readonly keepSiteKeys?: boolean
  /**
   * The deployment's free choices (a --write-choices file's), which the served copy will follow:
   * the records are written in the order that makes a mock following them list what the
   * deployment listed (a fixture holds creation order; a newest-first site list is read backwards).
   */
  readonly choices?: Choices
  /** Seeds the generated keys and stand-in ids: the same deployment and seed give the same document. */
  readonly seed?: number
  /** Requests per second at most; unpaced for this machine, gentle for anything else by default. */
  readonly maxRps?: number
  readonly onProgress?: (progress: SnapshotProgress) => void
  /** Waits and retries worth telling a user about (a 429, a 5xx tried again). */
  readonly onNotice?: (message: string) => void
  readonly fetch?: typeof fetch
  readonly signal?: AbortSignal
}

export interface SnapshotResult {
  readonly fixture: Fixture
  readonly counts: { sites: number; locales: number; pages: number; liveVersions: number; localizations: number; routes: number }
  /**
   * The keys written into the fixture: each workspace's App key by workspace id (`appKey` is the
   * first workspace's, the only one when one key was given), and each site's Site key by site id.
   */
  readonly keys: { readonly appKey: string; readonly appKeys: Readonly<Record<string, string>>; readonly siteKeys: Readonly<Record<string, string>> }
}

/** Every source of the options, the options' own first. */
const sourcesOf = (options: SnapshotOptions): SnapshotSource[] => [
  { apiKey: options.apiKey, ...(options.workspaceId === undefined ? {} : { workspaceId: options.workspaceId }), ...(options.siteId === undefined ? {} : { siteId: options.siteId }) },
  ...(options.moreSources ?? []),
]

/** Reads the deployment and resolves with the whole document; throws SnapshotError (or the client's errors) and returns nothing partial. */
export async function takeSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const sources = sourcesOf(options)
  for (const [i, source] of sources.entries()) {
    const which = sources.length === 1 ? '' : ` (key ${i + 1} of ${sources.length})`
    if (source.workspaceId === undefined && source.siteId === undefined) throw new SnapshotError(`a snapshot needs a workspace id (with an App key) or a site id${which}`)
  }
  let done = 0
  let prefix = ''
  const reader = new ApiReader({
    baseUrl: options.baseUrl,
    ...(options.maxRps === undefined ? {} : { maxRps: options.maxRps }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onRequest: (what) => options.onProgress?.({ done: ++done, what: prefix + what }),
    notice: (message) => options.onNotice?.(message),
  })
  const readings: SiteReading[] = []
  const seen = new Set<string>()
  // Whole workspaces first: a site that a Site key reaches and a workspace lists too is then read
  // as the workspace's, in its place in the workspace's order.
  const ordered = [...sources.filter((source) => source.siteId === undefined), ...sources.filter((source) => source.siteId !== undefined)]
  for (const source of ordered) {
    const keyPrefix = sources.length === 1 ? '' : `key ${sources.indexOf(source) + 1} of ${sources.length}, `
    prefix = keyPrefix
    const sites =
      source.siteId === undefined
        ? inCreationOrder(await reader.all<ReadSite>(SITES, { workspaceId: source.workspaceId! }, 'sites', source.apiKey), options.choices)
        : [await reader.one<ReadSite>(SITE, { siteId: source.siteId }, 'site', source.apiKey)]
    for (const [i, site] of sites.entries()) {
      // Two keys may reach the same site (two App keys of one workspace, a Site key beside its workspace's App key): it is read once.
      if (seen.has(site.id)) continue
      seen.add(site.id)
      prefix = `${keyPrefix}site ${i + 1} of ${sites.length}, `
      readings.push({ ...(await readSite(reader, site, source.apiKey, options.choices)), workspaceId: source.workspaceId ?? null })
    }
  }
  return assemble(readings, options)
}

/** A workspace's sites as listed, in the order they were created: the order a fixture holds them in (a list by name shows none, and keeps its own). */
export const inCreationOrder = (listed: ReadSite[], choices: Choices | undefined): ReadSite[] => (choices?.siteListOrder === 'newest-first' ? [...listed].reverse() : listed)

async function readSite(reader: ApiReader, site: ReadSite, key: string, choices: Choices | undefined): Promise<Omit<SiteReading, 'workspaceId'>> {
  const siteId = site.id
  const pages = (versionRef: string): Record<string, string> => ({ siteId, includeOffline: 'true', versionRef })
  const locales = await reader.all<Locale>(LOCALES, { siteId }, 'locales', key)
  const drafts = await reader.all<Page>(PAGES, pages('ref:draft'), 'pages (draft)', key)
  const lives = await reader.all<Page>(PAGES, pages('ref:live'), 'pages (live)', key)
  // A deployment that serves its route operations elsewhere (routeOperations) has no route list here to read.
  const routes = choices?.routeOperations === 'elsewhere' ? [] : await reader.all<Route>(ROUTES, { siteId }, 'routes', key)
  return { site, locales, drafts, lives, routes, deletedLocales: await readDeletedLocales(reader, siteId, locales, [...drafts, ...lives], key) }
}

/**
 * The deleted locales the API lets one see: the list leaves them out, but a page's locale or
 * localization still names each one whose pages were kept; asked for by that code, a deployment
 * that shows deleted locales answers it with its id and settings. One that answers 404 (or 400)
 * shows nothing of it: the locale then gets a stand-in (to-fixture.ts).
 */
async function readDeletedLocales(reader: ApiReader, siteId: string, listed: Locale[], pages: Page[], key: string): Promise<Locale[]> {
  const listedIds = new Set(listed.map((locale) => locale.id))
  const known = new Set(listed.map((locale) => locale.locale))
  const found: Locale[] = []
  for (const code of namedCodes(pages)) {
    if (known.has(code)) continue
    known.add(code)
    const locale = await reader.found<Locale>(LOCALE, { localeIdOrCode: code }, { siteId }, `deleted locale ${code}`, key)
    // A live locale answered for the code (one whose code the list shows in another case) is no deleted one.
    if (locale !== undefined && !listedIds.has(locale.id)) found.push(locale)
  }
  return found
}

/** The locale codes the pages name, in the order they first name them: each page's locale and its localizations' locales. */
function* namedCodes(pages: Page[]): Generator<string> {
  for (const page of pages) {
    if (page.locale !== undefined) yield page.locale
    for (const localization of page.localizations) if (localization.locale !== undefined) yield localization.locale
  }
}

/** Where the stream of a snapshot's keys and made-up ids starts, before the seed moves it. */
const KEY_STREAM = 0x5a4b5107

/** The document, its keys generated in workspace then site order from the seed, checked as serve would check it. */
function assemble(readings: SiteReading[], options: SnapshotOptions): SnapshotResult {
  // Not the seed's own stream: sitemock makes its ids from that one, so a snapshot of a mock
  // started with the same seed would get keys equal to the mock's ids.
  const random = createRandom(startState(KEY_STREAM, options.seed ?? DEFAULT_SEED))
  const workspaces: FixtureWorkspace[] = []
  const appKeys: Record<string, string> = {}
  for (const workspaceId of new Set(sourcesOf(options).flatMap((source) => (source.workspaceId === undefined ? [] : [source.workspaceId])))) {
    workspaces.push({ id: workspaceId, appApiKey: (appKeys[workspaceId] = random.appApiKey()) })
  }
  // A Site key alone does not say which workspace its site is in: such sites share a made-up one.
  let madeUp: string | undefined
  const workspaceOf = (reading: SiteReading): string => {
    if (reading.workspaceId !== null) return reading.workspaceId
    if (madeUp === undefined) {
      const appApiKey = random.appApiKey()
      madeUp = random.uuid()
      workspaces.push({ id: madeUp, appApiKey: (appKeys[madeUp] = appApiKey) })
    }
    return madeUp
  }
  const siteKeys: Record<string, string> = {}
  const sites: FixtureSite[] = []
  const locales: FixtureLocale[] = []
  const pages: FixturePage[] = []
  const routes: FixtureRoute[] = []
  for (const reading of readings) {
    const workspaceId = workspaceOf(reading)
    const siteKey = options.keepSiteKeys ? reading.site.publicApiKey : random.uuid()
    siteKeys[reading.site.id] = siteKey
    const records = siteRecords(reading, workspaceId, siteKey, random)
    sites.push(records.site)
    appendAll(locales, records.locales)
    appendAll(pages, records.pages)
    appendAll(routes, records.routes)
  }
  const document: Fixture = { version: FIXTURE_VERSION, randomState: random.state(), workspaces, sites, locales, pages, routes }
  let fixture: Fixture
  try {
    fixture = validateFixture(document)
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error
    const [first] = error.problems
    throw new SnapshotError(`the deployment's data does not make a valid fixture (${error.count} problem(s)); first: ${first?.path}: ${first?.message}`)
  }
  const contents = pages.flatMap((page) => (page.live ? [page.draft, page.live] : [page.draft]))
  return {
    fixture,
    counts: {
      sites: sites.length,
      locales: locales.length,
      pages: pages.length,
      liveVersions: pages.filter((page) => page.live).length,
      localizations: contents.reduce((sum, content) => sum + (content.localizations?.length ?? 0), 0),
      routes: routes.length,
    },
    keys: { appKey: workspaces[0]!.appApiKey, appKeys, siteKeys },
  }
}
