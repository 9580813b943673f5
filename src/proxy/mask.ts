import { redactKeys } from '../journal/cap-body.js'
import { sentKeyHint } from '../journal/describe-key.js'

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
