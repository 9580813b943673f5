import { detailFields, errorCodeProblem, unnamedFieldProblem } from '../exchange-rules.js'
import type { Difference } from './compare.js'

type Json = Record<string, unknown>

/**
 * What the contract (the specification and the published OpenAPI) fixes of an error answer, and
 * what it leaves free. Fixed: the status of each broken rule (401 for a missing or unknown key,
 * 403 for a key without permission, 404 for what does not exist, 400 for invalid input, 409 for
 * a conflict), the envelope's code for that status, and that a 400 names an invalid field. Free:
 * which rule wins when a request breaks several (nothing orders them), whether a key that reaches
 * no such resource learns it is missing (404) or forbidden (403), which of several invalid fields
 * a 400 names, and every message. sitemock's own choices on these are held under --profile
 * sitemock only.
 */

/** The rules a request breaks, as far as the oracle and the sequence know them. */
export interface BrokenRules {
  /** The key is missing or unknown: 401 comes first, whatever else is wrong (see allowedStatuses). */
  unauthenticated: boolean
  /**
   * A path parameter that can name nothing (a site id that is no UUID, a page or route named by
   * neither an id nor a pathname): a deployment may take the path for no operation of its own, a
   * 404 before any key is judged, as for any path it does not serve.
   */
  noOperation?: boolean
  /**
   * A route operation no document shows, at a target that serves them elsewhere (routeOperations):
   * a 404, as for any path it does not have, or a 405 where its path takes another method (Update
   * Route's PATCH), before any key is judged.
   */
  unservedRoute?: boolean
  /** The key is missing or unknown where the oracle answered before judging it (an unserved route): a deployment that judges the key first answers 401. */
  keyRefused?: boolean
  /** The key is valid but does not reach the site the request is about. */
  forbidden: boolean
  /** The request names a resource (or a site) that does not exist. */
  missing: boolean
  /** The input breaks a validation rule. */
  invalid: boolean
  /** The fields the request deliberately breaks, when known. */
  brokenFields: readonly string[]
  /**
   * The oracle refused with a 400 a request whose input breaks no rule the documents fix (none, or
   * only sitemock's choices): the state it meets is refused (a site's default locale deleted), and
   * no document says which field such a 400 names ("one item per invalid field", and no field of
   * the request is invalid).
   */
  stateRefused?: boolean
  /**
   * A write in a site the key reaches, whose names may collide with what exists: with invalid
   * input too, a deployment may find the collision first (409) or the invalid field (400).
   */
  mayConflict: boolean
  /** A write that names its resource in a way only sitemock's rules refuse (a pathname past its length limit): where it exists, the write may collide (409). */
  collidesIfFound?: boolean
}

/**
 * The statuses a deployment may answer for a request the oracle refused with `oracleStatus`.
 * A 401 is not traded for another error: without a valid key nothing else can be judged. A
 * 409 needs a valid request in a reachable site, so it stands only for itself. Every other
 * broken rule's status is as good as the oracle's, and a write with invalid input that the oracle
 * refused with a 400 may be refused for a collision first.
 */
export function allowedStatuses(oracleStatus: number, broken: BrokenRules): Set<number> {
  const allowed = new Set([oracleStatus])
  if (broken.noOperation) allowed.add(404)
  if (broken.unservedRoute) for (const status of broken.keyRefused ? [404, 405, 401] : [404, 405]) allowed.add(status)
  if (oracleStatus === 401 || broken.unauthenticated) return allowed
  // A key without permission on a resource that exists is a 403 (fixed); on one that does not
  // exist, either answer says the truth.
  if (broken.forbidden) allowed.add(403)
  if (broken.missing) allowed.add(404)
  if (broken.invalid) allowed.add(400)
  if (broken.invalid && broken.mayConflict && !broken.forbidden && (!broken.missing || broken.collidesIfFound)) allowed.add(409)
  return allowed
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
/** A detail's field is a parameter or a body field, or a path into one (pathname, localizations[0].locale). */
const rootOf = (field: string): string => field.split(/[.[]/)[0]!

/**
 * What a 400 may call a path parameter: the documents name the parameters (`localeIdOrCode`) but
 * not the words a detail uses for them, and a deployment may name what the parameter names (the
 * locale, its code, its id) as its resource's fields call it.
 */
const PARAMETER_WORDS: Readonly<Record<string, readonly string[]>> = {
  siteId: ['site', 'id'],
  localeIdOrCode: ['locale', 'id', 'localeId', 'code'],
  pageIdOrPathname: ['page', 'id', 'pageId', 'pathname'],
  routeIdOrPathname: ['route', 'id', 'routeId', 'pathname'],
}

/**
 * Two error answers under the contract's freedom: the target's status must be one the broken
 * rules allow, its code the one of its status, and a 400 must name at least one field, one of
 * them one that the request sent (a path parameter by any of its words) or that the oracle or
 * the sequence knows is broken, unless the 400 refuses a state rather than input (stateRefused).
 */
export function compareErrorFreely(targetStatus: number, target: unknown, oracleStatus: number, oracle: unknown, broken: BrokenRules, sentFields: readonly string[]): Difference | undefined {
  const allowed = allowedStatuses(oracleStatus, broken)
  if (!allowed.has(targetStatus)) {
    return { aspect: 'status', message: `expected ${[...allowed].join(' or ')} (the rules this request breaks), got ${targetStatus}` }
  }
  const wrongCode = errorCodeProblem(targetStatus, target)
  if (wrongCode) return { aspect: 'error code', message: wrongCode }
  if (targetStatus !== 400) return undefined
  const unnamed = unnamedFieldProblem(target)
  if (unnamed) return { aspect: 'error details', message: unnamed }
  if (broken.stateRefused) return undefined
  const named = detailFields(target)
  const known = new Set([...sentFields, ...sentFields.flatMap((field) => PARAMETER_WORDS[field] ?? []), ...broken.brokenFields, ...detailFields(oracle)].map(rootOf))
  const strangers = named.filter((field) => !known.has(rootOf(field)))
  if (strangers.length === named.length) {
    return { aspect: 'error details', message: `the 400 names ${named.join(', ')}, none of which the request sent or broke (it sent ${sentFields.join(', ') || 'no field'})` }
  }
  return undefined
}

/** Two error answers as sitemock gives them: the same code and the same fields named (--profile sitemock). */
export function compareErrorStrictly(target: unknown, oracle: unknown): Difference | undefined {
  const o = isObject(oracle) ? oracle : {}
  const t = isObject(target) ? target : {}
  if (t.code !== o.code) return { aspect: 'error code', message: `the error code is ${JSON.stringify(t.code)}, expected ${JSON.stringify(o.code)}` }
  const fields = (body: Json): string => detailFields(body).sort().join(', ')
  if (fields(t) !== fields(o)) return { aspect: 'error details', message: `the 400 names ${fields(t) || 'no field'}, expected ${fields(o)}` }
  return undefined
}
