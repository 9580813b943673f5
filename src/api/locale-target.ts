import type { LocaleRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { findInSite } from './site-target.js'
import type { Scope } from './types.js'

/**
 * The locale a path names: by id, or by code together with ?siteId=. Soft-deleted locales are
 * found only for a restore, the most recently deleted one of a code first.
 */
export function findLocale(store: Store, scope: Scope, idOrCode: string, siteId: string | undefined, forRestore = false): LocaleRecord {
  return findInSite(store, scope, idOrCode, siteId, {
    resource: 'locale',
    nameLabel: 'code',
    byId: (id) => {
      const locale = store.locales.byId.get(id)
      return locale && (forRestore || locale.deletedAt === null) ? locale : undefined
    },
    // A code's form is judged with the path parameters (locale-params.json), before this lookup.
    byName: (site, code) => (forRestore ? store.locales.deletedByCode(site, code) : undefined) ?? store.locales.byCode(site, code),
  })
}
