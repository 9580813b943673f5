import { ApiError, badRequest, invalidField, JSON_HEADERS } from '../api/errors.js'
import { operations } from '../api/operations.js'
import type { RouteMatch } from '../api/route-table.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { compileValidator } from '../api/validate.js'
import { ProblemList, unlistedDetail } from '../api/listed.js'
import type { ErrorDetail, Override, OverrideDocument, OverrideList, OverrideRequest } from '../generated/types.js'
import { matchesRequest } from './matcher.js'
import { OVERRIDE_HEADER } from './override-header.js'
import { framingHeaderProblems, responseBodyProblems } from './response-schema.js'

const validateOverride = compileValidator<OverrideRequest>('control-override.json', 'body')
const validateDocument = compileValidator<OverrideDocument>('control-override-document.json', 'body')

/**
 * Exact answers for the API requests that match (stub mappings): each stands in for the
 * operation, which then never runs. Like faults, they are not part of the state: a state-only
 * reset (mock.resetState()) leaves them, mock.reset() returns them to the start, and state
 * files neither save nor replay them.
 */
export class OverrideSet {
  /** In the order they are tried: highest priority first, then newest. */
  private overrides: Override[] = []
  private nextId = 1
  /** What restart() returns to: the overrides the server started with (sitemock serve --overrides), unused. */
  private start: { overrides: Override[]; nextId: number } = { overrides: [], nextId: 1 }

  /** `warn`: where an override added with check "warn" says how its body breaks the schema (stderr of a server, a page's console). */
  constructor(private readonly warn: (text: string) => void = (text) => console.warn(text)) {}

  get size(): number {
    return this.overrides.length
  }

  list(): OverrideList {
    return { overrides: this.overrides.map((override) => structuredClone(override)) }
  }

  /** Adds an override after checking it as POST /__mock/overrides does: a bad one throws a 400 ApiError naming the field. */
  add(body: OverrideRequest): Override {
    return this.insert(this.checked(validateOverride(body)))
  }

  /**
   * Replaces every override with the document's, as PUT /__mock/overrides does, in its order
   * (of equal priority, a later one is tried first). Bad overrides throw a 400 ApiError naming
   * each problem (overrides[2].match.path), the first MAX_LISTED listed and the rest counted,
   * and the active ones stay as they were.
   */
  replace(body: OverrideDocument): OverrideList {
    const document = validateDocument(body)
    const problems = new ProblemList<ErrorDetail>()
    const checked: Override[] = []
    document.overrides.forEach((request, index) => {
      try {
        checked.push(this.checked(request))
      } catch (error) {
        if (!(error instanceof ApiError) || !error.details) throw error
        for (const detail of error.details) problems.add({ ...detail, field: `overrides[${index}].${detail.field}` })
      }
    })
    if (problems.count > 0) {
      const more = problems.count - problems.listed.length
      throw badRequest(more > 0 ? [...problems.listed, unlistedDetail(more, '(more invalid fields)', 'invalid fields')] : problems.listed)
    }
    this.clear()
    for (const override of checked) this.insert(override)
    return this.list()
  }

  /**
   * The override a valid request makes, with the checks its schema cannot express; not yet active.
   * Every way in (code, POST and PUT /__mock/overrides, serve --overrides, a page) comes here.
   */
  private checked(request: OverrideRequest): Override {
    const { operation } = request.match
    if (operation !== undefined && !operations.some((o) => o.operationId === operation)) {
      throw invalidField('match.operation', `names no operation; got ${JSON.stringify(operation)}; accepted: an operationId such as getSite or createPage (see /openapi.json)`)
    }
    if (request.response.body !== undefined && (request.response.status === 204 || request.response.status === 304)) {
      throw invalidField('response.body', `cannot be sent with status ${request.response.status}, which has no body; leave it out or pick another status`)
    }
    const framing = framingHeaderProblems(request.response.headers)
    if (framing.length) throw badRequest(framing)
    const check = request.check ?? 'strict'
    const problems = responseBodyProblems(request.match, request.response.status, request.response.body)
    if (problems.length && check === 'strict') {
      throw badRequest(problems, `${summary(problems)}. To add it all the same, with a warning, send "check": "warn".`)
    }
    return {
      id: 0,
      match: request.match,
      response: request.response,
      times: request.times ?? null,
      remaining: request.times ?? null,
      priority: request.priority ?? 0,
      check,
      warnings: problems,
      hits: 0,
    }
  }

  private insert(checked: Override): Override {
    const override = { ...checked, id: this.nextId++ }
    const before = this.overrides.findIndex((other) => other.priority <= override.priority)
    this.overrides.splice(before === -1 ? this.overrides.length : before, 0, override)
    if (override.warnings.length) this.warn(`sitemock: warning: override ${override.id} was added with "check": "warn": ${summary(override.warnings)}`)
    return structuredClone(override)
  }

  /** Removes one override; false when there is none with that id. */
  remove(id: number): boolean {
    const before = this.overrides.length
    this.overrides = this.overrides.filter((override) => override.id !== id)
    return this.overrides.length < before
  }

  clear(): void {
    this.overrides = []
  }

  /** Makes the overrides active now the ones restart() returns to, with their hits and `times` as they are now. */
  keepAsStart(): void {
    this.start = { overrides: structuredClone(this.overrides), nextId: this.nextId }
  }

  /** Back to the overrides kept as the start, unused again (mock.reset()). */
  restart(): void {
    this.overrides = structuredClone(this.start.overrides)
    this.nextId = this.start.nextId
  }

  /** The answer of the first override that matches, counting it; undefined when none does. */
  answer(request: ApiRequest, match: RouteMatch): ApiResponse | undefined {
    if (this.overrides.length === 0) return undefined
    const operation = match.kind === 'found' ? match.operation : undefined
    const override = this.overrides.find((candidate) => matchesRequest(candidate.match, request, operation))
    if (!override) return undefined
    override.hits++
    if (override.remaining !== null && --override.remaining === 0) this.remove(override.id)
    const { status, headers = {}, body } = override.response
    const given = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value ?? '']))
    return {
      status,
      headers: { ...(body === undefined ? {} : JSON_HEADERS), ...given, [OVERRIDE_HEADER]: String(override.id) },
      body,
    }
  }
}

/** Problems a message words one by one; the details (or the listed override's warnings) hold them all. */
const PROBLEMS_IN_MESSAGE = 5

/** The problems of a response body in one sentence, each field first: the 400's message, the warning's text. */
function summary(problems: ErrorDetail[]): string {
  const worded = problems.slice(0, PROBLEMS_IN_MESSAGE).map((problem) => `${problem.field} ${problem.message}`)
  if (problems.length > PROBLEMS_IN_MESSAGE) worded.push(`and ${problems.length - PROBLEMS_IN_MESSAGE} more (see details)`)
  return `The response body does not fit the API's response schema: ${worded.join('; ')}`
}
