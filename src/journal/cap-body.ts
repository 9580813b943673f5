import type { JournalBody } from '../generated/types.js'

/** How much of each request and response body the journal keeps, in characters. */
export const BODY_CAP = 8 * 1024

// A Site's publicApiKey is its Site API key, and App keys have a recognisable form: the journal
// shows only their last four characters, wherever in a body they appear.
const KEY_FIELD = /"(publicApiKey|siteApiKey|appApiKey)"(\s*:\s*)"([^"\\]*)"/g
const APP_KEY = /\bsk_[A-Za-z0-9]{16,}([A-Za-z0-9]{4})\b/g

/** The body text with every key shortened to a hint, as the journal may show it. */
export function redactKeys(text: string): string {
  if (!text.includes('ApiKey"') && !text.includes('sk_')) return text
  return text.replace(KEY_FIELD, (_match, field: string, colon: string, key: string) => `"${field}"${colon}"…${key.slice(-4)}"`).replace(APP_KEY, 'sk_…$1')
}

/**
 * The body as the journal keeps it: whole when short, its beginning otherwise, with keys
 * redacted when it may carry any (scanning every body would cost more than the request).
 */
export function capBody(text: string | undefined, mayCarryKeys = true, cap = BODY_CAP): JournalBody {
  if (text === undefined || text === '') return null
  const redact = (value: string): string => (mayCarryKeys ? redactKeys(value) : value)
  if (text.length <= cap) return { text: redact(text), truncated: false }
  // A plain slice would keep the whole original string alive (V8 shares its memory); slicing a
  // concatenation makes V8 flatten it into a string of its own, so the ring holds cap characters.
  return { text: redact((' ' + text.slice(0, cap)).slice(1)), truncated: true }
}
