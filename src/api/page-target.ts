import type { Choices } from '../contracts/choices.js'
import type { PageLocalization } from '../generated/types.js'
import type { PageVersion } from '../store/page-order.js'
import type { LocaleRecord, PageRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { isUuid } from './uuid.js'
import { invalidField, notFound } from './errors.js'
import { findInSite, type TargetKind } from './site-target.js'
import { anyCase, keptLocaleCode, keptPagePathname, lookupInAnyCase } from './kept-input.js'
import type { Scope } from './types.js'

/**
 * The page a path names: by id, or by pathname together with ?siteId=, the pathname of the
 * version asked for (a published page's draft may have moved since).
 */
export function findPage(store: Store, scope: Scope, idOrPathname: string, siteId: string | undefined, version: PageVersion = 'draft', choices?: Required<Choices>): PageRecord {
  return findInSite(store, scope, idOrPathname, siteId, version === 'live' ? LIVE_PAGE : DRAFT_PAGE, choices)
}

// A pathname's leading / is judged with the path parameters (page-params.json), before these lookups.
// The exact pathname first; then, for a deployment that looks pathnames up in any case (choice
// pathnameLookupCase any-case), the one page that has it in another case.
const DRAFT_PAGE: TargetKind<PageRecord> = {
  resource: 'page',
  nameLabel: 'pathname',
  byId: (store, id) => store.pages.byId.get(id),
  byName: (store, site, pathname, choices) => store.pages.byPathname(site, pathname) ?? (lookupInAnyCase(choices) ? store.pages.byPathnameInAnyCase(site, pathname, 'draft') : undefined),
  keptName: keptPagePathname,
}
const LIVE_PAGE: TargetKind<PageRecord> = {
  ...DRAFT_PAGE,
  byName: (store, site, pathname, choices) => store.pages.byLivePathname(site, pathname) ?? (lookupInAnyCase(choices) ? store.pages.byPathnameInAnyCase(site, pathname, 'live') : undefined),
}

/** What a locale the site lacks gives (choice pageUnknownLocale): a 400, a 404, or (lists) no page, as null. */
export type UnknownLocale = Required<Choices>['pageUnknownLocale']

/**
 * What a page read gives for a locale its site lacks: what the page list gives (a 400, or a 404
 * where the list is a 404 or shows no page: a read then finds none); or, for a deployment that
 * reads such a locale as none at all (choice pageReadUnknownLocale default), no page left out:
 * the null localeToCollapse then answers is the site's default locale, as without `locale`.
 */
export function readUnknownLocale(choices: Required<Choices> | undefined): UnknownLocale {
  if (choices?.pageReadUnknownLocale === 'default') return 'empty-list'
  return (choices?.pageUnknownLocale ?? '400') === '400' ? '400' : '404'
}

/**
 * The locale a `locale` parameter names (a code or a locale id) among the site's active
 * locales; undefined for the site's default locale, which needs no collapsing.
 */
export function localeToCollapse(store: Store, site: SiteRecord, value: string | undefined, unknown: UnknownLocale = '400', choices?: Required<Choices>): LocaleRecord | undefined | null {
  // An empty locale= reaches here only under choices that read it as the default locale.
  if (value === undefined || value === '') return undefined
  const locale = isUuid(value) ? store.locales.byId.get(value.toLowerCase()) : store.locales.byCode(site.id, keptLocaleCode(value, choices), anyCase(choices))
  if (!locale || locale.siteId !== site.id || locale.deletedAt !== null) {
    if (unknown === 'empty-list') return null
    if (unknown === '404') throw notFound('locale', `${value} in site ${site.id}`)
    const codes = store.locales.ofSite(site.id).values().map((l) => l.locale)
    throw invalidField('locale', `is not a locale of this site; accepted: ${codes.join(', ')} or one of their ids`)
  }
  return locale.locale === site.defaultLocale ? undefined : locale
}

export const localizationIn = (localizations: PageLocalization[], locale: LocaleRecord | undefined): PageLocalization | undefined =>
  locale === undefined ? undefined : localizations.find((l) => l.locale === locale.locale)
