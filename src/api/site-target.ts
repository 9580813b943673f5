import type { Choices } from '../freedom/catalogue.js'
import type { Store } from '../store/store.js'
import { missingSiteReference, requireRecordSite, requireSite } from './auth.js'
import { isUuid } from '../contracts/uuid.js'
import { invalidField, notFound, type ApiError } from './errors.js'
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
 * Whether a ?siteId= beside an id names another site than the record's (or no site), for a
 * deployment that reads it there (choice siteIdBesideId: checked or refused, not ignored).
 */
export const otherSiteBesideId = (siteId: string | undefined, recordSite: string, choices: Required<Choices> | undefined): boolean =>
  siteId !== undefined && choices?.siteIdBesideId !== 'ignored' && siteId !== recordSite

/**
 * The 400 of a deployment that refuses such a siteId (choice siteIdBesideId refused). It is
 * judged once the key is known to reach the record, so that it tells another tenant nothing.
 */
export const siteIdBesideIdRefused = (resource: string): ApiError => invalidField('siteId', `does not match the site of the ${resource} the id names`)

/**
 * The record a path names: a UUID is an id (a ?siteId= other than its site makes it a 404, or a
 * 400 naming siteId, unless the deployment ignores a siteId beside an id: choice siteIdBesideId);
 * anything else is a name, which needs ?siteId=. Access is decided here, before any body is
 * judged: another tenant's record is a 403, a missing one a 404.
 */
export function findInSite<R extends { siteId: string }>(store: Store, scope: Scope, value: string, siteId: string | undefined, kind: TargetKind<R>, choices?: Required<Choices>): R {
  if (isUuid(value)) {
    const record = kind.byId(store, lowerCase(value))
    const otherSite = record !== undefined && otherSiteBesideId(siteId, record.siteId, choices)
    if (!record || (otherSite && choices?.siteIdBesideId !== 'refused')) throw notFound(kind.resource, `id ${value}`)
    // A record whose site is deleted is found by id only where a deployment keeps it (siteDeleteChildren kept).
    requireRecordSite(scope, store, record.siteId)
    if (otherSite) throw siteIdBesideIdRefused(kind.resource)
    return record
  }
  if (siteId === undefined) throw invalidField('siteId', `is required when the ${kind.resource} is named by its ${kind.nameLabel} (a value that is not a UUID); pass ?siteId=<site id>`)
  const record = store.sites.has(siteId) ? kind.byName(store, siteId, kind.keptName ? kind.keptName(value, choices) : value, choices) : undefined
  // A deployment that judges existence before permission (choice accessOrder existence-first): a name
  // that names nothing in an existing site is a 404 for any key, before the key's reach is judged.
  // At site-first the site it names is judged for the key first, as the scope of the name.
  if (!record && store.sites.has(siteId) && choices?.accessOrder === 'existence-first') throw notFound(kind.resource, `${kind.nameLabel} ${value} in site ${siteId}`)
  requireSite(scope, store, siteId, missingSiteReference(choices, store, 'lookup'))
  if (!record) throw notFound(kind.resource, `${kind.nameLabel} ${value} in site ${siteId}`)
  return record
}
