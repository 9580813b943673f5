import type { Fault, FaultRequest, JournalEntry, Override, OverrideRequest } from '../generated/types.js'
import type { Mock } from '../mock.js'
import type { JournalHistory } from './browser-history.js'

/** What a tab keeps besides the data under persist: 'all': the controls a test set and what the page sent. */
interface KeptControls {
  /** The start the controls were set on (scenario, seed, rules); another start discards them. */
  origin: string
  seed: number
  faults: Fault[]
  /** In the order they are tried. */
  overrides: Override[]
  /** Newest first. */
  requests: JournalEntry[]
}

/** Fewer entries to try when the whole journal does not fit in the storage. */
const FALLBACK_REQUESTS = 50

/**
 * The journal, faults and overrides of a tab in Web Storage, under `key` (beside the data's
 * own entries): written when the page is left (a reload fires pagehide), read at the next start.
 * They are not part of the state, so the data's write journal (SessionJournal) never holds them.
 */
export class ControlsKeeper {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly origin: string,
  ) {}

  /**
   * Puts the kept faults and overrides back into `mock` and returns the kept requests, newest
   * first; nothing when there are none or they were set on another start.
   */
  restore(mock: Mock): JournalEntry[] {
    const kept = this.load()
    if (!kept) return []
    try {
      kept.faults.forEach((fault, index) => mock.faults.add({ ...faultRequest(fault), ...(index === 0 ? { seed: kept.seed } : {}) }))
      // replace() tries a later override of equal priority first: the list is in try order, so reversed.
      mock.overrides.replace({ overrides: kept.overrides.map(overrideRequest).reverse() })
      return kept.requests
    } catch (error) {
      console.warn('sitemock: the saved faults and overrides could not be restored; starting without them.', error)
      mock.faults.clear()
      mock.overrides.clear()
      this.clear()
      return []
    }
  }

  /** Saves the controls and the journal now; when the storage is full, fewer requests, then none. */
  save(mock: Mock, history: JournalHistory): void {
    const faults = mock.faults.list()
    const kept: KeptControls = { origin: this.origin, seed: faults.seed, faults: faults.faults, overrides: mock.overrides.list().overrides, requests: [...history.newestFirst()] }
    for (const requests of [kept.requests, kept.requests.slice(0, FALLBACK_REQUESTS), []]) {
      try {
        this.storage.setItem(this.key, JSON.stringify({ ...kept, requests }))
        return
      } catch {
        // Too large for the storage: try again with fewer requests.
      }
    }
    console.warn('sitemock: the storage is full; the faults and overrides will not survive this reload.')
    this.clear()
  }

  clear(): void {
    this.storage.removeItem(this.key)
  }

  private load(): KeptControls | undefined {
    const text = this.storage.getItem(this.key)
    if (text === null) return undefined
    let kept: Partial<KeptControls> | undefined
    try {
      kept = JSON.parse(text) as Partial<KeptControls>
    } catch {
      kept = undefined
    }
    const whole = kept?.origin === this.origin && typeof kept.seed === 'number' && Array.isArray(kept.faults) && Array.isArray(kept.overrides) && Array.isArray(kept.requests)
    if (!whole) {
      // Another start's, another version's or not ours: nothing to restore from it.
      this.clear()
      return undefined
    }
    return kept as KeptControls
  }
}

/** The request that adds `fault` again, as FaultSet.add takes it. */
function faultRequest(fault: Fault): FaultRequest {
  const fails = fault.errorRate > 0
  return {
    ...(fault.route === null ? {} : { route: fault.route }),
    ...(fault.latencyMs === null ? {} : { latencyMs: fault.latencyMs }),
    ...(fails ? { errorRate: fault.errorRate } : {}),
    ...(fails && fault.drop !== null ? { drop: fault.drop } : {}),
    ...(fails && fault.drop === null && fault.status !== null ? { status: fault.status } : {}),
  }
}

/** The request that adds `override` again, with the answers it has left. */
function overrideRequest(override: Override): OverrideRequest {
  return {
    match: override.match,
    response: override.response,
    priority: override.priority,
    ...(override.remaining === null ? {} : { times: override.remaining }),
  }
}
