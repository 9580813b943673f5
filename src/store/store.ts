import { createRandom, type RandomSource } from '../random.js'
import { DeletedRecords } from './deleted.js'
import { LocaleTable } from './locales.js'
import { PageTable } from './pages.js'
import { PathnameRegistry } from './pathnames.js'
import type { SiteRecord, WorkspaceRecord } from './records.js'
import { RouteTable } from './routes.js'
import { SortedIndex } from './sorted-index.js'
import { isoInstant } from './instant.js'
import { UndoLog } from './undo-log.js'

const bySeq = (a: SiteRecord, b: SiteRecord): number => a.seq - b.seq

/**
 * The whole state of the mock, with the indexes every read and conflict check goes through.
 * Operations are synchronous, so each write is atomic with respect to every other request.
 */
export class Store {
  /** Every write since the start state, to take back on reset (see markStart and rollback). */
  private readonly undo = new UndoLog()
  readonly workspaces = new Map<string, WorkspaceRecord>()
  readonly workspaceByAppKey = new Map<string, WorkspaceRecord>()
  readonly sites = new Map<string, SiteRecord>()
  readonly siteByApiKey = new Map<string, SiteRecord>()
  private readonly sitesOfWorkspace = new Map<string, SortedIndex<SiteRecord>>()
  readonly pathnames = new PathnameRegistry(this.undo)
  readonly locales = new LocaleTable(this.undo)
  readonly pages = new PageTable(this.pathnames, this.undo)
  readonly routes = new RouteTable(this.pathnames, this.undo)
  /** What deletes removed, where a deployment's choices keep it (see DeletedRecords). */
  readonly deleted = new DeletedRecords(this.undo)
  private seq = 0
  /** Where the counters stood at the start state. */
  private start = { seq: 0, random: 0 }

  constructor(
    readonly random: RandomSource = createRandom(1),
    /** The clock; injected so fixtures and tests never depend on wall time. A mock that takes a shared store sets its own. */
    public now: () => Date = () => new Date(),
  ) {}

  /** The state as it is now becomes the one rollback() returns to. */
  markStart(): void {
    this.start = { seq: this.seq, random: this.random.state() }
    this.undo.start()
  }

  /**
   * Takes back every write since markStart(), in time proportional to them, and returns true;
   * false when it cannot (never marked, or more writes than the log keeps): then build anew.
   */
  rollback(): boolean {
    if (!this.undo.complete) return false
    this.undo.rollback()
    this.seq = this.start.seq
    this.random.restore(this.start.random)
    return true
  }

  nextSeq(): number {
    return ++this.seq
  }

  timestamp(): string {
    return isoInstant(this.now().getTime())
  }

  addWorkspace(workspace: WorkspaceRecord): void {
    this.workspaces.set(workspace.id, workspace)
    this.workspaceByAppKey.set(workspace.appApiKey, workspace)
    this.undo.record(() => {
      this.workspaces.delete(workspace.id)
      this.workspaceByAppKey.delete(workspace.appApiKey)
    })
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
    this.undo.record(() => this.unlistSite(site))
  }

  /** Changes a site's own fields (its locales, pages and routes are not touched). */
  updateSite(site: SiteRecord, changes: Partial<Pick<SiteRecord, 'name' | 'hostOrigin' | 'defaultLocale'>>): void {
    const before = { name: site.name, hostOrigin: site.hostOrigin, defaultLocale: site.defaultLocale }
    Object.assign(site, changes)
    this.undo.record(() => Object.assign(site, before))
  }

  /**
   * A live site's record, or a deleted one's the store keeps (see DeletedRecords): what a
   * locale, page or route found by id reads of its site (its default locale).
   */
  siteRecord(id: string): SiteRecord | undefined {
    return this.sites.get(id) ?? this.deleted.site(id)
  }

  /**
   * Deletes the site and everything in it; its Site API key stops working at once. With
   * `keepChildren` its locales, pages and routes stay, with the pathnames they hold, for a
   * deployment whose site delete leaves them (choice siteDeleteChildren kept). With
   * `rememberSite` the site's record is kept apart from the live sites, with `rememberKey` it is
   * found by its key, and with `rememberChildren` the ids of what it held (see DeletedRecords).
   */
  deleteSite(site: SiteRecord, options: { keepChildren?: boolean; rememberSite?: boolean; rememberKey?: boolean; rememberChildren?: boolean } = {}): void {
    this.unlistSite(site)
    this.undo.record(() => this.relistSite(site))
    if (options.rememberSite === true) this.deleted.rememberSite(site)
    if (options.rememberKey === true) this.deleted.rememberKey(site)
    if (options.keepChildren === true) return
    const removed = { locales: this.locales.dropSite(site.id), pages: this.pages.dropSite(site.id), routes: this.routes.dropSite(site.id) }
    this.pathnames.dropSite(site.id)
    if (options.rememberChildren === true) this.deleted.rememberChildren(removed)
  }

  private unlistSite(site: SiteRecord): void {
    this.sites.delete(site.id)
    this.siteByApiKey.delete(site.publicApiKey)
    this.sitesOf(site.workspaceId).remove(site)
  }

  /**
   * Puts a deleted site back where it was: lists of sites follow the map's order, which is
   * creation order (seq), so the map is refilled in that order, a step per site.
   */
  private relistSite(site: SiteRecord): void {
    const sites = [...this.sites.values(), site].sort(bySeq)
    this.sites.clear()
    for (const each of sites) this.sites.set(each.id, each)
    this.siteByApiKey.set(site.publicApiKey, site)
    this.sitesOf(site.workspaceId).insert(site)
  }

  /**
   * Copies a site's locales, pages (with localizations) and routes into a new site, all with fresh
   * ids; its deleted locales too, still deleted, where a deployment copies them (choice
   * duplicateDeletedLocales), its pages offline and unpublished where it resets them (choice
   * duplicatePublication), and its locales without their domains where it drops them (choice
   * duplicateLocaleDomains).
   */
  duplicateSite(source: SiteRecord, name: string, options: { deletedLocales?: boolean; resetPublication?: boolean; dropDomains?: boolean } = {}): SiteRecord {
    const copy: SiteRecord = {
      ...source,
      id: this.random.uuid(),
      name,
      publicApiKey: this.random.uuid(),
      seq: this.nextSeq(),
    }
    this.addSite(copy)
    const newId = (): string => this.random.uuid()
    this.locales.copySite(source.id, copy.id, newId, () => this.nextSeq(), { deleted: options.deletedLocales === true, dropDomains: options.dropDomains === true })
    this.pages.copySite(source.id, copy.id, newId, options.resetPublication === true ? 'reset' : 'copied')
    this.routes.copySite(source.id, copy.id, newId)
    return copy
  }
}
