import { createMock, type Mock, type MockOptions } from '../mock.js'
import { exportState } from '../scenarios/fixture.js'
import type { SessionJournal } from './browser-session.js'

export interface SavedMock {
  mock: Mock
  /** Resets the mock to `next` and forgets the saved state: the next start begins from the scenario. */
  resetTo(next: Parameters<Mock['reset']>[0]): void
}

/**
 * A mock kept in a journal: restored from it (the saved base state, with the saved writes
 * replayed over it, same ids and instants), and saving every change to it from then on.
 * Without a journal, a plain mock.
 */
export function createSavedMock(options: MockOptions, journal: SessionJournal | undefined): SavedMock {
  if (!journal) {
    const mock = createMock(options)
    return { mock, resetTo: (next) => mock.reset(next) }
  }
  const mock = restoreMock(options, journal)
  let resetting = false
  let saving = true
  mock.onChange((change) => {
    if (!saving) return undefined
    try {
      if (change.kind === 'write') journal.append(change.write)
      // A replace from /__mock/reset or PUT /__mock/state: the new state itself is the base.
      else journal.replace(resetting ? undefined : exportState(mock.store))
    } catch {
      // Storage full: one snapshot takes the journal's place; if even that does not fit, the
      // state lives in this page only.
      try {
        journal.replace(exportState(mock.store))
      } catch (error) {
        saving = false
        journal.clear()
        console.warn('sitemock: the storage is full; changes from now on will not survive a reload (reset() saves again).', error)
      }
    }
    return undefined
  })
  return {
    mock,
    resetTo(next) {
      resetting = true
      try {
        mock.reset(next)
      } finally {
        resetting = false
      }
      // Also when saving had stopped: the start state needs no storage at all.
      saving = true
      journal.clear()
    },
  }
}

function restoreMock(options: MockOptions, journal: SessionJournal): Mock {
  const saved = journal.load()
  if (!saved) return createMock(options)
  try {
    const mock = createMock({ ...options, state: saved.base })
    for (const write of saved.writes) mock.replay(write)
    return mock
  } catch (error) {
    console.warn('sitemock: the saved state could not be restored; starting from the scenario again.', error)
    journal.clear()
    return createMock(options)
  }
}
