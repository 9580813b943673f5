import type {
  CreatePageBody,
  GetPageQuery,
  ListPagesQuery,
  ListSitePagesQuery,
  OptionalSiteQuery,
  PagePathParams,
  SitePathParams,
  UpdatePageBody,
} from '../generated/types.js'
import { blankContent, type PageContent, type PageRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import type { Choices } from '../freedom/catalogue.js'
import { keepsUpdatedAt } from '../freedom/online-updated-at.js'
import { missingSiteReference, pageListAsKeyReads, readsPublishedOnly, refuseOfflineRead, requireBodySite, requireSite } from './auth.js'
import { ApiError, conflict } from './errors.js'
import { applyNewPageDefaults, keptName, keptPagePathname } from '../freedom/kept-input.js'
import { keptPageUpdate, requireAcceptedPathnameCharacters } from './page-input.js'
import { listPages } from './page-list.js'
import { requireReachedCursor } from './foreign-cursor.js'
import { requireTakenSitePagesQuery, sitePagesListing } from './site-pages-query.js'
import { otherOwner } from './pathname-owner.js'
import { findPage, localeToCollapse, lookupLocaleOf, readUnknownLocale, shownIn } from './page-target.js'
import { pageResponse } from './present.js'
import { keepDeletedPage } from './deleted-cursor.js'
import { deletedBefore, deletesAgain } from './repeated-delete.js'
import { defineBehaviour, type AccessContext, type Behaviours, type Scope } from './types.js'
import type { pageOperations } from './declarations/pages.js'
import { after } from './later-instant.js'
import { titleOfRenamed } from './page-derived-fields.js'

const PATHNAME_TAKEN = 'A page or route with this pathname already exists in this site.'

type PageAccess = AccessContext<PagePathParams, OptionalSiteQuery>

const pageOf = ({ store, scope, params, query, choices }: PageAccess): PageRecord => findPage(store, scope, params.pageIdOrPathname, query.siteId, 'draft', choices)

/** The version a page read reads: the live one where it asks for it, or where its key reads published pages alone (choice publicApiKeyAsSiteKey published-pages). */
const versionRead = (scope: Scope, query: { versionRef?: string }): 'live' | 'draft' => (query.versionRef === 'ref:live' || readsPublishedOnly(scope) ? 'live' : 'draft')

/**
 * A page list's query as its key reads it: asking for the live versions where the key reads
 * published pages alone, and not for the offline pages where the key does not see them.
 */
const listedAs = <Q extends { versionRef?: string; includeOffline?: string }>(scope: Scope, query: Q): Q => {
  const seen = pageListAsKeyReads(scope, query)
  return readsPublishedOnly(scope) ? { ...seen, versionRef: 'ref:live' } : seen
}

/** The page a GET names, by the pathname of the version it reads (in its `locale`, at choice pathnameLookupLocale localized). */
const versionOf = ({ store, scope, params, query, choices }: AccessContext<PagePathParams, GetPageQuery>): PageRecord =>
  findPage(store, scope, params.pageIdOrPathname, query.siteId, versionRead(scope, query), choices, lookupLocaleOf(store, query.siteId, query.locale, choices))

/** The default locale of the page's site: a deleted one's where its pages outlive it (choice siteDeleteChildren kept). */
function defaultLocaleOf(store: Store, page: PageRecord): string {
  return store.siteRecord(page.siteId)!.defaultLocale
}

/** What each page operation does (declarations/pages.ts says what it is): a page imports it with the first request to one, Node from the start. */
export const pageBehaviour = {
  createPage: defineBehaviour<Record<string, never>, Record<string, never>, CreatePageBody>({
    authorize: (context) => requireBodySite(context, 'pages'),
    bodyRules: (body, _query, choices) => requireAcceptedPathnameCharacters(body.pathname, choices),
    run({ body, store, choices }) {
      requireAcceptedPathnameCharacters(body.pathname, choices)
      const pathname = keptPagePathname(body.pathname, choices)
      if (otherOwner(store, body.siteId, pathname, choices)) throw conflict(PATHNAME_TAKEN)
      const at = store.timestamp()
      const page: PageRecord = {
        id: store.random.uuid(),
        siteId: body.siteId,
        createdAt: at,
        publishedAt: null,
        live: null,
        draft: blankContent(keptName(body.name, choices), pathname, at),
      }
      applyNewPageDefaults(page.draft, choices)
      store.pages.add(page)
      // A deployment that publishes a page as it is created (choice newPagePublished).
      if (choices?.newPagePublished === 'published') store.pages.setLive(page, structuredClone(page.draft), at)
      return pageResponse(201, store, page, page.draft, defaultLocaleOf(store, page))
    },
  }),

  listPages: defineBehaviour<Record<string, never>, ListPagesQuery, undefined>({
    authorize({ query, scope, store, choices }) {
      requireSite(scope, store, query.siteId, missingSiteReference(choices, store, 'input'))
      requireReachedCursor(scope, store, 'page', query.startingAfter, choices)
    },
    run({ query, store, choices, scope }) {
      return listPages(store, query.siteId, listedAs(scope, query), choices)
    },
  }),

  listSitePages: defineBehaviour<SitePathParams, ListSitePagesQuery, undefined>({
    queryRules: requireTakenSitePagesQuery,
    authorize({ params, query, scope, store, choices }) {
      requireSite(scope, store, params.siteId)
      requireReachedCursor(scope, store, 'page', query.startingAfter, choices)
    },
    run({ params, query, store, choices, scope }) {
      const listing = sitePagesListing(query, choices)
      return listPages(store, params.siteId, listedAs(scope, listing.query), listing.choices)
    },
  }),

  getPage: defineBehaviour<PagePathParams, GetPageQuery, undefined, PageRecord>({
    // The page is found (403/404) where access is judged: before a query that validationOrder
    // access-first judges after it, and before a publishable key's refusal at accessOrder existence-first.
    authorize: versionOf,
    run(context) {
      const { store, query } = context
      const page = context.target
      const site = store.siteRecord(page.siteId)!
      const content: PageContent | null = versionRead(context.scope, query) === 'live' ? page.live : page.draft
      if (!content) throw new ApiError(404, 'not_found', `The page ${page.id} has never been published, so it has no live version.`)
      // A deployment that withdraws the live version of a page while it is offline (choice offlineLiveVersion).
      if (content === page.live && !content.isOnline && context.choices?.offlineLiveVersion === 'withdrawn') {
        throw new ApiError(404, 'not_found', `The page ${page.id} is offline, so it has no live version until it goes online again.`)
      }
      // A key that reads online pages alone (publicApiKeyAsSiteKey online-pages) is refused the page
      // offline in the version it reads, or does not find it (publicApiKeyOfflinePages hidden), unless it reads it too (read).
      refuseOfflineRead(context.scope, content, context.params.pageIdOrPathname)
      // A locale the site lacks: refused as the list refuses it, or read as the default locale (readUnknownLocale).
      const locale = localeToCollapse(store, site, query.locale, readUnknownLocale(context.choices), context.choices) ?? undefined
      return pageResponse(200, store, page, content, site.defaultLocale, shownIn(content, locale, context.choices))
    },
  }),

  updatePage: defineBehaviour<PagePathParams, OptionalSiteQuery, UpdatePageBody, PageRecord>({
    authorize: pageOf,
    bodyRules(body, _query, choices) {
      const kept = keptPageUpdate(body, choices)
      if (kept.pathname !== undefined) requireAcceptedPathnameCharacters(kept.pathname, choices)
    },
    run(context) {
      const { store, target: page, choices } = context
      const body = keptPageUpdate(context.body, choices)
      if (body.pathname !== undefined) {
        requireAcceptedPathnameCharacters(body.pathname, choices)
        body.pathname = keptPagePathname(body.pathname, choices)
      }
      if (body.name !== undefined) body.name = keptName(body.name, choices)
      // A deployment that leaves a page untouched by an empty PATCH (choice emptyPatchUpdatedAt).
      if (choices?.emptyPatchUpdatedAt === 'unchanged' && Object.keys(body).length === 0) return pageResponse(200, store, page, page.draft, defaultLocaleOf(store, page))
      if (body.pathname !== undefined && otherOwner(store, page.siteId, body.pathname, choices, { kind: 'page', id: page.id })) {
        throw conflict(PATHNAME_TAKEN)
      }
      const wasOnline = page.draft.isOnline
      const at = after(store, page.draft.updatedAt ?? page.createdAt)
      // A deployment for which turning a page online or offline is its publication, not an edit, leaves updatedAt (choice onlineUpdatedAt).
      const edited = !(onlineStateOnly(page, body) && keepsUpdatedAt(choices?.onlineUpdatedAt, body.isOnline === true))
      // A deployment whose title is the page's name follows a rename with it (choice pageTitleFollowsName).
      const title = titleOfRenamed(page, body, choices)
      store.pages.updateDraft(page, Object.assign({}, body, title === undefined ? {} : { title }, edited ? { updatedAt: at } : {}))
      followPublishing(store, page, wasOnline, body.isOnline === true, at, choices)
      // A deployment whose live version is the page as it is now, once published (choice liveVersion).
      if (choices?.liveVersion === 'current' && page.live !== null) store.pages.setLive(page, structuredClone(page.draft), page.publishedAt)
      return pageResponse(200, store, page, page.draft, defaultLocaleOf(store, page))
    },
  }),

  // The target is the page to delete; undefined for one a delete already removed (choice repeatedDelete idempotent).
  deletePage: defineBehaviour<PagePathParams, OptionalSiteQuery, undefined, PageRecord | undefined>({
    authorize: (context) =>
      deletedBefore(context.store, context.scope, context.params.pageIdOrPathname, context.query.siteId, 'page', context.choices) ? undefined : pageOf(context),
    run({ store, target: page, choices }) {
      if (page === undefined) return { status: 204 }
      keepDeletedPage(store, page, choices)
      store.pages.remove(page)
      if (deletesAgain(choices)) store.deleted.rememberPage(page)
      return { status: 204 }
    },
  }),
} satisfies Behaviours<typeof pageOperations>

/** An update that turns the page online or offline and changes nothing else: every other field it sends is as the page has it. */
function onlineStateOnly(page: PageRecord, body: UpdatePageBody): boolean {
  if (body.isOnline === undefined || body.isOnline === page.draft.isOnline) return false
  const draft: Record<string, unknown> = { ...page.draft }
  return Object.entries(body).every(([field, value]) => field === 'isOnline' || JSON.stringify(draft[field]) === JSON.stringify(value))
}

/**
 * A deployment that publishes a page as it goes online (choice pagePublishing): turned online, its
 * draft becomes its live version, published at the update's instant; turned offline, its live
 * version goes offline with it. One that takes every `isOnline: true` as a publication publishes
 * a page already online again (choice onlineRepublish). sitemock publishes through its control
 * plane only.
 */
function followPublishing(store: Store, page: PageRecord, wasOnline: boolean, sentOnline: boolean, at: string, choices: Required<Choices> | undefined): void {
  if (choices?.pagePublishing !== 'going-online') return
  const republished = wasOnline && sentOnline && choices.onlineRepublish === 'republishes'
  if (page.draft.isOnline === wasOnline && !republished) return
  if (page.draft.isOnline) store.pages.setLive(page, structuredClone(page.draft), at)
  else if (page.live) store.pages.setLive(page, { ...page.live, isOnline: false }, page.publishedAt)
}
