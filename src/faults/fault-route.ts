import { invalidField } from '../api/errors.js'
import type { RegisteredOperation } from '../api/types.js'

/**
 * The operations a fault's `route` names: an operationId (createPage), a path template
 * (/v6/pages/{pageIdOrPathname}) or a path as sent (/v6/pages/%2Fabout), either optionally
 * after a method (POST /v6/pages). Naming none is a 400 that lists what is accepted.
 */
export function operationsOfRoute(route: string, operations: readonly RegisteredOperation[], matches: (method: string, path: string) => RegisteredOperation | undefined): string[] {
  const text = route.trim()
  const byId = operations.filter((operation) => operation.operationId === text)
  if (byId.length) return byId.map((operation) => operation.operationId)
  const parts = /^(?:([A-Za-z]+)\s+)?(\/\S*)$/.exec(text)
  const method = parts?.[1]?.toUpperCase()
  const path = parts?.[2]
  const found = operations.filter(
    (operation) => path !== undefined && (method === undefined || operation.method === method) && (operation.path === path || matches(operation.method, path) === operation),
  )
  if (found.length) return found.map((operation) => operation.operationId)
  throw invalidField('route', `matches no operation; got ${JSON.stringify(route)}; accepted: an operationId such as ${operations[0]?.operationId ?? 'createSite'}, or a path such as ${operations[0]?.path ?? '/v2/sites'}, optionally after a method`)
}
