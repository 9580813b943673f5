import { createMiddleware } from '@mswjs/http-middleware'
import type { RequestHandler } from 'express'
import type { Mock } from '../mock.js'
import { createMswHandler } from './msw.js'

/**
 * The mock as express middleware, through @mswjs/http-middleware and the same msw handler the
 * browser uses: app.use(createExpressMiddleware(mock)). Requests it does not answer go on to
 * the next middleware.
 */
export function createExpressMiddleware(mock: Mock, options: { basePath?: string } = {}): RequestHandler {
  // http-middleware resolves relative handler paths against the express server's own origin.
  const handler = createMswHandler(mock, { baseUrl: options.basePath ?? '/' })
  // The same msw class seen through its CommonJS typings (http-middleware is CommonJS).
  return createMiddleware(handler as unknown as Parameters<typeof createMiddleware>[number])
}
