import type { PageLocalization } from '../contracts/types.js'
import type { LocaleRecord, PageRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { isUuid, requireSite } from './auth.js'
import { invalidField, notFound } from './errors.js'
import type { Scope } from './types.js'

/**
 * The page a path names: by id, or by pathname together with ?siteId=. Access is decided here,
 * before any body is judged: another tenant's page is a 403, a missing one a 404.
 */
export function findPage(store: Store, scope: Scope, idOrPathname: string, siteId: string | undefined): PageRecord {
  if (isUuid(idOrPathname)) {
    const page = store.pages.byId.get(idOrPathname.toLowerCase())
    if (!page || (siteId !== undefined && page.siteId !== siteId)) throw notFound('page', `id ${idOrPathname}`)
    requireSite(scope, store, page.siteId)
    return page
  }
  if (!idOrPathname.startsWith('/')) {
    throw invalidField('pageIdOrPathname', `must be a page id (a UUID) or a URL-encoded pathname that starts with /; got ${JSON.stringify(idOrPathname)}`)
  }
  if (siteId === undefined) throw invalidField('siteId', 'is required when the page is named by its pathname; pass ?siteId=<site id>')
  requireSite(scope, store, siteId)
  const page = store.pages.byPathname(siteId, idOrPathname)
  if (!page) throw notFound('page', `pathname ${idOrPathname} in site ${siteId}`)
  return page
}

/**
 * The locale a `locale` parameter names (a code or a locale id) among the site's active
 * locales; undefined for the site's default locale, which needs no collapsing.
 */
export function localeToCollapse(store: Store, site: SiteRecord, value: string | undefined): LocaleRecord | undefined {
  if (value === undefined) return undefined
  const locale = isUuid(value) ? store.locales.byId.get(value.toLowerCase()) : store.locales.byCode(site.id, value)
  if (!locale || locale.siteId !== site.id || locale.deletedAt !== null) {
    const codes = store.locales.ofSite(site.id).values().map((l) => l.locale)
    throw invalidField('locale', `is not a locale of this site; accepted: ${codes.join(', ')} or one of their ids`)
  }
  return locale.locale === site.defaultLocale ? undefined : locale
}

export const localizationIn = (localizations: PageLocalization[], locale: LocaleRecord | undefined): PageLocalization | undefined =>
  locale === undefined ? undefined : localizations.find((l) => l.locale === locale.locale)
