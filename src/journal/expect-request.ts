import type { JournalEntry } from '../generated/types.js'
import { matchesEntry } from './entry-filter.js'
import type { RequestJournal } from './journal.js'

export interface RequestExpectation {
  method?: string
  /** A path as sent, a route template such as /v6/pages/{pageIdOrPathname}, or a prefix ending in *. */
  path?: string
  /** A status (201), a class ("4xx") or "dropped". */
  status?: number | string
  /** Fields the JSON request body must have (deeply; other fields may be there too). */
  body?: Record<string, unknown>
  /** Exactly this many matching requests; at least one when left out. */
  times?: number
}

/** Anything that keeps a journal: the mock itself (createMock's result), or the browser mock's journal with its earlier loads. */
export interface Journaled {
  readonly journal: Pick<RequestJournal, 'newestFirst'>
}

/** The journaled API requests that match, oldest first. */
export function findRequests(mock: Journaled, expected: Omit<RequestExpectation, 'times'>): JournalEntry[] {
  const filter = { method: expected.method, path: expected.path, status: expected.status === undefined ? undefined : String(expected.status) }
  const found: JournalEntry[] = []
  for (const entry of mock.journal.newestFirst()) {
    if (matchesEntry(entry, filter) && (expected.body === undefined || bodyHas(entry, expected.body))) found.push(entry)
  }
  return found.reverse()
}

/**
 * Verifies that the mock received a request, for tests that use the msw handler in
 * setupServer: expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 201 }).
 * Returns the matching entries; throws an Error that lists the latest requests otherwise.
 */
export function expectRequest(mock: Journaled, expected: RequestExpectation): JournalEntry[] {
  const found = findRequests(mock, expected)
  const wanted = expected.times
  if (wanted === undefined ? found.length > 0 : found.length === wanted) return found
  const entries = [...mock.journal.newestFirst()]
  const latest = entries.slice(0, 10).map((entry) => `  ${describeEntry(entry)}`)
  const count = wanted === undefined ? 'at least one request' : `${wanted} request(s)`
  // With none found, the requests nearest to the expectation, with what they sent, say why.
  const closest = found.length === 0 ? closestEntries(entries, expected) : []
  throw new Error(
    `Expected ${count} matching ${JSON.stringify(expected)}; found ${found.length}.\n` +
      (latest.length ? `Latest requests, newest first:\n${latest.join('\n')}` : 'The journal holds no requests.') +
      (closest.length ? `\nClosest requests:\n${closest.map((entry) => explainMiss(entry, expected)).join('\n')}` : ''),
  )
}

function describeEntry(entry: JournalEntry): string {
  return `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status ?? entry.dropped}`
}

/** How many CLOSEST entries a failure shows, and how much of each body. */
const CLOSEST = 3
const SHOWN_BODY = 500

/** The entries meeting most of the expectation (a body counts by the share of its fields sent as expected), newest first among equals. */
function closestEntries(entries: JournalEntry[], expected: RequestExpectation): JournalEntry[] {
  const scored = entries.map((entry, order) => ({ entry, order, score: closeness(entry, expected) }))
  scored.sort((a, b) => b.score - a.score || a.order - b.order)
  return scored.slice(0, CLOSEST).map(({ entry }) => entry)
}

function closeness(entry: JournalEntry, expected: RequestExpectation): number {
  let score = 0
  if (expected.method !== undefined && matchesEntry(entry, { method: expected.method })) score++
  if (expected.path !== undefined && matchesEntry(entry, { path: expected.path })) score++
  if (expected.status !== undefined && matchesEntry(entry, { status: String(expected.status) })) score++
  if (expected.body !== undefined) {
    const sent = sentBody(entry)
    const fields = Object.entries(expected.body)
    if (fields.length === 0) score += sent === undefined ? 0 : 1
    else if (sent !== null && typeof sent === 'object') score += fields.filter(([key, value]) => contains((sent as Record<string, unknown>)[key], value)).length / fields.length
  }
  return score
}

/** One closest entry: what it sent, which criteria it misses, and for a body, a diff of the fields expected. */
function explainMiss(entry: JournalEntry, expected: RequestExpectation): string {
  const misses: string[] = []
  if (expected.method !== undefined && !matchesEntry(entry, { method: expected.method })) misses.push(`method ${entry.method}, not ${expected.method.toUpperCase()}`)
  if (expected.path !== undefined && !matchesEntry(entry, { path: expected.path })) misses.push(`path ${entry.path}${entry.route ? ` (${entry.route})` : ''}, not ${expected.path}`)
  if (expected.status !== undefined && !matchesEntry(entry, { status: String(expected.status) })) misses.push(`status ${entry.status ?? entry.dropped}, not ${expected.status}`)
  const lines = [`  ${describeEntry(entry)}${misses.length ? `: ${misses.join('; ')}` : ''}`]
  const text = entry.requestBody?.text
  lines.push(`    sent body: ${text === undefined ? '(none)' : text.length > SHOWN_BODY ? `${text.slice(0, SHOWN_BODY)}… (${text.length} characters)` : text}${entry.requestBody?.truncated ? ' (truncated by the journal)' : ''}`)
  if (expected.body !== undefined && !bodyHas(entry, expected.body)) {
    const sent = sentBody(entry)
    lines.push('    body diff (- expected, + sent):', ...bodyDiff(expected.body, sent, '').map((line) => `      ${line}`))
  }
  return lines.join('\n')
}

/** The request body as JSON; undefined when there is none or it is not JSON. */
function sentBody(entry: JournalEntry): unknown {
  const body = entry.requestBody
  if (!body || body.truncated) return undefined
  try {
    return JSON.parse(body.text) as unknown
  } catch {
    return undefined
  }
}

/** The expected fields the sent body lacks or holds otherwise, one "-" and one "+" line per field, by path (page.title). */
function bodyDiff(expected: unknown, sent: unknown, at: string): string[] {
  if (contains(sent, expected)) return []
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
  if (isObject(expected) && isObject(sent)) {
    return Object.entries(expected).flatMap(([key, value]) => bodyDiff(value, sent[key], at ? `${at}.${key}` : key))
  }
  const name = at || '(body)'
  return [`- ${name}: ${JSON.stringify(expected)}`, `+ ${name}: ${sent === undefined ? '(missing)' : JSON.stringify(sent)}`]
}

function bodyHas(entry: JournalEntry, expected: Record<string, unknown>): boolean {
  if (!entry.requestBody || entry.requestBody.truncated) return false
  try {
    return contains(JSON.parse(entry.requestBody.text), expected)
  } catch {
    return false
  }
}

/** Whether `actual` holds `expected`: an object's fields deeply (others may be there), an array item by item at the same length. */
export function contains(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (actual === null || typeof actual !== 'object') return false
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => contains(actual[i], item))
  }
  return Object.entries(expected).every(([key, value]) => contains((actual as Record<string, unknown>)[key], value))
}
