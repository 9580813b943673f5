import type { Choices } from '../freedom/catalogue.js'
import type { Store } from '../store/store.js'

/** A request as every transport hands it to the core: nothing about how it arrived. */
export interface ApiRequest {
  method: string
  /** The path as received, still percent-encoded, without the query string. */
  path: string
  /** The raw query string, without the leading `?`. */
  query: string
  /** Header names in lower case, as transports give them (mock.handle() takes any case: MockRequest). */
  headers: Readonly<Record<string, string | undefined>>
  /** The raw body text; undefined when the request had none. */
  body: string | undefined
  /** Set by a transport when the body's bytes are not valid UTF-8 (the text is then unusable). */
  invalidUtf8?: boolean
}

/**
 * A request as a caller of mock.handle() or mock.respond() writes it: header names in any case
 * (X-Api-Key is x-api-key), query and headers left out when there are none, and null or
 * undefined for no body. The mock brings it to the ApiRequest form itself.
 */
export type MockRequest = Pick<ApiRequest, 'method' | 'path' | 'invalidUtf8'> & {
  query?: string
  headers?: ApiRequest['headers']
  body?: string | null
}

export interface ApiResponse {
  status: number
  headers: Record<string, string>
  /**
   * A JSON value, or undefined for an empty body (204). Mock.respond leaves it out when
   * `payloadParts` holds it as text (a page, a list of pages); Mock.handle always gives it.
   */
  body: unknown
  /** The body already serialized (the journal's copy, a page, a script): transports send it instead of `body`. */
  payload?: string
  /**
   * The payload as the texts it joins, each one the state keeps anyway (a page's JSON) or a
   * constant (a list's brackets and commas): payload === payloadParts.join(''). The journal
   * holds a read's parts rather than a copy of the payload.
   */
  payloadParts?: readonly string[]
  /** Wait this long before answering (Prefer: delay, injected latency). */
  delayMs?: number
  /** Answer nothing (an injected fault): reset the connection, or hold it open until the client gives up. */
  drop?: 'reset' | 'timeout'
}

/** Who is calling: an App key grants a whole workspace, a Site key one site. */
export type Scope =
  | { kind: 'app'; key: string; workspaceId: string }
  | {
      kind: 'site'
      key: string
      workspaceId: string
      siteId: string
      /** The deployment judges existence before a Site key's reach (choice accessOrder): another site that does not exist is a 404. */
      existenceFirst?: boolean
      /**
       * The site's publicApiKey where it is no Site key but known (choice publicApiKeyAsSiteKey): it
       * reads the site's published pages alone (live-pages, published-pages), its locales and online
       * pages for rendering it (online-pages), its single resources (single-resources), its pages in any
       * version, offline ones included (pages), those and the site itself for rendering and previewing
       * it (site-and-pages), its site and its locales, the site's configuration, alone (configuration),
       * all of these, every read of its site but of its routes (reads), or nothing (forbidden).
       */
      publishable?: 'live-pages' | 'published-pages' | 'online-pages' | 'single-resources' | 'pages' | 'site-and-pages' | 'configuration' | 'reads' | 'forbidden'
      /** That publicApiKey, where it reads its site's pages, reads the site's routes too (choice publicApiKeyRoutes read). */
      readsRoutes?: true
      /** That publicApiKey, where it reads its site's pages and not the site (live-pages, published-pages, online-pages, pages), reads its own site too (choice publicApiKeySiteRead read). */
      readsSite?: true
      /** That publicApiKey, where it reads its site's pages as published alone (live-pages, published-pages), reads the site's locales too (choice publicApiKeyLocales read). */
      readsLocales?: true
      /** That publicApiKey, where it reads its site's online pages (online-pages), does not see the offline ones rather than being refused them (choice publicApiKeyOfflinePages hidden). */
      hidesOffline?: true
      /** That publicApiKey, where it reads its site's online pages (online-pages), reads the offline ones too, as the Site key does (choice publicApiKeyOfflinePages read). */
      readsOffline?: true
      /** The Site key of a site that was deleted, where the deployment still knows it (choice deletedSiteKey 403): it reaches nothing. */
      siteDeleted?: true
    }

export interface OperationResult {
  status: number
  /** Left out when `payloadParts` hold it as text (see kept-text.ts). */
  body?: unknown
  /** The body already serialized, when the operation keeps it ready (a page's JSON). */
  payload?: string
  /** See ApiResponse.payloadParts. */
  payloadParts?: readonly string[]
}

export interface AccessContext<P, Q> {
  params: P
  query: Q
  /** The parsed body before validation: only to find the target of a create (e.g. its siteId). */
  rawBody: unknown
  scope: Scope
  store: Store
  /** The deployment's free choices the mock follows (createMock's `rules` and `choices`); undefined for sitemock's own. */
  choices: Required<Choices> | undefined
}

export interface OperationContext<P, Q, B, T = void> extends AccessContext<P, Q> {
  body: B
  /** What `authorize` found (the record the path names), so that the run need not look it up again. */
  target: T
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** Which schema of contracts/schemas describes a response: a resource, a list of them, or nothing. */
export type ResponseShape = { resource: string } | { list: string } | 'empty'

/**
 * One operation of the API as declared (declarations/): where it lives, what it accepts (schema
 * files of contracts/schemas), what it answers and who may call it. What it does is its behaviour,
 * a module of its family's own (sites.ts, locales.ts, pages.ts, routes.ts), which a page imports
 * with the first request to the family: the route table, the OpenAPI document, the journal and
 * the contract suite read declarations alone.
 */
export interface RegisteredOperation {
  operationId: string
  method: HttpMethod
  /** OpenAPI-style path, e.g. /v2/sites/{siteId}. */
  path: string
  summary: string
  params?: string
  query?: string
  body?: string
  /** Success status and shape; error statuses come from `errors`. */
  success: { status: number; shape: ResponseShape }
  errors: number[]
  /** Creating, listing, duplicating and deleting sites need an App key. */
  appKeyOnly?: boolean
  /** A create whose body names its site (`siteId`): its body may be judged before that site's access (choice createBodyOrder). */
  bodyNamesSite?: boolean
}

/** What an operation does: typed by its params, query, body and the target its access finds. */
export interface OperationBehaviour<P = Record<string, never>, Q = Record<string, never>, B = undefined, T = void> {
  /** An App-only operation a deployment's choice lets a Site key call too (choice siteKeySiteList). */
  siteKeyAllowed?(choices: Choices | undefined): boolean
  /** Resolves the target and decides 403/404 before the body is judged; what it returns is the run's `target`. */
  authorize?(context: AccessContext<P, Q>): T
  /**
   * The body's own rules beyond its schema (a pathname's form and characters), for a deployment
   * that judges the whole body before access (choices validationOrder input-first, createBodyOrder
   * body-first); the operation judges them where it always does too, which then finds nothing.
   * `early` is the judgement before access, where a deployment may leave some rules for later.
   */
  bodyRules?(body: B, query: Q, choices: Required<Choices> | undefined, early?: boolean): void
  /** The query's own rules under a deployment's choices, judged with the query: before access, as a 400 of the query is. */
  queryRules?(query: Q, choices: Required<Choices> | undefined): void
  run(context: OperationContext<P, Q, B, T>): OperationResult
}

/** A behaviour with its parameter types erased, as the dispatcher calls it. */
export type RegisteredBehaviour = OperationBehaviour<unknown, unknown, unknown, unknown>

/** An operation with what it does: the dispatcher's. */
export type RunnableOperation = RegisteredOperation & RegisteredBehaviour

/** A family's behaviours, one for each operation its declarations name, and no other. */
export type Behaviours<D extends readonly { operationId: string }[]> = Record<D[number]['operationId'], RegisteredBehaviour>

/**
 * Every error status an operation can answer: its own, 413 when it takes a body (past the
 * server's --max-body), and 429, which the rate limit may answer to any request.
 */
export function errorStatuses(operation: RegisteredOperation): number[] {
  return [...operation.errors, ...(operation.body ? [413] : []), 429]
}

/** Every status an operation documents: its success, then its error statuses. */
export function documentedStatuses(operation: RegisteredOperation): number[] {
  return [operation.success.status, ...errorStatuses(operation)]
}

/** Declares an operation, keeping its operationId's literal, by which its family's behaviours are checked complete. */
export function declareOperation<const Id extends string>(operation: RegisteredOperation & { operationId: Id }): RegisteredOperation & { operationId: Id } {
  return operation
}

/**
 * Declares what an operation does, with typed params, query and body. Erasing the types is sound
 * because dispatch validates params, query and body against the very schemas the operation's
 * declaration names, whose generated types are P, Q and B.
 */
export function defineBehaviour<P, Q, B, T = void>(behaviour: OperationBehaviour<P, Q, B, T>): RegisteredBehaviour {
  return behaviour as unknown as RegisteredBehaviour
}
