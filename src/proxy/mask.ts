import { redactKeys } from '../journal/cap-body.js'
import { maskPath, maskQuery, maskUrl, scrubKeys, type KnownKeys } from '../journal/mask-keys.js'

/**
 * The keys callers sent through the proxy, held in memory only, so that every text the proxy
 * writes (log lines, the journal, reports, recordings) shows a key as its hint at most: the
 * fields and forms redactKeys knows, and any key a caller sent, wherever and however spelled
 * (percent-encoded, in either case of hex, encoded twice) it appears.
 */
export class KeyMask {
  private readonly keys = new Set<string>()
  private readonly known: KnownKeys = { sent: this.keys }

  /** Remembers a key a caller sent. */
  learn(key: string | undefined): void {
    // A key shorter than this could be any word of a body: replacing it would mangle the text.
    if (key !== undefined && key.length >= 8) this.keys.add(key)
  }

  /**
   * Remembers keys a caller sent in the query: a parameter whose name says it holds a key or a
   * secret (api_key, API%5FKEY, token, …), or a value in the form of a key, in any spelling.
   * The journal, the log and the recording then mask them wherever they appear.
   */
  learnQuery(query: string): void {
    const found: string[] = []
    maskQuery(query, this.known, found)
    for (const key of found) this.learn(key)
  }

  /** A raw query string with every key-carrying parameter shown as its hint. */
  query(raw: string): string {
    return this.text(maskQuery(raw, this.known))
  }

  /** A path with every segment that holds a key shown as its hint. */
  path(raw: string): string {
    return this.text(maskPath(raw, this.known))
  }

  /** A path with its query, or a whole URL (a Location header), with every key shown as its hint. */
  url(raw: string): string {
    return this.text(maskUrl(raw, this.known))
  }

  text(text: string): string {
    return scrubKeys(redactKeys(text), [...this.keys])
  }

  /** A JSON value with every key masked. */
  value<T>(value: T): T {
    if (value === undefined) return value
    return JSON.parse(this.text(JSON.stringify(value))) as T
  }
}
