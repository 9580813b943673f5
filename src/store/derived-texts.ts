/** A dropped text: no text derived from a record is empty. */
const DROPPED = ''

/**
 * Texts derived from records (a page's JSON as the API shows it), kept until the record changes:
 * whoever changes a record drops its text. Two generations bound the memory: when the current
 * one is full it becomes the previous one and the one before is let go, so the texts read
 * often stay and a walk over a million pages does not keep a million texts.
 */
export class DerivedTexts<K extends object> {
  private current = new Map<K, string>()
  private previous = new Map<K, string>()

  constructor(private readonly perGeneration: number) {}

  get(key: K): string | undefined {
    const text = this.current.get(key)
    if (text !== undefined) return text === DROPPED ? undefined : text
    const older = this.previous.get(key)
    if (older === undefined || older === DROPPED) return undefined
    this.set(key, older)
    return older
  }

  set(key: K, text: string): void {
    if (this.current.size >= this.perGeneration) {
      this.previous = this.current
      this.current = new Map()
    }
    this.current.set(key, text)
  }

  drop(key: K | null): void {
    if (key === null) return
    // Marked, not deleted: a Map that loses entries shrinks (a rehash), then grows again on the
    // next read of the record, and a burst of edits paid that on every write.
    if (this.current.has(key)) this.current.set(key, DROPPED)
    if (this.previous.has(key)) this.previous.set(key, DROPPED)
  }
}
