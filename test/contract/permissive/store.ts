import { randomBytes, randomUUID } from 'node:crypto'
import type { Choices } from './choices.js'
import type { Json } from './http.js'

/** The permissive implementation's in-memory state: two workspaces and what their keys create. */
export interface Workspace {
  id: string
  appKey: string
}

export interface Site {
  id: string
  workspaceId: string
  name: string
  hostOrigin: string | null
  publicApiKey: string
  /** Its Site API key where the two are kept apart (publicApiKeyAsSiteKey: not-a-key, forbidden, live-pages, published-pages, online-pages, single-resources, pages, site-and-pages, configuration, reads); never shown by the API. */
  siteKey: string
  defaultLocale: string
  /** Creation order, for the site list. */
  seq: number
}

export interface Locale {
  id: string
  siteId: string
  locale: string
  domain: string | null
  pathPrefix: string | null
  deleted: boolean
  seq: number
}

export interface Page {
  id: string
  siteId: string
  name: string
  pathname: string
  canonicalUrl: string | null
  title: string | null
  description: string | null
  socialImageUrl: string | null
  sitemapPriority: number | null
  sitemapFrequency: string | null
  createdAt: string
  /** Null until the first change: the "last update time" of a page never updated. */
  updatedAt: string | null
  isOnline: boolean
  excludedFromSearchEngines: boolean | null
  seq: number
  /** The publication time, at `pagePublishing: going-online`; null until a page goes online. */
  publishedAt: string | null
  /** The page as it was published, offline with it since; null until then (or ever, where nothing publishes). */
  live: Page | null
}

export interface Route {
  id: string
  siteId: string
  pathname: string
  seq: number
}

export type Family = 'sites' | 'locales' | 'pages' | 'routes'

/** The families whose pathnames share one space in a site. */
export type PathnameFamily = 'pages' | 'routes'
export const PATHNAME_FAMILIES: readonly PathnameFamily[] = ['pages', 'routes']

/**
 * What a delete removed (a locale soft-deleted, or anything a site's delete took with it), for a
 * delete sent again (`repeatedDelete: idempotent`): whose it was, and the pathname or code that
 * named it.
 */
export interface Removed {
  family: Family
  siteId: string
  workspaceId: string
  name: string | undefined
}

export class Store {
  /** Where the documents leave the answer free, the alternatives taken; none: its own (CHOICES.md). */
  constructor(readonly choices: Choices = {}) {}

  readonly workspaces: Workspace[] = [0, 1].map(() => ({ id: randomUUID(), appKey: `sk_${randomBytes(24).toString('base64url')}` }))
  readonly sites = new Map<string, Site>()
  readonly locales = new Map<string, Locale>()
  readonly pages = new Map<string, Page>()
  readonly routes = new Map<string, Route>()
  /** Sites deleted whose locales, pages and routes stay (`siteDeleteChildren: kept`): they still answer for their workspace and default locale. */
  readonly keptSites = new Map<string, Site>()
  /** By id, what a delete removed. */
  readonly removed = new Map<string, Removed>()
  /** The sites, pages and routes a delete of their own removed, as they were, where a cursor naming one goes on after its place (`deletedCursor: after-place`). */
  readonly deletedPlaces = { sites: new Map<string, Site>(), pages: new Map<string, Page>(), routes: new Map<string, Route>() }
  /** Deleted sites by their keys (the Site key, and the publicApiKey where it is a key here), which stay known keys without permission (`deletedSiteKey: 403`). */
  readonly deletedSiteKeys = new Map<string, Site>()
  private counter = 0

  next(): number {
    return ++this.counter
  }

  /** The wall clock; two writes in one millisecond (or one second, at `clockPrecision: second`) share an instant. */
  now(): string {
    const instant = new Date().toISOString()
    return this.choices.clockPrecision === 'second' ? instant.replace(/\.\d{3}Z$/, 'Z') : instant
  }

  workspaceByKey(key: string): Workspace | undefined {
    return this.workspaces.find((workspace) => workspace.appKey === key)
  }

  /** Whether Site keys are apart from the sites' publicApiKey, which is then a 401 (not-a-key), a 403 (forbidden), or one but for page reads (live-pages, published-pages), locale reads (online-pages), single reads (single-resources), page reads in any version (pages), those and its site's read (site-and-pages), its site's and locales' reads (configuration), and all of these (reads). */
  get keysApart(): boolean {
    return (this.choices.publicApiKeyAsSiteKey ?? 'site-key') !== 'site-key'
  }

  siteByKey(key: string): Site | undefined {
    for (const site of this.sites.values()) if ((this.keysApart ? site.siteKey : site.publicApiKey) === key) return site
    return undefined
  }

  /** The site whose publicApiKey a key is. */
  siteByPublicKey(key: string): Site | undefined {
    return [...this.sites.values()].find((site) => site.publicApiKey === key)
  }

  liveLocales(siteId: string): Locale[] {
    return [...this.locales.values()].filter((locale) => locale.siteId === siteId && !locale.deleted).sort((a, b) => a.seq - b.seq)
  }

  sitePages(siteId: string): Page[] {
    return [...this.pages.values()].filter((page) => page.siteId === siteId)
  }

  siteRoutes(siteId: string): Route[] {
    return [...this.routes.values()].filter((route) => route.siteId === siteId)
  }

  /** Pages and routes of a site share one space of pathnames. */
  /** Whether another page or route (of the families `among`) has the pathname: as sent, or in any case at `pathnameConflictCase: any-case`. */
  pathnameTaken(siteId: string, pathname: string, except?: string, among: readonly PathnameFamily[] = PATHNAME_FAMILIES): boolean {
    const fold = this.choices.pathnameConflictCase === 'any-case' ? (text: string) => text.toLowerCase() : (text: string) => text
    const same = (item: { id: string; pathname: string }): boolean => fold(item.pathname) === fold(pathname) && item.id !== except
    return (among.includes('pages') && this.sitePages(siteId).some(same)) || (among.includes('routes') && this.siteRoutes(siteId).some(same))
  }

  /** The site a locale, page or route belongs to: a live one, or one deleted that left its children. */
  ownerOf(siteId: string): Site | undefined {
    return this.sites.get(siteId) ?? this.keptSites.get(siteId)
  }

  /** Records what a delete removed; `name` is the pathname or locale code a lookup may name it by. */
  remember(family: Family, id: string, siteId: string, name?: string): void {
    this.removed.set(id, { family, siteId, workspaceId: this.ownerOf(siteId)!.workspaceId, name })
  }

  /** Whether a delete keeps what it removed for the cursors that name it (`deletedCursor: after-place`). */
  get keepsDeletedPlaces(): boolean {
    return this.choices.deletedCursor === 'after-place'
  }

  /** The pages or routes of a site that a delete of their own removed, kept for the cursors (none but at `deletedCursor: after-place`). */
  deletedOfSite<T extends { siteId: string }>(kept: Map<string, T>, siteId: string): T[] {
    return [...kept.values()].filter((item) => item.siteId === siteId)
  }

  /** Deletes a site, and what it holds unless the deployment keeps that (`siteDeleteChildren: kept`). */
  removeSite(site: Site): void {
    this.remember('sites', site.id, site.id)
    if (this.keepsDeletedPlaces) this.deletedPlaces.sites.set(site.id, site)
    if (this.choices.deletedSiteKey === '403') {
      if (this.keysApart) this.deletedSiteKeys.set(site.siteKey, site)
      // Its publicApiKey too, where that is a key of this deployment at all.
      if (this.choices.publicApiKeyAsSiteKey !== 'not-a-key') this.deletedSiteKeys.set(site.publicApiKey, site)
    }
    this.sites.delete(site.id)
    if (this.choices.siteDeleteChildren === 'kept') {
      this.keptSites.set(site.id, site)
      return
    }
    const held: Array<[Family, Map<string, { siteId: string; pathname?: string; locale?: string }>]> = [
      ['locales', this.locales],
      ['pages', this.pages],
      ['routes', this.routes],
    ]
    for (const [family, map] of held) {
      for (const [id, item] of map) {
        if (item.siteId !== site.id) continue
        this.removed.set(id, { family, siteId: site.id, workspaceId: site.workspaceId, name: item.pathname ?? item.locale })
        map.delete(id)
      }
    }
  }
}

export function siteJson(site: Site, choices: Choices): Json {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: site.defaultLocale,
    // Not required by the published schemas: a deployment may leave it out.
    ...(choices.sitePathPrefixFields === 'absent' ? {} : { defaultLocalePathPrefix: choices.localePathPrefixes === 'code' ? '' : null }),
    localeManagementMode: choices.localeManagementMode ?? 'internal',
  }
}

/** A locale; where it has no prefix of its own, at `localePathPrefixes: code` the one its code makes ("Null means the locale code is used"), "" for the default locale. */
export function localeJson(locale: Locale, site: Site, choices: Choices): Json {
  // A deleted locale (read by id at `deletedLocaleRead: by-id`) is never the default, even once the default takes its code.
  const isDefault = !locale.deleted && locale.locale === site.defaultLocale
  const derived = choices.localePathPrefixes === 'code' ? (isDefault ? '' : locale.locale.toLowerCase()) : null
  return { object: 'locale', id: locale.id, locale: locale.locale, domain: locale.domain, pathPrefix: locale.pathPrefix ?? derived, isDefault }
}

/** A page; its `locale` (the site's default: pages have no other) only at `pageLocale: present`, as the documents do not require it. */
export function pageJson(page: Page, choices: Choices, defaultLocale: string): Json {
  return {
    object: 'page',
    id: page.id,
    pathname: page.pathname,
    canonicalUrl: page.canonicalUrl,
    title: page.title,
    description: page.description,
    socialImageUrl: page.socialImageUrl,
    sitemapPriority: page.sitemapPriority,
    sitemapFrequency: page.sitemapFrequency,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    publishedAt: page.publishedAt,
    isOnline: page.isOnline,
    excludedFromSearchEngines: page.excludedFromSearchEngines,
    ...(choices.pageLocale === 'present' ? { locale: defaultLocale } : {}),
    localizations: [],
  }
}

export const routeJson = (route: Route): Json => ({ object: 'route', id: route.id, pathname: route.pathname })
