/**
 * What the store keeps. Each record is its resource's response shape (generated from
 * contracts/) without `object`, plus the few fields the API never shows.
 */
import type { Locale, Page, Route, Site } from '../generated/types.js'

export interface WorkspaceRecord {
  id: string
  appApiKey: string
}

export type SiteRecord = Omit<Site, 'object'> & {
  workspaceId: string
  /** Creation order: the stable order of site lists. */
  seq: number
}

export type LocaleRecord = Omit<Locale, 'object' | 'isDefault' | 'id'> & {
  /** Every locale sitemock stores has an id of its own (the documents let a deployment give none). */
  id: string
  siteId: string
  seq: number
  /** Set while soft-deleted; restore clears it. */
  deletedAt: string | null
}

/** The parts of a page that differ between the draft and the live (published) version. */
export type PageContent = Omit<Page, 'object' | 'id' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'locale'> & {
  name: string
  /** null only where a fixture said so (a deployment that answered null, kept by a snapshot); an update sets it. */
  updatedAt: string | null
}

/** The content of a new page: what the service gives a page before anyone edits it. */
export function blankContent(name: string, pathname: string, updatedAt: string): PageContent {
  return {
    name,
    pathname,
    title: null,
    description: null,
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: null,
    sitemapFrequency: null,
    isOnline: true,
    excludedFromSearchEngines: null,
    localizations: [],
    updatedAt,
  }
}

export interface PageRecord {
  id: string
  siteId: string
  /** null only where a fixture said so, as a deployment answered it. */
  createdAt: string | null
  publishedAt: string | null
  draft: PageContent
  /** The draft as it was at the last publish; null until the site is first published. */
  live: PageContent | null
}

export type RouteRecord = Omit<Route, 'object'> & { siteId: string }
