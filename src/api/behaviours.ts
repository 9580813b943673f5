import { OnDemandPart } from '../control/on-demand-part.js'
import { FAMILIES, type Family } from './operations.js'
import type { RegisteredBehaviour, RegisteredOperation, RunnableOperation } from './types.js'

type FamilyBehaviours = Readonly<Record<string, RegisteredBehaviour>>

/**
 * What each family's operations do (sites.ts, locales.ts, pages.ts, routes.ts): Node's entries hand
 * every family over at import (eager-parts.ts); a page's entries as a dynamic import each, so that a
 * page's first request loads its own family's code alone (see Mock.prepare).
 */
const parts: Record<Family, OnDemandPart<FamilyBehaviours>> = {
  sites: new OnDemandPart('the code of the site operations'),
  locales: new OnDemandPart('the code of the locale operations'),
  pages: new OnDemandPart('the code of the page operations'),
  routes: new OnDemandPart('the code of the route operations'),
}

const familyOf = new Map<RegisteredOperation, Family>(Object.entries(FAMILIES).flatMap(([family, declared]) => declared.map((operation) => [operation, family as Family] as const)))

/** Node: every family's behaviours, there from the start. */
export function provideBehaviours(family: Family, behaviours: FamilyBehaviours): void {
  parts[family].provide(behaviours)
}

/** A page: how to import each family's behaviours when a request first needs them. */
export function provideBehavioursOnDemand(loaders: Record<Family, () => Promise<FamilyBehaviours>>): void {
  for (const family of Object.keys(parts) as Family[]) parts[family].provideOnDemand(loaders[family])
}

/** In a page, the import of the operation's family before its first request is answered; undefined when it is there (always in Node). */
export function prepareBehaviour(operation: RegisteredOperation): Promise<void> | undefined {
  return parts[family(operation)].load()
}

/** Each operation with its behaviour, made once: the dispatcher asks for it on every request. */
const runnables = new Map<RegisteredOperation, RunnableOperation>()

/** The operation with what it does; without its family's code (a page that did not prepare the request), a 500 in the envelope that says why. */
export function runnable(operation: RegisteredOperation): RunnableOperation {
  const made = runnables.get(operation)
  if (made) return made
  const behaviour = parts[family(operation)].get()[operation.operationId]
  if (!behaviour) throw new Error(`${operation.operationId} has no behaviour in its family's module`)
  const joined: RunnableOperation = { ...operation, ...behaviour }
  runnables.set(operation, joined)
  return joined
}

function family(operation: RegisteredOperation): Family {
  const found = familyOf.get(operation)
  if (found === undefined) throw new Error(`${operation.method} ${operation.path} is no declared operation`)
  return found
}
