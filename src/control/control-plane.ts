import { ApiError, JSON_HEADERS, methodNotAllowed } from '../api/errors.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { ControlContent } from './control-content.js'
import { CONTROL_PREFIX, type ControlRoute, type ControlTarget } from './control-types.js'

// The API reference's routes still name their type through this module.

/**
 * Sent with every control-plane answer: no page of another site may show the dashboard (or any
 * /__mock/ page) in a frame, where a click meant for that page would press Reset or Delete.
 */
export const NO_FRAMING: Readonly<Record<string, string>> = { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" }

/** The response with NO_FRAMING's headers added (a page's own CSP keeps its directives, frame-ancestors added). */
export function unframed(response: ApiResponse): ApiResponse {
  const headers: Record<string, string> = { ...response.headers, 'x-frame-options': NO_FRAMING['x-frame-options']! }
  const policy = headers['content-security-policy']
  headers['content-security-policy'] = policy === undefined ? NO_FRAMING['content-security-policy']! : `${policy}; ${NO_FRAMING['content-security-policy']}`
  return { ...response, headers }
}

/**
 * Routes the /__mock/* endpoints: not part of the service's API, so no API key is needed. The
 * plane knows no feature: each feature hands it its routes, and the mock composes them.
 */
export class ControlPlane<T = ControlTarget> {
  constructor(private readonly routes: readonly ControlRoute<T>[]) {}

  handle(request: ApiRequest, target: T): ApiResponse {
    try {
      const segments = segmentsOf(request)
      const allowed: string[] = []
      for (const route of this.routes) {
        const params = matchControlPath(route.path, segments)
        if (!params) continue
        if (route.method !== request.method) {
          allowed.push(route.method)
          continue
        }
        const body = route.handle(request, params, target)
        if (body instanceof ControlContent) return { status: 200, headers: { 'content-type': body.contentType }, body: undefined, payload: body.text }
        return { status: 200, headers: { ...JSON_HEADERS }, body }
      }
      if (allowed.length) throw methodNotAllowed(request.method, allowed)
      throw new ApiError(404, 'not_found', `No control endpoint at ${request.path}; see GET /__mock/health.`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return error.toResponse()
    }
  }

  /** The route's long work on the request before it is handled (see ControlRoute.prepare); undefined for most. */
  prepare(request: ApiRequest): Promise<void> | undefined {
    return this.routeOf(request)?.prepare?.(request)
  }

  /** Whether a successful request to this control endpoint changed the store (see ControlRoute.writes). */
  writes(request: ApiRequest): boolean {
    const route = this.routeOf(request)
    return route !== undefined && route.method !== 'GET' && route.writes !== false
  }

  /** Whether this control request is for a page or file that needs no token (see ControlRoute.open). */
  isOpen(request: ApiRequest): boolean {
    return this.routeOf(request)?.open === true
  }

  private routeOf(request: ApiRequest): ControlRoute<T> | undefined {
    const segments = segmentsOf(request)
    return this.routes.find((r) => r.method === request.method && matchControlPath(r.path, segments))
  }
}

function segmentsOf(request: ApiRequest): string[] {
  return request.path.slice(CONTROL_PREFIX.length).split('/')
}

function matchControlPath(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/')
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (part.startsWith('{')) params[part.slice(1, -1)] = decodeSegment(part.slice(1, -1), segments[i]!)
    else if (part !== segments[i]) return undefined
  }
  return params
}

function decodeSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, 'bad_request', `The path parameter ${name} is not validly percent-encoded.`, [
      { field: name, message: 'is not validly percent-encoded' },
    ])
  }
}
