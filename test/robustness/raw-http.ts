import net from 'node:net'

/** One answer read off a raw socket: its status line, headers (lower-case names) and body. */
export interface RawAnswer {
  statusLine: string
  status: number
  headers: Record<string, string>
  body: string
}

export interface ExchangeOptions {
  /** Once what arrived reads as whole answers, how long to wait for more before closing; Infinity waits for the server to close. */
  settleMs?: number
  /** How long to wait for a whole answer before half-closing, which tells the server no more bytes come. */
  patienceMs?: number
  /** How long the whole exchange may take: past it the server hangs, which rejects. */
  timeoutMs?: number
}

/**
 * Sends `bytes` on a new connection and reads until the server closes, or until what came reads
 * as whole answers and nothing more arrives. The connection is not half-closed at once: Node
 * drops the requests still being answered on a connection whose client has ended it.
 */
export async function exchange(url: string, bytes: string | Buffer, options: ExchangeOptions = {}): Promise<Buffer> {
  const { settleMs = 30, patienceMs = 2000, timeoutMs = 10_000 } = options
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    let settle: NodeJS.Timeout | undefined
    const done = (): void => {
      clearTimeout(timeout)
      clearTimeout(patience)
      clearTimeout(settle)
      socket.destroy()
      resolve(Buffer.concat(chunks))
    }
    const timeout = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no end of the answer within ${timeoutMs} ms to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`))
    }, timeoutMs)
    const patience = setTimeout(() => socket.end(), patienceMs)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      clearTimeout(settle)
      if (settleMs === Infinity || !readsWhole(Buffer.concat(chunks))) return
      settle = setTimeout(done, settleMs)
    })
    // A connection refused is a server gone; a reset after the answers (the server closing while
    // bytes were still coming) ends the read like a close.
    socket.on('error', (error) => {
      if (socket.connecting) {
        clearTimeout(timeout)
        clearTimeout(patience)
        reject(error)
      }
    })
    socket.on('close', done)
    socket.write(bytes)
  })
}

function readsWhole(stream: Buffer): boolean {
  try {
    return parseAnswers(stream).length > 0
  } catch {
    return false
  }
}

/**
 * Reads the answers one after another as an HTTP/1.1 client does (content-length, chunked, none
 * for HEAD, 1xx, 204 and 304); throws on anything that is not a well-formed answer.
 * `headRequests` tells which answers, in order, are to HEAD requests.
 */
export function parseAnswers(stream: Buffer, headRequests: (index: number) => boolean = () => false): RawAnswer[] {
  const answers: RawAnswer[] = []
  let at = 0
  while (at < stream.length) {
    const end = stream.indexOf('\r\n\r\n', at)
    if (end < 0) throw new Error(`an answer without the end of its headers: ${JSON.stringify(stream.subarray(at, at + 200).toString('latin1'))}`)
    const [statusLine = '', ...lines] = stream.subarray(at, end).toString('latin1').split('\r\n')
    const match = /^HTTP\/1\.[01] (\d{3}) [^\r\n]*$/.exec(statusLine)
    if (!match) throw new Error(`not a status line: ${JSON.stringify(statusLine.slice(0, 200))}`)
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      if (colon <= 0) throw new Error(`not a header line: ${JSON.stringify(line.slice(0, 200))}`)
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
    }
    const status = Number(match[1])
    at = end + 4
    let body: Buffer = Buffer.alloc(0)
    // A HEAD's answer has no body; a refusal of a request line that merely began with HEAD
    // (Node's parser gave up on it) has one, which is told by what follows.
    const bodiless = headRequests(answers.length) && (at === stream.length || stream.subarray(at, at + 7).toString('latin1') === 'HTTP/1.')
    if (status >= 200 && status !== 204 && status !== 304 && !bodiless) {
      if (headers['transfer-encoding'] === 'chunked') {
        const pieces: Buffer[] = []
        for (;;) {
          const lineEnd = stream.indexOf('\r\n', at)
          if (lineEnd < 0) throw new Error('a chunked body cut short')
          const size = parseInt(stream.subarray(at, lineEnd).toString('latin1'), 16)
          if (Number.isNaN(size)) throw new Error('a chunk without its size')
          at = lineEnd + 2
          if (size === 0) {
            at += 2
            break
          }
          pieces.push(stream.subarray(at, at + size))
          at += size + 2
        }
        body = Buffer.concat(pieces)
      } else if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length'])
        if (!Number.isInteger(length) || at + length > stream.length) throw new Error(`a body shorter than its content-length ${headers['content-length']}`)
        body = stream.subarray(at, at + length)
        at += length
      } else {
        // Delimited by the close.
        body = stream.subarray(at)
        at = stream.length
      }
    }
    if (status >= 100 && status < 200) continue
    answers.push({ statusLine, status, headers, body: body.toString('utf8') })
  }
  return answers
}

/** The error envelope of an answer's body, or undefined when it is not one. */
export function envelopeOf(answer: RawAnswer): { object: string; code: string; message: string; details?: Array<{ field: string; message: string }> } | undefined {
  try {
    const body = JSON.parse(answer.body) as { object?: unknown }
    return body.object === 'error' ? (body as ReturnType<typeof envelopeOf>) : undefined
  } catch {
    return undefined
  }
}
