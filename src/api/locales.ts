import type { Choices } from '../freedom/catalogue.js'
import type { CreateLocaleBody, ListLocalesQuery, LocalePathParams, OptionalSiteQuery, UpdateLocaleBody } from '../generated/types.js'
import type { LocaleRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { missingSiteReference, requireBodySite, requireSite } from './auth.js'
import { sortedByKey } from '../store/sorted-index.js'
import { ApiError, conflict, invalidField } from './errors.js'
import { anyCase, keptLocaleCode } from '../freedom/kept-input.js'
import { findLocale, findLocaleToDelete, findLocaleToRead } from './locale-target.js'
import { foreignTo, requireReachedCursor } from './foreign-cursor.js'
import { paginate } from './paginate.js'
import { presentLocale } from './present.js'
import { touchPagesOfRenamedLocale } from './page-derived-fields.js'
import { deletedBefore, deletesAgain } from './repeated-delete.js'
import { defineBehaviour, type AccessContext, type Behaviours } from './types.js'
import type { localeOperations } from './declarations/locales.js'

type LocaleAccess = AccessContext<LocalePathParams, OptionalSiteQuery>

const localeOf = ({ store, scope, params, query, choices }: LocaleAccess): LocaleRecord => findLocale(store, scope, params.localeIdOrCode, query.siteId, false, choices)
const deletedOrActiveLocaleOf = ({ store, scope, params, query, choices }: LocaleAccess): LocaleRecord =>
  findLocale(store, scope, params.localeIdOrCode, query.siteId, true, choices)

const codeTaken = (code: string): ApiError => conflict(`The site already has the locale ${code}.`)

/** A 409 for the code of a deleted locale of the site, for a deployment that keeps it for the restore (choice deletedLocaleCode reserved). */
function refuseReservedCode(store: Store, siteId: string, code: string, choices: Required<Choices> | undefined): void {
  if (choices?.deletedLocaleCode !== 'reserved') return
  const deleted = store.locales.deletedByCode(siteId, code, anyCase(choices))
  if (deleted) throw conflict(`The deleted locale ${deleted.locale} of this site keeps its code: restore it (POST /v2/locales/${deleted.id}/restore) instead of creating it again.`)
}

/** The deleted locale of the site that a create with its code brings back, for a deployment that revives it (choice deletedLocaleCode revived). */
function revivedLocale(store: Store, siteId: string, code: string, choices: Required<Choices> | undefined): LocaleRecord | undefined {
  return choices?.deletedLocaleCode === 'revived' ? store.locales.deletedByCode(siteId, code, anyCase(choices)) : undefined
}

/**
 * A rename onto the code of deleted locales of the site, for a deployment that revives them on a
 * create (choice deletedLocaleCode revived): the code is the renamed locale's now, so they are
 * gone for good, and a restore of them is a 404 (a delete sent again still finds where they were).
 */
function discardDeletedCode(store: Store, siteId: string, code: string, choices: Required<Choices> | undefined): void {
  if (choices?.deletedLocaleCode !== 'revived') return
  let deleted: LocaleRecord | undefined
  while ((deleted = store.locales.deletedByCode(siteId, code, anyCase(choices))) !== undefined) {
    store.locales.discard(deleted)
    if (deletesAgain(choices)) store.deleted.rememberLocale(deleted)
  }
}

/**
 * Renames a locale; the site's default and the pages' localizations follow the new code (a deleted
 * site's record too, where its locales outlive it: choice siteDeleteChildren kept).
 */
function renameLocale(store: Store, locale: LocaleRecord, code: string): void {
  const site = store.siteRecord(locale.siteId)!
  const previous = locale.locale
  store.locales.update(locale, { locale: code })
  if (site.defaultLocale === previous) store.updateSite(site, { defaultLocale: code })
  store.pages.renameLocalizations(site.id, previous, code)
}

/** What each locale operation does (declarations/locales.ts says what it is): a page imports it with the first request to one, Node from the start. */
export const localeBehaviour = {
  createLocale: defineBehaviour<Record<string, never>, Record<string, never>, CreateLocaleBody>({
    authorize: (context) => requireBodySite(context, 'locales'),
    run({ body, store, choices }) {
      const code = keptLocaleCode(body.locale, choices)
      if (store.locales.byCode(body.siteId, code, anyCase(choices))) throw codeTaken(code)
      refuseReservedCode(store, body.siteId, code, choices)
      requireOwnDomain(store, body.siteId, body.domain, undefined, choices)
      const revived = revivedLocale(store, body.siteId, code, choices)
      if (revived) {
        // As a restore brings it back (its id, place and pages' localizations), with the domain this create sends.
        store.locales.restore(revived)
        store.locales.update(revived, { domain: body.domain ?? null })
        return { status: 201, body: presentLocale(revived, store, choices) }
      }
      const locale: LocaleRecord = {
        id: store.random.uuid(),
        siteId: body.siteId,
        locale: code,
        domain: body.domain ?? null,
        pathPrefix: null,
        seq: store.nextSeq(),
        deletedAt: null,
      }
      store.locales.add(locale)
      return { status: 201, body: presentLocale(locale, store, choices) }
    },
  }),

  listLocales: defineBehaviour<Record<string, never>, ListLocalesQuery, undefined>({
    authorize({ query, scope, store, choices }) {
      requireSite(scope, store, query.siteId, missingSiteReference(choices, store, 'input'))
      requireReachedCursor(scope, store, 'locale', query.startingAfter, choices)
    },
    run({ query, store, choices }) {
      const ordered = choices?.localeListOrder === 'code' ? sortedByKey(store.locales.ofSite(query.siteId).values(), (locale) => locale.locale) : store.locales.ofSite(query.siteId)
      // A deleted locale is one the list leaves out (cursorOutsideList), not one that never was.
      const { items, hasMore } = paginate(ordered, (id) => store.locales.byId.get(id), query, { include: (locale) => locale.deletedAt === null, cursors: choices, foreign: foreignTo(store, 'locale', query.siteId) })
      return { status: 200, body: { object: 'list', data: items.map((l) => presentLocale(l, store, choices)), hasMore } }
    },
  }),

  getLocale: defineBehaviour<LocalePathParams, OptionalSiteQuery, undefined, LocaleRecord>({
    authorize: ({ store, scope, params, query, choices }) => findLocaleToRead(store, scope, params.localeIdOrCode, query.siteId, choices),
    run(context) {
      return { status: 200, body: presentLocale(context.target, context.store, context.choices) }
    },
  }),

  updateLocale: defineBehaviour<LocalePathParams, OptionalSiteQuery, UpdateLocaleBody, LocaleRecord>({
    authorize: localeOf,
    run(context) {
      const { body, store, target: locale, choices } = context
      const code = body.locale === undefined ? undefined : keptLocaleCode(body.locale, choices)
      // A deployment that finds codes whatever their case finds this locale itself under FR for fr.
      const holder = code === undefined ? undefined : store.locales.byCode(locale.siteId, code, anyCase(choices))
      if (code !== undefined && code !== locale.locale && holder !== undefined && holder !== locale) throw codeTaken(code)
      if (code !== undefined && code !== locale.locale) refuseReservedCode(store, locale.siteId, code, choices)
      if (code !== undefined && code !== locale.locale && choices?.renameDefaultLocale === 'refused' && store.siteRecord(locale.siteId)!.defaultLocale === locale.locale) {
        throw invalidField('locale', `names a new code for the default locale of the site (${locale.locale}), which cannot be renamed; rename another locale`)
      }
      requireOwnDomain(store, locale.siteId, body.domain, locale, choices)
      if (code !== undefined && code !== locale.locale) discardDeletedCode(store, locale.siteId, code, choices)
      if (code !== undefined && code !== locale.locale) {
        const wasDefault = store.siteRecord(locale.siteId)!.defaultLocale === locale.locale
        renameLocale(store, locale, code)
        // A deployment for which the pages a new code shows in are updated by it (choice localeRenameTouchesPages).
        touchPagesOfRenamedLocale(store, locale.siteId, code, wasDefault, choices)
      }
      if (body.domain !== undefined) store.locales.update(locale, { domain: body.domain })
      return { status: 200, body: presentLocale(locale, store, choices) }
    },
  }),

  // The target is the locale to delete; undefined for one its site's delete removed (choice repeatedDelete idempotent).
  deleteLocale: defineBehaviour<LocalePathParams, OptionalSiteQuery, undefined, LocaleRecord | undefined>({
    authorize: ({ store, scope, params, query, choices }) =>
      deletedBefore(store, scope, params.localeIdOrCode, query.siteId, 'locale', choices) ? undefined : findLocaleToDelete(store, scope, params.localeIdOrCode, query.siteId, choices),
    run(context) {
      const { store, target: locale } = context
      // Deleted before, softly or with its site: a deployment whose deletes are idempotent answers 204 again, and changes nothing (choice repeatedDelete).
      if (locale === undefined || locale.deletedAt !== null) return { status: 204 }
      if (store.siteRecord(locale.siteId)!.defaultLocale === locale.locale) {
        throw new ApiError(400, 'bad_request', `The default locale of a site cannot be deleted: ${locale.locale} is the default of its site.`, [
          { field: 'localeIdOrCode', message: `names the default locale (${locale.locale}), which cannot be deleted; delete another locale` },
        ])
      }
      store.locales.softDelete(locale, store.timestamp())
      return { status: 204 }
    },
  }),

  restoreLocale: defineBehaviour<LocalePathParams, OptionalSiteQuery, undefined, LocaleRecord>({
    authorize: deletedOrActiveLocaleOf,
    run(context) {
      const { store, target: locale } = context
      // A deployment that restores a live locale as a no-op answers it as it is.
      if (locale.deletedAt === null && context.choices?.restoreLiveLocale === '200') return { status: 200, body: presentLocale(locale, store, context.choices) }
      // One that judges the request invalid names the path parameter that named the live locale.
      if (locale.deletedAt === null && context.choices?.restoreLiveLocale === '400') {
        throw new ApiError(400, 'bad_request', `The locale ${locale.locale} is not deleted, so there is nothing to restore.`, [
          { field: 'localeIdOrCode', message: 'names a locale that is not deleted; only a deleted locale can be restored' },
        ])
      }
      if (locale.deletedAt === null) throw conflict(`The locale ${locale.locale} is not deleted, so there is nothing to restore.`)
      if (store.locales.byCode(locale.siteId, locale.locale, anyCase(context.choices))) throw conflict(`The site has the locale ${locale.locale} again, so the deleted one cannot be restored.`)
      requireOwnDomain(store, locale.siteId, locale.domain, locale, context.choices)
      store.locales.restore(locale)
      return { status: 200, body: presentLocale(locale, store, context.choices) }
    },
  }),
} satisfies Behaviours<typeof localeOperations>

/**
 * A 409 for a domain another live locale of the site (or of any site) has, where the deployment
 * lets a domain name one locale only (choice localeDomains). The scans run only under that choice.
 */
function requireOwnDomain(store: Store, siteId: string, domain: string | null | undefined, self: LocaleRecord | undefined, choices: Required<Choices> | undefined): void {
  if (domain === null || domain === undefined) return
  if (choices?.localeDomains === 'unique') {
    const holder = store.locales.ofSite(siteId).values().find((other) => other !== self && other.domain === domain)
    if (holder) throw conflict(`The locale ${holder.locale} of this site already has the domain ${domain}; here a domain names one locale of a site.`)
  }
  if (choices?.localeDomains === 'unique-everywhere') {
    // Every active locale of every site: a scan, under this choice alone and on a write.
    const holder = [...store.locales.byId.values()].find((other) => other !== self && other.deletedAt === null && other.domain === domain)
    if (holder) throw conflict(`The locale ${holder.locale} of a site already has the domain ${domain}; here a domain names one locale of all the sites.`)
  }
}
