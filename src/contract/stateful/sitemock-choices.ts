import type { ChoiceId } from '../../freedom/catalogue.js'
import { sourcesOfClass } from '../class-sources.js'
import { PAGES, SITE_PAGES, SITES } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { Exchange } from '../http-client.js'
import { copiedDomainsShown } from './copied-domains.js'
import { titleDiffersOnRename } from './derived-fields.js'
import { STATUS_CLASSES, type Occurrence, type StatusClass } from './freedom-classes.js'
import { listsUnknownLocale, PAGE_READ_UNKNOWN_LOCALE } from './freedom-locale-codes.js'
import { FORM_FIELDS, sameUpToForm } from './forms.js'
import { sluggedPathname } from '../../freedom/pathname-slug.js'
import { NEW_PAGE_FIELDS, NEW_SITE_FIELDS } from './new-defaults.js'
import type { Answer } from './oracle.js'
import type { Call } from './plan.js'

type Json = Record<string, unknown>

/**
 * Under --profile sitemock the stateful group adopts nothing, so a target that chose otherwise
 * where the documents leave it free diverges from the oracle. This names the class of the choice
 * catalogue (contracts/schemas/choices.json) such a divergence shows, from the same signs the
 * holder (hold.ts) adopts by under the documents' profiles, so that the failure says which of
 * sitemock's choices the target did not make. Pure: it reads the two answers and changes nothing.
 */

/** The class of what a deployment keeps of an input field's form (forms.ts's fields). */
function formClass(field: string, sent: string, stored: string): ChoiceId | undefined {
  if (field === 'locale.locale') return 'localeCodeStored'
  // A page pathname stored as its slug where more than its case and slashes changed (`/x/[slug]` as `/x/slug`).
  if (field === 'page.pathname' && sluggedPathname(sent) === stored && unslashed(sent.toLowerCase()) !== unslashed(stored)) return 'pagePathnameCharacters'
  if (field.endsWith('.pathname')) {
    if (sent.endsWith('/') !== stored.endsWith('/')) return 'pathnameTrailingSlash'
    if (sent.startsWith('/') !== stored.startsWith('/')) return field.startsWith('page') ? 'pagePathnameSlash' : 'routePathnameSlash'
    return field.startsWith('page') && sent !== stored && sent.toLowerCase() === stored ? 'pagePathnameCase' : undefined
  }
  return sent.trim() === stored ? 'nameWhitespace' : undefined
}

const unslashed = (pathname: string): string => pathname.replace(/^\/+|\/+$/g, '')
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const success = (status: number): boolean => status >= 200 && status < 300
const differs = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b)
const rootOf = (field: string): string => field.split(/[.[]/)[0]!

/** Whether a 400's words on `pathname` speak of letter case (upper-case, lower case, capitals). */
const speaksOfCase = (refusal: unknown): boolean =>
  isObject(refusal) && Array.isArray(refusal.details) && refusal.details.some((detail) => isObject(detail) && detail.field === 'pathname' && typeof detail.message === 'string' && /upper|lower|capital|case/i.test(detail.message))

/** The classes of a site's page list alone, which the cells it shares with GET /v6/pages name beside the page list's own sources. */
const SITE_PAGES_ONLY: ReadonlySet<ChoiceId> = new Set(['sitePagesQuery', 'sitePagesUntaken'])

/**
 * One side took what the other refused with a 400: the class of the catalogue that the sources
 * of the refused input's value classes name (class-sources.ts), for the fields the 400 names.
 */
function refusalClass(call: Call, target: Exchange, answer: Answer): ChoiceId | undefined {
  const refusal = target.status === 400 && success(answer.status) ? target.body : answer.status === 400 && success(target.status) ? answer.body : undefined
  if (refusal === undefined || call.input === undefined) return undefined
  const named = new Set(detailFields(refusal).map(rootOf))
  // A page pathname with brackets, dot segments, letters beyond ASCII or other punctuation (whitespace, ? and # are
  // pagePathnameForm's), valid for the planner: the characters a deployment takes are its choice. Beside a capital
  // letter (`/Straße`) either class may refuse it: the refusal's own words tell the case apart where they speak of it.
  const pathname = isObject(call.request.body) ? call.request.body.pathname : undefined
  if (call.request.template.startsWith(PAGES) && named.has('pathname') && typeof pathname === 'string' && /[^\w/.~\s?#-]|\/\.\.?(\/|$)/.test(pathname)) {
    return pathname !== pathname.toLowerCase() && speaksOfCase(refusal) ? 'pagePathnameCase' : 'pagePathnameCharacters'
  }
  // One without its leading slash (`no-slash`) or with a trailing slash (`/x/trailing/`): the form a deployment takes is its choice.
  if (call.request.template.startsWith(PAGES) && named.has('pathname') && typeof pathname === 'string' && /^[^/]|[^/]\/+$/.test(pathname)) return 'pagePathnameForm'
  for (const [parameter, classes] of Object.entries(call.input.classes)) {
    if (named.size > 0 && !named.has(parameter)) continue
    for (const valueClass of classes) {
      for (const source of sourcesOfClass(call.input.op, parameter, valueClass)) {
        if (source.kind === 'sitemock' && source.choice !== undefined && (call.request.template === SITE_PAGES || !SITE_PAGES_ONLY.has(source.choice))) return source.choice
      }
    }
  }
  return undefined
}

/**
 * Where the target chose otherwise than sitemock at this step, if a class of freedom explains the
 * difference: the catalogue's class; undefined when none explains it.
 */
export function sitemockChoiceAt(call: Call, target: Exchange, answer: Answer, occurrence: Omit<Occurrence, 'target' | 'oracle' | 'request'> & { request: Occurrence['request'] }): ChoiceId | undefined {
  return catalogueChoiceAt(call, target, answer, occurrence)
}

/** The fields that show a locale's path prefix: a locale's own, and its site's for the default locale. */
const PREFIX_FIELDS = ['pathPrefix', 'defaultLocalePathPrefix'] as const

/**
 * Whether the two answers show a path prefix both carry, of the same locale or site, differently:
 * no request sets one, so only the prefix a deployment makes of a locale's code tells them apart
 * (localePathPrefixes). Items are paired by code or name, as the two sides' ids differ.
 */
function pathPrefixDiffers(theirs: unknown, ours: unknown): boolean {
  const items = (body: unknown): Json[] => (isObject(body) ? (Array.isArray(body.data) ? body.data.filter(isObject) : [body]) : [])
  const keyOf = (item: Json): string => `${String(item.object)} ${String(item.object === 'locale' ? item.locale : item.name)}`
  const oracleItems = new Map(items(ours).map((item) => [keyOf(item), item]))
  return items(theirs).some((item) => {
    const other = oracleItems.get(keyOf(item))
    return other !== undefined && PREFIX_FIELDS.some((field) => field in item && field in other && differs(item[field], other[field]))
  })
}

/**
 * Whether a live list asked for offline pages too shows the oracle's offline live versions and
 * none of the target's: a deployment that withdraws a page's live version while it is offline (offlineLiveVersion).
 */
function withdrawnFromLiveList({ method, template, query }: Call['request'], theirs: Json, ours: Json): boolean {
  if (method !== 'GET' || (template !== PAGES && template !== SITE_PAGES) || query?.versionRef !== 'ref:live' || query.includeOffline !== 'true') return false
  const offline = (body: Json): boolean => Array.isArray(body.data) && body.data.some((item) => isObject(item) && item.isOnline === false)
  return offline(ours) && !offline(theirs)
}

/** Whether the target's answer shows another alternative of the class than the oracle's. */
const shows = (freedom: StatusClass, seen: Occurrence, answer: Answer): boolean => {
  const theirs = freedom.alternative(seen.target, seen)
  return theirs !== undefined && theirs !== freedom.alternative(answer, seen)
}

/** The class of the catalogue in which the target chose otherwise than sitemock at this step, if one explains the difference. */
function catalogueChoiceAt(call: Call, target: Exchange, answer: Answer, occurrence: Omit<Occurrence, 'target' | 'oracle' | 'request'> & { request: Occurrence['request'] }): ChoiceId | undefined {
  const { request } = call
  const sent = isObject(request.body) ? request.body : {}
  const both = success(target.status) && success(answer.status) && isObject(target.body) && isObject(answer.body)
  // Before the new site's fields: a defaultLocalePathPrefix both carry differs by this class, not by sitePathPrefixFields (whether it is there).
  if (both && pathPrefixDiffers(target.body, answer.body)) return 'localePathPrefixes'
  if (both && request.method === 'POST' && (request.template === PAGES || request.template === SITES)) {
    const theirs = target.body as Json
    const ours = answer.body as Json
    const fields = request.template === PAGES ? NEW_PAGE_FIELDS : NEW_SITE_FIELDS
    for (const [field, id] of Object.entries(fields)) if (!(field in sent) && differs(theirs[field], ours[field])) return id
    if (request.template === PAGES && (theirs.updatedAt === null) !== (ours.updatedAt === null)) return 'updatedAtAtCreation'
  }
  // A write the oracle answered with a 409 that the target took: the form it stored the pathname in may be why (formClass).
  const conflicted = success(target.status) && answer.status === 409 && isObject(target.body)
  if ((both || conflicted) && request.method !== 'GET') {
    const family = request.template === PAGES ? 'page' : request.template.split('/')[2]?.replace(/s$/, '')
    for (const [name, value] of Object.entries(sent)) {
      const stored = (target.body as Json)[name]
      const ours = isObject(answer.body) ? answer.body[name] : undefined
      if (!FORM_FIELDS.has(`${family}.${name}`) || typeof value !== 'string' || typeof stored !== 'string' || stored === ours || !sameUpToForm(value, stored, `${family}.${name}`)) continue
      const id = formClass(`${family}.${name}`, value, stored)
      if (id) return id
    }
  }
  // A renamed page's title that one side kept and the other took from the new name, by the sign the holder adopts it by.
  if (both && titleDiffersOnRename(occurrence.request, target.body, answer.body)) return 'pageTitleFollowsName'
  if (both && withdrawnFromLiveList(request, target.body as Json, answer.body as Json)) return 'offlineLiveVersion'
  // A copy's locales without the original's domains, by the sign the holder adopts them by.
  if (Object.values(copiedDomainsShown(call, target, answer)).includes('dropped')) return 'duplicateLocaleDomains'
  const seen: Occurrence = { ...occurrence, oracle: answer, target: { status: target.status, body: target.body } }
  // A page read in a locale its site lacks in every spelling is its own class, whatever the code's
  // value classes name (a code with a region has capitals, which reads as localeCodeCase's).
  if (PAGE_READ_UNKNOWN_LOCALE.applies(seen) && shows(PAGE_READ_UNKNOWN_LOCALE, seen, answer)) return PAGE_READ_UNKNOWN_LOCALE.choice
  // A page list in such a locale answered otherwise (refused, not found, or listing none): how a list meets a code its site lacks.
  // (A site's page list may not take locale at all: which of the two it shows is sitePagesQuery's to say, below.)
  if (request.template === PAGES && listsUnknownLocale(seen) && target.status !== answer.status) return 'pageUnknownLocale'
  const refused = refusalClass(call, target, answer)
  if (refused) return refused
  for (const freedom of STATUS_CLASSES) {
    if (freedom.applies(seen) && shows(freedom, seen, answer)) return freedom.choice
  }
  return undefined
}
