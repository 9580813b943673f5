import type { ReplayableWrite } from '../persist/changes.js'

/** What a tab saved: the state it was last replaced with (undefined: the start scenario), and the writes since, in order. */
export interface SavedSession {
  base: unknown
  writes: ReplayableWrite[]
}

interface SessionIndex {
  /** The scenario and seed the saved state grew from; another start discards it. */
  origin: string
  hasBase: boolean
  writes: number
}

/**
 * The browser mock's state in Web Storage (sessionStorage: it lives as long as the tab and
 * survives a reload). A write costs one small entry, not a copy of the whole state, so a
 * 10,000-page scenario stays cheap: the start scenario is rebuilt from its name and seed, and
 * the journal is replayed over it. Layout: `key` holds the index, `key:base` a fixture
 * document, `key:0`, `key:1`, ... the writes.
 */
export class SessionJournal {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly origin: string,
  ) {}

  /** The saved state, or undefined when there is none or it grew from another scenario or seed. */
  load(): SavedSession | undefined {
    const index = this.index()
    if (!index) return undefined
    if (index.origin !== this.origin) {
      this.clear()
      return undefined
    }
    const base = index.hasBase ? parse(this.storage.getItem(`${this.key}:base`)) : undefined
    const writes: ReplayableWrite[] = []
    for (let i = 0; i < index.writes; i++) writes.push(parse(this.storage.getItem(`${this.key}:${i}`)) as ReplayableWrite)
    return { base, writes }
  }

  /** Records one write; throws (e.g. a QuotaExceededError) when the storage is full. */
  append(write: ReplayableWrite): void {
    const index = this.index() ?? this.emptyIndex()
    this.storage.setItem(`${this.key}:${index.writes}`, JSON.stringify(write))
    this.writeIndex({ ...index, writes: index.writes + 1 })
  }

  /** The state was replaced: `document` (a fixture) is the new base, or undefined for the start scenario. */
  replace(document: unknown): void {
    this.clear()
    if (document === undefined) return
    this.storage.setItem(`${this.key}:base`, JSON.stringify(document))
    this.writeIndex({ ...this.emptyIndex(), hasBase: true })
  }

  /** Forgets everything this journal saved, and nothing else in the storage. */
  clear(): void {
    const index = this.index()
    if (!index) return
    for (let i = 0; i < index.writes; i++) this.storage.removeItem(`${this.key}:${i}`)
    this.storage.removeItem(`${this.key}:base`)
    this.storage.removeItem(this.key)
  }

  private index(): SessionIndex | undefined {
    const text = this.storage.getItem(this.key)
    if (text === null) return undefined
    const index = parse(text) as Partial<SessionIndex> | undefined
    // Anything else under the key (another version, another library) is not ours to read.
    if (typeof index?.origin !== 'string' || typeof index.hasBase !== 'boolean' || typeof index.writes !== 'number') return undefined
    return index as SessionIndex
  }

  private emptyIndex(): SessionIndex {
    return { origin: this.origin, hasBase: false, writes: 0 }
  }

  private writeIndex(index: SessionIndex): void {
    this.storage.setItem(this.key, JSON.stringify(index))
  }
}

function parse(text: string | null): unknown {
  if (text === null) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** A short fingerprint of a start (scenario, seed, fixture text), so a changed start discards the saved state. */
export function fingerprint(text: string): string {
  // FNV-1a: enough to tell two starts apart, and cheap on a large fixture.
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return `${(hash >>> 0).toString(16)}:${text.length}`
}
