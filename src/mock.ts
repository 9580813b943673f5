import { corsHeaders, preflight, type CorsOrigins } from './api/cors.js'
import { identifyCaller } from './api/auth.js'
import { isKnownKey } from './api/known-key.js'
import { createDispatcher, routedPath, type Dispatcher, type PreparedRequest } from './api/dispatch.js'
import { ApiError, internalError } from './api/errors.js'
import { withBody } from './api/kept-text.js'
import { lowerCase } from './api/lower-case.js'
import { apiRoutes } from './api/operations.js'
import { prepareOperation } from './api/operation-validators.js'
import { prepareChoices } from './api/validate.js'
import { DEFAULT_RATE_LIMIT, RateLimiter } from './api/rate-limit.js'
import type { ApiRequest, ApiResponse, MockRequest } from './api/types.js'
import { ControlPlane, unframed } from './control/control-plane.js'
import { redirectToControlPlane } from './control/control-root.js'
import { CONTROL_PREFIX, type ControlOption } from './control/control-types.js'
import { controlExtras } from './control/control-extras.js'
import { coreControlRoutes, credentialsOf } from './control/core-routes.js'
import { publishControlRoutes } from './control/publish.js'
import { dashboardControlRoutes } from './dashboard/control-routes.js'
import { makeMockDb } from './db/db-provider.js'
import { faultControlRoutes } from './faults/control-routes.js'
import { docsControlRoutes } from './openapi/docs.js'
import { overrideControlRoutes } from './overrides/control-routes.js'
import { OverrideSet } from './overrides/override-set.js'
import { stateControlRoutes } from './scenarios/state-routes.js'
import { ChangeTracker, type ChangeListener, type ReplayableWrite } from './persist/changes.js'
import { createRequestClock } from './persist/request-clock.js'
import { MockState } from './scenarios/mock-state.js'
import type { ScenarioSource } from './scenarios/source.js'
import type { Store } from './store/store.js'
import type { FaultRequest } from './generated/types.js'
import { choicesFor, resolveChoices, type Choices, type ChoicesByList, type Rules } from './freedom/catalogue.js'
import { FaultSet } from './faults/fault-set.js'
import { injectFaults } from './faults/inject.js'
import { RequestJournal } from './journal/journal.js'
import { prepareOpenApi, serveOpenApi } from './openapi/served-document.js'
import { together } from './control/on-demand-part.js'
import { DEFAULT_SEED } from './scenarios/index.js'

/**
 * The /__mock/* endpoints: each feature's routes, composed here so the plane imports none of them
 * (those of controlExtras come on demand in a page). The order is each path's methods' in a 405.
 */
const controlPlane = new ControlPlane([
  ...coreControlRoutes,
  ...controlExtras.routes.stateExport,
  ...stateControlRoutes,
  ...publishControlRoutes,
  ...controlExtras.routes.journal,
  ...faultControlRoutes,
  ...overrideControlRoutes,
  ...dashboardControlRoutes,
  ...controlExtras.routes.summary,
  ...controlExtras.routes.dataBrowser,
  ...docsControlRoutes,
])

export interface MockOptions {
  /** The state to start from and to reset to: a scenario name (default: "default"), { fixture } or { read, label }. */
  scenario?: ScenarioSource
  /** Seed of generated content and ids; see loadFixture for what it does to a fixture document. */
  seed?: number
  /**
   * A fixture document (e.g. a saved state) to start from instead of the scenario; reset() still
   * restores the scenario. The document is adopted: its page objects become the records.
   */
  state?: unknown
  /** Enforce the rate limit (429 past it); the x-ratelimit-* headers are sent either way. */
  rateLimit?: number | false
  /** The clock for timestamps; the wall clock by default. */
  now?: () => Date
  /** Browser origins admitted by CORS; any local origin by default. */
  corsOrigins?: CorsOrigins
  /** The /__mock/* control plane: open (default), guarded by a token sent as x-control-token, or off. */
  control?: ControlOption
  /** How many API requests the journal keeps (default 1,000; 0 keeps none). */
  journalSize?: number
  /** Faults active from the start (the CLI's --latency and --error-rate); their draws follow `seed`. */
  faults?: FaultRequest[]
  /**
   * Whose validation rules to follow: sitemock's own (default), or `documents`: accept everything
   * the specification and the published OpenAPI allow, where sitemock's rules refuse more (no
   * maximum lengths, control characters, any URL string, `limit=0`, unknown fields ignored, ...).
   * See docs/choices.md.
   */
  rules?: Rules
  /**
   * A deployment's free choices to follow, over the rules' own (e.g. what `sitemock contract
   * --write-choices` recorded from staging): ids and values of contracts/schemas/choices.json.
   */
  choices?: Choices
  /**
   * The lists that answer cursors in their own way, by the list's path, over `choices` (a choices
   * file's `lists`, e.g. `{ '/v2/routes': { foreignCursor: 'empty-list' } }`).
   */
  listChoices?: ChoicesByList
}

/** What a reset restores: without a field, what the last reset restored (at first, createMock's scenario and seed). */
export interface ResetOptions {
  scenario?: ScenarioSource
  seed?: number
  fixture?: unknown
}

export interface Mock {
  /** Answers one request: the API, or the /__mock/* control plane. */
  handle(request: MockRequest): ApiResponse
  /**
   * handle() for a transport, which sends the payload: a page or a list of pages comes as its
   * kept text, without the body that handle() parses from it.
   */
  respond(request: MockRequest): ApiResponse
  /**
   * For a transport that can wait before respond(): the work on a request too long for one turn
   * of the event loop, done in turns so that other requests are answered meanwhile (a large
   * PUT /__mock/state is judged so), and in a page (sitemock/handlers) the import of what a
   * request is the first to need: its operation's validators and its family's operations, the
   * following of the mock's choices, the OpenAPI document's builder, the control plane's rarely
   * used routes, the dashboard's or the reference's page. undefined for every other request; the promise never rejects. respond() then answers with what it found: the same request object, or a copy
   * judged again.
   */
  prepare(request: MockRequest): Promise<void> | undefined
  /**
   * The state itself. Mocks of one named scenario and seed share its start state until one
   * writes; asking for the store makes it this mock's own (a copy if another mock shares it).
   */
  readonly store: Store
  /**
   * The reset for a test's beforeEach: returns everything a test can change to the start. The
   * state as resetState() restores it, an empty journal, and only the faults and overrides the
   * mock started with (createMock's `faults`, `sitemock serve --overrides`), unused and with
   * their draws from the seed again. What createMock's options configured stays.
   */
  reset(options?: ResetOptions): void
  /**
   * Restores the state only: the current scenario, a named one, or a fixture document; the
   * journal, faults and overrides stay as they are. An invalid fixture throws a FixtureError
   * listing every problem, and the state stays as it was. Restoring the current scenario or
   * document takes back the writes made since, so it costs what they changed.
   */
  resetState(options?: ResetOptions): void
  credentials(): ReturnType<typeof credentialsOf>
  /** Tells `listener` of every change of the state (a state file saves them); its promise holds responses back. */
  onChange(listener: ChangeListener): void
  /** Runs a write again as it first ran (same instant, same ids), e.g. from a journal; returns its response as respond() does. */
  replay(write: ReplayableWrite): ApiResponse
  /** undefined when every change so far is saved; otherwise settles once they are. Transports await it before answering. */
  settled(): Promise<void> | undefined
  /** The last API requests (MockOptions.journalSize): GET /__mock/requests, and expectRequest() in tests. */
  readonly journal: RequestJournal
  /** Injected latency and failures: /__mock/faults. */
  readonly faults: FaultSet
  /** Exact answers for matching requests, given instead of the operation: /__mock/overrides. */
  readonly overrides: OverrideSet
}

/** The transport-agnostic mock: every transport (node:http, msw, express) adapts this one object. */
export function createMock(options: MockOptions = {}): Mock {
  if (options.control && options.control.token !== undefined && options.control.token.trim() === '') {
    throw new Error('control.token must not be empty: an empty token would open the control plane to an empty x-control-token header')
  }
  const given = choicesFor(options.rules, options.choices)
  // A mock whose lists answer in their own way follows choices, sitemock's own for the rest.
  const choices = given ?? (options.listChoices === undefined ? undefined : resolveChoices())
  const { listChoices } = options
  const clock = createRequestClock(options.now)
  const changes = new ChangeTracker()
  // A key the mock holds is masked in the journal under any parameter name (state is made below, before any request).
  const journal = new RequestJournal(options.journalSize, (word) => isKnownKey(state.store, word, choices))
  const faults = new FaultSet(options.seed ?? DEFAULT_SEED)
  for (const fault of options.faults ?? []) faults.add(fault)
  faults.keepAsStart()
  const overrides = new OverrideSet()
  const state = new MockState(options.scenario ?? 'default', options.seed, options.state, clock.now)
  const store = (): Store => state.store
  const limit = options.rateLimit === undefined || options.rateLimit === false ? DEFAULT_RATE_LIMIT : options.rateLimit
  const dispatch = createDispatcher({
    routes: apiRoutes,
    store,
    rateLimiter: new RateLimiter(limit, options.rateLimit !== undefined && options.rateLimit !== false),
    choices,
    listChoices,
  })
  // A replayed write was admitted once already: no rate limit applies to it again.
  const replayDispatch = createDispatcher({ routes: apiRoutes, store, rateLimiter: new RateLimiter(limit, false), choices, listChoices })
  // Counts the requests that may have changed the state, so mock.db knows when to read it again.
  let version = 0
  let db: unknown
  const core: Omit<Mock, 'db'> = {
    handle: (request) => withBody(core.respond(request)),
    respond(sent) {
      const request = normalized(sent)
      const early = preflight(request, options.corsOrigins)
      if (early) return early
      const response = serveOpenApi(request) ?? redirectToControlPlane(request, options.control) ?? (request.path.startsWith(CONTROL_PREFIX) ? unframed(answer(request)) : answerApi(request))
      const cors = corsHeaders(request, options.corsOrigins)
      if (cors === undefined) return response
      // Copied key by key: a spread merge of two header objects costs microseconds per request.
      const headers = { ...response.headers }
      for (const name in cors) headers[name] = cors[name]!
      return { ...response, headers }
    },
    // A control request may write through the API too (a publish, the data browser's delete): a
    // mock with a deployment's choices follows them from its first request of any kind.
    prepare: (sent) => together(prepareChoices(choices), prepareRequest(sent)),
    // Whoever holds the store may change it directly: it is this mock's own from here on.
    get store() {
      return state.writable()
    },
    reset(next = {}) {
      // The state first: a refused fixture throws before anything else is touched.
      core.resetState(next)
      journal.clear()
      faults.restart()
      overrides.restart()
    },
    resetState(next = {}) {
      state.reset(next)
      version++
      changes.notify({ kind: 'replace' })
    },
    credentials: () => credentialsOf(state.store, choices),
    onChange: (listener) => changes.listen(listener),
    replay(write) {
      version++
      state.writable().random.restore(write.randomState)
      clock.freeze(write.at)
      try {
        return write.request.path.startsWith(CONTROL_PREFIX) ? controlPlane.handle(write.request, target) : replayDispatch(write.request)
      } finally {
        clock.thaw()
      }
    },
    settled: () => changes.settled(),
    journal,
    faults,
    overrides,
  }
  // mock.db, typed and made by the sitemock/data entry (see db-provider.ts). Writes through the
  // collections are the API's own, without the rate limit, the journal, faults or overrides.
  const mock = Object.defineProperty(core, 'db', {
    get: () => (db ??= makeMockDb({ store, version: () => version, write: writeThroughApi, settled: () => changes.settled() })),
  }) as Mock
  const target = {
    store,
    reset: (body: ResetOptions) => mock.reset(body),
    resetState: (body: ResetOptions) => mock.resetState(body),
    credentials: () => credentialsOf(state.store, choices),
    scenario: () => state.describe(),
    journal,
    faults,
    overrides,
    // An arrow: writeThroughApi is defined below, with the run it builds on.
    write: (request: ApiRequest) => writeThroughApi(request),
  }
  /**
   * The validators of the operation a path names; where pathnames are the rest of the path (choice
   * pathnameInPath segments), once the choices' part that routes such a path is there.
   */
  const prepareRouted = (method: string, path: string): Promise<void> | undefined => {
    const loaded = choices?.pathnameInPath === 'segments' ? prepareChoices(choices) : undefined
    // A path refused for its encoded slash names no operation: nothing to import for it.
    const route = (): Promise<void> | undefined => prepareOperation(apiRoutes, method, routedPath(path, choices))
    return loaded === undefined ? route() : loaded.then(route)
  }
  /** What respond() needs for this request beyond the mock's own choices (see Mock.prepare). */
  const prepareRequest = (sent: MockRequest): Promise<void> | undefined => {
    if (typeof sent?.path !== 'string') return undefined
    if (!sent.path.startsWith(CONTROL_PREFIX)) return typeof sent.method === 'string' ? (prepareOpenApi(sent) ?? prepareRouted(sent.method, sent.path)) : undefined
    // Only what respond() would hand to a control route: a refused request needs no work.
    let request: ApiRequest
    try {
      request = normalized(sent)
    } catch {
      // respond() says what is wrong with it.
      return undefined
    }
    return controlRefusal(request, options.control) ? undefined : controlPlane.prepare(request)
  }
  /**
   * An API request: its route and caller are read once, for the journal, faults, overrides and
   * the dispatcher alike.
   */
  const answerApi = (request: ApiRequest): ApiResponse => {
    // Before the caller is identified: its records must be the ones a write changes.
    if (request.method !== 'GET' && request.method !== 'HEAD') state.writable()
    let prepared: PreparedRequest
    try {
      const routed = routedPath(request.path, choices)
      // An encoded slash where pathnames are the rest of the path: the dispatcher refuses it, naming the parameter.
      prepared = { match: apiRoutes.match(request.method, routed === 'refused' ? request.path : routed), caller: identifyCaller(request.headers, state.store, choices) }
    } catch (error) {
      // The same last net as answer(): whatever a caller from code sends, a bug is an answer in the envelope.
      return internalError(error, request).toResponse()
    }
    return journal.observe(request, prepared.match, prepared.caller, () =>
      injectFaults(request, prepared.match, faults, () => overrides.answer(request, prepared.match) ?? answer(request, prepared)),
    )
  }
  /** Runs a request; a successful write is reported with what it takes to replay it. */
  const run = (request: ApiRequest, api: Dispatcher = dispatch, prepared?: PreparedRequest): ApiResponse => {
    const control = request.path.startsWith(CONTROL_PREFIX)
    if (request.method === 'GET' || request.method === 'HEAD') return control ? controlAnswer(request) : api(request, prepared)
    version++
    // A reset or an import replaces the store itself: no copy of a shared one to make first.
    if (!control || controlPlane.writes(request)) state.writable()
    if (!changes.listening) return control ? controlAnswer(request) : api(request, prepared)
    const randomState = state.store.random.state()
    const at = clock.freeze()
    let response: ApiResponse
    try {
      response = control ? controlAnswer(request) : api(request, prepared)
    } finally {
      clock.thaw()
    }
    const wrote = response.status >= 200 && response.status < 300 && (!control || controlPlane.writes(request))
    if (wrote) changes.notify({ kind: 'write', write: { request, at, randomState }, response })
    return response
  }
  const writeThroughApi = (request: ApiRequest): ApiResponse => run(request, replayDispatch)
  const answer = (request: ApiRequest, prepared?: PreparedRequest): ApiResponse => {
    try {
      return run(request, dispatch, prepared)
    } catch (error) {
      // The last net: a bug is answered in the envelope, never with a stack trace or a dropped socket.
      return internalError(error, request).toResponse()
    }
  }
  const controlAnswer = (request: ApiRequest): ApiResponse => {
    const refusal = controlRefusal(request, options.control)
    if (refusal) return refusal.toResponse()
    return controlPlane.handle(request, target)
  }
  return mock
}

/**
 * The request as the core expects it, whoever built it: header names in lower case (HTTP names
 * are case-insensitive; a plain-JS caller may write X-Api-Key) and no body for a null one.
 */
function normalized(request: MockRequest): ApiRequest {
  if (typeof request !== 'object' || request === null) throw requestError('', 'must be an object such as { method: "GET", path: "/v2/sites", query: "workspaceId=..." }', request)
  if (typeof request.method !== 'string' || request.method === '') throw requestError('method', 'must be an HTTP method such as "GET"', request.method)
  if (typeof request.path !== 'string' || !request.path.startsWith('/')) {
    throw requestError('path', 'must be a path starting with "/", without the query, such as "/v2/sites"', request.path)
  }
  if (request.query !== undefined && typeof request.query !== 'string') {
    throw requestError('query', 'must be the query string without "?", such as "siteId=...&limit=5" (new URLSearchParams({ siteId }).toString() builds one)', request.query)
  }
  if (request.body !== undefined && request.body !== null && typeof request.body !== 'string') {
    throw requestError('body', 'must be the body as text, such as JSON.stringify({ name: "About" }), or null', request.body)
  }
  if (request.headers !== undefined && (typeof request.headers !== 'object' || request.headers === null)) {
    throw requestError('headers', 'must be an object of header names and string values, such as { "x-api-key": key }', request.headers)
  }
  const headers = lowerCased(request.headers ?? {})
  const body = typeof request.body === 'string' ? request.body : undefined
  // What the transports build is already in this form: used as it is, since a copy by spread
  // costs about a microsecond of every request. The three checks are what ApiRequest adds.
  if (headers === request.headers && body === request.body && typeof request.query === 'string') return request as ApiRequest
  return { method: request.method, path: request.path, query: request.query ?? '', headers, body, invalidUtf8: request.invalidUtf8 }
}

/** The headers with lower-case names: the object itself when they already are, as every transport gives them. */
function lowerCased(headers: ApiRequest['headers']): ApiRequest['headers'] {
  for (const name in headers) {
    const value = headers[name]
    if (value !== undefined && typeof value !== 'string') throw requestError(`headers[${JSON.stringify(name)}]`, 'must be a string', value)
    if (name !== lowerCase(name)) {
      const copy: Record<string, string | undefined> = {}
      for (const [key, value] of Object.entries(headers)) copy[lowerCase(key)] = value
      return copy
    }
  }
  return headers
}

/** A request mock.handle() cannot take, from code: names the field, what it got and what it takes. */
function requestError(field: string, problem: string, got: unknown): TypeError {
  const shown = got === null ? 'null' : Array.isArray(got) ? 'an array' : typeof got === 'object' ? `an object (${safeJson(got)})` : `${typeof got} ${JSON.stringify(got) ?? String(got)}`
  return new TypeError(`mock.handle(): request${field ? `.${field}` : ''} ${problem}; got ${shown}`)
}

function safeJson(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? '').slice(0, 80)
  } catch {
    return 'not JSON'
  }
}

function controlRefusal(request: ApiRequest, control: ControlOption | undefined): ApiError | undefined {
  // Switched off, the control plane does not exist at all: the same 404 as any unknown path.
  if (control === false) return new ApiError(404, 'not_found', `No operation at ${request.method} ${request.path}.`)
  if (control?.token !== undefined && request.headers['x-control-token'] !== control.token && !controlPlane.isOpen(request)) {
    return new ApiError(401, 'unauthorized', 'The control plane needs the x-control-token header with the token given to --control-token.')
  }
  return undefined
}
