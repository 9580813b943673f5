/**
 * A snapshot: a read-only walk of a deployment (GET only) into a fixture document that
 * `sitemock serve --scenario FILE` and createMock({ fixture }) load. Real keys are replaced
 * by generated ones unless the Site keys are asked for; fields the API never shows get the
 * stand-ins that docs/snapshot.md lists.
 */
import { LOCALES, PAGES, ROUTES, SITE, SITES } from '../contract/endpoints.js'
import type { Fixture, FixtureLocale, FixturePage, FixtureRoute, FixtureSite, Locale, Page, Route } from '../contracts/types.js'
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

export interface SnapshotOptions {
  readonly baseUrl: string
  readonly apiKey: string
  /** With an App key: walk the workspace's sites. With siteId too: only that site of it. */
  readonly workspaceId?: string
  /** One site, with its Site key (or an App key). */
  readonly siteId?: string
  /** Keep the real Site key(s) in the fixture instead of generated ones. */
  readonly keepSiteKeys?: boolean
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
  /** The keys written into the fixture: its App key, and each site's Site key by site id. */
  readonly keys: { readonly appKey: string; readonly siteKeys: Readonly<Record<string, string>> }
}

/** Reads the deployment and resolves with the whole document; throws SnapshotError (or the client's errors) and returns nothing partial. */
export async function takeSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  if (options.workspaceId === undefined && options.siteId === undefined) throw new SnapshotError('a snapshot needs a workspace id (with an App key) or a site id')
  let done = 0
  let prefix = ''
  const reader = new ApiReader({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    ...(options.maxRps === undefined ? {} : { maxRps: options.maxRps }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onRequest: (what) => options.onProgress?.({ done: ++done, what: prefix + what }),
    notice: (message) => options.onNotice?.(message),
  })
  const sites =
    options.siteId === undefined
      ? await reader.all<ReadSite>(SITES, { workspaceId: options.workspaceId! }, 'sites')
      : [await reader.one<ReadSite>(SITE, { siteId: options.siteId }, 'site')]
  const readings: SiteReading[] = []
  for (const [i, site] of sites.entries()) {
    prefix = `site ${i + 1} of ${sites.length}, `
    readings.push(await readSite(reader, site))
  }
  return assemble(readings, options)
}

async function readSite(reader: ApiReader, site: ReadSite): Promise<SiteReading> {
  const siteId = site.id
  const pages = (versionRef: string): Record<string, string> => ({ siteId, includeOffline: 'true', versionRef })
  return {
    site,
    locales: await reader.all<Locale>(LOCALES, { siteId }, 'locales'),
    drafts: await reader.all<Page>(PAGES, pages('ref:draft'), 'pages (draft)'),
    lives: await reader.all<Page>(PAGES, pages('ref:live'), 'pages (live)'),
    routes: await reader.all<Route>(ROUTES, { siteId }, 'routes'),
  }
}

/** Where the stream of a snapshot's keys and made-up ids starts, before the seed moves it. */
const KEY_STREAM = 0x5a4b5107

/** The document, its keys generated in site order from the seed, checked as serve would check it. */
function assemble(readings: SiteReading[], options: SnapshotOptions): SnapshotResult {
  // Not the seed's own stream: sitemock makes its ids from that one, so a snapshot of a mock
  // started with the same seed would get keys equal to the mock's ids.
  const random = createRandom(startState(KEY_STREAM, options.seed ?? DEFAULT_SEED))
  const appKey = random.appApiKey()
  // A Site key alone does not say which workspace the site is in: the workspace gets a made-up id.
  const workspaceId = options.workspaceId ?? random.uuid()
  const siteKeys: Record<string, string> = {}
  const sites: FixtureSite[] = []
  const locales: FixtureLocale[] = []
  const pages: FixturePage[] = []
  const routes: FixtureRoute[] = []
  for (const reading of readings) {
    const siteKey = options.keepSiteKeys ? reading.site.publicApiKey : random.uuid()
    siteKeys[reading.site.id] = siteKey
    const records = siteRecords(reading, workspaceId, siteKey, random)
    sites.push(records.site)
    appendAll(locales, records.locales)
    appendAll(pages, records.pages)
    appendAll(routes, records.routes)
  }
  const document: Fixture = { version: FIXTURE_VERSION, randomState: random.state(), workspaces: [{ id: workspaceId, appApiKey: appKey }], sites, locales, pages, routes }
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
    keys: { appKey, siteKeys },
  }
}
