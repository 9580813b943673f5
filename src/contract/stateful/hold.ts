import type { Choices } from '../../freedom/catalogue.js'
import { LOCALE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITES } from '../endpoints.js'
import { errorCodeProblem } from '../exchange-rules.js'
import type { ContractRequest, Exchange } from '../http-client.js'
import { Adoptions, defaultAlternative, inconsistencyMessage, type Inconsistency } from './adoption.js'
import { isTemplate, render, type Input } from './derived-defaults.js'
import type { Difference } from './compare.js'
import { copiedDomainsShown } from './copied-domains.js'
import { classId, type Alternative } from './freedom-class.js'
import { hadOriginBefore, readOnlyPeek, STATUS_CLASSES, type Follow, type Occurrence } from './freedom-classes.js'
import { deletedDomainBefore, deletedLocaleBefore, deletedLocaleNamedBefore } from './freedom-lifecycle.js'
import { PUBLIC_API_KEY_AS_SITE_KEY, readsNoLiveVersion } from './freedom-surface.js'
import { FORM_FIELDS, formScope, sameUpToForm, StoredForms } from './forms.js'
import { followReach, OWN_REACH, reachOf, reachScope } from './key-reach.js'
import { NEW_PAGE_FIELDS, NEW_SITE_FIELDS } from './new-defaults.js'
import { keepsUpdatedAt, onlineUpdatedAtOf } from '../../freedom/online-updated-at.js'
import { onlineStateOnly, republicationShown } from './publication-times.js'
import { titleDiffersOnRename, updatedAtDiffersOnRead } from './derived-fields.js'
import { ORACLE_APP_KEY, type Answer, type Oracle } from './oracle.js'
import type { Call } from './plan.js'
import type { PageContent } from '../../store/records.js'
import { Both, onSide, type Family } from './pools.js'

type Json = Record<string, unknown>

/** What the run learned of the target's free choices, kept from one sequence to the next. */
export interface Learned {
  /** It takes what only sitemock's rules refuse: the oracle follows the documents' rules. */
  documentsRules?: boolean
  adoptions?: Adoptions
  forms?: StoredForms
  /** Whether the target keeps each family of a site's children after the site's delete, as the sequences' teardown read it (teardown.ts). */
  keptFamilies?: Map<Family, boolean>
  /** The domains the locales of earlier sequences' sites had as their sites were deleted: what a site's delete keeps (a default locale, which no delete takes) may still hold them. */
  earlierDomains?: string[]
}

/** What holding the target to itself needs of the sequence. */
export interface HoldContext {
  oracle: Oracle
  learned: Learned
  /** The sequence's comparison of two answers under the documents' freedom. */
  compare(call: Call, target: Exchange, answer: Answer): Promise<Difference | undefined>
  /** Two bodies compared field by field (ids through the correspondence, instants by their relations). */
  compareBody(target: unknown, expected: unknown): Difference | undefined
  /** Whether the request's key is the Site key of the very site the request is about. */
  ownSiteKey(call: Call): boolean
  /** Whether the call's key is the Site key of any site the sequence made. */
  runSiteKey(call: Call): boolean
  /** The oracle's id of the site the call is about, when the sequence knows it. */
  siteOf(call: Call): string | undefined
  /** The oracle's ids of every site the sequence made. */
  sites(): readonly string[]
  /** The family of what the request names by id in its path, when it outlived its site's delete on the oracle's side. */
  orphanOf(call: Call): Family | undefined
  /** The domains of the locales that outlived their site's delete on the oracle's side. */
  orphanDomains(): readonly string[]
  /** The names of the workspace's sites the sequences did not make, in lower case. */
  workspaceSiteNames: ReadonlySet<string>
  /** The target's id of an oracle id, as the run learned it. */
  targetOf(oracleId: string): string | undefined
  /** The target's page as its answers showed it before the current step, by its target id (undefined where none did). */
  targetPageBefore(targetId: string): Json | undefined
}

/** The oracle's answer the target is now compared with, and what still differs. */
export interface Held {
  answer: Answer
  difference?: Difference
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const listItems = (body: unknown): Json[] => (isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [])
const success = (status: number): boolean => status >= 200 && status < 300

/** The resource family a template is about. */
const FAMILY: Readonly<Record<string, string>> = { [SITES]: 'site', [SITE]: 'site', [SITE_DUPLICATE]: 'site', [LOCALES]: 'locale', [LOCALE]: 'locale', [PAGES]: 'page', [PAGE]: 'page', [ROUTES]: 'route', [ROUTE]: 'route' }
/** The form field a path parameter or query parameter names a resource by. */
const NAMED_BY: Readonly<Record<string, string>> = { localeIdOrCode: 'locale.locale', pageIdOrPathname: 'page.pathname', routeIdOrPathname: 'route.pathname', locale: 'locale.locale' }

/**
 * A new page's fields whose value no document fixes and a page update sets: where the target's
 * differ, the oracle takes them on at the creation's instant, so that what they change later (a
 * page offline leaves the lists without includeOffline) follows the target. A new site's are set
 * by no request: adopted, and held the same for every new site.
 */
const NEW_FIELDS = { page: NEW_PAGE_FIELDS, site: NEW_SITE_FIELDS } as const

export const inconsistencyOf = (found: Inconsistency): Difference => ({ aspect: `inconsistent ${found.classId}`, message: inconsistencyMessage(found), inconsistent: true })

/**
 * Holds the target to its own choices where the documents leave them free: a difference from the
 * oracle in such an aspect is adopted (the oracle follows the target from then on), and an answer
 * that contradicts what was adopted is an inconsistency. A difference no class of freedom explains
 * is left as it is: it breaks what the documents state. The classes, how each is recognised, and
 * what is adopted:
 *
 * | class | recognised by | adopted, and how the oracle follows |
 * |---|---|---|
 * | stored form of a field (forms.ts) | a write both took, whose stored name, pathname, code or title is the input up to case, white space and slashes, or a page's pathname its slug | the forms that fit (trimmed, trailing slash dropped, canonical case, slugged, ...), or the stored value itself; the oracle's write is sent again in the target's form, later inputs and lookups are asked in it |
 * | new page / new site fields | a create both took; a field the request did not send | the target's value (named after the input it copies); a page's taken on by the oracle at the creation's instant |
 * | updatedAtAtCreation | a page create | null, createdAt or its own instant (compare.ts judges the null) |
 * | duplicatePublication (the catalogue's) | a copy's pages, learned after its duplicate | copied, or reset: the oracle takes its copy's pages offline and unpublished |
 * | duplicateLocaleDomains (the catalogue's) | a copy's locales, learned after its duplicate | copied, or dropped: the oracle takes its copy's locales' domains off |
 * | onlineUpdatedAt (the catalogue's; publication-times.ts) | a page update that turns the page online or offline and changes nothing else | moves, or unchanged: the oracle makes the target's choice and answers again |
 * | onlineRepublish (the catalogue's; publication-times.ts) | a page update that sends `isOnline: true` to a page already online, where going online publishes (pagePublishing going-online, as learned) | unchanged, or republishes (its publishedAt moved): the oracle makes the target's choice and answers again |
 * | pageTitleFollowsName (the catalogue's; derived-fields.ts) | a page update that renames the page without a title, whose titles differ | kept, or follows: the oracle makes the target's choice and answers again |
 * | localeRenameTouchesPages (the catalogue's; derived-fields.ts) | a read of pages whose updatedAt differs (after a rename of one of their locales) | untouched, or touched: the oracle makes the target's choice and answers again |
 * | the status classes, each a class of the choice catalogue: limitAboveMaximum, limitZero (freedom-limit.ts), publicApiKeyAsSiteKey, publicApiKeyLocales, siteKeyRoutes, routeOperations, deletedSiteKey, localeDomains (in the site and across sites), pagePublishing, offlineLiveVersion (freedom-surface.ts), siteKeyWrites, siteKeySiteList, deletedCursor, unknownCursor, cursorOutsideList, siteIdBesideId, restoreLiveLocale, hostOriginNull, siteDeleteChildren (freedom-classes.ts), localeLookupCase, localeLookupSpelling, emptyLocaleQuery, pageReadUnknownLocale, pathnameLookupLocale (freedom-locale-codes.ts), repeatedDelete, pathnameConflictCase, skipValidationConflicts, pathnameLookupCase, pathPrefixCase, localeFilterScope, deletedLocaleCode (codes and domains), siteNames, deletedLocaleRead (freedom-lifecycle.ts) | the request and the oracle's answer | the target's status: the oracle takes its write back, asks again without the siteId or at limit=100, expects the target's answer, or makes the target's choice and answers again |
 * | clock precision (compare.ts TimeRelations) | every target instant a whole second | writes within a second may share an instant |
 * | list orders the documents do not fix, collations, nulls (compare.ts) | a list read whole | the target's own order |
 */
export function createHolder(context: HoldContext): (call: Call, target: Exchange, answer: Answer, difference: Difference | undefined) => Promise<Held> {
  const { oracle, learned } = context
  const adoptions = (learned.adoptions ??= new Adoptions())
  const forms = (learned.forms ??= new StoredForms())

  /** Sends `request` to the oracle in place of the last one; kept when the target's answer then agrees, else taken back. */
  const tryInstead = async (call: Call, target: Exchange, request: ContractRequest): Promise<Held | undefined> => {
    const again = oracle.replaceLast(request)
    const difference = await context.compare(call, target, again)
    if (!difference) return { answer: again }
    oracle.replaceLast(onSide(call.request, 'oracle'))
    return undefined
  }

  /** A new resource's free fields: the oracle takes on a page's, and every new resource's are held to the first one's. */
  const newResource = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    const { request } = call
    if (request.method !== 'POST' || !success(target.status) || !success(held.answer.status) || !isObject(target.body) || !isObject(held.answer.body)) return held
    const sent = isObject(request.body) ? request.body : {}
    const family = request.template === PAGES ? 'page' : request.template === SITES ? 'site' : undefined
    if (family === undefined) return held
    const classes = NEW_FIELDS[family]
    const fields = Object.keys(classes)
    const theirs = target.body
    const ours = held.answer.body
    const made = family === 'page' ? pageInputs(theirs, String((onSide(request, 'oracle').body as Json).siteId)) : siteInputs(theirs)
    const scope = family === 'page' ? pageScope(theirs, made) : siteScope(sent)
    // A site's own defaultLocale, sent or not, is one input: a value made of it is named alike either way.
    const { defaultLocale: _defaultLocale, ...named } = sent
    for (const [field, choice] of Object.entries(classes).filter(([name]) => !(name in sent))) {
      // Named by the catalogue's class, as the run's notice and --choices name it.
      const found = adoptions.see(choice + (field === 'sitemapPriority' ? depthScope(theirs, scope) : scope), defaultAlternative(theirs[field], family === 'site' ? named : sent, made), call.label)
      if (found) return { ...held, difference: inconsistencyOf(found) }
    }
    if (family === 'page') {
      const updatedAt = theirs.updatedAt === null ? 'null' : theirs.updatedAt === theirs.createdAt ? 'createdAt' : 'its own instant'
      const found = adoptions.see('updatedAtAtCreation', updatedAt, call.label)
      if (found) return { ...held, difference: inconsistencyOf(found) }
    }
    if (family !== 'page') return held
    const patch = Object.fromEntries(fields.filter((name) => !(name in sent) && name in theirs && JSON.stringify(theirs[name]) !== JSON.stringify(ours[name])).map((name) => [name, theirs[name]]))
    if (Object.keys(patch).length === 0) return held
    const id = String(ours.id)
    // The target's values, read from its schema-valid answer: the page's own types.
    takeOnPage(id, patch as Partial<PageContent>)
    const answer = { ...held.answer, body: oracle.peek({ method: 'GET', template: PAGE, params: { pageIdOrPathname: id }, key: ORACLE_APP_KEY }).body }
    return { answer, difference: await context.compare(call, target, answer) }
  }

  /**
   * The oracle's page takes on values of the target's, as a change of its draft would set them:
   * where its live version is the page as it is now (liveVersion current), that too.
   */
  const takeOnPage = (id: string, changes: Partial<PageContent>): void => {
    oracle.takeOn(({ store }) => {
      const page = store.pages.byId.get(id)
      if (!page) return
      store.pages.updateDraft(page, changes)
      if (oracle.chosen?.liveVersion === 'current' && page.live !== null) store.pages.setLive(page, structuredClone(page.draft), page.publishedAt)
    })
  }

  /** What a page's free values may be made of: its pathname and name, and its site's hostOrigin, as they are now. */
  const pageInputs = (page: Json, oracleSiteId: string): Input[] => {
    const site = oracle.peek({ method: 'GET', template: SITE, params: { siteId: oracleSiteId }, key: ORACLE_APP_KEY }).body
    const inputs: Input[] = []
    if (typeof page.pathname === 'string') inputs.push({ label: 'the pathname sent', value: page.pathname })
    if (typeof page.name === 'string') inputs.push({ label: 'the name sent', value: page.name })
    if (isObject(site) && typeof site.hostOrigin === 'string') inputs.push({ label: "the site's hostOrigin", value: site.hostOrigin })
    return inputs
  }

  /** What a site's free values may be made of: its default locale's code. */
  const siteInputs = (site: Json): Input[] => (typeof site.defaultLocale === 'string' ? [{ label: "the site's defaultLocale", value: site.defaultLocale }] : [])

  /**
   * The kind of new page its sitemapPriority is held within: a deployment may rank a page by its
   * depth (1 for the root, less for each segment), as one choice made of the pathname.
   */
  const depthScope = (page: Json, scope: string): string => {
    const depth = typeof page.pathname === 'string' ? page.pathname.split('/').filter((segment) => segment !== '').length : 0
    return depth <= 1 ? scope : `${scope} (${depth} segments deep)`
  }

  /**
   * The kind of new site a default is held within: one made without a hostOrigin, or with a
   * defaultLocale of its own, may have defaults of their own (a locale management of its own where
   * no origin serves its locales, or where its locales were chosen at creation), as one
   * deployment's one choice.
   */
  const siteScope = (sent: Json): string => {
    const kinds = [...(typeof sent.hostOrigin === 'string' ? [] : ['without hostOrigin']), ...(sent.defaultLocale === undefined ? [] : ['with a defaultLocale sent'])]
    return kinds.length === 0 ? '' : ` (a site ${kinds.join(', ')})`
  }

  /**
   * The kind of new page a default is held within: the root page, and a page of a site without a
   * hostOrigin, may have defaults of their own (a root page's sitemapPriority 1; no canonicalUrl
   * without an origin to build it from), as one deployment's one choice.
   */
  const pageScope = (page: Json, inputs: readonly Input[]): string =>
    page.pathname === '/' ? ' (the root page)' : inputs.some((input) => input.label === "the site's hostOrigin") ? '' : ' (a site without hostOrigin)'

  /**
   * A page's free values that the target keeps in step with what they were made of (a renamed
   * page's canonicalUrl moves with its pathname): where the target's value is what its adopted
   * template makes of the page now, the oracle takes it on.
   */
  const madeInStep = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    const { request } = call
    if (!held.difference || request.method !== 'PATCH' || request.template !== PAGE || !success(target.status) || !success(held.answer.status)) return held
    const theirs = target.body
    const ours = held.answer.body
    if (!isObject(theirs) || !isObject(ours)) return held
    const site = context.siteOf(call)
    if (site === undefined) return held
    const made = pageInputs(theirs, site)
    const templates = Object.entries(NEW_PAGE_FIELDS).flatMap(([field, choice]) => {
      const template = adoptions.get(choice + pageScope(theirs, made))
      return isTemplate(template, made) && theirs[field] === render(template, made) && ours[field] !== theirs[field] ? [[field, theirs[field]] as const] : []
    })
    if (templates.length === 0) return held
    const id = String(ours.id)
    takeOnPage(id, Object.fromEntries(templates) as Partial<PageContent>)
    const answer = { ...held.answer, body: oracle.peek({ method: 'GET', template: PAGE, params: { pageIdOrPathname: id }, key: ORACLE_APP_KEY }).body }
    return { answer, difference: await context.compare(call, target, answer) }
  }

  /** What the target stored of the input: its form adopted, and the oracle stores the same. */
  const storedForms = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    const { request } = call
    const family = FAMILY[request.template]
    if (family === undefined || request.method === 'GET' || !success(target.status) || !success(held.answer.status) || !isObject(target.body) || !isObject(request.body)) return held
    const rewritten: Json = {}
    for (const [name, sent] of Object.entries(request.body)) {
      const field = `${family}.${name}`
      const stored = target.body[name]
      if (!FORM_FIELDS.has(field) || typeof sent !== 'string' || typeof stored !== 'string' || !sameUpToForm(sent, stored, field)) continue
      const found = forms.see(field, sent, stored, call.label, formScope(field, request.method, request.query))
      if (found) return { ...held, difference: inconsistencyOf(found) }
      // Only a field the oracle answers too (a page's name is not one of sitemock's) can differ in form.
      if (isObject(held.answer.body) && name in held.answer.body && held.answer.body[name] !== stored) rewritten[name] = stored
    }
    if (Object.keys(rewritten).length === 0) return held
    // The stored form is the target's to choose: the oracle stores it too, whatever else differs.
    const oracleRequest = onSide(call.request, 'oracle')
    const again = oracle.replaceLast({ ...oracleRequest, body: { ...(oracleRequest.body as Json), ...rewritten } })
    if (again.status === held.answer.status) return { answer: again, difference: await context.compare(call, target, again) }
    oracle.replaceLast(oracleRequest)
    return held
  }

  /** A request that names or sends a value in a form the target was seen to store otherwise: the oracle is asked in that form. */
  const adoptedForms = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (!held.difference) return held
    const oracleRequest = onSide(call.request, 'oracle')
    const family = FAMILY[call.request.template]
    const formOf = (field: string | undefined, value: unknown): unknown => (field !== undefined && typeof value === 'string' ? (forms.formOf(field, value) ?? value) : value)
    const params = Object.fromEntries(Object.entries(call.request.params ?? {}).map(([name, value]) => [name, value instanceof Both ? value.oracle : String(formOf(NAMED_BY[name], value))]))
    const query = Object.fromEntries(Object.entries(oracleRequest.query ?? {}).map(([name, value]) => [name, formOf(NAMED_BY[name], value) as string | number | undefined]))
    const bodyFormOf = (field: string, value: unknown): unknown => (typeof value === 'string' ? (forms.formOf(field, value, formScope(field, oracleRequest.method, oracleRequest.query)) ?? value) : value)
    const body = isObject(oracleRequest.body) ? Object.fromEntries(Object.entries(oracleRequest.body).map(([name, value]) => [name, family === undefined ? value : bodyFormOf(`${family}.${name}`, value)])) : oracleRequest.body
    const request = { ...oracleRequest, params, query, body }
    if (JSON.stringify(request) === JSON.stringify(oracleRequest)) return held
    return (await tryInstead(call, target, request)) ?? held
  }

  /**
   * A copy's pages as the target made them. "Duplicates an existing site with all its content and
   * configuration" (the published OpenAPI) leaves open whether a page's publication is content: a
   * target whose copies start offline and unpublished (duplicatePublication `reset`) is adopted, and
   * the oracle takes its copy's pages offline before the list is compared again.
   */
  const copiedPublication = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (!call.copy || call.request.template !== PAGES || target.status !== 200 || held.answer.status !== 200) return held
    const theirs = listItems(target.body)
    const ours = listItems(held.answer.body)
    // A copy of pages none of which is online or published shows neither alternative.
    if (theirs.length !== ours.length || !ours.some((page) => page.isOnline === true || page.publishedAt !== null)) return held
    const reset = theirs.every((page) => page.isOnline === false && page.publishedAt === null)
    const shown: Alternative<'duplicatePublication'> = reset ? 'reset' : 'copied'
    const found = adoptions.see('duplicatePublication', shown, call.label)
    if (found) return { ...held, difference: inconsistencyOf(found) }
    if (!reset) return held
    oracle.takeOn(({ store }) => {
      for (const item of ours) {
        const page = store.pages.byId.get(String(item.id))
        if (!page) continue
        store.pages.updateDraft(page, { isOnline: false })
        store.pages.setLive(page, null, null)
      }
    })
    const answer = { ...held.answer, body: oracle.peek(onSide(call.request, 'oracle')).body }
    return { answer, difference: await context.compare(call, target, answer) }
  }

  /**
   * A copy's locales as the target made them. A copy is "the newly created Site object, with all
   * content and configuration copied from the original" (the specification), which leaves open
   * whether a locale's domain is configuration it holds: a target whose copies' locales have no
   * domain (duplicateLocaleDomains `dropped`, as where a domain names one locale of all the sites)
   * is adopted, and the oracle takes the copy's domains off, its deleted locales' too, before the
   * list is compared again.
   */
  const copiedDomains = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    const shown = copiedDomainsShown(call, target, held.answer)
    // A copy's default locale is held apart from its others: a deployment may make it anew with the copy's site.
    for (const [group, alternative] of Object.entries(shown)) {
      const found = adoptions.see(group === 'default locale' ? 'duplicateLocaleDomains (default locale)' : 'duplicateLocaleDomains', alternative, call.label)
      if (found) return { ...held, difference: inconsistencyOf(found) }
    }
    const site = context.siteOf(call)
    const dropped = (isDefault: boolean): boolean => shown[isDefault ? 'default locale' : 'other locales'] === 'dropped'
    if (site === undefined || (!dropped(true) && !dropped(false))) return held
    oracle.takeOn(({ store }) => {
      const defaultCode = store.sites.get(site)?.defaultLocale
      for (const locale of store.locales.byId.values()) if (locale.siteId === site && locale.domain !== null && dropped(locale.deletedAt === null && locale.locale === defaultCode)) store.locales.update(locale, { domain: null })
    })
    const answer = { ...held.answer, body: oracle.peek(onSide(call.request, 'oracle')).body }
    return { answer, difference: await context.compare(call, target, answer) }
  }

  /**
   * Turning a page online or offline alone (onlineUpdatedAt): where the target's answer differs,
   * the oracle makes the other choice and answers again; the choice the answers then agree on is
   * adopted, and held to (the oracle keeps the choice it made). An answer that agrees at once
   * adopts nothing: an updatedAt kept and one moved within the clock's tick may read alike.
   */
  const publicationTimes = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (!held.difference || !success(target.status) || !onlineStateOnly(oracle, onSide(call.request, 'oracle'), held.answer)) return held
    // Each direction is a choice of its own: the oracle flips this one's and keeps the other's.
    const goingOnline = isObject(call.request.body) && call.request.body.isOnline === true
    const chosen = oracle.chosen?.onlineUpdatedAt ?? 'moves'
    const keptNow = !keepsUpdatedAt(chosen, goingOnline)
    const [online, offline] = goingOnline ? [keptNow, keepsUpdatedAt(chosen, false)] : [keepsUpdatedAt(chosen, true), keptNow]
    const theirs = onlineUpdatedAtOf(online, offline)
    const taken = await takeOn(call, target, held, { kind: 'chosen', choices: { onlineUpdatedAt: theirs } })
    if (taken === undefined) return held
    const found = adoptions.see(`onlineUpdatedAt (going ${goingOnline ? 'online' : 'offline'})`, keptNow ? 'unchanged' : 'moves', call.label)
    return found ? { ...taken, difference: inconsistencyOf(found) } : taken
  }

  /**
   * A class of two alternatives seen in a body, not a status: the oracle makes the one it does not
   * follow (sitemock's first when it follows none) and answers again, and the choice the answers
   * then agree on is adopted, and held to.
   */
  const otherOfTwo = async <K extends 'pageTitleFollowsName' | 'localeRenameTouchesPages'>(call: Call, target: Exchange, held: Held, id: K, [first, second]: readonly [NonNullable<Choices[K]>, NonNullable<Choices[K]>]): Promise<Held> => {
    const theirs = (oracle.chosen?.[id] ?? first) === first ? second : first
    const taken = await takeOn(call, target, held, { kind: 'chosen', choices: { [id]: theirs } })
    if (taken === undefined) return held
    const found = adoptions.see(id, theirs, call.label)
    return found ? { ...taken, difference: inconsistencyOf(found) } : taken
  }

  /**
   * `isOnline: true` sent to a page already online (onlineRepublish), where the oracle publishes a
   * page as it goes online: the answers agree (publishedAt is the target's own), but a later live
   * read would not. The target's publishedAt tells whether it published the page again; that
   * choice is adopted and held to, and the oracle, where it chose otherwise, makes it and answers
   * again.
   */
  const republication = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (oracle.chosen?.pagePublishing !== 'going-online' || !success(target.status) || !isObject(target.body)) return held
    const shown = republicationShown(oracle, onSide(call.request, 'oracle'), held.answer, target.body, context.targetPageBefore(String(target.body.id)))
    if (shown === undefined) return held
    const found = adoptions.see('onlineRepublish', shown, call.label)
    if (found) return { ...held, difference: inconsistencyOf(found) }
    if (shown === (oracle.chosen.onlineRepublish ?? 'unchanged')) return held
    oracle.choose({ ...oracle.chosen, onlineRepublish: shown })
    const answer = oracle.replaceLast(onSide(call.request, 'oracle'))
    return { answer, difference: await context.compare(call, target, answer) }
  }

  /**
   * A renamed page's title (pageTitleFollowsName), as onlineUpdatedAt is held: where the two
   * titles differ, the oracle makes the other choice and answers again; the choice the answers
   * then agree on is adopted, and held to.
   */
  const renamedTitle = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (!held.difference || !success(target.status) || !success(held.answer.status) || !titleDiffersOnRename(onSide(call.request, 'oracle'), target.body, held.answer.body)) return held
    return otherOfTwo(call, target, held, 'pageTitleFollowsName', ['kept', 'follows'])
  }

  /**
   * The pages a locale's rename touched (localeRenameTouchesPages), seen on a later read of them:
   * where their updatedAt differs, the oracle makes the other choice and answers again (a sequence
   * without such a rename answers alike either way, and adopts nothing); the choice the answers
   * then agree on is adopted, and held to.
   */
  const touchedByLocaleRename = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    if (!success(target.status) || !success(held.answer.status) || !updatedAtDiffersOnRead(onSide(call.request, 'oracle'), held.difference)) return held
    return otherOfTwo(call, target, held, 'localeRenameTouchesPages', ['untouched', 'touched'])
  }

  /** The classes decided by a status: each applicable one's alternative adopted, or held to. */
  const statusClasses = async (call: Call, target: Exchange, held: Held): Promise<Held> => {
    const occurrence: Occurrence = {
      request: onSide(call.request, 'oracle'),
      oracle: held.answer,
      target: { status: target.status, body: target.body },
      ownSiteKey: context.ownSiteKey(call),
      runSiteKey: context.runSiteKey(call),
      site: context.siteOf(call),
      sites: context.sites(),
      deletedLocale: deletedLocaleBefore(oracle, onSide(call.request, 'oracle'), context.siteOf(call)),
      deletedLocaleNamed: deletedLocaleNamedBefore(oracle, onSide(call.request, 'oracle')),
      deletedDomain: deletedDomainBefore(oracle, onSide(call.request, 'oracle'), context.siteOf(call)),
      hadOrigin: hadOriginBefore(oracle, onSide(call.request, 'oracle')),
      targetOf: context.targetOf,
      classes: call.input?.classes ?? {},
      peek: readOnlyPeek((request) => oracle.peek(request)),
      orphan: context.orphanOf(call),
      workspaceSiteNames: context.workspaceSiteNames,
      // Unless the target was seen to delete a site's locales with it.
      orphanDomains: () => (adoptions.get('siteDeleteChildren (locales)') === 'deleted' ? [] : context.orphanDomains()),
    }
    let current = held
    for (const freedom of STATUS_CLASSES) {
      if (!freedom.applies(occurrence)) continue
      if (freedom.choice === 'publicApiKeyAsSiteKey') {
        const read = await publicKeyRead(call, target, current, occurrence)
        current = read.held
        if (read.decisive) break
        continue
      }
      const offlinePages = freedom.choice === 'publicApiKeyOfflinePages'
      // A publicApiKey held by its own reach is held so for its offline pages too (key-reach.ts reads includeOffline and the page's state).
      if (offlinePages && adoptions.get('publicApiKeyAsSiteKey') === OWN_REACH) continue
      const theirs = freedom.alternative(occurrence.target, occurrence)
      if (theirs === undefined) continue
      if (freedom.establishes?.(theirs, occurrence) === false && !adoptions.admits(classId(freedom, occurrence), theirs)) continue
      // A publicApiKey for online pages that meets the offline ones both ways (a list asking them
      // refused, a read of one not found): a key no alternative explains, held by its own reach
      // from then on, as publicKeyRead holds one.
      if (freedom.choice === 'publicApiKeyOfflinePages' && adoptions.contradicts(freedom.choice, freedom.fits?.(theirs, occurrence) ?? [theirs])) return setAsideForReach(call, target, current, occurrence)
      if (theirs !== freedom.alternative(current.answer, occurrence)) {
        // An answer the documents allow anyway (another rule broken) tells nothing of the class.
        if (!current.difference) continue
        const follow = freedom.follow(theirs, occurrence)
        if (follow === undefined) continue
        const taken = await takeOn(call, target, current, follow)
        if (taken === undefined) continue
        current = taken
      }
      const found = adoptions.see(classId(freedom, occurrence), theirs, call.label, freedom.fits?.(theirs, occurrence))
      if (found) return { ...current, difference: inconsistencyOf(found) }
      if (freedom.decisive?.(theirs)) break
    }
    return current
  }

  /**
   * A site's publicApiKey, read as the status classes read a class (an alternative adopted, or
   * followed), until an answer shows a key no alternative of the catalogue explains: one that
   * reads live versions whatever the request asks, one whose answer contradicts what the run
   * adopted, or leaves the alternative the oracle was given where the oracle cannot take it on.
   * From then on the key is held by its own reach (key-reach.ts). `decisive`: no later class reads
   * the input behind the answer.
   */
  const publicKeyRead = async (call: Call, target: Exchange, held: Held, occurrence: Occurrence): Promise<{ held: Held; decisive: boolean }> => {
    const freedom = PUBLIC_API_KEY_AS_SITE_KEY
    const asIs = { held, decisive: false }
    const setAside = async (from: Held) => ({ held: await setAsideForReach(call, target, from, occurrence), decisive: false })
    if (adoptions.get(freedom.choice) === OWN_REACH) return { held: await ownReach(call, target, held, occurrence), decisive: false }
    const theirs = freedom.alternative(occurrence.target, occurrence)
    // A draft read answered as a page with no live version: a key that reads live versions whatever is asked.
    if (theirs === undefined) return held.difference && target.status === 404 && readsNoLiveVersion(occurrence, true) ? setAside(held) : asIs
    if (freedom.establishes?.(theirs, occurrence) === false && !adoptions.admits(freedom.choice, theirs)) return asIs
    const fits = freedom.fits?.(theirs, occurrence) ?? [theirs]
    let current = held
    if (theirs !== freedom.alternative(held.answer, occurrence)) {
      // An answer the documents allow anyway (another rule broken) tells nothing of the key.
      if (!held.difference) return asIs
      const follow = freedom.follow(theirs, occurrence)
      if (adoptions.contradicts(freedom.choice, fits)) return setAside(held)
      const taken = follow === undefined ? undefined : await takeOn(call, target, held, follow)
      // Where the oracle cannot take it on, an answer that leaves the alternative it was given is the key's own reach.
      if (taken === undefined) return beyondGiven(fits) ? setAside(held) : asIs
      current = taken
    }
    if (adoptions.see(freedom.choice, theirs, call.label, fits)) return setAside(current)
    return { held: current, decisive: freedom.decisive?.(theirs) === true }
  }

  /**
   * Whether a publicApiKey's answer, fitting `fits`, that the oracle cannot take on, leaves the
   * alternative the oracle was given (the probes', or the choices file's): a key no alternative
   * explains, say one that reads online pages and lists offline ones too.
   */
  const beyondGiven = (fits: readonly string[]): boolean => {
    const given = oracle.chosen?.publicApiKeyAsSiteKey
    return given !== undefined && !fits.includes(given)
  }

  /** Reads the publicApiKey by its own reach from this call on, this call first. */
  const setAsideForReach = (call: Call, target: Exchange, held: Held, occurrence: Occurrence): Promise<Held> => {
    adoptions.setAside('publicApiKeyAsSiteKey', OWN_REACH, call.label)
    return ownReach(call, target, held, occurrence)
  }

  /** A publicApiKey held by its own reach (key-reach.ts): each kind of request answered or refused as it first was. */
  const ownReach = async (call: Call, target: Exchange, held: Held, occurrence: Occurrence): Promise<Held> => {
    const reach = reachOf(target.status, occurrence)
    if (reach === undefined) return held
    // A site list's answer to a Site key is siteKeySiteList's. A request the oracle refuses as
    // invalid tells nothing new of the key (its input may be judged first): a refusal of a kind
    // not seen answered is taken, nothing is learned. One the target answered, its input taken
    // (an empty locale= read as none, say), shows the key reaches it, and is learned.
    if (call.request.template === SITES) return held
    if ((held.answer.status === 400 || (call.broken?.length ?? 0) > 0) && reach !== 'answered') {
      const scope = reachScope(occurrence)
      return reach === 'refused' && adoptions.get(scope) !== 'answered' && held.difference ? ((await takeOn(call, target, held, followReach(reach, occurrence))) ?? held) : held
    }
    const found = adoptions.see(reachScope(occurrence), reach, call.label)
    if (found) return { ...held, difference: inconsistencyOf(found) }
    if (!held.difference) return held
    return (await takeOn(call, target, held, followReach(reach, occurrence))) ?? held
  }

  /** The oracle follows the target's alternative; undefined when the target's answer still differs then. */
  const takeOn = async (call: Call, target: Exchange, held: Held, follow: Follow): Promise<Held | undefined> => {
    const instead = { answer: { ...held.answer, status: target.status, body: target.body } }
    switch (follow.kind) {
      case 'refused':
        // The target's refusal stands for the oracle's write, which the oracle takes back.
        if (errorCodeProblem(target.status, target.body)) return undefined
        if (success(held.answer.status)) oracle.undoLast()
        return instead
      case 'resend':
        return tryInstead(call, target, follow.request)
      case 'taken':
        return instead
      case 'chosen': {
        // The oracle makes the target's choice and answers the request again; unchosen when the answers still differ.
        const before = oracle.chosen
        oracle.choose({ ...before, ...follow.choices })
        const taken = await tryInstead(call, target, onSide(call.request, 'oracle'))
        if (taken === undefined) oracle.choose(before)
        return taken
      }
      case 'expect': {
        const { status, body } = follow.answer
        if (target.status !== status) return undefined
        const wrong = status >= 400 ? errorCodeProblem(status, target.body) : context.compareBody(target.body, body)
        return wrong ? undefined : instead
      }
    }
  }

  return async (call, target, answer, difference) => {
    let held: Held = { answer, ...(difference ? { difference } : {}) }
    // The stored forms first: the oracle's write sent again in the target's forms, then what the
    // target chose of the new resource taken on over it.
    held = await storedForms(call, target, held)
    if (held.difference?.inconsistent) return held
    held = await newResource(call, target, held)
    if (held.difference?.inconsistent) return held
    held = await adoptedForms(call, target, held)
    held = await madeInStep(call, target, held)
    held = await copiedPublication(call, target, held)
    held = await copiedDomains(call, target, held)
    held = await publicationTimes(call, target, held)
    held = await republication(call, target, held)
    held = await renamedTitle(call, target, held)
    held = await touchedByLocaleRename(call, target, held)
    return statusClasses(call, target, held)
  }
}
