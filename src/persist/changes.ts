import { ApiError } from '../api/errors.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'

/** What a write needs to run again exactly as it first ran: the request, its instant, and the id generator's state before it. */
export interface ReplayableWrite {
  request: ApiRequest
  /** The frozen clock of the write, an ISO date-time. */
  at: string
  randomState: number
}

/** A change of the mock's state: one successful write, or the whole state replaced (reset, import, reload). */
export type StateChange = { kind: 'write'; write: ReplayableWrite; response: ApiResponse } | { kind: 'replace' }

/** Told of each change before its response is sent; the promise it returns (the change saved) holds the response back. */
export type ChangeListener = (change: StateChange) => Promise<void> | undefined

/** Fans changes out to the listener and knows whether every change so far has been saved. */
export class ChangeTracker {
  private listener: ChangeListener | undefined
  private pending: Promise<void> | undefined

  get listening(): boolean {
    return this.listener !== undefined
  }

  listen(listener: ChangeListener): void {
    this.listener = listener
  }

  notify(change: StateChange): void {
    const saving = this.listener?.(change)
    if (!saving) return
    this.pending = saving
    saving.then(
      () => {
        if (this.pending === saving) this.pending = undefined
      },
      // A failure stays pending: every response from now on reports it (see unsavedResponse).
      () => undefined,
    )
  }

  /** undefined when every change so far is saved (the common, allocation-free case). */
  settled(): Promise<void> | undefined {
    return this.pending
  }
}

/** The answer when a change could not be saved: the client must not believe it durable. */
export function unsavedResponse(error: unknown): ApiResponse {
  const reason = error instanceof Error ? error.message : String(error)
  return new ApiError(500, 'internal_error', `The change could not be saved to the state file (${reason}); the mock's state may be ahead of the file.`).toResponse()
}
