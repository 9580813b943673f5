import type { ErrorBody } from '../generated/types.js'

/**
 * A write through mock.db that the API refused: the same status and envelope the API answers,
 * and nothing changed.
 */
export class MockDbError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${status} ${body.code}: ${body.message}`)
    this.name = 'MockDbError'
  }
}
