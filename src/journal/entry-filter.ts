import type { JournalEntry, JournalQuery } from '../generated/types.js'

export type EntryFilter = Omit<JournalQuery, 'limit'>

/**
 * Whether an entry passes the filter. `path` is a path as sent (/v2/sites/abc), the route's
 * template (/v2/sites/{siteId}), or a prefix ending in * (/v2/*); `status` is a status (404),
 * a class (4xx) or "dropped".
 */
export function matchesEntry(entry: JournalEntry, filter: EntryFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false
  if (filter.path !== undefined && !matchesPathPattern(entry.path, entry.route, filter.path)) return false
  if (filter.status !== undefined && !matchesStatus(entry, filter.status)) return false
  return true
}

/** Whether a path as sent, or its route template, matches a path, a template or a prefix ending in *. */
export function matchesPathPattern(path: string, route: string | null, pattern: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1))
  return path === pattern || route === pattern
}

function matchesStatus(entry: JournalEntry, status: string): boolean {
  if (status === 'dropped') return entry.dropped !== null
  if (entry.status === null) return false
  if (status.endsWith('xx')) return Math.floor(entry.status / 100) === Number(status[0])
  return entry.status === Number(status)
}
