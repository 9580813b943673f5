import type http from 'node:http'
import { ApiError, JSON_HEADERS } from '../api/errors.js'

/** How much of a request's path the log line repeats. */
const LOGGED_PATH_LENGTH = 200

/**
 * The last guard of a server's request handling: whatever throws while a request is answered, in
 * the handler or in a callback it left behind (the body's events, a save to wait for, a delay),
 * becomes a 500 in the envelope and one line on stderr, and never an uncaught exception that
 * ends the process and every other client's connection with it.
 */
export function guarded<Args extends unknown[]>(req: http.IncomingMessage, res: http.ServerResponse, run: (...args: Args) => void): (...args: Args) => void {
  return (...args) => {
    try {
      run(...args)
    } catch (error) {
      answerUnexpected(req, res, error)
    }
  }
}

/** Answers a request whose handling threw: a 500 in the envelope if nothing was sent yet, else the connection closes (a cut answer must not look whole). */
export function answerUnexpected(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void {
  const target = req.url ?? ''
  const path = target.split('?', 1)[0]!
  const shown = path.length > LOGGED_PATH_LENGTH ? `${path.slice(0, LOGGED_PATH_LENGTH)}…` : path
  // The query is left out: it may hold a key. One line: the stack is a bug report's, not a log's.
  console.error(`sitemock: unexpected error on ${req.method ?? '?'} ${JSON.stringify(shown)}: ${describe(error)}`)
  if (res.headersSent || res.writableEnded || res.destroyed) return void res.destroy()
  try {
    const failure = new ApiError(500, 'internal_error', 'The server hit an unexpected error; this is a bug in sitemock.')
    const payload = JSON.stringify(failure.toBody())
    // Headers of a failed answer may be what threw: none of them is kept.
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    res.writeHead(500, { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(payload)), connection: 'close' })
    res.end(payload)
  } catch {
    res.destroy()
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.split('\n', 1)[0]!
  return String(error)
}
