import { randomBytes, randomUUID } from 'node:crypto'

export interface Workspace {
  id: string
  appKey: string
}

export interface Site {
  id: string
  workspaceId: string
  name: string
  hostOrigin: string | null
  /** The Site API key: the specification makes it a UUID. */
  publicApiKey: string
  /** The default locale is a locale record; the site's defaultLocale is that record's code. */
  defaultLocaleId: string
  /** Creation rank, for the orders that go by creation. */
  seq: number
}

export interface Locale {
  id: string
  siteId: string
  code: string
  domain: string | null
  /** Deleted locales stay, so that restore can bring them back with their id. */
  deletedSeq: number | null
  seq: number
}

export interface Page {
  id: string
  siteId: string
  pathname: string
  name: string
  localeId: string
  title: string | null
  description: string | null
  canonicalUrl: string | null
  socialImageUrl: string | null
  sitemapPriority: number | null
  sitemapFrequency: string | null
  excludedFromSearchEngines: boolean | null
  isOnline: boolean
  createdAt: string
  updatedAt: string
  publishedAt: string | null
  seq: number
}

export interface Route {
  id: string
  siteId: string
  pathname: string
  seq: number
}

/** Everything the service holds, in memory; records are plain objects changed in place. */
export class Store {
  readonly workspaces = new Map<string, Workspace>()
  readonly sites = new Map<string, Site>()
  readonly locales = new Map<string, Locale>()
  readonly pages = new Map<string, Page>()
  readonly routes = new Map<string, Route>()
  private counter = 0

  /** A rank that grows with every record made or deleted, standing for "made earlier". */
  nextSeq(): number {
    return ++this.counter
  }

  /** A workspace with its App key: `app_` and 40 hex digits. */
  addWorkspace(): Workspace {
    const workspace = { id: randomUUID(), appKey: `app_${randomBytes(20).toString('hex')}` }
    this.workspaces.set(workspace.id, workspace)
    return workspace
  }

  siteByKey(key: string): Site | undefined {
    for (const site of this.sites.values()) if (site.publicApiKey === key) return site
    return undefined
  }

  workspaceByKey(key: string): Workspace | undefined {
    for (const workspace of this.workspaces.values()) if (workspace.appKey === key) return workspace
    return undefined
  }

  localesOf(siteId: string): Locale[] {
    return [...this.locales.values()].filter((locale) => locale.siteId === siteId)
  }

  activeLocalesOf(siteId: string): Locale[] {
    return this.localesOf(siteId).filter((locale) => locale.deletedSeq === null)
  }

  pagesOf(siteId: string): Page[] {
    return [...this.pages.values()].filter((page) => page.siteId === siteId)
  }

  routesOf(siteId: string): Route[] {
    return [...this.routes.values()].filter((route) => route.siteId === siteId)
  }

  /** Pages and routes share one space of pathnames in a site: who holds this one, apart from `except`. */
  pathnameTaken(siteId: string, pathname: string, except?: string): boolean {
    const holders = [...this.pagesOf(siteId), ...this.routesOf(siteId)]
    return holders.some((holder) => holder.pathname === pathname && holder.id !== except)
  }

  /** A site and everything below it. */
  removeSite(site: Site): void {
    for (const map of [this.locales, this.pages, this.routes] as const) {
      for (const [id, item] of map) if (item.siteId === site.id) map.delete(id)
    }
    this.sites.delete(site.id)
  }
}
