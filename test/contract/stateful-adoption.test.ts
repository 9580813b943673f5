import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import type { PageContent } from '../../src/store/records.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createMock, type Mock } from '../../src/mock.js'
import { apiRequestOf } from './nonconforming-server.js'
import { check, runAgainst } from './support.js'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
/** A locale code of a language and a region, in any case: what the twin stores in canonical case. */
const CODE = /^[a-z]{2,3}(-[a-z]{2})?$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A deployment that chooses otherwise than sitemock wherever the documents leave it free, in
 * aspects the mock has no choice for: the mock's own answers, changed around each request. Every
 * change is one a conforming deployment may make; the stateful group must adopt each and hold the
 * target to it, finding no divergence.
 */
export type TwinChoice =
  /** A Site key reads only: every write with one is a 403 (`siteKeyWrites`: refused). */
  | 'site-key-read-only'
  /** A new page is offline, with sitemap fields set (`newPageOnline`, `newPageSitemapPriority`, `newPageSitemapFrequency`). */
  | 'new-page-offline-in-sitemap'
  /** A site's locales are managed elsewhere, and it has no `defaultLocalePathPrefix` (`localeManagementMode`, `sitePathPrefixFields`). */
  | 'site-fields-of-its-own'
  /** Locale codes in canonical case, pathnames without a trailing slash, names trimmed (`localeCodeStored`, `pathnameTrailingSlash`, `nameWhitespace`). */
  | 'input-normalised'
  /** An unknown cursor is a 404 (`unknownCursor`). */
  | 'unknown-cursor-404'
  /** A siteId beside an id is ignored (`siteIdBesideId`). */
  | 'site-id-beside-id-ignored'
  /** Restoring a live locale answers it, 200 (`restoreLiveLocale`). */
  | 'restore-live-200'
  /** Instants in whole seconds (`clockPrecision`: second). */
  | 'whole-second-clock'
  /** `hostOrigin: null` in a site update is a 400 naming it (`hostOriginNull`: refused). */
  | 'host-origin-null-refused'
  /**
   * A new page's defaults made of its inputs: canonicalUrl its site's hostOrigin and its pathname,
   * kept in step as the pathname changes until one is set; sitemapPriority 1 for the root page,
   * 0.8 for the others (`newPageCanonicalUrl`, `newPageSitemapPriority`: values of no alternative).
   */
  | 'page-defaults-made-of-inputs'
  /** A site's page list (`GET /v2/sites/{siteId}/pages`) holds its offline pages too, whatever the query says. */
  | 'site-pages-whole'
  /** Not a choice: Site key writes taken at first, then refused. A deployment that contradicts itself. */
  | 'site-key-writes-flip'

const ALL_TWIN_CHOICES: TwinChoice[] = ['site-key-read-only', 'new-page-offline-in-sitemap', 'site-fields-of-its-own', 'input-normalised', 'unknown-cursor-404', 'site-id-beside-id-ignored', 'restore-live-200', 'whole-second-clock', 'host-origin-null-refused', 'page-defaults-made-of-inputs', 'site-pages-whole']

const error = (status: number, code: string, message: string): ApiResponse => ({ status, headers: {}, body: { code, message } })
const canonicalCode = (code: string): string => code.split('-').map((part, index) => (index === 0 ? part.toLowerCase() : part.length === 2 ? part.toUpperCase() : part)).join('-')
const dropTrailingSlash = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname)

interface Twin {
  url: string
  mock: Mock
  close(): Promise<void>
}

/** The twin: the mock (with `choices`) behind a server that makes the `twin` choices around it. */
async function startTwin(twin: readonly TwinChoice[], choices?: Choices): Promise<Twin> {
  const on = new Set(twin)
  // One instant per request, in whole seconds: a create and what the twin does after it share it.
  let frozen = new Date()
  const mock = createMock({ rateLimit: false, ...(choices ? { choices } : {}), ...(on.has('whole-second-clock') ? { now: () => frozen } : {}) })
  const rewriteRequest = (request: ApiRequest): ApiRequest => {
    if (!on.has('input-normalised') && !on.has('site-id-beside-id-ignored') && !on.has('site-pages-whole')) return request
    const segments = request.path.split('/')
    const query = new URLSearchParams(request.query)
    if (on.has('site-pages-whole') && segments[2] === 'sites' && segments[4] === 'pages') query.set('includeOffline', 'true')
    let body = request.body === undefined ? undefined : (JSON.parse(request.body) as unknown)
    if (on.has('input-normalised')) {
      const last = decodeURIComponent(segments[3] ?? '')
      if (segments[2] === 'locales' && segments[3] !== undefined && CODE.test(last)) segments[3] = encodeURIComponent(canonicalCode(last))
      if ((segments[2] === 'pages' || segments[2] === 'routes') && segments[3] !== undefined && !UUID.test(last)) segments[3] = encodeURIComponent(dropTrailingSlash(last))
      if (CODE.test(query.get('locale') ?? '')) query.set('locale', canonicalCode(query.get('locale')!))
      if (isObject(body)) {
        body = { ...body }
        const fields = body as Json
        if (typeof fields.locale === 'string' && CODE.test(fields.locale)) fields.locale = canonicalCode(fields.locale)
        if (typeof fields.defaultLocale === 'string' && CODE.test(fields.defaultLocale)) fields.defaultLocale = canonicalCode(fields.defaultLocale)
        if (typeof fields.pathname === 'string') fields.pathname = dropTrailingSlash(fields.pathname)
        if (typeof fields.name === 'string' && fields.name.trim() !== '') fields.name = fields.name.trim()
      }
    }
    if (on.has('site-id-beside-id-ignored') && ['locales', 'pages', 'routes'].includes(segments[2] ?? '') && UUID.test(decodeURIComponent(segments[3] ?? '')) && UUID.test(query.get('siteId') ?? '')) query.delete('siteId')
    return { ...request, path: segments.join('/'), query: query.toString(), body: body === undefined ? undefined : JSON.stringify(body) }
  }
  const rewriteSite = (site: unknown): void => {
    if (!isObject(site) || site.object !== 'site') return
    site.localeManagementMode = 'external'
    delete site.defaultLocalePathPrefix
  }
  /** The pages whose canonicalUrl the twin made and keeps in step with their pathname. */
  const madeCanonical = new Set<string>()
  const madeOfInputs = (request: ApiRequest, response: ApiResponse): ApiResponse => {
    const created = request.method === 'POST' && request.path === '/v6/pages' && response.status === 201
    const updated = request.method === 'PATCH' && request.path.startsWith('/v6/pages/') && response.status === 200
    if ((!created && !updated) || !isObject(response.body)) return response
    const page = mock.store.pages.byId.get(String(response.body.id))!
    const sent = request.body === undefined ? {} : (JSON.parse(request.body) as Json)
    if ('canonicalUrl' in sent) madeCanonical.delete(page.id)
    const origin = mock.store.sites.get(page.siteId)?.hostOrigin ?? null
    const changes: Partial<PageContent> = {}
    if (created) {
      changes.sitemapPriority = page.draft.pathname === '/' ? 1 : 0.8
      if (origin !== null) madeCanonical.add(page.id)
    }
    if (madeCanonical.has(page.id) && (created || 'pathname' in sent)) changes.canonicalUrl = `${origin}${page.draft.pathname}`
    mock.store.pages.updateDraft(page, changes)
    return { ...response, body: { ...response.body, ...changes } }
  }
  /** Site key writes taken so far, by family: the flip comes within a family, where one choice holds. */
  const siteKeyWrites = new Map<string, number>()
  const handle = (incoming: ApiRequest): ApiResponse => {
    frozen = new Date(Math.floor(Date.now() / 1000) * 1000)
    const request = rewriteRequest(incoming)
    const key = request.headers['x-api-key']
    const siteKeyWrite = request.method !== 'GET' && typeof key === 'string' && mock.store.siteByApiKey.has(key)
    const family = request.path.split('/')[2] ?? ''
    if (siteKeyWrite) siteKeyWrites.set(family, (siteKeyWrites.get(family) ?? 0) + 1)
    if (siteKeyWrite && (on.has('site-key-read-only') || (on.has('site-key-writes-flip') && siteKeyWrites.get(family)! > 3))) {
      return error(403, 'forbidden', 'a Site API key reads only; writes take the App key')
    }
    const segments = request.path.split('/')
    if (on.has('host-origin-null-refused') && request.method === 'PATCH' && segments[2] === 'sites' && segments.length === 4 && request.body !== undefined && (JSON.parse(request.body) as Json).hostOrigin === null) {
      return { status: 400, headers: {}, body: { code: 'bad_request', message: 'hostOrigin must be a URI', details: [{ field: 'hostOrigin', message: 'must be a URI, not null' }] } }
    }
    let response = mock.handle(request)
    if (on.has('new-page-offline-in-sitemap') && request.method === 'POST' && request.path === '/v6/pages' && response.status === 201 && isObject(response.body)) {
      // Made so at its creation: no update, so its instants stay those of the create.
      const page = mock.store.pages.byId.get(String(response.body.id))!
      mock.store.pages.updateDraft(page, { isOnline: false, sitemapPriority: 0.5, sitemapFrequency: 'weekly' })
      response = { ...response, body: { ...response.body, isOnline: false, sitemapPriority: 0.5, sitemapFrequency: 'weekly' } }
    }
    if (on.has('page-defaults-made-of-inputs')) response = madeOfInputs(request, response)
    if (on.has('unknown-cursor-404') && request.method === 'GET' && response.status === 400 && isObject(response.body) && Array.isArray(response.body.details) && response.body.details.every((detail) => isObject(detail) && detail.field === 'startingAfter')) {
      response = error(404, 'not_found', 'no item of this list has that id')
    }
    if (on.has('restore-live-200') && request.method === 'POST' && segments[2] === 'locales' && segments[4] === 'restore' && response.status === 409) {
      response = mock.handle({ ...request, method: 'GET', path: segments.slice(0, 4).join('/'), body: undefined })
    }
    if (on.has('site-fields-of-its-own') && isObject(response.body)) {
      rewriteSite(response.body)
      if (Array.isArray(response.body.data)) for (const item of response.body.data) rewriteSite(item)
    }
    return response
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const response = handle(apiRequestOf(req, Buffer.concat(chunks).toString('utf8')))
      const payload = response.body === undefined ? undefined : JSON.stringify(response.body)
      res.writeHead(response.status, { ...(payload === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...response.headers })
      res.end(payload)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The mock's own choices other than its defaults, every one it follows. */
const OTHER_CHOICES: Choices = {
  updatedAtAtCreation: 'null',
  pageLocale: 'absent',
  newPageTitle: 'name',
  newPageExcludedFromSearchEngines: 'false',
  sortCollation: 'case-insensitive',
  nullsSort: 'first',
  sortTies: 'creation',
  siteListOrder: 'newest-first',
  restoreLiveLocale: '404',
  malformedPathId: '404',
  accessOrder: 'existence-first',
  emptyPatchUpdatedAt: 'unchanged',
  pageUnknownLocale: 'empty-list',
  localeCodeCase: 'any-case',
  unknownBodyFields: 'ignored',
  unknownQueryParameters: 'ignored',
}

/** The mock's values of the classes it follows since they were catalogued, each other than its default. */
const CATALOGUED_CHOICES: Choices = {
  siteKeyWrites: 'refused',
  newPageOnline: 'offline',
  newPageSitemapPriority: '0.5',
  newPageSitemapFrequency: 'weekly',
  localeManagementMode: 'external',
  localeCodeStored: 'canonical',
  pathnameTrailingSlash: 'dropped',
  nameWhitespace: 'trimmed',
  routePathnameSlash: 'added',
  sitePathPrefixFields: 'absent',
  unknownCursor: '404',
  siteIdBesideId: 'ignored',
  restoreLiveLocale: '200',
  clockPrecision: 'second',
  createBodyOrder: 'body-first',
  hostOriginNull: 'refused',
}

const RUNS = Number(process.env.STATEFUL_ADOPTION_RUNS ?? 40)

/** The first line and the replay line of each stateful failure. */
const headlines = (report: Awaited<ReturnType<typeof runAgainst>>): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))

describe('the stateful group adopts what a deployment chose where the documents are silent', () => {
  describe.each([
    { title: 'a twin making every choice sitemock has no value for', twin: ALL_TWIN_CHOICES, choices: undefined },
    { title: "the mock with every other value of its own choices", twin: [] as TwinChoice[], choices: OTHER_CHOICES },
    { title: 'both at once', twin: ALL_TWIN_CHOICES, choices: OTHER_CHOICES },
    { title: 'the mock with the catalogued values of those choices', twin: [] as TwinChoice[], choices: CATALOGUED_CHOICES },
  ])('against $title', ({ twin, choices }) => {
    let server: Twin
    let report: Awaited<ReturnType<typeof runAgainst>>
    beforeAll(async () => {
      server = await startTwin(twin, choices)
      report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, learnChoices: true })
    }, 600_000)
    afterAll(() => server.close())

    it('finds no divergence and no inconsistency', () => {
      expect(headlines(report)).toEqual([])
      expect(report.notices.find((line) => line.startsWith('stateful:'))).toMatch(new RegExp(`^stateful: ${RUNS} sequence\\(s\\) from seed 1, .*: no divergence from the oracle$`))
    })
  })

  it('says what it adopted: a read-only Site key, offline new pages, an unknown cursor as 404', async () => {
    const server = await startTwin(ALL_TWIN_CHOICES)
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: 10, seed: 1 }, choices: {} })
      const adopted = report.notices.find((line) => line.startsWith('stateful adopted'))
      expect(adopted).toMatch(/siteKeyWrites \(\w+\): refused/)
      expect(adopted).toContain('newPageOnline: false')
      expect(adopted).toMatch(/unknownCursor \([^)]*\): 404/)
    } finally {
      await server.close()
    }
  }, 300_000)

  it('adopts a refused hostOrigin null without learning it first, and finds no divergence', async () => {
    const server = await startTwin(['host-origin-null-refused'])
    try {
      // Forty sequences send a site update with hostOrigin null several times (ten may send none).
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: 40, seed: 1 }, choices: {} })
      expect(headlines(report)).toEqual([])
      expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('hostOriginNull: refused')
    } finally {
      await server.close()
    }
  }, 300_000)

  it('reports a target that contradicts its own earlier choice as inconsistent, apart from breaks of the documents', async () => {
    const server = await startTwin(['site-key-writes-flip'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: { runs: 20, seed: 1 }, choices: {} })
      const failures = check(report, 'stateful.model').failures
      expect(failures.length).toBeGreaterThan(0)
      for (const failure of failures) expect(failure, failure.message.split('\n').filter((line) => !line.startsWith('  ')).join('\n') + failure.message.split('\n').slice(-2).join('\n')).toMatchObject({ kind: 'inconsistent', documents: [] })
      expect(failures[0]!.message.split('\n')[0]).toMatch(/^the target contradicts itself at step \d+ \(.+\): inconsistent: siteKeyWrites \(\w+\) was answered "allowed" before \(.+\), and "refused" now/)
    } finally {
      await server.close()
    }
  }, 300_000)

  it('holds the sitemock profile to sitemock: the same twin diverges there', async () => {
    const server = await startTwin(ALL_TWIN_CHOICES)
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 5, seed: 1 } })
      const failures = check(report, 'stateful.model').failures
      expect(failures.length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  }, 300_000)
})
