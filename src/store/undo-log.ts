/**
 * The writes made to a store since its start state, each kept as the step that takes it back.
 * Walking them backward restores the start state exactly, so a reset costs what the test
 * changed, not what the scenario holds. The tables record a step in every method that writes;
 * a step calls the tables' own inverse methods, which record nothing while the log rolls back.
 */
export class UndoLog {
  private steps: Array<() => void> = []
  private active = false
  /** More steps were made than MAX_STEPS: the log let them go, and only a rebuild restores the start. */
  private overflowed = false

  /**
   * A server that is never reset would keep every step of its life: past this many, the log
   * stops and the next reset builds the state again, as it did before there was a log.
   */
  static readonly MAX_STEPS = 20_000

  /** Notes how to take back a write just made (nothing while the store is built or rolled back). */
  record(step: () => void): void {
    if (!this.active) return
    if (this.steps.length < UndoLog.MAX_STEPS) this.steps.push(step)
    else this.stop()
  }

  /** The state as it is now is the start state: later writes are recorded from here. */
  start(): void {
    this.steps = []
    this.overflowed = false
    this.active = true
  }

  /**
   * Whether writes are being recorded: a table that adds thousands of records while the store
   * is built asks first, instead of making a step per record that record() would drop.
   */
  get recording(): boolean {
    return this.active
  }

  /** Whether rollback() can restore the start state. */
  get complete(): boolean {
    return this.active && !this.overflowed
  }

  /** Takes back every write since start(), newest first, and starts again from there. */
  rollback(): void {
    if (!this.complete) throw new Error('the undo log is incomplete: build the start state again instead')
    const steps = this.steps
    this.active = false
    this.steps = []
    try {
      for (let i = steps.length - 1; i >= 0; i--) steps[i]!()
      this.active = true
    } catch (error) {
      // A half-undone state is no start state: the log stays off until the next build starts it.
      this.overflowed = true
      throw error
    }
  }

  private stop(): void {
    this.steps = []
    this.overflowed = true
  }
}
