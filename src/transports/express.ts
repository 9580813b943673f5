import { createMiddleware } from '@mswjs/http-middleware'
import type { RequestHandler } from 'express'
import type { ServerResponse } from 'node:http'
import type { ApiRequest } from '../api/types.js'
import type { Mock } from '../mock.js'
import { createMswHandler } from './msw.js'
import { writeResponse } from './node-server.js'

/**
 * An express app creates its own server, with node's 16 KiB header limit: create it with
 * http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app) so that path and query values the
 * API accepts fit, and call answerClientErrors(server) so that what is past it is answered in
 * the envelope.
 */
export { answerClientErrors, MAX_HEADER_SIZE } from './node-server.js'

/**
 * The mock as express middleware, through @mswjs/http-middleware and the same msw handler the
 * browser uses: app.use(createExpressMiddleware(mock)). Requests it does not answer go on to
 * the next middleware.
 */
export function createExpressMiddleware(mock: Mock, options: { basePath?: string } = {}): RequestHandler {
  // http-middleware resolves relative handler paths against the express server's own origin.
  const handler = createMswHandler(mock, { baseUrl: options.basePath ?? '/' })
  // The same msw class seen through its CommonJS typings (http-middleware is CommonJS).
  const middleware = createMiddleware(handler as unknown as Parameters<typeof createMiddleware>[number])
  return (req, res, next) => {
    resetOnNetworkError(res)
    void middleware(req, res, (error?: unknown) => {
      if (error === undefined) return next()
      // msw throws on a URL it cannot decode (e.g. %ZZ); the core answers that with a 400
      // naming the parameter, instead of express's HTML error page.
      const url = req.originalUrl
      const q = url.indexOf('?')
      const request: ApiRequest = {
        method: req.method,
        path: q < 0 ? url : url.slice(0, q),
        query: q < 0 ? '' : url.slice(q + 1),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
        body: undefined,
      }
      // The body stream was handed to msw, which gave up on it unread: the connection cannot
      // carry another request, and saying so keeps the client from sending one into a reset.
      const response = mock.handle(request)
      writeResponse(res, { ...response, headers: { ...response.headers, connection: 'close' } })
    })
  }
}

/**
 * The msw handler answers a dropped connection (an injected fault) with Response.error(), whose
 * status 0 http-middleware would pass to writeHead, which throws. Here it becomes what it
 * stands for: the connection is reset, and nothing is written.
 */
function resetOnNetworkError(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 0) return writeHead(status, ...rest)
    if (!res.socket?.destroyed) res.socket?.resetAndDestroy()
    return res
  }) as ServerResponse['writeHead']
}
