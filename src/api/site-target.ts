import type { Choices } from '../contracts/choices.js'
import type { Store } from '../store/store.js'
import { requireRecordSite, requireSite } from './auth.js'
import { isUuid } from './uuid.js'
import { invalidField, notFound } from './errors.js'
import { lowerCase } from './lower-case.js'
import type { Scope } from './types.js'

/**
 * How one family names its records in a path: by id, or by a name (pathname, code) within a
 * site. Made once per family, not per request: the store comes with each lookup.
 */
export interface TargetKind<R extends { siteId: string }> {
  resource: 'page' | 'route' | 'locale'
  /** What the name is, as messages say it: "pathname", "code". */
  nameLabel: string
  byId(store: Store, id: string): R | undefined
  byName(store: Store, siteId: string, name: string, choices: Required<Choices> | undefined): R | undefined
  /** The name as the deployment stores it (a code in canonical case, a pathname without its trailing slash), to look it up so. */
  keptName?(name: string, choices: Required<Choices> | undefined): string
}

/**
 * The record a path names: a UUID is an id (a ?siteId= other than its site makes it a 404,
 * unless the deployment ignores a siteId beside an id: choice siteIdBesideId); anything else is
 * a name, which needs ?siteId=. Access is decided here, before any body is judged: another
 * tenant's record is a 403, a missing one a 404.
 */
export function findInSite<R extends { siteId: string }>(store: Store, scope: Scope, value: string, siteId: string | undefined, kind: TargetKind<R>, choices?: Required<Choices>): R {
  if (isUuid(value)) {
    const record = kind.byId(store, lowerCase(value))
    const checked = siteId !== undefined && choices?.siteIdBesideId !== 'ignored'
    if (!record || (checked && record.siteId !== siteId)) throw notFound(kind.resource, `id ${value}`)
    // A record whose site is deleted is found by id only where a deployment keeps it (siteDeleteChildren kept).
    requireRecordSite(scope, store, record.siteId)
    return record
  }
  if (siteId === undefined) throw invalidField('siteId', `is required when the ${kind.resource} is named by its ${kind.nameLabel} (a value that is not a UUID); pass ?siteId=<site id>`)
  requireSite(scope, store, siteId)
  const record = kind.byName(store, siteId, kind.keptName ? kind.keptName(value, choices) : value, choices)
  if (!record) throw notFound(kind.resource, `${kind.nameLabel} ${value} in site ${siteId}`)
  return record
}
