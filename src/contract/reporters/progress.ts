import type { CheckResult, RunEvents } from '../types.js'

const MARK: Record<CheckResult['status'], string> = { passed: '✓', failed: '✗', differs: '≠', skipped: '-' }

/**
 * The progress line on a stream (stderr): rewritten in place on a terminal, one line per check
 * elsewhere (CI logs). Notices (429 waits) get lines of their own.
 */
export function progressReporter(stream: NodeJS.WriteStream): RunEvents & { finish(): void } {
  const tty = stream.isTTY === true
  let failed = 0
  let last = ''
  const clear = (): void => {
    if (tty && last) stream.write('\r\x1b[2K')
  }
  return {
    onCheckDone(result, done, total) {
      if (result.status === 'failed') failed++
      const counter = `[${String(done).padStart(String(total).length)}/${total}]`
      const line = `${counter} ${MARK[result.status]} ${result.group}: ${result.name}${failed ? `  (${failed} failed)` : ''}`
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
