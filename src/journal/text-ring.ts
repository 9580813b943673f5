/**
 * Texts kept as bytes rather than strings: records of UTF-8 written one after another into one
 * typed array (its memory lies outside the heap the garbage collector traces), the oldest
 * overwritten first. Plain TextEncoder and Uint8Array, so it runs in browsers as in Node. A busy journal then allocates nothing per request
 * that the garbage collector must trace or promote, however large its bodies.
 *
 * Positions are virtual (they only grow); a record never straddles the buffer's end. The owner
 * says how far back records must survive (`keepFrom`); the buffer grows when a new record would
 * overwrite one of those, so no kept record is ever lost.
 */
const encoder = new TextEncoder()
const decoder = new TextDecoder()
// Node's Buffer writes a string at an offset without a view object per text; browsers, which
// have no Buffer, take TextEncoder's way.
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer
const allocate = (size: number): Uint8Array => (NodeBuffer ? NodeBuffer.allocUnsafeSlow(size) : new Uint8Array(size))
const encodeAny = (bytes: Uint8Array, text: string, offset: number): number =>
  NodeBuffer ? (bytes as Buffer).write(text, offset) : encoder.encodeInto(text, bytes.subarray(offset)).written

/**
 * Up to this many characters, a text of ASCII is copied by a loop here: a call into the encoder
 * costs more. Node's Buffer.write costs about 60 ns whatever the length, which a loop of 2 ns a
 * character passes at about 16 (a request's path is 46); TextEncoder needs a view object per call.
 */
const SHORT_TEXT = NodeBuffer ? 16 : 256

/** Writes the text's UTF-8 at `offset`; returns its byte length. */
function encode(bytes: Uint8Array, text: string, offset: number): number {
  // Most of a request's texts are short ASCII (method, path, query, key hint).
  if (text.length <= SHORT_TEXT) {
    let i = 0
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code > 127) break
      bytes[offset + i] = code
    }
    if (i === text.length) return i
  }
  return encodeAny(bytes, text, offset)
}

export class TextRing {
  private bytes: Uint8Array
  /** The virtual position of the buffer's first byte. */
  private base = 0
  /** Where the next record starts. */
  private head = 0

  constructor(initialBytes: number) {
    this.bytes = allocate(Math.max(1024, initialBytes))
  }

  /**
   * Writes the texts as one record and returns where it starts; `lengths[at + i]` receives
   * the byte length of texts[i], or -1 for undefined. Records from `keepFrom` on stay intact.
   */
  write(texts: ReadonlyArray<string | undefined>, lengths: Int32Array, at: number, keepFrom: number): number {
    let chars = 0
    for (let i = 0; i < texts.length; i++) chars += texts[i]?.length ?? 0
    // A UTF-16 code unit never takes more than three bytes of UTF-8.
    const reserve = chars * 3
    let start = this.head
    const offset = (start - this.base) % this.bytes.length
    if (offset + reserve > this.bytes.length) start += this.bytes.length - offset
    if (start + reserve - Math.min(keepFrom, this.head) > this.bytes.length) start = this.grow(Math.min(keepFrom, this.head), reserve)
    const offsetOfStart = (start - this.base) % this.bytes.length
    let written = 0
    // Indexed loops: this runs for every journaled request, and an entries() iterator allocates.
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]
      const length = text === undefined ? -1 : encode(this.bytes, text, offsetOfStart + written)
      lengths[at + i] = length
      written += Math.max(0, length)
    }
    this.head = start + written
    return start
  }

  /** The texts of the record at `start`, as `write` measured them. */
  read(start: number, lengths: Int32Array, at: number, count: number): Array<string | undefined> {
    let cursor = (start - this.base) % this.bytes.length
    const texts: Array<string | undefined> = []
    for (let i = 0; i < count; i++) {
      const length = lengths[at + i]!
      texts.push(length < 0 ? undefined : decoder.decode(this.bytes.subarray(cursor, cursor + length)))
      cursor += Math.max(0, length)
    }
    return texts
  }

  /** Forgets every record. */
  clear(): void {
    this.base = this.head
  }

  /** Moves the records from `keepFrom` on to the start of a larger buffer; returns where the next record starts. */
  private grow(keepFrom: number, reserve: number): number {
    const kept = this.head - keepFrom
    const next = allocate(Math.max(this.bytes.length * 2, (kept + reserve) * 2))
    const from = (keepFrom - this.base) % this.bytes.length
    const firstPart = Math.min(kept, this.bytes.length - from)
    next.set(this.bytes.subarray(from, from + firstPart), 0)
    next.set(this.bytes.subarray(0, kept - firstPart), firstPart)
    this.bytes = next
    this.base = keepFrom
    return this.head
  }
}
