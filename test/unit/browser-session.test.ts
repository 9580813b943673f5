import { describe, expect, it } from 'vitest'
import type { ReplayableWrite } from '../../src/persist/changes.js'
import { fingerprint, SessionJournal } from '../../src/transports/browser-session.js'
import { MemoryStorage } from '../support/memory-storage.js'

const write = (n: number): ReplayableWrite => ({
  request: { method: 'POST', path: '/v6/pages', query: '', headers: {}, body: `{"n":${n}}` },
  at: '2024-01-01T00:00:00.000Z',
  randomState: n,
})

describe('SessionJournal', () => {
  it('loads nothing from an empty storage', () => {
    expect(new SessionJournal(new MemoryStorage(), 'sm', 'a').load()).toBeUndefined()
  })

  it('gives back the writes in the order they were appended', () => {
    const storage = new MemoryStorage()
    const journal = new SessionJournal(storage, 'sm', 'a')
    for (const n of [1, 2, 3]) journal.append(write(n))
    expect(new SessionJournal(storage, 'sm', 'a').load()).toEqual({ base: undefined, writes: [write(1), write(2), write(3)] })
  })

  it('starts the journal over from a replacing document', () => {
    const journal = new SessionJournal(new MemoryStorage(), 'sm', 'a')
    journal.append(write(1))
    journal.replace({ version: 1, workspaces: [] })
    journal.append(write(2))
    expect(journal.load()).toEqual({ base: { version: 1, workspaces: [] }, writes: [write(2)] })
  })

  it('discards a state saved from another start, and only its own keys', () => {
    const storage = new MemoryStorage()
    storage.setItem('other', 'kept')
    const first = new SessionJournal(storage, 'sm', 'a')
    first.replace({ version: 1 })
    first.append(write(1))
    expect(new SessionJournal(storage, 'sm', 'b').load()).toBeUndefined()
    expect(first.load()).toBeUndefined()
    expect(storage.length).toBe(1)
    expect(storage.getItem('other')).toBe('kept')
  })

  it('ignores a value under its key that it did not write', () => {
    const storage = new MemoryStorage()
    storage.setItem('sm', '{"something":"else"}')
    expect(new SessionJournal(storage, 'sm', 'a').load()).toBeUndefined()
  })

  it('throws when the storage is full, leaving the saved writes readable', () => {
    const journal = new SessionJournal(new MemoryStorage(400), 'sm', 'a')
    journal.append(write(1))
    expect(() => {
      for (let n = 2; n < 10; n++) journal.append(write(n))
    }).toThrow(DOMException)
    expect(journal.load()!.writes[0]).toEqual(write(1))
  })
})

describe('fingerprint', () => {
  it.each([
    ['another seed', '{"scenario":"default","seed":1}', '{"scenario":"default","seed":2}'],
    ['another scenario', '{"scenario":"default","seed":1}', '{"scenario":"empty","seed":1}'],
  ])('tells apart a start with %s', (_name, a, b) => {
    expect(fingerprint(a)).not.toBe(fingerprint(b))
    expect(fingerprint(a)).toBe(fingerprint(a))
  })
})
