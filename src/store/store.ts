import { createRandom, type RandomSource } from '../random.js'
import { LocaleTable } from './locales.js'
import { PageTable } from './pages.js'
import { PathnameRegistry } from './pathnames.js'
import type { SiteRecord, WorkspaceRecord } from './records.js'
import { RouteTable } from './routes.js'
import { SortedIndex } from './sorted-index.js'
import { isoInstant } from './instant.js'

const bySeq = (a: SiteRecord, b: SiteRecord): number => a.seq - b.seq

/**
 * The whole state of the mock, with the indexes every read and conflict check goes through.
 * Operations are synchronous, so each write is atomic with respect to every other request.
 */
export class Store {
  readonly workspaces = new Map<string, WorkspaceRecord>()
  readonly workspaceByAppKey = new Map<string, WorkspaceRecord>()
  readonly sites = new Map<string, SiteRecord>()
  readonly siteByApiKey = new Map<string, SiteRecord>()
  private readonly sitesOfWorkspace = new Map<string, SortedIndex<SiteRecord>>()
  readonly pathnames = new PathnameRegistry()
  readonly locales = new LocaleTable()
  readonly pages = new PageTable(this.pathnames)
  readonly routes = new RouteTable(this.pathnames)
  private seq = 0

  constructor(
    readonly random: RandomSource = createRandom(1),
    /** The clock; injected so fixtures and tests never depend on wall time. */
    readonly now: () => Date = () => new Date(),
  ) {}

  nextSeq(): number {
    return ++this.seq
  }

  timestamp(): string {
    return isoInstant(this.now().getTime())
  }

  addWorkspace(workspace: WorkspaceRecord): void {
    this.workspaces.set(workspace.id, workspace)
    this.workspaceByAppKey.set(workspace.appApiKey, workspace)
  }

  sitesOf(workspaceId: string): SortedIndex<SiteRecord> {
    let index = this.sitesOfWorkspace.get(workspaceId)
    if (!index) this.sitesOfWorkspace.set(workspaceId, (index = new SortedIndex(bySeq)))
    return index
  }

  addSite(site: SiteRecord): void {
    this.seq = Math.max(this.seq, site.seq)
    this.sites.set(site.id, site)
    this.siteByApiKey.set(site.publicApiKey, site)
    this.sitesOf(site.workspaceId).insert(site)
  }

  /** Deletes the site and everything in it; its Site API key stops working at once. */
  deleteSite(site: SiteRecord): void {
    this.sites.delete(site.id)
    this.siteByApiKey.delete(site.publicApiKey)
    this.sitesOf(site.workspaceId).remove(site)
    this.locales.dropSite(site.id)
    this.pages.dropSite(site.id)
    this.routes.dropSite(site.id)
    this.pathnames.dropSite(site.id)
  }

  /** Copies a site's locales, pages (with localizations) and routes into a new site, all with fresh ids. */
  duplicateSite(source: SiteRecord, name: string): SiteRecord {
    const copy: SiteRecord = {
      ...source,
      id: this.random.uuid(),
      name,
      publicApiKey: this.random.uuid(),
      seq: this.nextSeq(),
    }
    this.addSite(copy)
    const newId = (): string => this.random.uuid()
    this.locales.copySite(source.id, copy.id, newId, () => this.nextSeq())
    this.pages.copySite(source.id, copy.id, newId)
    this.routes.copySite(source.id, copy.id, newId)
    return copy
  }
}
