import { loadOperationValidators, operationValidatorsOnDemand, type ValidatorKind } from '../contracts/validator-sets.js'
import { together } from '../control/on-demand-part.js'
import { prepareBehaviour } from './behaviours.js'
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
 * In a page, the first request to an operation imports its validators and its family's code before
 * it is answered: undefined when there is nothing to wait for (always in Node, where all are there
 * from the start).
 */
export function prepareOperation(routes: RouteTable, method: string, path: string): Promise<void> | undefined {
  if (!operationValidatorsOnDemand()) return undefined
  const match = routes.match(method, path)
  if (match.kind !== 'found') return undefined
  return together(loadOperationValidators(operationSchemaFiles(match.operation)), prepareBehaviour(match.operation))
}

/** prepareOperation for several requests at once (the writes a page replays when it reloads). */
export function prepareOperations(routes: RouteTable, requests: Iterable<{ method: string; path: string }>): Promise<void> | undefined {
  if (!operationValidatorsOnDemand()) return undefined
  return together(...[...requests].map(({ method, path }) => prepareOperation(routes, method, path)))
}
