/**
 * The service's clock: the real wall clock at millisecond precision. Neither document says how
 * timestamps are made, so this implementation takes the plainest answer: two writes in the same
 * millisecond share an instant, and nothing nudges one of them forward.
 */
export function now(): string {
  return new Date().toISOString()
}
