import '../eager-parts.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Mock } from '../mock.js'
import { DEFAULT_MAX_BODY, DEFAULT_MAX_STATE_BODY, serveRequest } from './node-server.js'

/**
 * An express app creates its own server, with node's 16 KiB header limit: create it with
 * http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app) so that path and query values the
 * API accepts fit, and call answerClientErrors(server) so that what is past it is answered in
 * the envelope.
 */
export { answerClientErrors, MAX_HEADER_SIZE } from './node-server.js'
export { mockErrorHandler, type ExpressErrorMiddleware } from './express-errors.js'

/**
 * What express's `app.use()` takes, written against node:http's types so that this entry's
 * types need neither express nor @types/express: express 4 and 5 both accept it.
 */
export type ExpressMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

export interface ExpressMiddlewareOptions {
  /** Only requests under this path are the mock's (default "/": every request). */
  basePath?: string
  /** The largest request body taken, in bytes (default 1 MiB); a larger one is a 413. */
  maxBody?: number
  /** The largest state document PUT /__mock/state takes, in bytes (default 256 MiB). */
  maxStateBody?: number
}

/**
 * The mock as express middleware: app.use(createExpressMiddleware(mock)), or under a mount path,
 * app.use('/api', createExpressMiddleware(mock)). It is the node server's own request path, so
 * it needs neither msw nor anything of express's at run time. Requests outside `basePath` go on
 * to the next middleware. Behind a body parser, mount mockErrorHandler() after the mock, so that
 * what the parser refuses is answered in the envelope: app.use('/api', express.json(),
 * createExpressMiddleware(mock), mockErrorHandler()). The app's server decides which Host it
 * answers: the node server's Host check is not the mount's to make.
 */
export function createExpressMiddleware(mock: Mock, options: ExpressMiddlewareOptions = {}): ExpressMiddleware {
  const prefix = (options.basePath ?? '/').replace(/\/+$/, '')
  const limits = { maxBody: options.maxBody ?? DEFAULT_MAX_BODY, maxStateBody: options.maxStateBody ?? DEFAULT_MAX_STATE_BODY }
  return (req, res, next) => {
    // Under a mount path express has already taken it off req.url.
    const path = (req.url ?? '/').split('?', 1)[0]!
    if (prefix && path !== prefix && !path.startsWith(`${prefix}/`)) return next()
    serveRequest(mock, req, res, { ...limits, pathPrefix: prefix, consumedBody: consumedBody(req) })
  }
}

/**
 * A body parser mounted before the mock (express.json(), express.text(), express.raw()) has
 * read the stream already and left what it made of it in req.body; the core then judges that,
 * turned back into bytes. Otherwise the stream is still there to read (undefined).
 */
function consumedBody(req: IncomingMessage): Uint8Array | undefined {
  if (!req.readableEnded) return undefined
  const parsed: unknown = (req as IncomingMessage & { body?: unknown }).body
  if (parsed === undefined) return new Uint8Array()
  if (parsed instanceof Uint8Array) return parsed
  return new TextEncoder().encode(typeof parsed === 'string' ? parsed : JSON.stringify(parsed))
}
