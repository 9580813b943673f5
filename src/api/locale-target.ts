import common from '../../contracts/schemas/common.json' with { type: 'json' }
import type { LocaleRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { isUuid, requireSite } from './auth.js'
import { invalidField, notFound } from './errors.js'
import type { Scope } from './types.js'

// The same pattern request bodies are validated with, so a path names exactly the codes a body may set.
const LOCALE_CODE = new RegExp(common.$defs.localeCode.pattern)

/**
 * The locale a path names: by id, or by code together with ?siteId=. Soft-deleted locales are
 * found only for a restore. Access is decided before any body is judged.
 */
export function findLocale(store: Store, scope: Scope, idOrCode: string, siteId: string | undefined, forRestore = false): LocaleRecord {
  if (isUuid(idOrCode)) {
    const locale = store.locales.byId.get(idOrCode.toLowerCase())
    const visible = locale && (forRestore || locale.deletedAt === null) && (siteId === undefined || locale.siteId === siteId)
    if (!visible) throw notFound('locale', `id ${idOrCode}`)
    requireSite(scope, store, locale.siteId)
    return locale
  }
  if (!LOCALE_CODE.test(idOrCode)) {
    throw invalidField('localeIdOrCode', `must be a locale id (a UUID) or a locale code such as fr or fr-FR; got ${JSON.stringify(idOrCode)}`)
  }
  if (siteId === undefined) throw invalidField('siteId', 'is required when the locale is named by its code; pass ?siteId=<site id>')
  requireSite(scope, store, siteId)
  const locale = (forRestore ? store.locales.deletedByCode(siteId, idOrCode) : undefined) ?? store.locales.byCode(siteId, idOrCode)
  if (!locale) throw notFound('locale', `code ${idOrCode} in site ${siteId}`)
  return locale
}
