import { narrowTick } from '../clock-tick.js'
import type { ChoiceId } from '../../freedom/catalogue.js'
import { compareStrings } from '../../store/sorted-index.js'
import { brief } from '../reporters/format.js'
import { appendAll } from '../../append.js'

type Json = Record<string, unknown>

/** Where the target's answer parts from the oracle's: what differs, and a short name for it (shrinking keeps to the same one). */
export interface Difference {
  aspect: string
  message: string
  /** Set under --profile sitemock where the contract itself would allow the target's answer: a difference from sitemock's choice only. */
  free?: boolean
  /** Under --profile sitemock, the class of the choice catalogue whose sitemock alternative the target did not take. */
  choice?: ChoiceId
  /** The target contradicts its own earlier answer where the documents leave the choice free: no document broken. */
  inconsistent?: boolean
}

/** Fields whose values are ids: the target's and the oracle's differ and are compared through the correspondence. */
const ID_FIELDS = new Set(['id', 'publicApiKey'])
/** Fields whose values are instants: compared by their relations, never by value. */
const TIME_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt'])

/**
 * Which target id stands for which oracle id, learned from the answers of creates and
 * duplicates: the first time an oracle id appears, the target id in the same place is its
 * counterpart; from then on both must always appear together.
 */
export class Correspondence {
  private readonly toTarget = new Map<string, string>()
  private readonly toOracle = new Map<string, string>()

  target(oracleId: string): string | undefined {
    return this.toTarget.get(oracleId)
  }

  /** The oracle's id for a target id seen before; undefined when never seen. */
  oracle(targetId: string): string | undefined {
    return this.toOracle.get(targetId)
  }

  /** A copy that learns apart: a comparison tried on it teaches this one nothing. */
  clone(): Correspondence {
    const copy = new Correspondence()
    for (const [oracle, target] of this.toTarget) copy.toTarget.set(oracle, target)
    for (const [target, oracle] of this.toOracle) copy.toOracle.set(target, oracle)
    return copy
  }

  /** Learns or checks one pair; a message when it contradicts what was learned. */
  match(targetId: string, oracleId: string): string | undefined {
    const known = this.toTarget.get(oracleId)
    if (known !== undefined) return known === targetId ? undefined : `${targetId} where ${known} was expected`
    const taken = this.toOracle.get(targetId)
    if (taken !== undefined) return `${targetId} again, which already stands for another resource`
    this.toTarget.set(oracleId, targetId)
    this.toOracle.set(targetId, oracleId)
    return undefined
  }
}

type Relation = 'before' | 'equal' | 'after'
/**
 * How close on the suite's clock two exchanges must be for a millisecond clock to give them one
 * instant: the gap from the earlier answer's arrival to the later request's departure, with room
 * for a clock that ticks in a millisecond or two.
 */
const SAME_TICK_MS = 3
/** When an exchange was sent and answered, on the suite's clock (performance.now()). */
export interface ExchangeWindow {
  sentAt: number
  receivedAt: number
}
const relation = (a: number, b: number): Relation => (a < b ? 'before' : a > b ? 'after' : 'equal')

/**
 * The instants seen so far, held to the relations the documents give them: a page's instants
 * keep, in the target, the order they have in the oracle (createdAt stays put, updatedAt moves on
 * with each write), and the instants of one write of a page are one instant.
 *
 * sitemock's own clock (held under --profile sitemock, `sitemockClock`) promises more: every
 * write its own instant, so two equal oracle instants on different pages (a site's copy keeps its
 * pages' instants) must be equal in the target, and an update always moves updatedAt past the
 * last one. A deployment's own clock may tick in milliseconds: two writes answered within the same
 * millisecond or two of the suite's clock may share an instant.
 */
export class TimeRelations {
  private readonly sameWrite = new Map<number, number>()
  private readonly ofPage = new Map<string, Array<{ oracle: number; target: number; field: string; seenAt: ExchangeWindow; observation: number }>>()
  /** Counts the page objects read: the instants of one object are one observation. */
  private observation = 0
  /** The exchange in which each oracle instant (each write) was first seen: the target made it within that window, or before. */
  private readonly firstSeen = new Map<number, ExchangeWindow>()
  /** The page on which each oracle instant was first seen: a copy's pages keep their originals' instants on the oracle's side. */
  private readonly firstPage = new Map<number, string>()
  /** The exchange whose answer is being compared. */
  private current: ExchangeWindow | undefined
  /**
   * The coarsest unit (a second, a tenth, a hundredth) every instant of the target seen so far is a
   * whole number of: its clock may tick in it (no document says how fine it is), and writes within
   * one tick may share an instant. 1 once an instant shows milliseconds.
   */
  private tickMs = 1000

  constructor(private readonly sitemockClock = true) {}

  /** A copy that learns apart: a comparison tried on it teaches this one nothing. */
  clone(): TimeRelations {
    const copy = new TimeRelations(this.sitemockClock)
    for (const [oracle, target] of this.sameWrite) copy.sameWrite.set(oracle, target)
    for (const [page, seen] of this.ofPage) copy.ofPage.set(page, [...seen])
    for (const [oracle, window] of this.firstSeen) copy.firstSeen.set(oracle, window)
    for (const [oracle, page] of this.firstPage) copy.firstPage.set(oracle, page)
    copy.observation = this.observation
    copy.current = this.current
    copy.tickMs = this.tickMs
    return copy
  }

  /**
   * A page object is about to be compared. Under the documents, the instants one object shows at
   * once are not held to each other: a site's copy may give its pages instants of their own (the
   * oracle keeps the originals'); each is held to what was seen of the page before.
   */
  observe(): void {
    this.observation++
  }

  /** The answers compared next came in this exchange; without its timing, the moment of the comparison stands for it. */
  during(window: ExchangeWindow | undefined): void {
    this.current = window
  }

  /** The target's instant for an oracle instant seen before; undefined when never seen. */
  targetOf(oracle: string): number | undefined {
    return this.sameWrite.get(Date.parse(oracle))
  }

  /**
   * Whether the oracle's instant on this page was first seen on another page: the page is a copy,
   * whose instants the oracle took from its original, where a deployment may give it its own.
   */
  inherited(page: string, oracleValue: unknown): boolean {
    const first = this.firstPage.get(Date.parse(String(oracleValue)))
    return first !== undefined && first !== page
  }

  /** Whether an instant of this field of this page was seen. */
  seen(page: string, field: string): boolean {
    return (this.ofPage.get(page) ?? []).some((earlier) => earlier.field === field)
  }

  check(page: string, field: string, targetValue: unknown, oracleValue: unknown): string | undefined {
    if (oracleValue === null || targetValue === null) return oracleValue === targetValue ? undefined : `${field} is ${brief(targetValue)}, expected ${brief(oracleValue)}`
    const target = Date.parse(String(targetValue))
    const oracle = Date.parse(String(oracleValue))
    if (Number.isNaN(target)) return `${field} is ${brief(targetValue)}, not an instant`
    this.tickMs = narrowTick(this.tickMs, target)
    const seen = this.ofPage.get(page) ?? []
    const sameField = seen.find((earlier) => earlier.oracle === oracle && earlier.field === field)
    const otherField = seen.find((earlier) => earlier.oracle === oracle)
    // A copy's page shown for the first time, whose instants the oracle took from its original: the
    // target may give one field the original's instant and another the copy's own (its updatedAt).
    const firstPage = this.firstPage.get(oracle)
    const copied = sameField === undefined && otherField !== undefined && otherField.observation === this.observation && firstPage !== undefined && firstPage !== page
    const sameWrite = this.sitemockClock ? this.sameWrite.get(oracle) : (sameField ?? (copied ? undefined : otherField))?.target
    if (sameWrite !== undefined && sameWrite !== target) return `${field} is ${String(targetValue)}, expected ${new Date(sameWrite).toISOString()} (the instant of the same write)`
    const now = performance.now()
    const seenAt = this.firstSeen.get(oracle) ?? this.current ?? { sentAt: now, receivedAt: now }
    this.firstSeen.set(oracle, seenAt)
    // An instant of this page seen before is held to equal what it was (above); its relations to the
    // page's other instants were judged, or adopted, when it was first seen.
    const known = !this.sitemockClock && seen.some((earlier) => earlier.oracle === oracle)
    for (const earlier of known ? [] : seen) {
      if (!this.sitemockClock && earlier.observation === this.observation) continue
      const expected = relation(oracle, earlier.oracle)
      const got = relation(target, earlier.target)
      const sameTick = !this.sitemockClock && got === 'equal' && mayShareATick(seenAt, earlier.seenAt, Math.max(this.tickMs, SAME_TICK_MS))
      if (expected !== got && !sameTick) {
        return `${field} ${String(targetValue)} is ${got === 'equal' ? 'equal to' : got} ${earlier.field} ${new Date(earlier.target).toISOString()} seen earlier; expected ${expected === 'equal' ? 'equal to' : expected} it`
      }
    }
    this.sameWrite.set(oracle, target)
    if (!this.firstPage.has(oracle)) this.firstPage.set(oracle, page)
    if (!seen.some((earlier) => earlier.oracle === oracle && earlier.field === field)) seen.push({ oracle, target, field, seenAt, observation: this.observation })
    this.ofPage.set(page, seen)
    return undefined
  }
}

/**
 * Whether a millisecond clock may have given one instant to writes made in these two exchanges:
 * each write happened after its request left and before its answer was read, so the two can fall
 * in one tick only when the later request left soon after the earlier answer came. A loaded
 * machine that is slow between exchanges makes the gap larger, never a shared instant likelier.
 */
function mayShareATick(a: ExchangeWindow, b: ExchangeWindow, tickMs: number): boolean {
  const [earlier, later] = a.sentAt <= b.sentAt ? [a, b] : [b, a]
  return later.sentAt - earlier.receivedAt < tickMs
}

/**
 * Fields whose first value no document fixes and no create of the sequence sets: a new site's
 * locale management and path prefixes, a new page's title, description, URLs and sitemap
 * settings (the documents make them nullable, or give an enum, and name no default).
 */
const FREE_DEFAULTS: Readonly<Record<string, ReadonlySet<string>>> = {
  site: new Set(['localeManagementMode', 'pathPrefix', 'defaultLocalePathPrefix']),
  // No operation sets a locale's pathPrefix; "Null means the locale code is used" (the published OpenAPI) leaves a deployment free to give one, such as "" for the default locale.
  locale: new Set(['pathPrefix']),
  page: new Set(['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines']),
}

/**
 * The target's own first values of the free fields, adopted: the first time a resource's free
 * field is seen, the target's value stands for the oracle's; from then on the target must keep it
 * while the oracle's stays the same, and follow the oracle once a request changes it.
 */
export class FreeDefaults {
  private readonly seen = new Map<string, { oracle: string; target: string }>()
  /** Every pair adopted so far, by resource and field: the target's own value for each oracle value it stood for. */
  private readonly adopted = new Map<string, Map<string, string>>()
  /**
   * A copy made to judge an answer as of an earlier state (a read the deployment ran before a
   * write that has since passed): a pair adopted earlier holds again there.
   */
  private earlierStates = false

  /**
   * A copy that learns apart: a comparison tried on it teaches this one nothing. With
   * `earlierStates`, the copy also takes the values adopted before the last change, for an
   * answer that may show the resource as it was before it.
   */
  clone(earlierStates = false): FreeDefaults {
    const copy = new FreeDefaults()
    for (const [key, pair] of this.seen) copy.seen.set(key, pair)
    for (const [key, pairs] of this.adopted) copy.adopted.set(key, new Map(pairs))
    copy.earlierStates = earlierStates
    return copy
  }

  /** Whether this field of this kind of resource is one whose first value is free. */
  static covers(object: unknown, field: string): boolean {
    return typeof object === 'string' && (FREE_DEFAULTS[object]?.has(field) ?? false)
  }

  /**
   * `derived`: the target's value is what it may derive from another field of the same answer
   * (see DERIVED), so it may move where that field moved, and is held from there on.
   */
  check(resource: string, field: string, target: unknown, oracle: unknown, derived = false): string | undefined {
    const key = `${resource} ${field}`
    const pair = { oracle: JSON.stringify(oracle), target: JSON.stringify(target) }
    const before = this.seen.get(key)
    // The same value on both sides needs no adopting (a request may well have set it).
    if (pair.target === pair.oracle) {
      this.seen.set(key, pair)
      return undefined
    }
    if (this.earlierStates && this.adopted.get(key)?.get(pair.oracle) === pair.target) {
      this.seen.set(key, pair)
      return undefined
    }
    if (before === undefined || before.oracle !== pair.oracle) {
      // First seen: adopted. Changed by a request: the target must say what the request set.
      if (before !== undefined && pair.target !== pair.oracle) return `${field} is ${brief(target)}, expected ${brief(oracle)} as the request set it`
      this.seen.set(key, pair)
      const pairs = this.adopted.get(key) ?? new Map<string, string>()
      pairs.set(pair.oracle, pair.target)
      this.adopted.set(key, pairs)
      return undefined
    }
    if (before.target === pair.target) return undefined
    if (!DRIFTING.has(field) && !derived) return `${field} is ${brief(target)}, expected ${before.target} as before: nothing changed it`
    this.seen.set(key, pair)
    return undefined
  }
}

/**
 * Free fields that something outside the API may change: a site's locales are "managed internally
 * via the builder or externally via API" (the published OpenAPI, localeManagementMode), so a
 * deployment may move the mode as locales are written, or the builder may. Only what a request
 * sets is held.
 */
// A locale's pathPrefix likewise: "Null means the locale code is used" (the published OpenAPI), and a
// deployment that gives one made of the code moves it when the code is renamed.
const DRIFTING: ReadonlySet<string> = new Set(['localeManagementMode', 'pathPrefix'])

/**
 * Free fields of a page a deployment may derive from another of its fields: no document says what
 * keeps a page out of search engines, and a deployment may keep out every page offline (and let
 * in every page online), so `excludedFromSearchEngines` may move with `isOnline`.
 */
const DERIVED: Readonly<Record<string, (page: Json) => unknown>> = {
  excludedFromSearchEngines: (page) => (typeof page.isOnline === 'boolean' ? !page.isOnline : undefined),
}

/** What comparisons need: the correspondence, the instants and the adopted first values. */
export interface Ledger {
  ids: Correspondence
  times: TimeRelations
  /**
   * Left out under --profile sitemock, which holds the target to sitemock's own first values.
   * Present, it also stands for the documents' other freedoms of values: a page's `updatedAt` may
   * be null until its first change, and its `locale` may be left out.
   */
  defaults?: FreeDefaults
  /**
   * The collations the target's sorted lists have kept to so far, narrowed by each list: the
   * documents name the sort fields, not how strings compare. Under --profile sitemock, sitemock's
   * UTF-16 code unit order alone.
   */
  collations?: Collation[]
}

/**
 * How a deployment may compare strings in a sort: sitemock's code units, case folded (then code
 * units), or by the Unicode collation algorithm as a language-aware store or runtime does (`é`
 * beside `e`; digits as numbers where it says so), then code units. Each may come after the
 * number of a path's segments ("by depth"): the published OpenAPI names the sort `path`, and a
 * path may be ordered as a tree is walked level by level, the shallower first.
 */
type FlatCollation = 'code unit' | 'case-insensitive' | 'unicode' | 'unicode, numeric' | 'case-folded' | 'unicode, base letters'
export type Collation = FlatCollation | `by depth, ${FlatCollation}`
const FLAT_COLLATIONS: readonly FlatCollation[] = ['code unit', 'case-insensitive', 'unicode', 'unicode, numeric', 'case-folded', 'unicode, base letters']
export const COLLATIONS: readonly Collation[] = [...FLAT_COLLATIONS, ...FLAT_COLLATIONS.map((flat): Collation => `by depth, ${flat}`)]
const UNICODE = new Intl.Collator('en')
const UNICODE_NUMERIC = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const UNICODE_BASE = new Intl.Collator('en', { sensitivity: 'base' })
const flatCollate: Record<FlatCollation, (a: string, b: string) => number> = {
  'code unit': compareStrings,
  'case-insensitive': (a, b) => compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b),
  unicode: (a, b) => UNICODE.compare(a, b) || compareStrings(a, b),
  'unicode, numeric': (a, b) => UNICODE_NUMERIC.compare(a, b) || compareStrings(a, b),
  // A store whose collation ignores case (and accents): values equal under it are ties, in whatever order its ties take.
  'case-folded': (a, b) => compareStrings(a.toLowerCase(), b.toLowerCase()),
  'unicode, base letters': (a, b) => UNICODE_BASE.compare(a, b),
}
/** The segments of a path, as a tree's depth counts them ("/a/b" is two deep). */
const depthOf = (path: string): number => path.split('/').filter((segment) => segment !== '').length
const collate = (collation: Collation, a: string, b: string): number => {
  if (!collation.startsWith('by depth, ')) return flatCollate[collation as FlatCollation](a, b)
  return depthOf(a) - depthOf(b) || flatCollate[collation.slice('by depth, '.length) as FlatCollation](a, b)
}

/** The entry of a page's localizations for the page itself in its own locale, where the target lists one the oracle does not. */
function defaultLocalization(page: Json, oracle: unknown): Json | undefined {
  const theirs = page.localizations
  if (!Array.isArray(theirs) || !Array.isArray(oracle) || theirs.length !== oracle.length + 1) return undefined
  const locales = new Set(oracle.map((entry) => (entry !== null && typeof entry === 'object' ? (entry as Json).locale : undefined)))
  const own = theirs.filter((entry): entry is Json => entry !== null && typeof entry === 'object' && !Array.isArray(entry) && (entry as Json).pathname === page.pathname && !locales.has((entry as Json).locale))
  return own.length === 1 && (page.locale === undefined || own[0]!.locale === page.locale) ? own[0] : undefined
}

/** A copy of the ledger that learns apart: a comparison tried on it teaches the run nothing. */
export function trialLedger(ledger: Ledger): Ledger {
  return { ids: ledger.ids.clone(), times: ledger.times.clone(), ...(ledger.defaults ? { defaults: ledger.defaults.clone() } : {}), ...(ledger.collations ? { collations: [...ledger.collations] } : {}) }
}

/**
 * The target's value against the oracle's, field by field: ids through the correspondence,
 * instants by their relations, everything else exactly. Only fields the oracle has are compared:
 * extra fields are the schema group's business.
 */
export function compareValue(ledger: Ledger, target: unknown, oracle: unknown, where: string, page?: string): Difference | undefined {
  if (Array.isArray(oracle)) {
    if (!Array.isArray(target) || target.length !== oracle.length) return { aspect: `field ${where}`, message: `${where} is ${brief(target, 200)}, expected ${oracle.length} item(s)` }
    for (let i = 0; i < oracle.length; i++) {
      const found = compareValue(ledger, target[i], oracle[i], `${where}[${i}]`, page)
      if (found) return found
    }
    return undefined
  }
  if (oracle !== null && typeof oracle === 'object') {
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return { aspect: `field ${where}`, message: `${where} is ${brief(target, 200)}, expected an object` }
    const o = oracle as Json
    const t = target as Json
    const owner = o.object === 'page' && typeof o.id === 'string' ? o.id : page
    if (o.object === 'page') ledger.times.observe()
    for (const [field, value] of Object.entries(o)) {
      const path = where ? `${where}.${field}` : field
      if (ID_FIELDS.has(field) && typeof value === 'string') {
        // A locale may have no id of its own (the specification: "string (uuid), nullable"): it stands for nothing, and nothing is learned.
        if (field === 'id' && o.object === 'locale' && t[field] === null) continue
        const problem = typeof t[field] === 'string' ? ledger.ids.match(t[field] as string, value) : `is ${brief(t[field])}`
        if (problem) return { aspect: `id ${path}`, message: `${path} is ${problem}` }
      } else if (ledger.defaults && o.object === 'page' && field === 'locale' && !(field in t)) {
        // Not required in a page (the specification): a deployment may leave it out.
        continue
      } else if (ledger.defaults && o.object === 'page' && field === 'localizations' && defaultLocalization(t, value) !== undefined) {
        // "The localizations of the page" (the published OpenAPI): whether its own locale's is one of
        // them, no document says. The one entry the oracle lacks, of the page's own pathname in a
        // locale no other entry has, is the page in its default locale: the rest is compared.
        const own = defaultLocalization(t, value)
        const found = compareValue(ledger, (t[field] as unknown[]).filter((entry) => entry !== own), value, path, owner)
        if (found) return found
      } else if (ledger.defaults && o.object === 'page' && field === 'publishedAt') {
        // "publication time", nullable, and no document says what publishes a page (going online
        // may, or nothing the API does): the schema checks its form, and nothing here its value.
        continue
      } else if (ledger.defaults && o.object === 'page' && field === 'updatedAt' && t[field] === null && owner !== undefined) {
        // Nullable, the "last update time": a page never changed may have none, and then only.
        // An oracle that follows that choice (updatedAtAtCreation) has none either.
        if (value === null) continue
        // A copy's page the target made anew (its own creation, never changed since) has none either.
        if (value !== o.createdAt && !ledger.times.inherited(owner, o.createdAt)) return { aspect: 'time updatedAt', message: `${where ? `${where}: ` : ''}updatedAt is null, expected an instant: the page changed since its creation` }
        if (ledger.times.seen(owner, 'updatedAt')) return { aspect: 'time updatedAt', message: `${where ? `${where}: ` : ''}updatedAt is null, expected the instant it had before: nothing changed the page` }
      } else if (TIME_FIELDS.has(field) && owner !== undefined) {
        const problem = ledger.times.check(owner, field, t[field], value)
        if (problem) return { aspect: `time ${field}`, message: `${where ? `${where}: ` : ''}${problem}` }
      } else if (ledger.defaults && FreeDefaults.covers(o.object, field) && typeof o.id === 'string') {
        const derived = o.object === 'page' && DERIVED[field] !== undefined && DERIVED[field](t) === t[field]
        const problem = ledger.defaults.check(o.id, field, t[field], value, derived)
        if (problem) return { aspect: `field ${field}`, message: `${where ? `${where}: ` : ''}${problem}` }
      } else {
        const found = compareValue(ledger, t[field], value, path, owner)
        if (found) return found
      }
    }
    return undefined
  }
  return target === oracle ? undefined : { aspect: `field ${where}`, message: `${where} is ${brief(target, 200)}, expected ${brief(oracle, 200)}` }
}

/** How a list item is named in messages and paired when its id is not known yet: pathname, locale code, name, else id. */
export const nameOf = (item: Json): string => String(item.pathname ?? item.locale ?? item.name ?? item.id)

/** A list page: its items and whether more follow. */
export interface ListPage {
  data: Json[]
  hasMore: unknown
}

/**
 * The target's page against the page expected of it, item by item: the same resources, in the
 * same order, with the same fields, and the same hasMore.
 */
export function compareList(ledger: Ledger, target: ListPage, expected: ListPage, name: (item: Json) => string): Difference | undefined {
  const seen = target.data.map(name).join(', ') || 'nothing'
  const wanted = expected.data.map(name).join(', ') || 'nothing'
  if (target.data.length !== expected.data.length) return { aspect: 'list items', message: `the list holds ${target.data.length} item(s) (${seen}), expected ${expected.data.length} (${wanted})` }
  for (let i = 0; i < expected.data.length; i++) {
    // A locale without an id (nullable, the specification) is paired by the fields compared below.
    if (target.data[i]!.id === null && expected.data[i]!.object === 'locale') continue
    const problem = ledger.ids.match(String(target.data[i]!.id), String(expected.data[i]!.id))
    if (problem) return { aspect: 'list order', message: `the list is ${seen}, expected ${wanted} (item ${i + 1} differs)` }
  }
  for (let i = 0; i < expected.data.length; i++) {
    const found = compareValue(ledger, target.data[i], expected.data[i], `data[${i}]`)
    if (found) return found
  }
  if (target.hasMore !== expected.hasMore) return { aspect: 'hasMore', message: `hasMore is ${brief(target.hasMore)} after ${seen}, expected ${brief(expected.hasMore)}` }
  return undefined
}

/**
 * The oracle's whole list as the target must order it. Where the sort leaves items tied (the
 * same title, or instants the target wrote in one millisecond), both break the tie by id, and
 * ids differ between the two: such a run of items is put in the order of the target's ids.
 */
export function inTargetOrder(ledger: Ledger, items: Json[], tieKey: (item: Json) => unknown): Json[] {
  const targetId = (item: Json): string => ledger.ids.target(String(item.id)) ?? String(item.id)
  const ordered: Json[] = []
  for (let start = 0; start < items.length; ) {
    let end = start + 1
    while (end < items.length && tieKey(items[end]!) === tieKey(items[start]!)) end++
    appendAll(ordered, items.slice(start, end).sort((a, b) => compareStrings(targetId(a), targetId(b))))
    start = end
  }
  return ordered
}

/** How the contract orders a list: by one field of its items, or in an order it leaves to the deployment. */
export interface ListOrder {
  /** The field the list is sorted by; undefined where no document fixes an order (sites, locales, routes). */
  field?: string
  descending: boolean
}

const TIME_SORTS = new Set(['createdAt', 'updatedAt'])

/**
 * The target's whole list judged as the contract allows, against the oracle's: the same items
 * (through the correspondence) with the same fields, in an order its sort allows. Instants are
 * the target's own (its clock, ties included); items with equal values, and items without a
 * value (null), may come in any order, the nulls together at either end: no document fixes ties
 * or where nulls go.
 */
export function compareWholeList(ledger: Ledger, target: Json[], oracle: Json[], order: ListOrder, name: (item: Json) => string): Difference | undefined {
  const seen = target.map(name).join(', ') || 'nothing'
  const wanted = oracle.map(name).join(', ') || 'nothing'
  if (target.length !== oracle.length) return { aspect: 'list items', message: `the whole list holds ${target.length} item(s) (${seen}), expected ${oracle.length} (${wanted})` }
  // Items the sequence has not met yet (a new site's default locale, a copy's pages) pair up by name, and teach the correspondence.
  const byTargetId = new Map<string, Json>()
  const newByName = new Map<string, Json>()
  for (const item of oracle) {
    const known = ledger.ids.target(String(item.id))
    if (known === undefined) newByName.set(name(item), item)
    else byTargetId.set(known, item)
  }
  for (const [index, item] of target.entries()) {
    const counterpart = byTargetId.get(String(item.id)) ?? newByName.get(name(item))
    if (!counterpart) return { aspect: 'list items', message: `the whole list holds ${name(item)} (${String(item.id)}), which the oracle's (${wanted}) does not` }
    newByName.delete(name(item))
    const found = compareValue(ledger, item, counterpart, `data[${index}]`)
    if (found) return found
  }
  if (order.field === undefined) return undefined
  const field = order.field
  const keyOf = (item: Json, nullAsCreated: boolean): string | number | null => {
    const value = item[field] ?? (nullAsCreated ? item.createdAt : null)
    if (value === null || value === undefined) return null
    return TIME_SORTS.has(field) ? Date.parse(String(value)) : String(value)
  }
  const asNulls = orderProblem(ledger, target.map((item) => keyOf(item, false)), field, order.descending, seen)
  // A page never changed (updatedAt null) may sort by its creation, the last update time it had.
  if (asNulls && field === 'updatedAt' && orderProblem(ledger, target.map((item) => keyOf(item, true)), field, order.descending, seen) === undefined) return undefined
  return asNulls
}

/** Whether sort keys are in order: the nulls together at one end, the rest sorted under a collation the target's earlier lists kept to. */
function orderProblem(ledger: Ledger, keys: Array<string | number | null>, field: string, descending: boolean, seen: string): Difference | undefined {
  const nulls = keys.flatMap((key, index) => (key === null ? [index] : []))
  const together = nulls.length === 0 || nulls[nulls.length - 1]! - nulls[0]! + 1 === nulls.length
  const atAnEnd = nulls.length === 0 || nulls[0] === 0 || nulls[nulls.length - 1] === keys.length - 1
  if (!together || !atAnEnd) {
    return { aspect: 'list order', message: `the list by ${field} is ${seen}: its items without a ${field} are neither first nor last` }
  }
  const valued = keys.filter((key): key is string | number => key !== null)
  /** The first pair out of order under a collation, if any. */
  const misplaced = (collation: Collation): number | undefined => {
    for (let i = 1; i < valued.length; i++) {
      const a = valued[i - 1]!
      const b = valued[i]!
      const step = typeof a === 'number' && typeof b === 'number' ? a - b : collate(collation, String(a), String(b))
      if (descending ? step < 0 : step > 0) return i
    }
    return undefined
  }
  const candidates = ledger.collations ?? ['code unit']
  const kept = candidates.filter((collation) => misplaced(collation) === undefined)
  if (kept.length === 0) {
    const i = misplaced(candidates[0]!)!
    const under = candidates.length === COLLATIONS.length ? '' : ` (by ${candidates.join(' or ')}, the collation its earlier lists kept to)`
    return { aspect: 'list order', message: `the list by ${field} ${descending ? 'descending' : 'ascending'} is ${seen}: ${JSON.stringify(valued[i - 1])} comes before ${JSON.stringify(valued[i])}${under}` }
  }
  if (ledger.collations) ledger.collations = kept
  return undefined
}

/**
 * A page of a list against the target's own whole list: the items after the cursor, as many as
 * the limit, and hasMore exactly when more follow. Where the order is free, the target's own is
 * the one a client walks.
 */
export function comparePageOfWhole(page: ListPage, whole: Json[], cursor: string | undefined, limit: number, name: (item: Json) => string): Difference | undefined {
  const at = cursor === undefined ? -1 : whole.findIndex((item) => item.id === cursor)
  // A cursor the target's whole list does not hold (a deleted item, one of another list): what its
  // page holds is the cursor's class of freedom (freedom-classes.ts), adopted and held there.
  if (cursor !== undefined && at < 0) return undefined
  const start = at + 1
  const expected = whole.slice(start, start + limit)
  const seen = page.data.map(name).join(', ') || 'nothing'
  const wanted = expected.map(name).join(', ') || 'nothing'
  if (page.data.length !== expected.length || page.data.some((item, index) => item.id !== expected[index]!.id)) {
    return { aspect: 'list page', message: `the page is ${seen}, expected ${wanted}: the next ${limit} item(s) of the target's own whole list${cursor === undefined ? '' : ' after the cursor'}` }
  }
  const more = start + limit < whole.length
  if (page.hasMore !== more) return { aspect: 'hasMore', message: `hasMore is ${brief(page.hasMore)} after ${seen}, expected ${more}` }
  return undefined
}
