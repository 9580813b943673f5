import type { LocaleRecord } from './records.js'
import { SortedIndex } from './sorted-index.js'
import { UndoLog } from './undo-log.js'

// A site's default locale is created with the site, so it has the lowest seq and creation
// order alone puts it first in every list.
const bySeq = (a: LocaleRecord, b: LocaleRecord): number => a.seq - b.seq

/** The value of the first key equal to `code` without case. */
function sameCodeIgnoringCase<V>(byCode: ReadonlyMap<string, V>, code: string): V | undefined {
  const folded = code.toLowerCase()
  for (const [key, value] of byCode) if (key.toLowerCase() === folded) return value
  return undefined
}

/** Locales by id (deleted ones too, so they can be restored), and a site's active ones by code. */
export class LocaleTable {
  readonly byId = new Map<string, LocaleRecord>()
  private readonly activeByCode = new Map<string, Map<string, LocaleRecord>>()
  private readonly ordered = new Map<string, SortedIndex<LocaleRecord>>()
  /** A site's soft-deleted locales by code, in deletion order, so a restore by code never scans. */
  private readonly deleted = new Map<string, Map<string, LocaleRecord[]>>()

  constructor(private readonly undo = new UndoLog()) {}

  ofSite(siteId: string): SortedIndex<LocaleRecord> {
    let index = this.ordered.get(siteId)
    if (!index) this.ordered.set(siteId, (index = new SortedIndex(bySeq)))
    return index
  }

  /**
   * The site's active locale with this code; with `anyCase`, whatever the code's case (a
   * deployment's choice localeLookupCase). That second look scans the site's codes, but only
   * when the exact code misses under that choice: a site has a handful of locales.
   */
  byCode(siteId: string, code: string, anyCase = false): LocaleRecord | undefined {
    const codes = this.activeByCode.get(siteId)
    return codes?.get(code) ?? (anyCase && codes ? sameCodeIgnoringCase(codes, code) : undefined)
  }

  /** A soft-deleted locale of the site with this code (the latest deleted one); `anyCase` as byCode. */
  deletedByCode(siteId: string, code: string, anyCase = false): LocaleRecord | undefined {
    const codes = this.deleted.get(siteId)
    return (codes?.get(code) ?? (anyCase && codes ? sameCodeIgnoringCase(codes, code) : undefined))?.at(-1)
  }

  /** Whether a soft-deleted locale of the site has this domain (a site has a handful of locales: a scan). */
  deletedWithDomain(siteId: string, domain: string): boolean {
    for (const versions of this.deleted.get(siteId)?.values() ?? []) if (versions.some((locale) => locale.domain === domain)) return true
    return false
  }

  /** Adds an active locale, or keeps a soft-deleted one restorable. */
  add(locale: LocaleRecord): void {
    this.byId.set(locale.id, locale)
    if (locale.deletedAt === null) this.activate(locale)
    else this.keepDeleted(locale)
    this.undo.record(() => this.unadd(locale))
  }

  /** Takes back add(): the locale was the last one kept with its code, if deleted. */
  private unadd(locale: LocaleRecord): void {
    this.byId.delete(locale.id)
    if (locale.deletedAt === null) {
      this.codes(locale.siteId).delete(locale.locale)
      this.ofSite(locale.siteId).remove(locale)
    } else {
      this.forgetDeleted(locale, this.deletedOf(locale.siteId).get(locale.locale)!.length - 1)
    }
  }

  update(locale: LocaleRecord, changes: { locale?: string; domain?: string | null }): void {
    const before = { locale: locale.locale, domain: locale.domain }
    this.undo.record(() => this.update(locale, before))
    if (changes.locale !== undefined && changes.locale !== locale.locale) {
      this.codes(locale.siteId).delete(locale.locale)
      locale.locale = changes.locale
      this.codes(locale.siteId).set(locale.locale, locale)
    }
    if (changes.domain !== undefined) locale.domain = changes.domain
  }

  softDelete(locale: LocaleRecord, at: string): void {
    locale.deletedAt = at
    this.codes(locale.siteId).delete(locale.locale)
    this.ofSite(locale.siteId).remove(locale)
    this.keepDeleted(locale)
    this.undo.record(() => this.restore(locale))
  }

  restore(locale: LocaleRecord): void {
    const deletedAt = locale.deletedAt
    locale.deletedAt = null
    // Only the deleted locales of one site with one code are searched here: a handful at most.
    const position = (this.deletedOf(locale.siteId).get(locale.locale) ?? []).indexOf(locale)
    this.forgetDeleted(locale, position)
    this.activate(locale)
    this.undo.record(() => {
      locale.deletedAt = deletedAt
      this.codes(locale.siteId).delete(locale.locale)
      this.ofSite(locale.siteId).remove(locale)
      this.keepDeletedAt(locale, position)
    })
  }

  /**
   * Forgets a soft-deleted locale for good: a deployment that gives its code to a locale renamed
   * onto it no longer holds it to restore (choice deletedLocaleCode revived).
   */
  discard(locale: LocaleRecord): void {
    const position = (this.deletedOf(locale.siteId).get(locale.locale) ?? []).indexOf(locale)
    this.forgetDeleted(locale, position)
    this.byId.delete(locale.id)
    this.undo.record(() => {
      this.byId.set(locale.id, locale)
      this.keepDeletedAt(locale, position)
    })
  }

  /** Back in its place among the deleted ones of its code: the latest deleted one is the one a restore by code finds. */
  private keepDeletedAt(locale: LocaleRecord, position: number): void {
    const byCode = this.deletedOf(locale.siteId)
    const sameCode = byCode.get(locale.locale)
    if (sameCode) sameCode.splice(position, 0, locale)
    else byCode.set(locale.locale, [locale])
  }

  private forgetDeleted(locale: LocaleRecord, position: number): void {
    const byCode = this.deletedOf(locale.siteId)
    const sameCode = byCode.get(locale.locale) ?? []
    sameCode.splice(position, 1)
    if (sameCode.length === 0) byCode.delete(locale.locale)
  }

  /** Drops every locale of the site, deleted ones included; returns them. */
  dropSite(siteId: string): LocaleRecord[] {
    const dropped = { ordered: this.ofSite(siteId), activeByCode: this.activeByCode.get(siteId), deleted: this.deletedOf(siteId) }
    const locales = [...[...dropped.deleted.values()].flat(), ...dropped.ordered.values()]
    for (const locale of locales) this.byId.delete(locale.id)
    this.ordered.delete(siteId)
    this.activeByCode.delete(siteId)
    this.deleted.delete(siteId)
    this.undo.record(() => {
      for (const locale of locales) this.byId.set(locale.id, locale)
      this.ordered.set(siteId, dropped.ordered)
      if (dropped.activeByCode) this.activeByCode.set(siteId, dropped.activeByCode)
      this.deleted.set(siteId, dropped.deleted)
    })
    return locales
  }

  /**
   * Copies the active locales, in order, with fresh ids; with `deleted`, the deleted ones after
   * them, still deleted; with `dropDomains`, each without its domain.
   */
  copySite(fromSiteId: string, toSiteId: string, newId: () => string, nextSeq: () => number, options: { deleted: boolean; dropDomains: boolean }): void {
    const copied = [...this.ofSite(fromSiteId).values(), ...(options.deleted ? [...this.deletedOf(fromSiteId).values()].flat() : [])]
    for (const locale of copied) this.add({ ...locale, id: newId(), siteId: toSiteId, seq: nextSeq(), ...(options.dropDomains ? { domain: null } : {}) })
  }

  private activate(locale: LocaleRecord): void {
    this.codes(locale.siteId).set(locale.locale, locale)
    this.ofSite(locale.siteId).insert(locale)
  }

  private keepDeleted(locale: LocaleRecord): void {
    const byCode = this.deletedOf(locale.siteId)
    const sameCode = byCode.get(locale.locale)
    if (sameCode) sameCode.push(locale)
    else byCode.set(locale.locale, [locale])
  }

  private deletedOf(siteId: string): Map<string, LocaleRecord[]> {
    let deleted = this.deleted.get(siteId)
    if (!deleted) this.deleted.set(siteId, (deleted = new Map()))
    return deleted
  }

  private codes(siteId: string): Map<string, LocaleRecord> {
    let codes = this.activeByCode.get(siteId)
    if (!codes) this.activeByCode.set(siteId, (codes = new Map()))
    return codes
  }
}
