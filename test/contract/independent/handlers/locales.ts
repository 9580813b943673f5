import { randomUUID } from 'node:crypto'
import { guard, reachableSite, type Call, type Handler } from '../call.js'
import { checked } from '../checked.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import { byCodeUnit, listBody, pageOf } from '../lists.js'
import { localeJson } from '../present.js'
import type { Locale } from '../store.js'
import { isLocaleCode, isUuid, limit, localeCode, nullable, url, uuid, type Issues, type Shape } from '../validate.js'

const SITE_QUERY: Shape = { siteId: { rule: uuid } }

/** The path names a locale by id (a UUID) or by code; a code needs `siteId` to say whose. */
function lookupRules(call: Call) {
  return (issues: Issues): void => {
    const key = call.params.localeIdOrCode!
    if (!isUuid(key) && !isLocaleCode(key)) issues.add('localeIdOrCode', 'expected a locale id or a locale code such as fr-FR')
    else if (!isUuid(key) && call.query.siteId === undefined) issues.add('siteId', 'siteId is required when the locale is named by its code')
  }
}

/**
 * The locale the path names, for a caller that must reach its site. By id: found among every
 * site's locales, then the caller's reach. By code: the site first, then its locale with that
 * code (a deleted one only when `deleted` asks for it, the latest deleted first).
 */
function findLocale(call: Call, deleted: 'active' | 'deleted-too'): Locale {
  const key = call.params.localeIdOrCode!
  const { store } = call
  if (isUuid(key)) {
    const locale = store.locales.get(key.toLowerCase())
    if (!locale || (locale.deletedSeq !== null && deleted === 'active')) throw notFound('locale')
    if (call.query.siteId !== undefined && call.query.siteId.toLowerCase() !== locale.siteId) throw notFound('locale')
    guard(call, locale.siteId)
    return locale
  }
  const site = reachableSite(call, call.query.siteId!)
  const active = store.activeLocalesOf(site.id).find((locale) => locale.code === key)
  if (active) return active
  const gone = store.localesOf(site.id).filter((locale) => locale.code === key && locale.deletedSeq !== null)
  const latest = gone.sort((a, b) => (b.deletedSeq ?? 0) - (a.deletedSeq ?? 0))[0]
  if (latest && deleted === 'deleted-too') return latest
  throw notFound('locale')
}

const codeTaken = (call: Call, siteId: string, code: string, except?: string): boolean =>
  call.store.activeLocalesOf(siteId).some((locale) => locale.code === code && locale.id !== except)

export const listLocales: Handler = (call) => {
  checked(call, { query: { siteId: { rule: uuid, required: true }, limit: { rule: limit }, startingAfter: { rule: uuid } } })
  const site = reachableSite(call, call.query.siteId!)
  // By code: neither document fixes the order of this list.
  const locales = call.store.activeLocalesOf(site.id).sort((a, b) => byCodeUnit(a.code, b.code))
  return { status: 200, body: listBody(pageOf(locales, call.query.limit, call.query.startingAfter), (locale) => localeJson(call.store, locale)) }
}

export const createLocale: Handler = (call) => {
  const body = checked(call, { body: { siteId: { rule: uuid, required: true }, locale: { rule: localeCode, required: true }, domain: { rule: url } } })
  const site = reachableSite(call, String(body.siteId))
  const code = String(body.locale)
  if (codeTaken(call, site.id, code)) throw conflict(`the site already has the locale ${code}`)
  const locale: Locale = { id: randomUUID(), siteId: site.id, code, domain: (body.domain as string | undefined) ?? null, deletedSeq: null, seq: call.store.nextSeq() }
  call.store.locales.set(locale.id, locale)
  return { status: 201, body: localeJson(call.store, locale) }
}

export const getLocale: Handler = (call) => {
  checked(call, { query: SITE_QUERY }, lookupRules(call))
  return { status: 200, body: localeJson(call.store, findLocale(call, 'active')) }
}

export const updateLocale: Handler = (call) => {
  const body = checked(call, { query: SITE_QUERY, body: { locale: { rule: localeCode }, domain: { rule: nullable(url) } } }, lookupRules(call))
  const locale = findLocale(call, 'active')
  if (body.locale !== undefined) {
    const code = String(body.locale)
    if (codeTaken(call, locale.siteId, code, locale.id)) throw conflict(`the site already has the locale ${code}`)
    locale.code = code
  }
  if (body.domain !== undefined) locale.domain = body.domain as string | null
  return { status: 200, body: localeJson(call.store, locale) }
}

export const deleteLocale: Handler = (call) => {
  checked(call, { query: SITE_QUERY }, lookupRules(call))
  const locale = findLocale(call, 'active')
  if (call.store.sites.get(locale.siteId)?.defaultLocaleId === locale.id) {
    throw badRequest([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }])
  }
  locale.deletedSeq = call.store.nextSeq()
  return { status: 204 }
}

export const restoreLocale: Handler = (call) => {
  checked(call, { query: SITE_QUERY }, lookupRules(call))
  const locale = findLocale(call, 'deleted-too')
  if (locale.deletedSeq === null) throw conflict('the locale is not deleted')
  if (codeTaken(call, locale.siteId, locale.code)) throw conflict(`another locale of the site has the code ${locale.code} now`)
  locale.deletedSeq = null
  return { status: 200, body: localeJson(call.store, locale) }
}

