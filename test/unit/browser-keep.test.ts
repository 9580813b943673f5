import '../../src/scenarios/faker-node.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMock, type Mock } from '../../src/mock.js'
import { JournalHistory } from '../../src/transports/browser-history.js'
import { ControlsKeeper } from '../../src/transports/browser-keep.js'
import { MemoryStorage } from '../support/memory-storage.js'

const keeperIn = (storage: Storage, origin = 'default:1'): ControlsKeeper => new ControlsKeeper(storage, 'sitemock:controls', origin)

function listPages(mock: Mock): number {
  const site = mock.credentials().sites[0]!
  return mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}&limit=1`, headers: { 'x-api-key': site.siteApiKey } }).status
}

/** A fault or override as a request would give it again: what a reload must keep. */
const withoutIds = <T extends { id: number }>(items: T[]): Array<Omit<T, 'id'>> => items.map(({ id: _id, ...rest }) => rest)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ControlsKeeper and JournalHistory: the page\'s controls and journal across a reload', () => {
  it('restores every kind of fault and the overrides in the order they are tried, with the answers they have left', () => {
    const storage = new MemoryStorage()
    const first = createMock()
    expect(listPages(first)).toBe(200)
    first.overrides.add({ match: { operation: 'listPages' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } }, times: 3 })
    first.overrides.add({ match: { method: 'DELETE' }, response: { status: 204 }, priority: 5 })
    first.overrides.add({ match: { operation: 'listPages', query: { limit: '1' } }, response: { status: 200, body: { object: 'list', data: [], hasMore: true } } })
    first.faults.add({ latencyMs: [5, 10] })
    first.faults.add({ route: 'listPages', drop: 'reset', errorRate: 0.5 })
    first.faults.add({ route: 'getSite', status: 503, seed: 9 })
    keeperIn(storage).save(first, new JournalHistory(first.journal, []))

    const second = createMock()
    const earlier = keeperIn(storage).restore(second)
    expect(withoutIds(second.faults.list().faults)).toEqual(withoutIds(first.faults.list().faults))
    expect(second.faults.list().seed).toBe(9)
    const overrides = second.overrides.list().overrides
    expect(overrides.map(({ match, response, priority, remaining }) => ({ match, response, priority, remaining }))).toEqual(
      first.overrides.list().overrides.map(({ match, response, priority, remaining }) => ({ match, response, priority, remaining })),
    )
    expect(earlier.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(['GET /v6/pages 200'])
  })

  it('lists the earlier load\'s requests before the new ones, numbered on, until the journal is cleared', () => {
    const storage = new MemoryStorage()
    const first = createMock()
    listPages(first)
    listPages(first)
    keeperIn(storage).save(first, new JournalHistory(first.journal, []))

    const second = createMock()
    const history = new JournalHistory(second.journal, keeperIn(storage).restore(second))
    listPages(second)
    expect([...history.newestFirst()].map((entry) => entry.seq)).toEqual([3, 2, 1])
    // A clear followed by as many requests as before it still forgets the earlier load.
    second.journal.clear()
    listPages(second)
    listPages(second)
    // The live journal numbers on past a clear; the earlier load's two are gone.
    expect([...history.newestFirst()].map((entry) => entry.seq)).toEqual([3, 2])
  })

  it('discards what another start kept, and what is not its own', () => {
    const storage = new MemoryStorage()
    const first = createMock()
    first.faults.add({ status: 500 })
    keeperIn(storage, 'default:1').save(first, new JournalHistory(first.journal, []))
    const other = createMock()
    expect(keeperIn(storage, 'default:2').restore(other)).toEqual([])
    expect(other.faults.list().faults).toEqual([])
    expect(storage.getItem('sitemock:controls')).toBeNull()

    storage.setItem('sitemock:controls', '{"not":"ours"')
    expect(keeperIn(storage).restore(createMock())).toEqual([])
    expect(storage.getItem('sitemock:controls')).toBeNull()
  })

  it('keeps fewer requests, then none, when the storage is full, and warns when even the controls do not fit', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const mock = createMock()
    for (let i = 0; i < 60; i++) listPages(mock)
    mock.faults.add({ status: 500 })
    const roomy = new MemoryStorage(60_000)
    keeperIn(roomy).save(mock, new JournalHistory(mock.journal, []))
    const kept = JSON.parse(roomy.getItem('sitemock:controls')!) as { requests: unknown[]; faults: unknown[] }
    expect(kept.requests.length).toBeLessThan(60)
    expect(kept.faults).toHaveLength(1)
    expect(warn).not.toHaveBeenCalled()

    const tiny = new MemoryStorage(100)
    keeperIn(tiny).save(mock, new JournalHistory(mock.journal, []))
    expect(tiny.getItem('sitemock:controls')).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/storage is full; the faults and overrides will not survive this reload/))
  })
})
