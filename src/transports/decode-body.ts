const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

const NO_BODY = Object.freeze({ body: undefined })

/** The body's text, and whether its bytes were valid UTF-8, so the core can refuse them with a 400. */
export function decodeBody(bytes: Uint8Array): { body: string | undefined; invalidUtf8?: true } {
  if (bytes.length === 0) return NO_BODY
  try {
    return { body: strictUtf8.decode(bytes) }
  } catch {
    return { body: '', invalidUtf8: true }
  }
}
