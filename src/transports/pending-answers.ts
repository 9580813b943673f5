import type http from 'node:http'
import type { Duplex } from 'node:stream'

/** Runs `then` once every request read whole on `socket` has its answer handed to it (at once when none is pending). */
export type AfterPendingAnswers = (socket: Duplex, then: () => void) => void

/**
 * Tracks, per connection, the requests whose answers are not yet written to the socket. A client
 * may pipeline thousands of requests: Node parses them from one read, answers the first and
 * queues the others' answers until it is sent. When bytes after them cannot be parsed, the
 * 'clientError' comes while that queue is still full; an error answer written then, with the
 * socket ended, would go before the queued answers and leave them nowhere to go. So the error
 * answer waits for them. Not for a request whose body the error cut off: it never ends, and its
 * answer would never come. A response's 'close' comes once Node has written it and handed the
 * socket to the next queued one. (Node's own 417 to an unknown Expect emits no 'request' and is
 * not waited for.)
 */
export function trackPendingAnswers(server: http.Server): AfterPendingAnswers {
  const pending = new WeakMap<Duplex, Set<http.IncomingMessage>>()
  const waiting = new WeakMap<Duplex, () => void>()
  const answered = (socket: Duplex): boolean => {
    for (const req of pending.get(socket) ?? []) if (req.complete) return false
    return true
  }
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket
    let requests = pending.get(socket)
    if (requests === undefined) pending.set(socket, (requests = new Set()))
    requests.add(req)
    res.once('close', () => {
      requests.delete(req)
      const then = waiting.get(socket)
      if (then === undefined || !answered(socket)) return
      waiting.delete(socket)
      then()
    })
  })
  return (socket, then) => {
    if (answered(socket)) return then()
    waiting.set(socket, then)
  }
}
