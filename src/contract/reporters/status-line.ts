/**
 * One line of progress on a terminal, rewritten in place (the contract run's checks, a
 * snapshot's requests); nothing when the stream is not a terminal (a log or a pipe wants the
 * result, not a line per request). Notices get lines of their own either way.
 */
export function statusLine(stream: NodeJS.WriteStream): { show(line: string): void; notice(message: string): void; finish(): void } {
  const tty = stream.isTTY === true
  let last = ''
  const clear = (): void => {
    if (last) stream.write('\r\x1b[2K')
  }
  return {
    show(line) {
      if (!tty) return
      clear()
      // A terminal whose size is not set (0 columns, as under script(1)) gets the usual width.
      last = line.slice(0, Math.max(20, (stream.columns || 100) - 1))
      stream.write(last)
    },
    notice(message) {
      clear()
      stream.write(`${message}\n`)
      if (last) stream.write(last)
    },
    finish() {
      clear()
      last = ''
    },
  }
}
