import { forbidden, notFound } from './http-error.js'
import { reaches, type Principal } from './keys.js'
import type { Site, Store } from './store.js'

/** One request as a handler sees it: path parameters decoded, query as text, body parsed. */
export interface Call {
  params: Record<string, string>
  query: Record<string, string>
  body: unknown
  principal: Principal
  store: Store
}

export interface Reply {
  status: number
  body?: unknown
}

export type Handler = (call: Call) => Reply

/**
 * The site a request names, for a caller that must reach it. Existence is judged before scope:
 * a site that does not exist is a 404 whoever asks, a Site key's included.
 */
export function reachableSite(call: Call, siteId: string): Site {
  const site = call.store.sites.get(siteId.toLowerCase())
  if (!site) throw notFound('site')
  if (!reaches(call.principal, site)) throw forbidden('the site belongs to another workspace or site')
  return site
}

/** The site of a locale, page or route found by its id: the caller must reach it. */
export function guard(call: Call, siteId: string): Site {
  const site = call.store.sites.get(siteId)
  if (!site) throw notFound('site')
  if (!reaches(call.principal, site)) throw forbidden('the resource belongs to a site this key does not reach')
  return site
}
