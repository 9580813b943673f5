import fs from 'node:fs'

const CHUNK = 1 << 20

/**
 * Calls `onLine` with each line of the file (without its newline) and the byte offset where it
 * starts, reading a megabyte at a time: a large file is never held whole. The last piece is
 * passed with `complete: false` when the file does not end with a newline. Returning false
 * stops the reading. The line's buffer is only valid during the call: it is reused for the next read.
 * Given a descriptor (a file opened and checked by the caller), it reads that from its start
 * and leaves it open.
 */
export function readLines(file: string | number, onLine: (line: Buffer, offset: number, complete: boolean) => boolean | void): void {
  const fd = typeof file === 'number' ? file : fs.openSync(file, 'r')
  try {
    const chunk = Buffer.allocUnsafe(CHUNK)
    let carry: Buffer[] = []
    let carryStart = 0
    let position = 0
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, CHUNK, position)
      if (read === 0) break
      let start = 0
      for (let end = chunk.indexOf(10, 0); end !== -1 && end < read; end = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, end)
        const line = carry.length ? Buffer.concat([...carry, piece]) : piece
        const offset = carry.length ? carryStart : position + start
        carry = []
        if (onLine(line, offset, true) === false) return
        start = end + 1
      }
      if (start < read) {
        if (!carry.length) carryStart = position + start
        carry.push(Buffer.from(chunk.subarray(start, read)))
      }
      position += read
    }
    if (carry.length) onLine(Buffer.concat(carry), carryStart, false)
  } finally {
    if (typeof file !== 'number') fs.closeSync(fd)
  }
}
