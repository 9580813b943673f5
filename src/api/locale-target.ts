import type { Choices } from '../freedom/catalogue.js'
import type { LocaleRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { findInSite, type TargetKind } from './site-target.js'
import { anyCase, lookedUpLocaleCode } from '../freedom/kept-input.js'
import type { Scope } from './types.js'
import { isUuid } from '../contracts/uuid.js'
import { deletesAgain } from './repeated-delete.js'

/**
 * The locale a path names: by id, or by code together with ?siteId=. Soft-deleted locales are
 * found only for a restore, the most recently deleted one of a code first.
 */
export function findLocale(store: Store, scope: Scope, idOrCode: string, siteId: string | undefined, forRestore = false, choices?: Required<Choices>): LocaleRecord {
  // A deployment whose restore answers a live locale with 404 (choice restoreLiveLocale) looks among
  // the deleted ones only: a live locale is then not found, before any key's reach is judged. One
  // may do so for a code alone (choice restoreByCode).
  const deletedOnly = choices?.restoreLiveLocale === '404' || (choices?.restoreByCode === 'deleted-only' && !isUuid(idOrCode))
  const kind = !forRestore ? ACTIVE_LOCALE : deletedOnly ? DELETED_LOCALE : DELETED_OR_ACTIVE_LOCALE
  return findInSite(store, scope, idOrCode, siteId, kind, choices)
}

/**
 * The locale a GET names: an active one; by its id, a soft-deleted one too where the deployment
 * still reads it so, as it was (choice deletedLocaleRead by-id). By code a deleted locale is gone.
 */
export function findLocaleToRead(store: Store, scope: Scope, idOrCode: string, siteId: string | undefined, choices?: Required<Choices>): LocaleRecord {
  return findInSite(store, scope, idOrCode, siteId, choices?.deletedLocaleRead === 'by-id' ? ACTIVE_OR_DELETED_BY_ID : ACTIVE_LOCALE, choices)
}

/**
 * The locale a DELETE names: an active one; for a deployment whose deletes are idempotent (choice
 * repeatedDelete), a soft-deleted one too, which the delete then leaves as it is (by code, an
 * active locale of the code first: a code is taken again once its locale is deleted).
 */
export function findLocaleToDelete(store: Store, scope: Scope, idOrCode: string, siteId: string | undefined, choices?: Required<Choices>): LocaleRecord {
  return findInSite(store, scope, idOrCode, siteId, deletesAgain(choices) ? ACTIVE_OR_DELETED_LOCALE : ACTIVE_LOCALE, choices)
}

// A code's form is judged with the path parameters (locale-params.json), before these lookups.
const ACTIVE_LOCALE: TargetKind<LocaleRecord> = {
  resource: 'locale',
  nameLabel: 'code',
  byId: (store, id) => {
    const locale = store.locales.byId.get(id)
    return locale?.deletedAt === null ? locale : undefined
  },
  byName: (store, site, code, choices) => store.locales.byCode(site, code, anyCase(choices)),
  keptName: lookedUpLocaleCode,
}
const DELETED_OR_ACTIVE_LOCALE: TargetKind<LocaleRecord> = {
  ...ACTIVE_LOCALE,
  byId: (store, id) => store.locales.byId.get(id),
  byName: (store, site, code, choices) => store.locales.deletedByCode(site, code, anyCase(choices)) ?? store.locales.byCode(site, code, anyCase(choices)),
}
const ACTIVE_OR_DELETED_LOCALE: TargetKind<LocaleRecord> = {
  ...ACTIVE_LOCALE,
  byId: (store, id) => store.locales.byId.get(id),
  byName: (store, site, code, choices) => store.locales.byCode(site, code, anyCase(choices)) ?? store.locales.deletedByCode(site, code, anyCase(choices)),
}
const ACTIVE_OR_DELETED_BY_ID: TargetKind<LocaleRecord> = {
  ...ACTIVE_LOCALE,
  byId: (store, id) => store.locales.byId.get(id),
}
const DELETED_LOCALE: TargetKind<LocaleRecord> = {
  ...ACTIVE_LOCALE,
  byId: (store, id) => {
    const locale = store.locales.byId.get(id)
    return locale?.deletedAt === null ? undefined : locale
  },
  byName: (store, site, code, choices) => store.locales.deletedByCode(site, code, anyCase(choices)),
}
