import type { JournalEntry } from '../generated/types.js'
import type { JournalListener } from './journal.js'

export const LOG_FORMATS = ['pretty', 'json', 'off'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

const COLORS = { green: 32, yellow: 33, red: 31, cyan: 36, magenta: 35, dim: 2 } as const
const paint = (color: keyof typeof COLORS, text: string): string => `\u001b[${COLORS[color]}m${text}\u001b[0m`

function statusColor(entry: JournalEntry): keyof typeof COLORS {
  if (entry.status === null) return 'magenta'
  if (entry.status >= 500) return 'red'
  if (entry.status >= 400) return 'yellow'
  return entry.status >= 300 ? 'cyan' : 'green'
}

/** One line per request: time, method, path, status (coloured on a terminal), duration, key. */
export function formatLogLine(entry: JournalEntry, format: Exclude<LogFormat, 'off'>, color: boolean): string {
  if (format === 'json') {
    // The bodies stay in the journal (GET /__mock/requests): a log line is for scanning.
    const { requestBody: _request, responseBody: _response, ...line } = entry
    return JSON.stringify(line)
  }
  const status = entry.status === null ? `dropped (${entry.dropped})` : String(entry.status)
  const key = entry.key.kind === 'none' ? 'no key' : `${entry.key.kind} key ${entry.key.hint ?? ''}`.trimEnd()
  const parts = [
    entry.at.slice(11, 23),
    entry.method.padEnd(6),
    `${entry.path}${entry.query ? `?${entry.query}` : ''}`,
    color ? paint(statusColor(entry), status) : status,
    `${entry.durationMs}ms`,
    color ? paint('dim', key) : key,
  ]
  if (entry.fault) parts.push(`[${entry.fault}]`)
  return parts.join(' ')
}

/**
 * A journal listener that writes a line per request. Lines of one tick leave in one write, so
 * a busy mock does not pay a system call per request.
 */
export function createRequestLogger(write: (text: string) => void, format: Exclude<LogFormat, 'off'>, color: boolean): JournalListener {
  let pending: string[] = []
  return (entry) => {
    if (pending.length === 0) {
      setImmediate(() => {
        const lines = pending
        pending = []
        write(lines.join('\n') + '\n')
      })
    }
    pending.push(formatLogLine(entry, format, color))
  }
}
