import { BlockList, isIP } from 'node:net'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Paces requests: at most `concurrency` in flight, starts at least 1000/maxRps ms apart, and a
 * pause that holds every start back (set when the target answers 429).
 */
export class Throttle {
  private inFlight = 0
  private readonly waiting: Array<() => void> = []
  private nextStart = 0
  private pausedUntil = 0

  constructor(
    private readonly concurrency: number,
    private readonly maxRps: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      await this.pace()
      return await task()
    } finally {
      this.release()
    }
  }

  /** Holds back every request until `time` (ms since the epoch). */
  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time)
  }

  private async acquire(): Promise<void> {
    if (this.inFlight < this.concurrency) {
      this.inFlight++
      return
    }
    // The slot is handed over by release(), so inFlight never drops below the real count.
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.inFlight--
  }

  private async pace(): Promise<void> {
    for (;;) {
      const now = Date.now()
      const start = Math.max(now, this.pausedUntil, this.nextStart)
      // The start time is reserved before sleeping, so concurrent callers never share a slot.
      if (this.maxRps > 0) this.nextStart = start + 1000 / this.maxRps
      if (start > now) await sleep(start - now)
      if (Date.now() >= this.pausedUntil) return
    }
  }
}

/** The pace against a deployment elsewhere: gentle enough for a shared staging service. */
export const REMOTE_MAX_RPS = 20

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether the URL's host is this machine: localhost, 127.0.0.0/8 or ::1 (IPv4-mapped too). */
export function isLoopback(baseUrl: string): boolean {
  let host: string
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase()
  } catch {
    return false
  }
  if (host === 'localhost') return true
  const family = isIP(host)
  return family !== 0 && LOOPBACK.check(host, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The --max-rps when none is given: no limit for a server on this machine (a local build or the
 * mock: pacing it only makes the run slower), REMOTE_MAX_RPS for anything else, which may be shared.
 */
export function defaultMaxRps(baseUrl: string): number {
  return isLoopback(baseUrl) ? 0 : REMOTE_MAX_RPS
}
