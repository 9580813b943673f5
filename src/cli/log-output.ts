/**
 * The request log's way to stdout, bounded. Writing to a pipe nobody reads (`serve --log json |
 * a-reader-that-hangs`) does not fail: Node queues what the pipe does not take, in memory, for
 * good (RSS went from 72 to 366 MB over 400k requests), and the queue kept the process alive
 * after SIGTERM. Here, once more than `limit` bytes wait for the pipe, lines are dropped and
 * counted instead: the first drop is said on stderr at once, the total when the process stops.
 */
export class LogOutput {
  /** Lines not written because stdout was not being read. */
  dropped = 0

  constructor(
    private readonly stream: NodeJS.WritableStream & { writableLength: number } = process.stdout,
    private readonly limit = DEFAULT_LOG_QUEUE_BYTES,
    private readonly warn: (text: string) => void = (text) => void process.stderr.write(text),
  ) {}

  /** Writes `text` (whole lines), or counts its lines as dropped when too much already waits. */
  write(text: string): void {
    if (this.stream.writableLength > this.limit) {
      if (this.dropped === 0) this.warn(`sitemock: stdout is not being read; log lines are dropped (and counted) until it is\n`)
      this.dropped += lineCount(text)
      return
    }
    this.stream.write(text)
  }

  /** The closing line about dropped lines, or nothing when none were. */
  report(): void {
    if (this.dropped > 0) this.warn(`sitemock: ${this.dropped} log line${this.dropped === 1 ? ' was' : 's were'} dropped: stdout was not being read\n`)
  }
}

/** What may wait for the pipe before lines are dropped: a few thousand lines, the pipe's own 64 KiB many times over. */
export const DEFAULT_LOG_QUEUE_BYTES = 1024 * 1024

function lineCount(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++
  return Math.max(count, 1)
}

/** How long a stopping process waits for its output to leave before it exits without it. */
export const OUTPUT_GRACE_MS = 1000

/**
 * Ends the process with `code` once what waits for stdout has left, or after OUTPUT_GRACE_MS:
 * a pipe nobody reads must not hold a stopped server (a CI job's `kill $!; wait $!` would hang
 * with it). A reader that reads gets everything.
 */
export function exitAfterOutput(code: number): void {
  process.exitCode = code
  if (process.stdout.writableLength === 0) return
  const timer = setTimeout(() => process.exit(code), OUTPUT_GRACE_MS)
  timer.unref()
  process.stdout.once('drain', () => clearTimeout(timer))
}
