import { randomUUID } from 'node:crypto'
import { guard, reachableSite, type Call, type Handler } from '../call.js'
import { checked } from '../checked.js'
import { conflict, notFound } from '../http-error.js'
import { listBody, pageOf } from '../lists.js'
import { routeJson } from '../present.js'
import type { Route } from '../store.js'
import { isUuid, limit, oneOf, string, uuid, type Input, type Issues, type Rule, type Shape } from '../validate.js'

/** The type rules of a route pathname, which skipValidation never skips. */
const routePathnameType: Rule = (value) => (!string(value) ? 'expected a string' : value.length < 1 || value.length > 2048 ? 'expected 1 to 2048 characters' : undefined)

/**
 * A route pathname in a body: the type rules and its leading slash, which the specification
 * writes every route pathname with, skipValidation or not (`routePathnameSlash`: refused).
 */
const routePathnameWritten: Rule = (value) => routePathnameType(value) ?? (String(value).startsWith('/') ? undefined : 'expected a pathname that starts with /, skipValidation or not')

/**
 * The format rules of a route pathname: it starts with /, has no empty segment, no whitespace,
 * `?` or `#`; dynamic segments such as [slug] and [...rest] are fine.
 */
const routePathnameFormat = (value: string): boolean => value === '/' || /^(?:\/[^\s/?#]+)+$/.test(value)

const SKIP = { skipValidation: { rule: oneOf(['true', 'false']) } }

/** The format rules join the same 400 as the type rules, unless skipValidation=true. */
function formatRules(call: Call) {
  return (issues: Issues, body: Input): void => {
    const pathname = body.pathname
    if (call.query.skipValidation !== 'true' && string(pathname) && routePathnameType(pathname) === undefined && !routePathnameFormat(pathname)) {
      issues.add('pathname', 'expected a pathname that starts with / (or skipValidation=true)')
    }
  }
}

/** The path names a route by id (a UUID) or else by pathname, which needs `siteId`. */
function lookupRules(call: Call) {
  return (issues: Issues, body: Input): void => {
    if (!isUuid(call.params.routeIdOrPathname!) && call.query.siteId === undefined) issues.add('siteId', 'siteId is required when the route is named by its pathname')
    formatRules(call)(issues, body)
  }
}

function findRoute(call: Call): Route {
  const key = call.params.routeIdOrPathname!
  if (isUuid(key)) {
    const route = call.store.routes.get(key.toLowerCase())
    if (!route || (call.query.siteId !== undefined && call.query.siteId.toLowerCase() !== route.siteId)) throw notFound('route')
    guard(call, route.siteId)
    return route
  }
  const site = reachableSite(call, call.query.siteId!)
  const route = call.store.routesOf(site.id).find((item) => item.pathname === key)
  if (!route) throw notFound('route')
  return route
}

const PARAMS: Shape = { routeIdOrPathname: { rule: routePathnameType, required: true } }

export const listRoutes: Handler = (call) => {
  checked(call, { query: { siteId: { rule: uuid, required: true }, limit: { rule: limit }, startingAfter: { rule: uuid } } })
  const site = reachableSite(call, call.query.siteId!)
  // Creation order, oldest first: neither document fixes the order of this list.
  const routes = call.store.routesOf(site.id).sort((a, b) => a.seq - b.seq)
  return { status: 200, body: listBody(pageOf(routes, call.query.limit, call.query.startingAfter), routeJson) }
}

export const createRoute: Handler = (call) => {
  const body = checked(call, { query: SKIP, body: { siteId: { rule: uuid, required: true }, pathname: { rule: routePathnameWritten, required: true } } }, formatRules(call))
  const site = reachableSite(call, String(body.siteId))
  const pathname = String(body.pathname)
  if (call.store.pathnameTaken(site.id, pathname)) throw conflict(`a page or route of the site is at ${pathname}`)
  const route: Route = { id: randomUUID(), siteId: site.id, pathname, seq: call.store.nextSeq() }
  call.store.routes.set(route.id, route)
  return { status: 201, body: routeJson(route) }
}

export const getRoute: Handler = (call) => {
  checked(call, { params: PARAMS, query: { siteId: { rule: uuid } } }, lookupRules(call))
  return { status: 200, body: routeJson(findRoute(call)) }
}

export const updateRoute: Handler = (call) => {
  const body = checked(call, { params: PARAMS, query: { siteId: { rule: uuid }, ...SKIP }, body: { pathname: { rule: routePathnameWritten } } }, lookupRules(call))
  const route = findRoute(call)
  if (body.pathname !== undefined) {
    const pathname = String(body.pathname)
    if (call.store.pathnameTaken(route.siteId, pathname, route.id)) throw conflict(`a page or route of the site is at ${pathname}`)
    route.pathname = pathname
  }
  return { status: 200, body: routeJson(route) }
}

export const deleteRoute: Handler = (call) => {
  checked(call, { params: PARAMS, query: { siteId: { rule: uuid } } }, lookupRules(call))
  call.store.routes.delete(findRoute(call).id)
  return { status: 204 }
}
