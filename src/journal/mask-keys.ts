import { sentKeyHint } from './key-hint.js'

// A URL may carry a key in any of the spellings it allows: a character percent-encoded or not,
// in upper- or lower-case hex, encoded again by a client that encoded an encoded URL, `+` for a
// space, the parameter's name encoded too (api%5Fkey). Everything sitemock writes about a
// request (the journal, log lines, recordings, findings, echoed errors) passes through here, so
// a key is shown as its hint, never in clear and never in an encoding that is still the key.

/** Where else to look for keys besides the names and forms that always say "key". */
export interface KnownKeys {
  /** Keys to find anywhere, in any spelling: the request's own x-api-key, the keys a proxy learned. */
  readonly sent?: Iterable<string | undefined>
  /** Whether a word shaped as a key (a UUID, sk_…) is one the mock holds: a site's publicApiKey, a workspace's App key. */
  readonly isKey?: (word: string) => boolean
}

/** How many layers of percent-encoding are taken off: a URL encoded three times over is still read. */
export const MAX_DECODINGS = 3

/** A key shorter than this is not looked for in other texts: it could be any word of them. */
const MIN_SCRUBBED_LENGTH = 8

// sitemock's App keys are sk_ and 20 letters or digits; a deployment's may be shorter or use - and _.
const APP_KEY_WORD = /sk_[A-Za-z0-9_-]{12,}/
const UUID_WORD = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
/** A parameter name (decoded, lower case, only its letters and digits) that says it holds a secret. */
const KEY_NAME = /apikey|key$|^key|token|secret|passw|credential|signature|^sig$|^auth$|^authorization$|^bearer$|session/
/** What a query holding a key by name or form must contain somewhere; one without any is checked for known keys only. */
const QUERY_HINTS = /[%+#]|sk_|key|token|secret|passw|credential|sig|auth|bearer|session/i
/** A path has no names: only an escape or an App key's form may hide a key there. */
const PATH_HINTS = /%|sk_/
const UUID_LENGTH = 36

const decoder = new TextDecoder('utf-8')

/** The text with one layer of percent-encoding taken off, `+` read as a space; a malformed escape stays as sent. */
export function percentDecoded(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3)
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16)
    return decoder.decode(bytes)
  })
}

/** The text as sent and as each layer of decoding leaves it, up to MAX_DECODINGS, stopping when nothing changes. */
export function decodings(text: string): string[] {
  const forms = [text]
  for (let i = 0; i < MAX_DECODINGS; i++) {
    const next = percentDecoded(forms[forms.length - 1]!)
    if (next === forms[forms.length - 1]) break
    forms.push(next)
  }
  return forms
}

/** Whether a query parameter's name, however spelled, says its value is a key or another secret (api_key, API%5FKEY, access_token, x-api-key). */
export function isKeyParameter(name: string): boolean {
  const decoded = decodings(name)
  const plain = decoded[decoded.length - 1]!.toLowerCase().replace(/[^a-z0-9]/g, '')
  return plain !== '' && KEY_NAME.test(plain)
}

/** The key a text holds in any of its decodings: an sk_ key, a key the request sent, or one the mock knows; undefined when none. */
export function keyIn(text: string, known: KnownKeys = {}): string | undefined {
  for (const form of decodings(text)) {
    const appKey = APP_KEY_WORD.exec(form)
    if (appKey) return appKey[0]
    if (known.sent) for (const key of known.sent) if (key !== undefined && key.length >= MIN_SCRUBBED_LENGTH && form.includes(key)) return key
    if (known.isKey) {
      if (known.isKey(form)) return form
      for (const uuid of form.match(UUID_WORD) ?? []) if (known.isKey(uuid)) return uuid
    }
  }
  return undefined
}

/**
 * Whether the text surely holds no key, found without splitting it: most paths and queries (ids,
 * numbers, words) are told apart by one scan, on every request the journal keeps.
 */
function surelyKeyless(raw: string, known: KnownKeys, hints: RegExp): boolean {
  if (hints.test(raw)) return false
  if (known.sent) for (const key of known.sent) if (key !== undefined && key.length >= MIN_SCRUBBED_LENGTH && raw.includes(key)) return false
  if (known.isKey === undefined) return true
  // The mock's keys without sk_ are UUIDs: only a word of that length between separators may be one.
  let start = 0
  for (let i = 0; i <= raw.length; i++) {
    const code = i === raw.length ? SLASH : raw.charCodeAt(i)
    if (code !== SLASH && code !== AMPERSAND && code !== EQUALS) continue
    if (i - start === UUID_LENGTH && known.isKey(raw.slice(start, i))) return false
    start = i + 1
  }
  return true
}

const SLASH = 47
const AMPERSAND = 38
const EQUALS = 61

/** The hint shown for a key: its last four characters when long enough and plain, after sk_ for an App key (sk_…abcd, …abcd, or …). */
export function keyHint(key: string): string {
  const tail = /^[A-Za-z0-9_-]{4}$/.test(key.slice(-4)) ? sentKeyHint(key) : null
  return `${key.startsWith('sk_') ? 'sk_' : ''}${tail ?? '…'}`
}

const remember = (found: string[] | undefined, key: string): void => {
  if (found && key.length >= MIN_SCRUBBED_LENGTH && !found.includes(key)) found.push(key)
}

/**
 * A raw query string (no leading ?) with the value of every parameter that carries a key shown
 * as its hint: one whose name says so (decoded, any case), or whose value holds a key in any of
 * its decodings. A parameter whose name is itself a key is shown as the hint. Separators, other
 * parameters and their spelling stay as sent; a fragment (#…) is read the same way, as OAuth's
 * #access_token=… is. The keys found are added to `found`, for the caller to scrub from other texts.
 */
export function maskQuery(raw: string, known: KnownKeys = {}, found?: string[]): string {
  if (raw === '' || surelyKeyless(raw, known, QUERY_HINTS)) return raw
  const hash = raw.indexOf('#')
  if (hash >= 0) return `${maskQuery(raw.slice(0, hash), known, found)}#${maskQuery(raw.slice(hash + 1), known, found)}`
  const parts = raw.split('&')
  let changed = false
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const equals = part.indexOf('=')
    const name = equals < 0 ? part : part.slice(0, equals)
    const nameKey = keyIn(name, known)
    const shownName = nameKey === undefined ? name : keyHint(nameKey)
    if (nameKey !== undefined) remember(found, nameKey)
    const value = equals < 0 ? undefined : part.slice(equals + 1)
    let shownValue = value
    if (value !== undefined && value !== '') {
      const forms = decodings(value)
      const key = nameKey === undefined && isKeyParameter(name) ? forms[forms.length - 1]! : keyIn(value, known)
      if (key !== undefined) {
        shownValue = keyHint(key)
        remember(found, key)
      }
    }
    if (shownName !== name || shownValue !== value) {
      parts[i] = shownValue === undefined ? shownName : `${shownName}=${shownValue}`
      changed = true
    }
  }
  return changed ? parts.join('&') : raw
}

/** A path (no query) with every segment that holds a key, in any spelling, shown as its hint. */
export function maskPath(raw: string, known: KnownKeys = {}, found?: string[]): string {
  if (surelyKeyless(raw, known, PATH_HINTS)) return raw
  const segments = raw.split('/')
  let changed = false
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] === '') continue
    const key = keyIn(segments[i]!, known)
    if (key === undefined) continue
    segments[i] = keyHint(key)
    remember(found, key)
    changed = true
  }
  return changed ? segments.join('/') : raw
}

/** A URL or a path with its query and fragment (a Location header, a request line) with every key shown as its hint. */
export function maskUrl(text: string, known: KnownKeys = {}, found?: string[]): string {
  const query = text.search(/[?#]/)
  if (query < 0) return maskPath(text, known, found)
  // maskQuery reads a fragment after the query itself.
  return `${maskPath(text.slice(0, query), known, found)}${text[query]}${maskQuery(text.slice(query + 1), known, found)}`
}

const hexOf = (byte: number): string => {
  const hex = byte.toString(16).padStart(2, '0')
  return [...hex].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join('')
}

/**
 * A pattern that finds the key in any spelling a URL allows: each character as itself or
 * percent-encoded (either case of hex), the % itself encoded again up to MAX_DECODINGS - 1 times.
 */
function spellingsOf(key: string): RegExp {
  let pattern = spellings.get(key)
  if (pattern !== undefined) return pattern
  // A proxy sees the same few keys again and again; a long run of made-up keys only empties the cache.
  if (spellings.size >= MAX_CACHED_SPELLINGS) spellings.clear()
  const encoder = new TextEncoder()
  const pieces = [...key].map((char) => {
    const escapes = [...encoder.encode(char)].map((byte) => `%(?:25){0,${MAX_DECODINGS - 1}}${hexOf(byte)}`).join('')
    // A space may also have been sent as +.
    return `(?:${char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${char === ' ' ? '\\+|' : ''}${escapes})`
  })
  pattern = new RegExp(pieces.join(''), 'g')
  spellings.set(key, pattern)
  return pattern
}

const spellings = new Map<string, RegExp>()
const MAX_CACHED_SPELLINGS = 1000

/** The text with each of `keys`, in any spelling a URL allows, replaced by its hint: for what echoes a request (an error's message, a log line). */
export function scrubKeys(text: string, keys: readonly string[]): string {
  let scrubbed = text
  for (const key of keys) {
    // Spelled other than as itself, a key needs a %: most texts are passed over at once.
    if (key.length < MIN_SCRUBBED_LENGTH || (!scrubbed.includes(key) && !scrubbed.includes('%'))) continue
    scrubbed = scrubbed.replace(spellingsOf(key), keyHint(key))
  }
  return scrubbed
}
