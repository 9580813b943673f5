import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError, badRequest, payloadTooLarge } from '../api/errors.js'
import { writeResponse } from './node-server.js'

/** What express's `app.use()` takes as an error handler (four parameters), in node:http's types. */
export type ExpressErrorMiddleware = (error: unknown, req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/** The fields of an error from express's body parsers (body-parser) that say what went wrong. */
interface BodyParserError {
  type: string
  status: number
  message: string
  limit?: number
  charset?: string
  encoding?: string
}

/**
 * An express error handler that answers what a body parser mounted before the mock refused
 * (express.json(), express.text(), express.raw(), express.urlencoded()) in the API's envelope,
 * with the status the parser chose: malformed JSON is a 400 naming the body, a body past the
 * parser's limit a 413, a charset or content encoding it cannot read a 400 naming the header.
 * Without it express answers these with its HTML error page and a stack trace. Every other
 * error goes on to the app's own handlers. Mount it right after the mock:
 * app.use('/api', express.json(), createExpressMiddleware(mock), mockErrorHandler()).
 */
export function mockErrorHandler(): ExpressErrorMiddleware {
  return (error, _req, res, next) => {
    const refusal = isBodyParserError(error) ? envelopeOf(error) : undefined
    if (refusal === undefined || res.headersSent) return next(error)
    writeResponse(res, refusal.toResponse())
  }
}

function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null
  return typeof candidate?.type === 'string' && typeof candidate.status === 'number' && typeof candidate.message === 'string'
}

/** The envelope of a client error the parser reports; undefined for its own failures (5xx), which are the app's to handle. */
function envelopeOf(error: BodyParserError): ApiError | undefined {
  if (error.status >= 500) return undefined
  if (error.status === 413) return payloadTooLarge(error.limit ?? 0)
  switch (error.type) {
    case 'entity.parse.failed':
      return badRequest([{ field: '(body)', message: `is not valid JSON (${error.message}); send a JSON object` }])
    case 'charset.unsupported':
      return badRequest([{ field: 'content-type', message: `names the charset ${JSON.stringify(error.charset ?? '')}, which cannot be read; send the body as UTF-8` }])
    case 'encoding.unsupported':
      return badRequest([{ field: 'content-encoding', message: `${JSON.stringify(error.encoding ?? '')} is not supported; send the body uncompressed, or with gzip, deflate or br` }])
    default:
      return badRequest([{ field: '(body)', message: `could not be read (${error.message})` }])
  }
}
