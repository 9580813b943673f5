import { loadOperationValidators, operationValidatorsOnDemand, type ValidatorKind } from '../contracts/validator-sets.js'
import type { RouteTable } from './route-table.js'
import type { RegisteredOperation } from './types.js'

/** The schema files an operation judges its request by, as the dispatcher compiles them. */
export function operationSchemaFiles(operation: RegisteredOperation): Array<{ file: string; kind: ValidatorKind }> {
  const files: Array<{ file: string; kind: ValidatorKind }> = [
    { file: operation.params ?? 'empty-query.json', kind: 'params' },
    { file: operation.query ?? 'empty-query.json', kind: 'params' },
  ]
  if (operation.body) files.push({ file: operation.body, kind: 'body' })
  return files
}

/**
 * In a page, the first request to an operation imports its validators before it is answered:
 * undefined when there is nothing to wait for (always in Node, where all are there from the start).
 */
export function prepareOperation(routes: RouteTable, method: string, path: string): Promise<void> | undefined {
  if (!operationValidatorsOnDemand()) return undefined
  const match = routes.match(method, path)
  return match.kind === 'found' ? loadOperationValidators(operationSchemaFiles(match.operation)) : undefined
}

/** prepareOperation for several requests at once (the writes a page replays when it reloads). */
export function prepareOperations(routes: RouteTable, requests: Iterable<{ method: string; path: string }>): Promise<void> | undefined {
  if (!operationValidatorsOnDemand()) return undefined
  const pending: Promise<void>[] = []
  for (const { method, path } of requests) {
    const preparing = prepareOperation(routes, method, path)
    if (preparing) pending.push(preparing)
  }
  return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined)
}
