import type { Store } from '../store/store.js'
import { loadFixture } from './load-fixture.js'
import { DEFAULT_SEED, isScenarioName } from './index.js'
import { leaveStart, offerStart, ownStart, shareKey, shareStart } from './shared-starts.js'
import { buildFromSource, type ScenarioSource } from './source.js'

export interface ResetRequest {
  scenario?: ScenarioSource
  seed?: number
  fixture?: unknown
}

/**
 * A mock's state and where it comes from: the store it answers from, the scenario (or document)
 * and seed that reset() restores. A store built from them keeps what it takes to undo each
 * write, so a reset costs what changed; a named scenario's store is shared with the other
 * mocks of the process until this one writes (see shared-starts.ts).
 */
export class MockState {
  private current: Store
  private source: ScenarioSource
  private seed: number | undefined
  /** The share key while `current` is a shared start state this mock has not written to. */
  private sharedAs: string | undefined
  /** Whether `current` started as the build of `source` and `seed` (not a document given as `state`). */
  private startIsSource: boolean
  /** The seed the mock was created with: a named scenario restored after a document keeps it. */
  private readonly firstSeed: number | undefined

  constructor(
    source: ScenarioSource,
    seed: number | undefined,
    state: unknown,
    private readonly now: () => Date,
  ) {
    this.source = source
    this.seed = seed
    this.firstSeed = seed
    this.startIsSource = state === undefined
    this.current = state === undefined ? this.start(source, seed) : loadFixture(state, { now, adopt: true })
  }

  /** The store to read from. */
  get store(): Store {
    return this.current
  }

  /** The store to write to: this mock's own, copied from a shared one first if need be. */
  writable(): Store {
    if (this.sharedAs !== undefined) {
      this.current = ownStart(this.sharedAs, this.current, () => buildFromSource(this.source, this.seed, this.now))
      this.current.now = this.now
      this.sharedAs = undefined
    }
    return this.current
  }

  /** What GET /__mock/scenario names: a named scenario without a seed uses the default one; a document without one continues its own ids. */
  describe(): { name: string; seed: number | undefined } {
    const source = this.source
    return typeof source === 'string' ? { name: source, seed: this.seed ?? DEFAULT_SEED } : { name: 'label' in source ? source.label : 'fixture document', seed: this.seed }
  }

  /** Restores the current scenario, a named one, or a document; throws a FixtureError for an invalid document. */
  reset(next: ResetRequest): void {
    const nextSource = next.fixture !== undefined ? { fixture: next.fixture } : (next.scenario ?? this.source)
    // A document given without a seed is restored exactly; a named scenario keeps the current
    // seed, or the one the mock started with when a document has been restored since.
    const nextSeed = next.seed ?? (next.fixture !== undefined ? undefined : (this.seed ?? this.firstSeed))
    const same = this.startIsSource && nextSource === this.source && nextSeed === this.seed
    if (!(same && (this.sharedAs !== undefined || this.rolledBack()))) {
      const left = this.sharedAs
      const store = this.start(nextSource, nextSeed)
      if (left !== undefined) leaveStart(left, this.current)
      this.current = store
      this.startIsSource = true
    } else if (this.sharedAs === undefined && typeof this.source === 'string') {
      // Back at the start: later mocks of this scenario and seed may share the store again.
      const key = shareKey(this.source, this.seed ?? DEFAULT_SEED)
      if (offerStart(key, this.current)) this.sharedAs = key
    }
    this.source = nextSource
    this.seed = nextSeed
  }

  /** A new start state: shared for a named scenario, else built (a document is checked first). */
  private start(source: ScenarioSource, seed: number | undefined): Store {
    if (isScenarioName(source)) {
      const key = shareKey(source, seed ?? DEFAULT_SEED)
      const store = shareStart(key, () => buildFromSource(source, seed, this.now))
      this.sharedAs = key
      return store
    }
    const store = buildFromSource(source, seed, this.now)
    // A file (--scenario PATH) is read again on every reset, since it may have changed: its
    // writes are never taken back, so none is recorded.
    if (!(typeof source === 'object' && 'read' in source)) store.markStart()
    this.sharedAs = undefined
    return store
  }

  /** Takes the store back to its start state; false when it cannot (see Store.rollback): build anew. */
  private rolledBack(): boolean {
    try {
      return this.current.rollback()
    } catch {
      // A step that failed leaves no start state to trust; the caller builds one.
      return false
    }
  }
}
