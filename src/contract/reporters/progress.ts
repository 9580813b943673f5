import { estimateLine, type PlanEvents } from '../estimate.js'
import { settledStatus } from '../server-errors.js'
import type { CheckResult, RunEvents } from '../types.js'
import { statusLine } from './status-line.js'

const MARK: Record<CheckResult['status'], string> = { passed: '✓', failed: '✗', differs: '≠', skipped: '-' }

/**
 * The progress line on a stream (stderr): rewritten in place on a terminal, one line per check
 * elsewhere (CI logs). Before the first check, a line says roughly how long the run takes, from
 * `roundTripMs`, one request's round trip to the target. Notices (429 waits) get lines of their own.
 */
export function progressReporter(stream: NodeJS.WriteStream, { roundTripMs = 1 }: { roundTripMs?: number } = {}): RunEvents & PlanEvents & { finish(): void } {
  const tty = stream.isTTY === true
  const status = statusLine(stream)
  let failed = 0
  return {
    onPlan(plan) {
      status.notice(estimateLine(plan, roundTripMs))
    },
    onCheckDone(result, done, total) {
      // A 5xx fails its check even where the check only compared with sitemock's choices.
      const settled = settledStatus(result)
      if (settled === 'failed') failed++
      const counter = `[${String(done).padStart(String(total).length)}/${total}]`
      const line = `${counter} ${MARK[settled]} ${result.group}: ${result.name}${failed ? `  (${failed} failed)` : ''}`
      if (tty) status.show(line)
      else stream.write(`${line}\n`)
    },
    onNotice(message) {
      status.notice(message)
    },
    finish() {
      status.finish()
    },
  }
}
