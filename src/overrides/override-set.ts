import { invalidField, JSON_HEADERS } from '../api/errors.js'
import { operations } from '../api/operations.js'
import type { RouteMatch } from '../api/route-table.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { compileValidator } from '../api/validate.js'
import type { Override, OverrideList, OverrideRequest } from '../contracts/types.js'
import { matchesRequest } from './matcher.js'
import { OVERRIDE_HEADER } from './override-header.js'

const validateOverride = compileValidator<OverrideRequest>('control-override.json', 'body')

/**
 * Exact answers for the API requests that match (stub mappings): each stands in for the
 * operation, which then never runs. Like faults, they are not part of the state: resets
 * leave them, and state files neither save nor replay them.
 */
export class OverrideSet {
  /** In the order they are tried: highest priority first, then newest. */
  private overrides: Override[] = []
  private nextId = 1

  get size(): number {
    return this.overrides.length
  }

  list(): OverrideList {
    return { overrides: this.overrides.map((override) => structuredClone(override)) }
  }

  /** Adds an override after checking it as POST /__mock/overrides does: a bad one throws a 400 ApiError naming the field. */
  add(body: OverrideRequest): Override {
    const request = validateOverride(body)
    const { operation } = request.match
    if (operation !== undefined && !operations.some((o) => o.operationId === operation)) {
      throw invalidField('match.operation', `names no operation; got ${JSON.stringify(operation)}; accepted: an operationId such as getSite or createPage (see /openapi.json)`)
    }
    if (request.response.body !== undefined && (request.response.status === 204 || request.response.status === 304)) {
      throw invalidField('response.body', `cannot be sent with status ${request.response.status}, which has no body; leave it out or pick another status`)
    }
    const override: Override = {
      id: this.nextId++,
      match: request.match,
      response: request.response,
      times: request.times ?? null,
      remaining: request.times ?? null,
      priority: request.priority ?? 0,
      hits: 0,
    }
    const before = this.overrides.findIndex((other) => other.priority <= override.priority)
    this.overrides.splice(before === -1 ? this.overrides.length : before, 0, override)
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
