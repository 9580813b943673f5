import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../src/index.js'
import { createMock, type MockOptions } from '../../src/mock.js'
import { generateFixture } from '../../src/scenarios/generate.js'
import { UndoLog } from '../../src/store/undo-log.js'
import { createSavedMock } from '../../src/transports/browser-state.js'
import { SessionJournal } from '../../src/transports/browser-session.js'
import { startMock, type TestServer } from '../support/harness.js'
import { MemoryStorage } from '../support/memory-storage.js'
import { observe, runWrites, writeArbitrary } from '../support/write-sequences.js'

// A fixed clock: a fresh mock and a reset one must make the same instants.
const now = (): Date => new Date('2026-06-01T12:00:00.000Z')
const larger = generateFixture({ sites: 3, pages: 300, locales: 3, routes: 5, seed: 4 })

const sources: Array<{ name: string; options: MockOptions }> = [
  { name: 'the default scenario', options: { scenario: 'default', seed: 3 } },
  { name: 'a generated larger document', options: { scenario: { fixture: larger } } },
]

describe.each(sources)('reset() after random writes, from $name', ({ options }) => {
  const fresh = observe(createMock({ ...options, now, rateLimit: false }))
  const mock = createMock({ ...options, now, rateLimit: false })

  it('gives what a freshly built mock gives: export, every list, the next ids and instants', () => {
    let changed = 0
    const store = mock.store
    fc.assert(
      fc.property(fc.array(writeArbitrary, { minLength: 1, maxLength: 40 }), (writes) => {
        changed += runWrites(mock, writes)
        mock.reset()
        // The writes were taken back in the same store, not by building another one.
        expect(mock.store).toBe(store)
        expect(observe(mock)).toEqual(fresh)
        // observe() made a site: the next run starts from the start state again.
        mock.reset()
      }),
      { numRuns: 60 },
    )
    // The writes did change the state: otherwise the comparison proves nothing.
    expect(changed).toBeGreaterThan(100)
    // 60 runs over the larger document take some 13 s on a quiet 2-CPU machine, three times that beside other test files.
  }, 120_000)

  it('restores a reset that follows a reset, and writes made between two resets', () => {
    runWrites(mock, [{ kind: 'deleteSite', n: 0, text: 'a' }])
    mock.reset()
    runWrites(mock, [{ kind: 'createPage', n: 1, text: 'b' }, { kind: 'publish', n: 1, text: 'c' }])
    mock.reset()
    expect(observe(mock)).toEqual(fresh)
  })
})

describe('reset() after more writes than the undo log keeps', () => {
  it('builds the start state anew, and takes back writes again after that', () => {
    const fresh = observe(createMock({ scenario: 'default', seed: 8, now }))
    const mock = createMock({ scenario: 'default', seed: 8, now, rateLimit: false })
    const edits = Array.from({ length: UndoLog.MAX_STEPS + 1 }, (_, n) => ({ kind: 'updatePage' as const, n, text: 'edit', field: 'title' as const }))
    const store = mock.store
    expect(runWrites(mock, edits)).toBe(edits.length)
    mock.reset()
    expect(mock.store).not.toBe(store)
    expect(observe(mock)).toEqual(fresh)
    mock.reset()
    const rebuilt = mock.store
    runWrites(mock, edits.slice(0, 10))
    mock.reset()
    expect(mock.store).toBe(rebuilt)
    expect(observe(mock)).toEqual(fresh)
  })
})

describe('reset() with other input', () => {
  it('builds the other scenario, seed or document, and the start state again after it', () => {
    const mock = createMock({ scenario: 'default', seed: 3, now })
    runWrites(mock, [{ kind: 'createPage', n: 0, text: 'x' }])
    mock.reset({ seed: 4 })
    expect(observe(mock)).toEqual(observe(createMock({ scenario: 'default', seed: 4, now })))
    mock.reset({ scenario: 'empty' })
    expect(observe(mock)).toEqual(observe(createMock({ scenario: 'empty', seed: 4, now })))
    mock.reset({ fixture: larger })
    expect(observe(mock)).toEqual(observe(createMock({ scenario: { fixture: larger }, now })))
    mock.reset({ scenario: 'default', seed: 3 })
    runWrites(mock, [{ kind: 'deleteSite', n: 0, text: 'y' }])
    mock.reset()
    expect(observe(mock)).toEqual(observe(createMock({ scenario: 'default', seed: 3, now })))
  })

  it('restores the scenario, not the state a mock started from', () => {
    const mock = createMock({ scenario: 'default', state: larger, now })
    mock.reset()
    expect(observe(mock)).toEqual(observe(createMock({ scenario: 'default', now })))
  })

  it('reads a scenario file again on every reset, so edits to it are seen', () => {
    let document = structuredClone(larger)
    const mock = createMock({ scenario: { read: () => document, label: 'scenario.json' }, now })
    document = generateFixture({ sites: 1, pages: 5, locales: 1, routes: 1, seed: 9 })
    mock.reset()
    expect(observe(mock)).toEqual(observe(createMock({ scenario: { fixture: document }, now })))
  })
})

describe("the browser's reset, with the state saved in session storage", () => {
  it('takes back the writes in the same store and gives what a fresh mock gives, also after a reload', () => {
    const options = { scenario: 'default' as const, seed: 3, now }
    const fresh = observe(createMock(options))
    const storage = new MemoryStorage()
    const journal = (): SessionJournal => new SessionJournal(storage, 'sitemock', 'default:3')
    const saved = createSavedMock(options, journal())
    const store = saved.mock.store
    runWrites(saved.mock, [{ kind: 'createPage', n: 0, text: 'a' }, { kind: 'renameLocale', n: 1, code: 'de-DE' }])
    saved.resetTo({ scenario: 'default', seed: 3 })
    expect(saved.mock.store).toBe(store)
    expect(observe(saved.mock)).toEqual(fresh)
    // A reload restores the saved writes over the saved base; its reset builds the scenario once, then takes back.
    const reloaded = createSavedMock(options, journal())
    runWrites(reloaded.mock, [{ kind: 'deleteSite', n: 0, text: 'b' }])
    reloaded.resetTo({ scenario: 'default', seed: 3 })
    expect(observe(reloaded.mock)).toEqual(fresh)
  })
})

describe('POST /__mock/reset over HTTP after writes over HTTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ scenario: 'default', seed: 6, now })
  })
  afterAll(() => server.close())

  it('answers lists and the export as a fresh mock does', async () => {
    const fresh = createMock({ scenario: 'default', seed: 6, now, rateLimit: false })
    const credentials = server.mock.credentials()
    const key = credentials.workspaces[0]!.appApiKey
    const site = credentials.sites[0]!
    const pageId = server.mock.store.pages.ofSite(site.id).at(3)!.id
    expect((await server.api.patch(`/v6/pages/${pageId}`, { key, body: { title: 'Changed', pathname: '/changed' } })).status).toBe(200)
    expect((await server.api.post('/v6/pages', { key, body: { siteId: site.id, pathname: '/new', name: 'New' } })).status).toBe(201)
    expect((await server.api.delete(`/v2/sites/${credentials.sites[1]!.id}`, { key: credentials.workspaces[1]!.appApiKey })).status).toBe(204)
    expect((await server.api.post('/__mock/reset')).status).toBe(200)
    const list = `/v6/pages?siteId=${site.id}&limit=100&sortBy=title&includeOffline=true`
    const answered = await server.api.get(list, { key })
    const expected = fresh.handle({ method: 'GET', path: '/v6/pages', query: list.split('?')[1]!, headers: { 'x-api-key': key }, body: undefined })
    expect(answered.body).toEqual(expected.body)
    expect((await server.api.get('/__mock/state')).body).toEqual(fresh.handle({ method: 'GET', path: '/__mock/state', query: '', headers: {}, body: undefined }).body)
  })
})
