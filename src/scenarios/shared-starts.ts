import type { Store } from '../store/store.js'

/**
 * Stores at the start state of a named scenario and seed, shared by every mock of this process
 * that started from it and has not written since: a second createMock of a scenario costs a
 * lookup, not a build. A mock that writes takes the store for itself when nobody else shares
 * it, and builds its own copy when someone does (copy on write), so no mock ever sees another
 * one's writes. A mock back at the start state after a reset offers its store again.
 */
interface SharedStart {
  store: Store
  /** Mocks reading the store; one that was let go without writing still counts (so a writer copies). */
  sharers: number
}

const shared = new Map<string, SharedStart>()

/** The key of a named scenario and seed: only these are shared (a document may be changed by its holder). */
export const shareKey = (scenario: string, seed: number): string => `${scenario} ${seed}`

/** The shared start state of `key`, built (and marked as the start) by `build` the first time. */
export function shareStart(key: string, build: () => Store): Store {
  let entry = shared.get(key)
  if (entry === undefined) {
    const store = build()
    store.markStart()
    shared.set(key, (entry = { store, sharers: 0 }))
  }
  entry.sharers++
  return entry.store
}

/**
 * The store a sharer of `key` may write to: the shared one itself, no longer shared, when this
 * mock is its only reader; otherwise a new one from `build`.
 */
export function ownStart(key: string, store: Store, build: () => Store): Store {
  const entry = shared.get(key)
  if (entry?.store === store && entry.sharers <= 1) {
    shared.delete(key)
    return store
  }
  leaveStart(key, store)
  const own = build()
  own.markStart()
  return own
}

/** A sharer of `key` moves to another state. */
export function leaveStart(key: string, store: Store): void {
  const entry = shared.get(key)
  if (entry?.store === store) entry.sharers--
}

/**
 * Offers a store that is at the start state of `key` (just rolled back) to later mocks; true when
 * it is shared from now on, false when another store of that start is shared already.
 */
export function offerStart(key: string, store: Store): boolean {
  if (shared.has(key)) return false
  shared.set(key, { store, sharers: 1 })
  return true
}
