/**
 * What msw does with a request that no handler takes, said once for both majors. msw 2 reads
 * `onUnhandledRequest`; msw 3 renamed it `onUnhandledFrame` and ignores the old name without a
 * word, so an `'error'` given under one name only lets requests reach the network on the other
 * major. `onUnhandled('error')` gives both names:
 *
 *   server.listen(onUnhandled('error'))
 *   worker.start({ ...onUnhandled('bypass'), quiet: true })
 *
 * The types are sitemock's own and structural, so the object fits either major's options.
 */
import { apiPathWarning } from './api-path-warning.js'

/**
 * A request no handler took: 'bypass' sends it to the network, 'warn' too with a warning, 'error'
 * keeps it from the network (in Node its fetch rejects; in a page msw 3's worker answers it with
 * its own 500). Under every strategy msw lets through what looks like a static file (.js, .css,
 * .json, images, fonts).
 */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error'

/** msw's own reactions, for a callback that decides per request. */
export interface UnhandledRequestPrint {
  /** Prints msw's warning; the request then goes to the network. */
  warning(): void
  /** Prints msw's error and fails the request. */
  error(): void
}

/** Decides per request; doing nothing lets it through to the network. */
export type UnhandledRequestCallback = (request: Request, print: UnhandledRequestPrint) => void

export type UnhandledRequests = UnhandledRequestStrategy | UnhandledRequestCallback

/** msw 3's callback argument, as much of it as sitemock reads. */
interface UnhandledFrameArgs {
  frame: { protocol: string; data: unknown }
  defaults: { warn(): void; error(): void }
}

export interface UnhandledOptions {
  /** msw 2's name. */
  onUnhandledRequest: UnhandledRequests
  /** msw 3's name. */
  onUnhandledFrame: UnhandledRequestStrategy | ((args: UnhandledFrameArgs) => void)
}

export interface OnUnhandledOptions {
  /**
   * The mock's base URL: a request for one of the API's paths that the mock did not take (another
   * host, another prefix) is then said in the console with the address it went to and the baseUrl
   * that would take it, before the strategy applies.
   */
  baseUrl?: string
}

/** The option under both msw majors' names, to spread into server.listen() or worker.start(). */
export function onUnhandled(given: UnhandledRequests, options: OnUnhandledOptions = {}): UnhandledOptions {
  const handle = options.baseUrl === undefined ? given : warningFirst(apiPathWarning(options.baseUrl), given)
  if (typeof handle === 'string') return { onUnhandledRequest: handle, onUnhandledFrame: handle }
  return {
    onUnhandledRequest: handle,
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = requestOf(frame)
      // Not an HTTP request (a WebSocket connection): the callback is about requests, so msw's default applies.
      if (request === undefined) return defaults.warn()
      handle(request, { warning: () => defaults.warn(), error: () => defaults.error() })
    },
  }
}

function requestOf(frame: UnhandledFrameArgs['frame']): Request | undefined {
  if (frame.protocol !== 'http' || typeof frame.data !== 'object' || frame.data === null) return undefined
  const request = (frame.data as { request?: unknown }).request
  return request instanceof Request ? request : undefined
}

/**
 * The warning, then the strategy. A strategy given as a callback loses msw's own pass for static
 * files (msw calls a callback for every request), so a named strategy keeps it here.
 */
function warningFirst(warn: (request: Request) => void, handle: UnhandledRequests): UnhandledRequestCallback {
  return (request, print) => {
    warn(request)
    if (typeof handle === 'function') return handle(request, print)
    if (handle === 'bypass' || isCommonAssetRequest(request)) return
    if (handle === 'warn') print.warning()
    else print.error()
  }
}

/** msw's own test for a static file (isCommonAssetRequest, exported only from msw 2.8 on). */
function isCommonAssetRequest(request: Request): boolean {
  const url = new URL(request.url)
  if (url.protocol === 'file:' || url.hostname.includes('fonts.googleapis.com')) return true
  if (url.pathname.includes('node_modules') || url.pathname.includes('@vite')) return true
  return /\.(s?css|less|m?jsx?|m?tsx?|html|ttf|otf|woff|woff2|eot|gif|jpe?g|png|avif|webp|svg|mp4|webm|ogg|mov|mp3|wav|flac|aac|pdf|txt|csv|json|xml|md|zip|tar|gz|rar|7z)$/i.test(url.pathname)
}
