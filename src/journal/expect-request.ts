import type { JournalEntry } from '../contracts/types.js'
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

/** Anything that keeps a journal: the mock itself (createMock's result). */
export interface Journaled {
  readonly journal: RequestJournal
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
  const latest = [...mock.journal.newestFirst()].slice(0, 10).map((entry) => `  ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status ?? entry.dropped}`)
  const count = wanted === undefined ? 'at least one request' : `${wanted} request(s)`
  throw new Error(
    `Expected ${count} matching ${JSON.stringify(expected)}; found ${found.length}.\n` +
      (latest.length ? `Latest requests, newest first:\n${latest.join('\n')}` : 'The journal holds no requests.'),
  )
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
