import type { Call } from './call.js'
import { bodyObject, checkInput, Issues, type Input, type Shape } from './validate.js'

/**
 * Path, query and body checked together before anything is looked up: a 400 names every broken
 * field of the request, and input is judged before the key's reach (a broken request from a
 * foreign key is a 400, not a 403). A query parameter the operation does not take is refused.
 */
export function checked(call: Call, shapes: { params?: Shape; query?: Shape; body?: Shape }, extra?: (issues: Issues, body: Input) => void): Input {
  const issues = new Issues()
  if (shapes.params) checkInput(call.params, shapes.params, issues)
  checkInput(call.query, shapes.query ?? {}, issues)
  const body = shapes.body ? bodyObject(call.body, issues) : {}
  if (shapes.body) checkInput(body, shapes.body, issues)
  // Rules that tie fields together (a code or a pathname needs its siteId) join the same 400.
  extra?.(issues, body)
  issues.settle()
  return body
}
