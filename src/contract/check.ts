import type { HttpMethod } from '../api/types.js'
import type { ContractClient, ContractRequest, Exchange } from './http-client.js'
import { sourcesOfCheck } from './case-sources.js'
import { PAGE, routeCollectionAbsent, UNSHOWN_ROUTES_WHY } from './endpoints.js'
import { PATHNAME_OPTIONAL } from './page-update.js'
import { detailFields } from './exchange-rules.js'
import { promisedBy, summarize } from './judge.js'
import { publishedErrorCode, publishedStatement } from './published.js'
import { describeSource, disagreementOf, documentsOf, onlySitemock, type Source } from './sources.js'
import { sitemockValueOf, type ChoiceReason } from './choice-reasons.js'
import type { CreatedResources } from './tracker.js'
import { DOCUMENT_OF, holdsServiceRules, type ContractOptions, type DocumentName, type Failure, type Group, type Profile } from './types.js'
import type { Fixtures } from './fixtures.js'

export type Json = Record<string, unknown>

/** What a check needs besides the App key; without it the check is skipped with a reason. */
export type Need = 'write' | 'other-key'

export interface CheckDefinition {
  /** Stable id, e.g. lifecycle.page.update. */
  id: string
  group: Group
  /** A sentence: what the deployment must do. */
  name: string
  /** The profiles whose document makes this promise; both when left out. */
  profiles?: Profile[]
  /** Why the other profile does not check it, e.g. "the published OpenAPI declares no 401". */
  unpromised?: string
  /** Where the published OpenAPI says otherwise than the service rules, for a check of the rules alone. */
  disagreement?: string
  needs?: Need[]
  run(context: CheckContext): Promise<void>
}

/** For a promise of the service rules that the published OpenAPI does not make, with the reason. */
export function specOnly(unpromised: string): Pick<CheckDefinition, 'profiles' | 'unpromised'> {
  return { profiles: ['documents'], unpromised }
}

/** A part of a check that a document leaves open: the published OpenAPI (rules only), or both documents (a choice of sitemock's). */
interface OpenPart {
  kind: 'rules only' | 'sitemock choice'
  why: string
}

/** Ends a check with a failure. */
export class CheckFailure extends Error {
  /**
   * Set when the failure is a precondition other checks share (a fixture, a create): the first
   * check that meets it reports it, the others are skipped with its reason.
   */
  precondition?: string

  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

/** Ends a check as skipped, with the reason. */
export class CheckSkip extends Error {}

export interface ContextParts {
  profile: Profile
  options: ContractOptions
  client: ContractClient
  tracker: CreatedResources
  fixtures: Fixtures
  tag: string
  /** The check this context runs; fixtures run outside any one check. */
  check?: CheckDefinition
}

/** What a check works with: requests, fixtures and assertions that name the broken document. */
export class CheckContext {
  readonly profile: Profile
  readonly options: ContractOptions
  readonly fixtures: Fixtures
  readonly tag: string
  /** Failures recorded without ending the check (schema checks judge every exchange). */
  readonly failures: Failure[] = []
  private readonly client: ContractClient
  private readonly tracker: CreatedResources
  private readonly check?: CheckDefinition

  constructor(parts: ContextParts) {
    this.profile = parts.profile
    this.options = parts.options
    this.client = parts.client
    this.tracker = parts.tracker
    this.fixtures = parts.fixtures
    this.tag = parts.tag
    this.check = parts.check
  }

  get spec(): boolean {
    return holdsServiceRules(this.profile)
  }

  /** The answer this check got last: a failure that names no exchange is about it. */
  private lastExchange?: Exchange

  async send(request: ContractRequest): Promise<Exchange> {
    const exchange = await this.client.send(request)
    this.lastExchange = exchange
    return exchange
  }

  get(template: string, params?: Record<string, string>, query?: ContractRequest['query'], key?: string | null): Promise<Exchange> {
    return this.send({ method: 'GET', template, params, query, key })
  }

  write(method: Exclude<HttpMethod, 'GET'>, template: string, params: Record<string, string>, body?: unknown, options: Pick<ContractRequest, 'query' | 'key'> = {}): Promise<Exchange> {
    return this.send({ method, template, params, body, ...options })
  }

  /** A random id that names nothing, for the 404s. */
  phantomId(): string {
    return this.tracker.phantomId()
  }

  /**
   * Ends the check with a failure. Unless the assertion says which documents promise it, it breaks
   * every document whose profile runs the check: a check of both profiles is a check of both.
   */
  fail(message: string, exchange?: Exchange, documents: DocumentName[] = this.checkDocuments(), expected?: number): never {
    throw new CheckFailure(this.labelled(failureOf(message, documents, exchange ?? this.lastExchange), expected))
  }

  private checkDocuments(): DocumentName[] {
    if (!this.spec) return [DOCUMENT_OF.published]
    return this.check?.profiles?.includes('published') === false || this.check === undefined ? ['specification'] : ['specification', 'published OpenAPI']
  }

  /**
   * Runs the part of a check that only the service rules promise (fields the published OpenAPI
   * does not have, nulls and ties of an order...): its failures say the published OpenAPI leaves
   * that part open. Under the published profile the part is not run.
   */
  async rulesOnly(why: string, part: () => Promise<void> | void): Promise<void> {
    if (!this.spec) return
    await this.within({ kind: 'rules only', why }, part)
  }

  /**
   * Runs the part of a check that holds the target to a choice of sitemock's where the service
   * rules and the published OpenAPI leave freedom (`why` says which): its failures are labelled
   * sitemock behaviour, a difference rather than a break, failing the run under --profile sitemock only.
   */
  async sitemockChoice(why: ChoiceReason, part: () => Promise<void> | void): Promise<void> {
    await this.within({ kind: 'sitemock choice', why }, part)
  }

  private async within(open: OpenPart, part: () => Promise<void> | void): Promise<void> {
    this.openPart = open
    try {
      await part()
    } finally {
      this.openPart = undefined
    }
  }

  /** Set while a part of the check runs that a document leaves open: which kind of part, and why. */
  private openPart?: OpenPart

  record(failure: Failure): void {
    this.failures.push(this.labelled(failure))
  }

  /**
   * A failure with what each document says of it: in a check of the service rules alone, the
   * published OpenAPI is not broken, and the reason it leaves the matter open goes along; where it
   * is broken, its own words go along.
   */
  private labelled(failure: Failure, expected?: number): Failure {
    if (failure.documents.length === 0) return failure
    if (this.openPart?.kind === 'sitemock choice') return { ...failure, documents: ['sitemock behaviour'], leftOpen: this.openPart.why }
    // Labelled when thrown inside sitemockChoice, and seen again when the runner records it after the part ended.
    if (failure.documents.length === 1 && failure.documents[0] === 'sitemock behaviour') return failure
    // The route collection no document shows, answered as not served at sitemock's path: nothing stated is broken.
    // (Not for a stateful divergence: the sequences adopt where routes are served, and diverge only where they are.)
    if (failure.sequence === undefined && failure.request && failure.response && routeCollectionAbsent(failure.request.method, failure.request.template, failure.response.status)) {
      return { ...failure, documents: ['sitemock behaviour'], leftOpen: UNSHOWN_ROUTES_WHY }
    }
    // A page update sent without a pathname and refused for it: whether one is required is the deployment's (emptyPageUpdate).
    if (pathnameRequired(failure)) return { ...failure, documents: ['sitemock behaviour'], leftOpen: PATHNAME_OPTIONAL }
    // A check no document stands behind holds the target to sitemock's own choice: a difference.
    // A stateful divergence names the documents that fix the answer it broke (what they leave free is followed, not compared).
    const sources = this.check && failure.sequence === undefined ? sourcesOfCheck(this.check.id) : []
    if (onlySitemock(sources)) return { ...failure, documents: ['sitemock behaviour'], leftOpen: sitemockReason(sources) }
    return this.documented(failure, sources, expected)
  }

  /** A failure of a documented rule, named by the documents its sources are. */
  private documented(failure: Failure, sources: readonly Source[], expected?: number): Failure {
    const stated = documentsOf(sources)
    // The specification is named only where one of its statements is the source.
    if (sources.length > 0 && !stated.includes('specification') && failure.documents.includes('specification')) {
      const documents = failure.documents.filter((document) => document !== 'specification')
      failure = { ...failure, documents: documents.length ? documents : stated }
    }
    if (this.spec && this.openPart?.kind === 'rules only') return { ...failure, documents: ['specification'], leftOpen: this.openPart.why }
    const rulesOnly = this.spec && this.check?.profiles?.includes('published') === false
    if (rulesOnly) {
      const { unpromised, disagreement } = this.check!
      const disagrees = disagreement ?? disagreementOf(sources)
      return { ...failure, documents: ['specification'], ...(unpromised ? { leftOpen: unpromised } : {}), ...(disagrees ? { disagreement: disagrees } : {}) }
    }
    if (!failure.documents.includes('published OpenAPI') || failure.published || !failure.request) return failure
    const published = publishedStatement(failure.request.method, templateOf(failure), expected ?? failure.response?.status)
    return published ? { ...failure, published } : failure
  }

  /**
   * Runs assertions that do not depend on one another: each one that fails is recorded and the
   * next still runs, so the check reports every relation that broke, not only the first. A failure
   * that is a shared precondition (a create) still ends the check. Says whether all of them held.
   */
  expectAll(...assertions: Array<() => void>): boolean {
    let held = true
    for (const assertion of assertions) {
      try {
        assertion()
      } catch (error) {
        if (!(error instanceof CheckFailure) || error.precondition !== undefined) throw error
        this.record(error.failure)
        held = false
      }
    }
    return held
  }

  skip(reason: string): never {
    throw new CheckSkip(reason)
  }

  /** Fails with "expected X, got Y", then what was being done. */
  expectStatus(exchange: Exchange, expected: number, what?: string): void {
    if (exchange.status === expected) return
    const { method, template } = exchange.request
    this.fail(`expected ${expected}, got ${exchange.status}${what ? `: ${what}` : ''}`, exchange, promisedBy(this.profile, method, template, expected), expected)
  }

  /**
   * An error status in the API's envelope with its code: the service rules pair a code with each
   * status; the published OpenAPI fixes one only where its schema of that answer does.
   */
  expectError(exchange: Exchange, status: number, code: string, what?: string): void {
    this.expectStatus(exchange, status, what)
    const { method, template } = exchange.request
    const publishedCode = publishedErrorCode(method, template, status)
    if (!this.spec && publishedCode === undefined) return
    const body = exchange.body as Json | undefined
    if (body?.object === 'error' && body.code === code) return
    const got = body?.object === 'error' ? `code ${JSON.stringify(body.code)}` : `a body that is not an error (${JSON.stringify(body)?.slice(0, 80) ?? 'none'})`
    const documents: DocumentName[] = publishedCode === code ? promisedBy(this.profile, method, template, status) : [DOCUMENT_OF[this.profile]]
    this.fail(`expected an error with code "${code}", got ${got}${what ? `: ${what}` : ''}`, exchange, documents, status)
  }

  /**
   * A 400 for `field`. The service rules want its `details` to name the field; the published
   * OpenAPI's 400 has no details, so there the status and the code are the whole promise.
   */
  expectBadRequest(exchange: Exchange, field: string, what?: string): void {
    this.expectError(exchange, 400, 'bad_request', what)
    if (!this.spec) return
    const fields = detailFields(exchange.body)
    if (!fields.includes(field)) {
      this.fail(`expected the 400's details to name "${field}", got ${fields.length ? fields.map((f) => JSON.stringify(f)).join(', ') : 'none'}${what ? `: ${what}` : ''}`, exchange, ['specification'])
    }
  }

  /** The body as a JSON object, or a failure saying what came instead. */
  json(exchange: Exchange): Json {
    const body = exchange.body
    if (body === null || typeof body !== 'object' || Array.isArray(body)) this.fail(`expected a JSON object body, got ${JSON.stringify(body)?.slice(0, 80) ?? 'none'}`, exchange)
    return body as Json
  }

  /** The `data` of a list response. */
  items(exchange: Exchange): Json[] {
    const data = this.json(exchange).data
    if (!Array.isArray(data)) this.fail(`expected a list body with a data array, got ${JSON.stringify(data)?.slice(0, 80) ?? 'none'}`, exchange)
    return data as Json[]
  }

  /**
   * A created resource's body after a 201. A create that fails is a precondition of the check:
   * when the same create fails the same way for several checks, the first reports it.
   */
  async create(template: string, body: Json, what: string, params: Record<string, string> = {}, query?: ContractRequest['query']): Promise<Json> {
    const exchange = await this.write('POST', template, params, body, { query })
    try {
      this.expectStatus(exchange, 201, what)
      const created = this.json(exchange)
      if (typeof created.id !== 'string') this.fail(`expected the created resource to have an id, got none: ${what}`, exchange)
      return created
    } catch (error) {
      if (error instanceof CheckFailure) error.precondition ??= `POST ${template} answered ${exchange.status}`
      throw error
    }
  }
}

/**
 * Why a check is sitemock's alone: its choices, each class of the catalogue with sitemock's value
 * in it (what --profile sitemock holds the target to), and where the documents read two ways, both readings.
 */
function sitemockReason(sources: readonly Source[]): string {
  return sources.map((source) => `${describeChoiceSource(source)}${source.kind === 'sitemock' && source.readings ? `; either reading is allowed: ${source.readings}` : ''}`).join('; ')
}

/** A source as describeSource words it, but a class of the catalogue named with sitemock's value in it (emptySiteName="refused"). */
function describeChoiceSource(source: Source): string {
  if (source.kind !== 'sitemock' || source.choice === undefined) return describeSource(source)
  return `sitemock's choice ${sitemockValueOf(source.choice)} (api-behaviour.md#${source.section}): ${source.says}`
}

/** The path template of a failure's request, as the documents write it. */
const templateOf = (failure: Failure): string => failure.request?.template ?? failure.request?.path.split('?')[0] ?? ''

export function failureOf(message: string, documents: DocumentName[], exchange?: Exchange): Failure {
  return exchange ? { message, documents, request: exchange.request, response: summarize(exchange) } : { message, documents }
}

/** A failure that is a page update without a pathname, answered with a 400 naming pathname. */
function pathnameRequired({ request, response }: Failure): boolean {
  if (request?.method !== 'PATCH' || request.template !== PAGE || response?.status !== 400) return false
  const body = request.body
  return body !== null && typeof body === 'object' && !Array.isArray(body) && !('pathname' in body) && detailFields(response.body).includes('pathname')
}

/** The id of an object, which every resource has. */
export const idOf = (item: Json): string => String(item.id)
