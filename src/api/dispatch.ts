import type { Store } from '../store/store.js'
import { authenticate, presentedKey } from './auth.js'
import { ApiError, internalError, invalidField, JSON_HEADERS, methodNotAllowed } from './errors.js'
import { parseBody, parseQuery } from './parse-request.js'
import { RateLimiter, THROTTLED_BODY } from './rate-limit.js'
import type { RouteTable } from './route-table.js'
import type { ApiRequest, ApiResponse, RegisteredOperation, Scope } from './types.js'
import { compileValidator, type Validator } from './validate.js'

export interface DispatcherOptions {
  routes: RouteTable
  store: () => Store
  rateLimiter: RateLimiter
  clock?: () => number
}

interface CompiledOperation {
  params: Validator<unknown>
  query: Validator<unknown>
  body: Validator<unknown> | undefined
}


/**
 * request → route → auth (401, 403 for App-only operations) → params and query (400) →
 * access to the target (403/404) → body (400) → operation. The order is the API's: a request
 * without a valid key is 401 even when its body is invalid, and no body is judged before access.
 */
export function createDispatcher(options: DispatcherOptions): (request: ApiRequest) => ApiResponse {
  const compiled = new Map<RegisteredOperation, CompiledOperation>()
  for (const operation of options.routes.operations) {
    compiled.set(operation, {
      params: compileValidator(operation.params ?? 'empty-query.json', 'params'),
      query: compileValidator(operation.query ?? 'empty-query.json', 'params'),
      body: operation.body ? compileValidator(operation.body, 'body') : undefined,
    })
  }
  const clock = options.clock ?? Date.now

  return (request) => {
    let rateHeaders: Record<string, string> = {}
    try {
      const match = options.routes.match(request.method, request.path)
      if (match.kind === 'not-found') throw new ApiError(404, 'not_found', `No operation at ${request.method} ${request.path}.`)
      if (match.kind === 'method-not-allowed') throw methodNotAllowed(request.method, match.allowed)
      const { operation, params } = match
      const store = options.store()

      const scope = authenticateOrError(request, store)
      // Unknown keys share one bucket, so made-up keys cannot grow the limiter without bound.
      const rate = options.rateLimiter.hit(scope instanceof ApiError ? '(anonymous)' : scope.key, clock())
      rateHeaders = options.rateLimiter.headers(rate)
      if (rate.exceeded) {
        return { status: 429, headers: { ...JSON_HEADERS, ...rateHeaders, 'retry-after': String(rate.reset) }, body: THROTTLED_BODY }
      }
      if (scope instanceof ApiError) throw scope
      if (operation.appKeyOnly && scope.kind !== 'app') {
        throw new ApiError(403, 'forbidden', 'This operation needs an App API key; a Site API key cannot create, list, duplicate or delete sites.')
      }

      if (match.badEncoding !== undefined) throw invalidField(match.badEncoding, 'is not validly percent-encoded')
      const validators = compiled.get(operation)!
      const validParams = validators.params(params)
      const validQuery = validators.query(parseQuery(request.query))
      const rawBody = parseBody(request, validators.body !== undefined)
      const access = { params: validParams, query: validQuery, rawBody, scope, store }
      operation.authorize?.(access)
      const body = validators.body ? validators.body(rawBody) : undefined
      const result = operation.run({ ...access, body })
      return {
        status: result.status,
        headers: result.body === undefined ? rateHeaders : { ...JSON_HEADERS, ...rateHeaders },
        body: result.body,
        payload: result.payload,
      }
    } catch (error) {
      const apiError = error instanceof ApiError ? error : internalError(error, request)
      return apiError.toResponse(rateHeaders)
    }
  }
}

function authenticateOrError(request: ApiRequest, store: Store): Scope | ApiError {
  try {
    return authenticate(presentedKey(request.headers), store)
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
}
