import type { Choices, ChoicesByList } from '../freedom/catalogue.js'
import { existenceWins } from '../freedom/access-order.js'
import type { Store } from '../store/store.js'
import { identifyCaller, SiteNamesNothing, refuseKeyWithoutAccess, refuseSiteKeyRoutes, refuseSiteKeyWrite, refuseSiteKeyWriteFirst, siteKeyFamilyRefused, type Caller, type WriteFamily } from './auth.js'
import { withoutSentKeys } from './echo-mask.js'
import { ApiError, internalError, invalidField } from './errors.js'
import { parseBody, parseQuery } from './parse-request.js'
import { RateLimiter, THROTTLED_BODY, type RateLimitState } from './rate-limit.js'
import type { RouteMatch, RouteTable } from './route-table.js'
import type { AccessContext, ApiRequest, ApiResponse, RegisteredOperation, RunnableOperation } from './types.js'
import { runnable } from './behaviours.js'
import { lowerCase } from './lower-case.js'
import { isUuid } from '../contracts/uuid.js'
import { servedElsewhere } from '../freedom/route-operations.js'
import { unrouted, UPDATE_ROUTE_PATH } from './unrouted.js'
import { choiceFollowing, compileValidator, type Validator } from './validate.js'

export interface DispatcherOptions {
  routes: RouteTable
  store: () => Store
  rateLimiter: RateLimiter
  clock?: () => number
  /** A deployment's free choices to follow; sitemock's own when left out. */
  choices?: Required<Choices>
  /** The lists that answer cursors in their own way, over `choices` (MockOptions.listChoices). */
  listChoices?: ChoicesByList | undefined
}

/** What the mock has already read of a request (for the journal, faults and overrides): not read twice. */
export interface PreparedRequest {
  match: RouteMatch
  caller: Caller
}

export type Dispatcher = (request: ApiRequest, prepared?: PreparedRequest) => ApiResponse

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
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const compiled = new Map<RegisteredOperation, CompiledOperation>()
  for (const operation of options.routes.operations) {
    compiled.set(operation, {
      params: compileValidator(operation.params ?? 'empty-query.json', 'params'),
      query: compileValidator(operation.query ?? 'empty-query.json', 'params'),
      body: operation.body ? compileValidator(operation.body, 'body') : undefined,
    })
  }
  const clock = options.clock ?? Date.now
  const { listChoices } = options
  // Each list's choices, with the following of choices: Node holds it from the start, so wrong
  // lists throw here, at createMock; a page imports it before its first answer (see Mock.prepare).
  let listed = listChoices && choiceFollowing.ready() ? choiceFollowing.get().choicesOfLists(options.choices!, listChoices) : undefined

  return (request, prepared) => {
    let rate: RateLimitState | undefined
    let choices = options.choices
    try {
      const routed = routedPath(request.path, choices)
      if (routed === 'refused') throw encodedSlashRefused(request.path)
      const match = prepared?.match ?? options.routes.match(request.method, routed)
      // A key missing or unknown, for a deployment that judges it before it routes (choice unknownPathKey).
      const keyRefusal = (): ApiError | undefined => {
        const { scope } = prepared?.caller ?? identifyCaller(request.headers, options.store(), choices)
        return scope instanceof ApiError && scope.status === 401 ? scope : undefined
      }
      if (match.kind === 'not-found') throw unrouted(request, undefined, choices, keyRefusal)
      if (match.kind === 'method-not-allowed') throw unrouted(request, match.allowed, choices, keyRefusal)
      const { operation: declared, params } = match
      // What the operation does: in a page, its family's module, imported by Mock.prepare.
      const operation = runnable(declared)
      // A list that answers cursors in its own way (every GET of a list's path lists).
      if (listChoices !== undefined && operation.method === 'GET') choices = (listed ??= choiceFollowing.get().choicesOfLists(choices!, listChoices)).get(operation.path) ?? choices
      // At Update Route's path, the one method left is the update's.
      if (servedElsewhere(operation.method, operation.path, choices)) throw unrouted(request, operation.path === UPDATE_ROUTE_PATH ? ['PATCH'] : undefined, choices, keyRefusal)
      const store = options.store()

      const { scope } = prepared?.caller ?? identifyCaller(request.headers, store, choices)
      // Unknown keys share one bucket, so made-up keys cannot grow the limiter without bound.
      rate = options.rateLimiter.hit(scope instanceof ApiError ? '(anonymous)' : scope.key, clock())
      if (rate.exceeded) {
        return { status: 429, headers: { ...options.rateLimiter.headers(rate, true), 'retry-after': String(rate.reset) }, body: THROTTLED_BODY }
      }
      if (scope instanceof ApiError) throw scope
      refuseSiteKeyWriteFirst(operation.method, scope, choices)
      refuseSiteKeyRoutes(operation.path, scope, choices)
      const caller = existenceWins(choices) && scope.kind === 'site' ? { ...scope, existenceFirst: true } : scope
      // A deployment that refuses a key for its kind before any input or lookup (choice keyKindOrder first).
      const kindFirst = choices?.keyKindOrder === 'first'
      // One that refuses it once the whole input is judged valid, before any lookup (choice keyKindOrder after-input).
      const kindAfterInput = choices?.keyKindOrder === 'after-input'
      // sitemock refuses a Site key an App-only operation before reading any input; a deployment's
      // choices put that refusal where access is judged (validationOrder), after path and query.
      const appKeyFirst = choices === undefined || kindFirst || (!kindAfterInput && choices.validationOrder === 'access-first')
      // The refusal of a key without access (a publishable key, a deleted site's) does not hang on
      // the target, so it comes where the key's kind is judged; but after the target is found where
      // existence wins (accessOrder existence-first), and after the body where a create judges its
      // body first (createBodyOrder body-first).
      const publishableAfterTarget = !kindFirst && !kindAfterInput && (existenceWins(choices) || (choices?.createBodyOrder === 'body-first' && operation.bodyNamesSite === true))
      const refuseKeyKind = (): void => {
        refuseSiteKeyOnAppOperation(operation, scope, choices)
        if (!publishableAfterTarget) refuseKeyWithoutAccess(operation, request.query, scope)
        // A Site key refused a family (siteKeyWrites routes-refused, pages-only, pages-refused, locales-refused) is refused for its kind: first, or after the input, where such refusals are.
        const family = (kindFirst || kindAfterInput) && operation.method !== 'GET' ? writeFamilyOf(operation.path) : undefined
        if (siteKeyFamilyRefused(choices, family)) refuseSiteKeyWrite(scope, choices, family)
      }
      if (appKeyFirst) refuseKeyKind()
      // Held until the input is judged: a 400 goes before it, and no lookup runs for such a key.
      const kindRefusal = kindAfterInput ? refusalOf(refuseKeyKind) : undefined

      if (match.badEncoding !== undefined) throw invalidField(match.badEncoding, 'is not validly percent-encoded')
      const validators = compiled.get(declared)!
      const rawQuery = parseQuery(request.query)
      const rawBody = parseBody(request, validators.body !== undefined)
      // A deployment that judges a key's reach of what exists before any input (choice reachOrder first).
      if (choices?.reachOrder === 'first' && kindRefusal === undefined) refuseUnreached(operation, { params: idsLowered(params), query: idsLowered(rawQuery), rawBody, scope: caller, store, choices })
      let validParams: unknown
      let validQuery: unknown
      try {
        validParams = choices?.malformedPathId === '404' ? notFoundWhenMalformed(() => validators.params(params, choices), request.path) : validators.params(params, choices)
        validQuery = validators.query(rawQuery, choices)
        operation.queryRules?.(validQuery, choices)
      } catch (error) {
        // A deployment that judges access before any input (choice validationOrder access-first).
        if (kindRefusal === undefined && choices?.validationOrder === 'access-first' && error instanceof ApiError && error.status === 400 && !namesSite(error)) refuseAccessFirst(operation, { params: idsLowered(params), query: idsLowered(rawQuery), rawBody, scope: caller, store, choices }, request.query)
        throw error
      }
      if (kindRefusal !== undefined) refuseOnceInputValid(kindRefusal, validators.body?.(rawBody, choices), validQuery, operation, choices)
      // A deployment that judges the whole input before access (choice validationOrder input-first),
      // the key's kind included, or a create's body, which names its site, before that site (choice
      // createBodyOrder body-first).
      const inputFirst = choices?.validationOrder === 'input-first'
      if (!appKeyFirst && !inputFirst) refuseKeyKind()
      const bodyFirst = inputFirst || (choices?.createBodyOrder === 'body-first' && operation.bodyNamesSite === true)
      const early = bodyFirst && validators.body ? validators.body(rawBody, choices) : undefined
      if (early !== undefined) operation.bodyRules?.(early, validQuery, choices, true)
      if (inputFirst) refuseKeyKind()
      const access = { params: validParams, query: validQuery, rawBody, scope: caller, store, choices }
      const target = early === undefined && recordFoundAfterBody(operation, choices) ? missingAfterBody(() => operation.authorize?.(access), () => refuseOnceInputValid(undefined, validators.body!(rawBody, choices), validQuery, operation, choices)) : operation.authorize?.(access)
      refuseKeyWithoutAccess(operation, request.query, scope)
      // A create's is judged with the site its body names (requireBodySite): where the body names none by a UUID, its 400 comes first.
      if (!operation.bodyNamesSite) refuseSiteKeyWriteOn(operation, scope, choices)
      const body = early ?? (validators.body ? validators.body(rawBody, choices) : undefined)
      // Spelled out, not spread: adding a field to a spread copy costs a microsecond per request.
      const ran = operation.run({ params: validParams, query: validQuery, rawBody, scope: caller, store, choices, body, target })
      // An answer as a deployment with other choices shows it: with the following of choices, which such a mock holds.
      const result = choices === undefined ? ran : choiceFollowing.get().answerAsChosen(operation, ran, choices)
      return { status: result.status, headers: options.rateLimiter.headers(rate, result.body !== undefined || result.payload !== undefined), body: result.body, payload: result.payload, payloadParts: result.payloadParts }
    } catch (error) {
      const apiError = error instanceof ApiError ? error : internalError(error, request)
      // Only a refusal that may echo the request is read again for keys; the others name none.
      const shown = apiError.status === 400 || apiError.status === 404 ? withoutSentKeys(apiError, request, options.store(), choices) : apiError
      return shown.toResponse(rate === undefined ? {} : options.rateLimiter.headers(rate))
    }
  }
}

/**
 * The path the routes match: where a deployment takes a page or route pathname as the rest of the
 * path (choice pathnameInPath segments), read back into one segment (pathname-in-path.ts, with the
 * following of choices); `refused` for an encoded slash in such a path.
 */
export function routedPath(path: string, choices: Required<Choices> | undefined): string | 'refused' {
  if (choices?.pathnameInPath !== 'segments') return path
  return choiceFollowing.get().segmentsAsPathname(path) ?? path
}

const encodedSlashRefused = (path: string): ApiError =>
  invalidField(path.startsWith('/v2/routes/') ? 'routeIdOrPathname' : 'pageIdOrPathname', 'has an encoded slash; send the pathname as the rest of the path')

/**
 * Whether a record the path names ({localeIdOrCode}, {pageIdOrPathname}, {routeIdOrPathname}: a
 * site's is loaded with access under every choice) is found missing only once the body is judged
 * (choice pathRecordOrder after-body, beside validationOrder params-access-body).
 */
const recordFoundAfterBody = (operation: RegisteredOperation, choices: Required<Choices> | undefined): boolean =>
  choices?.pathRecordOrder === 'after-body' && choices.validationOrder === 'params-access-body' && operation.body !== undefined && /IdOr/.test(operation.path)

/** Access, whose 404 waits for the body: a faulty body's 400 comes first. */
function missingAfterBody<T>(authorize: () => T, judgeBody: () => void): T {
  try {
    return authorize()
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) judgeBody()
    throw error
  }
}

/** The 403 or 404 the request's access earns, judged on its input as sent; nothing when access is granted or cannot be judged. */
function refuseAccessFirst(operation: RunnableOperation, access: AccessContext<unknown, unknown>, query: string): void {
  try {
    operation.authorize?.(access)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404 || error instanceof SiteNamesNothing)) throw error
    return
  }
  refuseKeyWithoutAccess(operation, query, access.scope)
  refuseSiteKeyWriteOn(operation, access.scope, access.choices)
}

/**
 * The 403 of a key that does not reach what the request names, where that exists, judged on the
 * input as sent before any of it is judged (choice reachOrder first); nothing where the key reaches
 * it, where it is missing (its 404 comes where access is judged), or where no well-formed id names it.
 */
function refuseUnreached(operation: RunnableOperation, access: AccessContext<unknown, unknown>): void {
  if (!namedByWellFormedIds(access)) return
  try {
    operation.authorize?.(access)
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw error
  }
}

/** Whether the request names a workspace, a site or a record by a well-formed id, and every workspaceId and siteId it sends is one. */
function namedByWellFormedIds({ params, query, rawBody }: Pick<AccessContext<unknown, unknown>, 'params' | 'query' | 'rawBody'>): boolean {
  const body = rawBody !== null && typeof rawBody === 'object' && !Array.isArray(rawBody) ? (rawBody as Record<string, unknown>) : {}
  const sent = query as Record<string, unknown>
  const ids = [sent.siteId, body.siteId, sent.workspaceId, body.workspaceId].filter((value) => value !== undefined)
  if (!ids.every((value) => typeof value === 'string' && isUuid(value))) return false
  return ids.length > 0 || Object.values(params as Record<string, unknown>).some((value) => typeof value === 'string' && isUuid(value))
}

/** The refusal a check throws, or nothing when it passes. */
function refusalOf(check: () => void): ApiError | undefined {
  try {
    check()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  return undefined
}

/**
 * A refusal that waits for the input: once the body (judged by the caller) passes its operation's
 * own rules too, a key's refusal for its kind (choice keyKindOrder after-input) is thrown; with none,
 * the caller's own error is (a record the path names found missing, pathRecordOrder after-body).
 */
function refuseOnceInputValid(refusal: ApiError | undefined, body: unknown, query: unknown, operation: RunnableOperation, choices: Required<Choices> | undefined): void {
  if (body !== undefined) operation.bodyRules?.(body, query, choices)
  if (refusal) throw refusal
}

/** Creating, listing, duplicating and deleting sites need an App key. */
function refuseSiteKeyOnAppOperation(operation: RunnableOperation, scope: AccessContext<unknown, unknown>['scope'], choices: Choices | undefined): void {
  if (operation.appKeyOnly && scope.kind !== 'app' && operation.siteKeyAllowed?.(choices) !== true) throw new ApiError(403, 'forbidden', 'This operation needs an App API key; a Site API key cannot create, list, duplicate or delete sites.')
}

/** A Site key's write to a page, route or locale, refused by a deployment whose Site keys only read, do not write routes, write pages alone, write all but pages, or write all but locales (choice siteKeyWrites). */
function refuseSiteKeyWriteOn(operation: RegisteredOperation, scope: AccessContext<unknown, unknown>['scope'], choices: Choices | undefined): void {
  const family = writeFamilyOf(operation.path)
  if (operation.method !== 'GET' && family !== undefined) refuseSiteKeyWrite(scope, choices, family)
}

/** The family of a site's data an operation's path names; none for the sites themselves. */
function writeFamilyOf(path: string): WriteFamily | undefined {
  if (path.startsWith('/v6/pages')) return 'pages'
  if (path.startsWith('/v2/routes')) return 'routes'
  return path.startsWith('/v2/locales') ? 'locales' : undefined
}

/**
 * Whether a 400 is about the id that names the site (or workspace) access is judged on: a
 * malformed one names nothing to judge access of, so even access-first answers the 400.
 */
const namesSite = (error: ApiError): boolean => (error.details ?? []).some((detail) => detail.field === 'siteId' || detail.field === 'workspaceId')

/** Parameters as sent, with ids in lower case, as validation would give them to access. */
const idsLowered = (values: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isUuid(value) ? lowerCase(value) : value]))

/** A malformed id or pathname in the path as a 404, for a deployment that answers so (choice malformedPathId). */
function notFoundWhenMalformed<T>(validate: () => T, path: string): T {
  try {
    return validate()
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw new ApiError(404, 'not_found', `Nothing is found at ${path}.`)
    throw error
  }
}
