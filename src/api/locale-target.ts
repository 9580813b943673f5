import common from '../../contracts/schemas/common.json' with { type: 'json' }
import type { LocaleRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { invalidField } from './errors.js'
import { findInSite } from './site-target.js'
import type { Scope } from './types.js'

// The same pattern request bodies are validated with, so a path names exactly the codes a body may set.
const LOCALE_CODE = new RegExp(common.$defs.localeCode.pattern)

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
    byName: (site, code) => (forRestore ? store.locales.deletedByCode(site, code) : undefined) ?? store.locales.byCode(site, code),
    checkName(value) {
      if (!LOCALE_CODE.test(value)) throw invalidField('localeIdOrCode', `must be a locale id (a UUID) or a locale code such as fr or fr-FR; got ${JSON.stringify(value)}`)
    },
  })
}
