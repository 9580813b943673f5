import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiResponse } from '../../src/api/types.js'
import type { Mock } from '../../src/mock.js'
import { exportState } from '../../src/scenarios/fixture.js'
import { SessionJournal } from '../../src/transports/browser-session.js'
import { createSavedMock } from '../../src/transports/browser-state.js'
import { MemoryStorage } from '../support/memory-storage.js'

const START = { scenario: 'default' as const, seed: 1 }
const journalIn = (storage: Storage): SessionJournal => new SessionJournal(storage, 'sitemock', 'default:1')

function send(mock: Mock, method: string, path: string, body: unknown): ApiResponse {
  const site = mock.credentials().sites[0]!
  return mock.handle({ method, path, query: '', headers: { 'x-api-key': site.siteApiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

const createPage = (mock: Mock, pathname: string): ApiResponse =>
  send(mock, 'POST', '/v6/pages', { siteId: mock.credentials().sites[0]!.id, name: 'Saved', pathname })

const post = (mock: Mock, path: string, body?: unknown): ApiResponse =>
  mock.handle({ method: 'POST', path, query: '', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createSavedMock', () => {
  it('restores every write, down to the ids and instants, in a mock started on the same storage', () => {
    const storage = new MemoryStorage()
    const first = createSavedMock(START, journalIn(storage)).mock
    expect(createPage(first, '/saved-one').status).toBe(201)
    expect(createPage(first, '/saved-two').status).toBe(201)
    const again = createSavedMock(START, journalIn(storage)).mock
    expect(exportState(again.store)).toEqual(exportState(first.store))
    // The id stream continues where it stopped: the next page gets the same id in both.
    expect(createPage(again, '/next').body).toMatchObject({ id: (createPage(first, '/next').body as { id: string }).id })
  })

  it('keeps a state replaced through the control plane as the new base', () => {
    const storage = new MemoryStorage()
    const first = createSavedMock(START, journalIn(storage)).mock
    expect(post(first, '/__mock/reset', { scenario: 'empty' }).status).toBe(200)
    const again = createSavedMock(START, journalIn(storage)).mock
    expect(again.store.sites.size).toBe(0)
    expect(again.credentials()).toEqual(first.credentials())
  })

  it("resets, as sitemock.reset() does, the faults, overrides and journal of the page's tests too", () => {
    const saved = createSavedMock(START, journalIn(new MemoryStorage()))
    saved.mock.faults.add({ route: 'createPage', status: 503 })
    saved.mock.overrides.add({ match: { operation: 'listSites' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
    expect(createPage(saved.mock, '/refused').status).toBe(503)
    saved.resetTo(START)
    expect([saved.mock.faults.size, saved.mock.overrides.size, saved.mock.journal.recorded]).toEqual([0, 0, 0])
    expect(createPage(saved.mock, '/created').status).toBe(201)
  })

  it('forgets the saved state on resetTo, so the next start is the scenario', () => {
    const storage = new MemoryStorage()
    const saved = createSavedMock(START, journalIn(storage))
    createPage(saved.mock, '/gone')
    saved.resetTo(START)
    expect(storage.length).toBe(0)
    const again = createSavedMock(START, journalIn(storage)).mock
    expect(exportState(again.store)).toEqual(exportState(createSavedMock(START, undefined).mock.store))
  })

  it('replaces a journal that no longer fits with one snapshot of the state', () => {
    const snapshotSize = JSON.stringify(exportState(createSavedMock(START, undefined).mock.store)).length
    const storage = new MemoryStorage(snapshotSize + 1_000)
    const first = createSavedMock(START, journalIn(storage)).mock
    const pageId = first.store.pages.ofSite(first.credentials().sites[0]!.id).values()[0]!.id
    // Updates grow the journal but not the state: the journal outgrows the quota, the snapshot fits.
    for (let i = 0; i < 100; i++) expect(send(first, 'PATCH', `/v6/pages/${pageId}`, { title: `Title ${i}` }).status).toBe(200)
    expect(storage.getItem('sitemock:base')).not.toBeNull()
    expect(exportState(createSavedMock(START, journalIn(storage)).mock.store)).toEqual(exportState(first.store))
  })

  it('warns and keeps the state in memory when not even a snapshot fits', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = new MemoryStorage(300)
    const first = createSavedMock(START, journalIn(storage)).mock
    for (let i = 0; i < 3; i++) expect(createPage(first, `/kept-${i}`).status).toBe(201)
    expect(warn).toHaveBeenCalledOnce()
    expect(storage.length).toBe(0)
  })

  it('starts from the scenario, with a warning, when the saved writes cannot be replayed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = new MemoryStorage()
    createPage(createSavedMock(START, journalIn(storage)).mock, '/broken')
    storage.setItem('sitemock:0', 'not json')
    const again = createSavedMock(START, journalIn(storage)).mock
    expect(again.store.pages.ofSite(again.credentials().sites[0]!.id).values().length).toBe(36)
    expect(warn).toHaveBeenCalledOnce()
  })
})
