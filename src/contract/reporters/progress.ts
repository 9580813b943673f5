import { estimateLine, type PlanEvents } from '../estimate.js'
import { settledStatus } from '../server-errors.js'
import type { CheckResult, RunEvents } from '../types.js'

const MARK: Record<CheckResult['status'], string> = { passed: '✓', failed: '✗', differs: '≠', skipped: '-' }

/**
 * The progress line on a stream (stderr): rewritten in place on a terminal, one line per check
 * elsewhere (CI logs). Before the first check, a line says roughly how long the run takes, from
 * `roundTripMs`, one request's round trip to the target. Notices (429 waits) get lines of their own.
 */
export function progressReporter(stream: NodeJS.WriteStream, { roundTripMs = 1 }: { roundTripMs?: number } = {}): RunEvents & PlanEvents & { finish(): void } {
  const tty = stream.isTTY === true
  let failed = 0
  let last = ''
  const clear = (): void => {
    if (tty && last) stream.write('\r\x1b[2K')
  }
  return {
    onPlan(plan) {
      clear()
      stream.write(`${estimateLine(plan, roundTripMs)}\n`)
    },
    onCheckDone(result, done, total) {
      // A 5xx fails its check even where the check only compared with sitemock's choices.
      const status = settledStatus(result)
      if (status === 'failed') failed++
      const counter = `[${String(done).padStart(String(total).length)}/${total}]`
      const line = `${counter} ${MARK[status]} ${result.group}: ${result.name}${failed ? `  (${failed} failed)` : ''}`
      if (tty) {
        clear()
        last = line.slice(0, Math.max(20, (stream.columns ?? 100) - 1))
        stream.write(last)
      } else {
        stream.write(`${line}\n`)
      }
    },
    onNotice(message) {
      clear()
      stream.write(`${message}\n`)
      if (tty && last) stream.write(last)
    },
    finish() {
      clear()
      last = ''
    },
  }
}
