import { besideIdSite, inQuerySite, nameSite, reachRemoved, type Call } from './access.js'
import { noContent, type Answer } from './http.js'
import { Fields, isUuid } from './input.js'
import type { Family, Removed } from './store.js'

/**
 * A DELETE of what a delete already removed, at `repeatedDelete: idempotent`: a 204 again for a
 * key that reached it, a 403 for one that did not. Undefined (the delete goes on as ever, and an
 * id that never was is a 404) at the default, where `live` (the delete's own lookup) finds what
 * the path names, or where nothing of that id, pathname or code was removed.
 */
export function deletedAgain(call: Call, family: Family, idOrName: string, live: () => unknown): Answer | undefined {
  if (call.store.choices.repeatedDelete !== 'idempotent') return undefined
  // The query is read first, as the delete's own lookup reads it; a site's delete takes no siteId.
  if (family !== 'sites') new Fields(call.query).uuid('siteId')
  if (live() !== undefined) return undefined
  const removed = isUuid(idOrName) ? removedById(call, family, idOrName.toLowerCase()) : removedByName(call, family, idOrName)
  if (removed === undefined) return undefined
  reachRemoved(call, removed)
  if (family !== 'sites') besideIdSite(call, removed.siteId, family.replace(/s$/, ''))
  call.settle()
  return noContent()
}

function removedById(call: Call, family: Family, id: string): Removed | undefined {
  const removed = call.store.removed.get(id)
  if (removed?.family !== family) return undefined
  // A `siteId` beside the id names its site, as it must for what is there.
  return family === 'sites' || inQuerySite(call, removed.siteId) ? removed : undefined
}

/** A code or pathname (in the `siteId` site) that named what was removed, matched as a lookup of what is there matches it. */
function removedByName(call: Call, family: Family, name: string): Removed | undefined {
  if (family === 'sites') return undefined
  const site = nameSite(call)
  const { rules } = call
  const here = [...call.store.removed.values()].filter((removed) => removed.family === family && removed.siteId === site.id)
  if (family === 'locales') return here.find((removed) => removed.name !== undefined && rules.sameCode(removed.name, rules.lookedUpCode(name)))
  const named = here.flatMap((removed) => (removed.name === undefined ? [] : [{ removed, pathname: removed.name }]))
  return rules.byPathname(named, family === 'pages' ? rules.storedPathname(name) : name)?.removed
}
