import type {
  CreateRouteBody,
  CreateRouteQuery,
  ListRoutesQuery,
  OptionalSiteQuery,
  RoutePathParams,
  SkipValidation,
  UpdateRouteBody,
  UpdateRouteQuery,
} from '../generated/types.js'
import type { Choices } from '../freedom/catalogue.js'
import { creationRank } from '../store/deleted.js'
import type { RouteRecord } from '../store/records.js'
import { compareStrings, SortedIndex } from '../store/sorted-index.js'
import type { Store } from '../store/store.js'
import { missingSiteReference, refuseSiteKeyWrite, requireBodySite, requireSite } from './auth.js'
import { deletedRoutes, keepDeletedRoute } from './deleted-cursor.js'
import { badRequest } from './errors.js'
import { foreignTo, requireReachedCursor } from './foreign-cursor.js'
import { paginate } from './paginate.js'
import { presentRoute } from './present.js'
import { deletedBefore, deletesAgain } from './repeated-delete.js'
import { findRoute, judgeRouteBody, requireFreePathname, slashlessRoute } from './route-target.js'
import { defineBehaviour, type AccessContext, type Behaviours } from './types.js'
import type { routeOperations } from './declarations/routes.js'
import { compileValidator } from './validate.js'

// The same compiled schemas dispatch judges the bodies with; here they are judged together with
// the pathname format rules, so one 400 names every invalid field.
const createBody = compileValidator<CreateRouteBody>('route-create.json', 'body')
const updateBody = compileValidator<UpdateRouteBody>('route-update.json', 'body')

const routeOf = ({ store, scope, params, query, choices }: AccessContext<RoutePathParams, OptionalSiteQuery>): RouteRecord =>
  findRoute(store, scope, params.routeIdOrPathname, query.siteId, choices)

/** A route pathname as stored: with a leading slash added where the deployment adds one (choice routePathnameSlash). */
const keptRoutePathname = (pathname: string, skipValidation: SkipValidation | undefined, choices: Required<Choices> | undefined): string =>
  !pathname.startsWith('/') && slashlessRoute(skipValidation, choices) === 'added' ? `/${pathname}` : pathname

/**
 * A create's skipValidation; none where the deployment's create does not know the parameter
 * (choice routeCreateSkipValidation unknown), which then skips no route validation.
 */
const createSkipValidation = (query: CreateRouteQuery, choices: Required<Choices> | undefined): SkipValidation | undefined =>
  choices?.routeCreateSkipValidation === 'unknown' ? undefined : query.skipValidation

/** A site's routes in the order they were created (choice routeListOrder): the table keeps them by id in that order. */
function inCreationOrder(store: Store, siteId: string): SortedIndex<RouteRecord> {
  const ranks = new Map<RouteRecord, number>()
  for (const route of store.routes.byId.values()) if (route.siteId === siteId) ranks.set(route, ranks.size)
  // A route of another site (a cursor placed by cursorOutsideList) sorts after every route of this
  // one; one of this site that a delete removed, just after the one created before it (deletedCursor).
  const rank = (route: RouteRecord): number => (route.siteId === siteId ? creationRank(ranks, route, (each) => store.deleted.placed('route', each.id)) : undefined) ?? ranks.size
  const index = new SortedIndex<RouteRecord>((a, b) => rank(a) - rank(b) || compareStrings(a.id, b.id))
  for (const route of ranks.keys()) index.insert(route)
  return index
}

/** What each route operation does (declarations/routes.ts says what it is): a page imports it with the first request to one, Node from the start. */
export const routeBehaviour = {
  createRoute: defineBehaviour<Record<string, never>, CreateRouteQuery, CreateRouteBody>({
    queryRules(query, choices) {
      // Unknown to the deployment's create: refused as any unknown parameter is, unless those are ignored.
      if (choices?.routeCreateSkipValidation === 'unknown' && choices.unknownQueryParameters !== 'ignored' && query.skipValidation !== undefined) {
        throw badRequest([{ field: 'skipValidation', message: 'is not a known field; a route create takes no query parameters (skipValidation is Update Route\'s)' }])
      }
    },
    authorize(context) {
      requireBodySite(context, 'routes')
      judgeRouteBody(createBody, context.rawBody, createSkipValidation(context.query, context.choices), context.choices)
    },
    bodyRules: (body, query, choices, early) => judgeRouteBody(createBody, body, createSkipValidation(query, choices), choices, undefined, early),
    run({ body, query, store, choices }) {
      const skipValidation = createSkipValidation(query, choices)
      const pathname = keptRoutePathname(body.pathname, skipValidation, choices)
      requireFreePathname(store, body.siteId, pathname, skipValidation, choices)
      const route: RouteRecord = { id: store.random.uuid(), siteId: body.siteId, pathname }
      store.routes.add(route)
      return { status: 201, body: presentRoute(route) }
    },
  }),

  listRoutes: defineBehaviour<Record<string, never>, ListRoutesQuery, undefined>({
    authorize({ query, scope, store, choices }) {
      requireSite(scope, store, query.siteId, missingSiteReference(choices, store, 'input'))
      requireReachedCursor(scope, store, 'route', query.startingAfter, choices)
    },
    run({ query, store, choices }) {
      const ordered = choices?.routeListOrder === 'creation' ? inCreationOrder(store, query.siteId) : store.routes.ofSite(query.siteId)
      const { items, hasMore } = paginate(ordered, (id) => store.routes.byId.get(id), query, { cursors: choices, foreign: foreignTo(store, 'route', query.siteId), deleted: deletedRoutes(store, query.siteId, choices), limitZero: choices?.limitZero })
      return { status: 200, body: { object: 'list', data: items.map(presentRoute), hasMore } }
    },
  }),

  getRoute: defineBehaviour<RoutePathParams, OptionalSiteQuery, undefined, RouteRecord>({
    authorize: routeOf,
    run: (context) => ({ status: 200, body: presentRoute(context.target) }),
  }),

  updateRoute: defineBehaviour<RoutePathParams, UpdateRouteQuery, UpdateRouteBody, RouteRecord>({
    authorize(context) {
      const route = routeOf(context)
      refuseSiteKeyWrite(context.scope, context.choices, 'routes')
      judgeRouteBody(updateBody, context.rawBody, context.query.skipValidation, context.choices, route.pathname)
      return route
    },
    // Judged before the route is found, its pathname cannot be told from the one the route has.
    bodyRules: (body, query, choices, early) => judgeRouteBody(updateBody, body, query.skipValidation, choices, undefined, early),
    run(context) {
      const { body, store, target: route } = context
      const pathname = body.pathname === undefined ? undefined : keptRoutePathname(body.pathname, context.query.skipValidation, context.choices)
      if (pathname !== undefined && pathname !== route.pathname) {
        requireFreePathname(store, route.siteId, pathname, context.query.skipValidation, context.choices, route.id)
        store.routes.rename(route, pathname)
      }
      return { status: 200, body: presentRoute(route) }
    },
  }),

  // The target is the route to delete; undefined for one a delete already removed (choice repeatedDelete idempotent).
  deleteRoute: defineBehaviour<RoutePathParams, OptionalSiteQuery, undefined, RouteRecord | undefined>({
    authorize: (context) =>
      deletedBefore(context.store, context.scope, context.params.routeIdOrPathname, context.query.siteId, 'route', context.choices) ? undefined : routeOf(context),
    run({ store, target: route, choices }) {
      if (route === undefined) return { status: 204 }
      keepDeletedRoute(store, route, choices)
      store.routes.remove(route)
      if (deletesAgain(choices)) store.deleted.rememberRoute(route)
      return { status: 204 }
    },
  }),
} satisfies Behaviours<typeof routeOperations>
