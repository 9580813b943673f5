import type { ThrottledBody } from '../generated/types.js'
import { JSON_HEADERS } from './errors.js'

/** The real service allows 100 requests per second per key, in fixed one-second windows. */
export const DEFAULT_RATE_LIMIT = 100

export interface RateLimitState {
  limit: number
  remaining: number
  /** Seconds until the window resets. */
  reset: number
  exceeded: boolean
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    readonly limit: number,
    /** Only when enforcing does a request past the limit get a 429; the headers are always sent. */
    readonly enforce: boolean,
  ) {}

  hit(key: string, nowMs: number): RateLimitState {
    let window = this.windows.get(key)
    if (!window || nowMs - window.start >= 1000) {
      // Old windows are dropped as they are replaced, so the map holds one entry per key.
      window = { start: nowMs, count: 0 }
      this.windows.set(key, window)
    }
    window.count++
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      reset: Math.max(1, Math.ceil((window.start + 1000 - nowMs) / 1000)),
      exceeded: this.enforce && window.count > this.limit,
    }
  }

  /**
   * The x-ratelimit-* headers, after the JSON content type when the answer has a body. One
   * literal per request: merging header objects by spread costs microseconds on every answer.
   */
  headers(state: RateLimitState, jsonBody = false): Record<string, string> {
    const limit = String(state.limit)
    const remaining = String(state.remaining)
    const reset = String(state.reset)
    return jsonBody
      ? { 'content-type': JSON_HEADERS['content-type']!, 'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset }
      : { 'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset }
  }
}

/** The real service's 429 body, which is not the API's error envelope. */
export const THROTTLED_BODY: ThrottledBody = { statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' }
