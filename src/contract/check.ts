import type { HttpMethod } from '../api/types.js'
import type { ContractClient, ContractRequest, Exchange } from './http-client.js'
import { documents, promisedBy, summarize } from './judge.js'
import type { CreatedResources } from './tracker.js'
import { DOCUMENT_OF, type ContractOptions, type DocumentName, type Failure, type Group, type Profile } from './types.js'
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
  needs?: Need[]
  run(context: CheckContext): Promise<void>
}

/** For a promise of SPEC.md that the published OpenAPI does not make, with the reason. */
export function specOnly(unpromised: string): Pick<CheckDefinition, 'profiles' | 'unpromised'> {
  return { profiles: ['spec'], unpromised }
}

/** Ends a check with a failure. */
export class CheckFailure extends Error {
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

  constructor(parts: ContextParts) {
    this.profile = parts.profile
    this.options = parts.options
    this.client = parts.client
    this.tracker = parts.tracker
    this.fixtures = parts.fixtures
    this.tag = parts.tag
  }

  get spec(): boolean {
    return this.profile === 'spec'
  }

  send(request: ContractRequest): Promise<Exchange> {
    return this.client.send(request)
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

  fail(message: string, exchange?: Exchange, documents: DocumentName[] = [DOCUMENT_OF[this.profile]]): never {
    throw new CheckFailure(failureOf(message, documents, exchange))
  }

  record(failure: Failure): void {
    this.failures.push(failure)
  }

  skip(reason: string): never {
    throw new CheckSkip(reason)
  }

  /** Under the published profile, skips unless that document declares this status (SPEC.md's error table covers every operation). */
  requirePublished(method: string, template: string, status: number): void {
    if (this.spec || documents('published', method, template, status)) return
    this.skip(`the published OpenAPI declares no ${status} for ${method} ${template}`)
  }

  expectStatus(exchange: Exchange, expected: number, what?: string): void {
    if (exchange.status === expected) return
    const { method, template } = exchange.request
    this.fail(`${what ? `${what}: ` : ''}expected ${expected}, got ${exchange.status}`, exchange, promisedBy(this.profile, method, template, expected))
  }

  /** A 400 (or 404, 409...) in the API's envelope with the code SPEC.md pairs with that status. */
  expectError(exchange: Exchange, status: number, code: string, what?: string): void {
    this.expectStatus(exchange, status, what)
    const body = exchange.body as Json | undefined
    if (body?.object !== 'error' || body.code !== code) {
      const { method, template } = exchange.request
      this.fail(`${what ? `${what}: ` : ''}expected an error with code "${code}"`, exchange, promisedBy(this.profile, method, template, status))
    }
  }

  /**
   * A 400 for `field`. Under the spec profile its `details` must name the field; the published
   * OpenAPI's 400 has no details, so there the status and the code are the whole promise.
   */
  expectBadRequest(exchange: Exchange, field: string, what?: string): void {
    this.expectError(exchange, 400, 'bad_request', what)
    if (!this.spec) return
    const details = (exchange.body as Json).details
    const fields = Array.isArray(details) ? details.map((detail) => (detail as Json | null)?.field) : []
    if (!fields.includes(field)) {
      this.fail(`${what ? `${what}: ` : ''}the 400's details do not name "${field}" (named: ${fields.length ? fields.map((f) => JSON.stringify(f)).join(', ') : 'none'})`, exchange, ['SPEC.md'])
    }
  }

  /** The body as a JSON object, or a failure saying what came instead. */
  json(exchange: Exchange): Json {
    const body = exchange.body
    if (body === null || typeof body !== 'object' || Array.isArray(body)) this.fail('expected a JSON object body', exchange)
    return body as Json
  }

  /** The `data` of a list response. */
  items(exchange: Exchange): Json[] {
    const data = this.json(exchange).data
    if (!Array.isArray(data)) this.fail('expected a list body with a data array', exchange)
    return data as Json[]
  }

  /** A created resource's body after a 201. */
  async create(template: string, body: Json, what: string, params: Record<string, string> = {}, query?: ContractRequest['query']): Promise<Json> {
    const exchange = await this.write('POST', template, params, body, { query })
    this.expectStatus(exchange, 201, what)
    const created = this.json(exchange)
    if (typeof created.id !== 'string') this.fail(`${what}: the created resource has no id`, exchange)
    return created
  }
}

export function failureOf(message: string, documents: DocumentName[], exchange?: Exchange): Failure {
  return exchange ? { message, documents, request: exchange.request, response: summarize(exchange) } : { message, documents }
}

/** The id of an object, which every resource has. */
export const idOf = (item: Json): string => String(item.id)
