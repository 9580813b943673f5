import { redactKeys } from '../journal/cap-body.js'
import { sentKeyHint } from '../journal/describe-key.js'

/** Query parameter names that carry a key: api_key, apiKey, x-api-key, key, token, access_token, secret, auth, … */
const SECRET_PARAMETER = /key|token|secret|auth|password/i

/**
 * The keys callers sent through the proxy, held in memory only, so that every text the proxy
 * writes (log lines, the journal, reports, recordings) shows a key as its hint at most: the
 * fields and forms redactKeys knows, and any key a caller sent, wherever it appears.
 */
export class KeyMask {
  private readonly keys = new Set<string>()

  /** Remembers a key a caller sent. */
  learn(key: string | undefined): void {
    // A key shorter than this could be any word of a body: replacing it would mangle the text.
    if (key !== undefined && key.length >= 8) this.keys.add(key)
  }

  /**
   * Remembers keys a caller sent in the query (?api_key=…, ?token=…): a parameter whose name
   * says it holds a key or a secret. The journal, the log and the recording then mask them too.
   */
  learnQuery(query: string): void {
    if (query === '') return
    for (const [name, value] of new URLSearchParams(query)) {
      if (SECRET_PARAMETER.test(name)) {
        this.learn(value)
        // Sent percent-encoded, the key is written as sent too.
        this.learn(encodeURIComponent(value))
      }
    }
  }

  text(text: string): string {
    let masked = redactKeys(text)
    for (const key of this.keys) if (masked.includes(key)) masked = masked.split(key).join(sentKeyHint(key) ?? '…')
    return masked
  }

  /** A JSON value with every key masked. */
  value<T>(value: T): T {
    if (value === undefined) return value
    return JSON.parse(this.text(JSON.stringify(value))) as T
  }
}
