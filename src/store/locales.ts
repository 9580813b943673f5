import type { LocaleRecord } from './records.js'
import { SortedIndex } from './sorted-index.js'

// A site's default locale is created with the site, so it has the lowest seq and creation
// order alone puts it first in every list.
const bySeq = (a: LocaleRecord, b: LocaleRecord): number => a.seq - b.seq

/** Locales by id (deleted ones too, so they can be restored), and a site's active ones by code. */
export class LocaleTable {
  readonly byId = new Map<string, LocaleRecord>()
  private readonly activeByCode = new Map<string, Map<string, LocaleRecord>>()
  private readonly ordered = new Map<string, SortedIndex<LocaleRecord>>()
  /** A site's soft-deleted locales, so a restore by code never scans. */
  private readonly deleted = new Map<string, Set<LocaleRecord>>()

  ofSite(siteId: string): SortedIndex<LocaleRecord> {
    let index = this.ordered.get(siteId)
    if (!index) this.ordered.set(siteId, (index = new SortedIndex(bySeq)))
    return index
  }

  byCode(siteId: string, code: string): LocaleRecord | undefined {
    return this.activeByCode.get(siteId)?.get(code)
  }

  /** A soft-deleted locale of the site with this code (the latest deleted one). */
  deletedByCode(siteId: string, code: string): LocaleRecord | undefined {
    let found: LocaleRecord | undefined
    for (const locale of this.deleted.get(siteId) ?? []) if (locale.locale === code) found = locale
    return found
  }

  /** Adds an active locale, or keeps a soft-deleted one restorable. */
  add(locale: LocaleRecord): void {
    this.byId.set(locale.id, locale)
    if (locale.deletedAt === null) this.activate(locale)
    else this.deletedOf(locale.siteId).add(locale)
  }

  update(locale: LocaleRecord, changes: { locale?: string; domain?: string | null }): void {
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
    this.deletedOf(locale.siteId).add(locale)
  }

  restore(locale: LocaleRecord): void {
    locale.deletedAt = null
    this.deletedOf(locale.siteId).delete(locale)
    this.activate(locale)
  }

  dropSite(siteId: string): void {
    for (const locale of this.deletedOf(siteId)) this.byId.delete(locale.id)
    for (const locale of this.ofSite(siteId).values()) this.byId.delete(locale.id)
    this.ordered.delete(siteId)
    this.activeByCode.delete(siteId)
    this.deleted.delete(siteId)
  }

  /** Copies the active locales, in order, with fresh ids. */
  copySite(fromSiteId: string, toSiteId: string, newId: () => string, nextSeq: () => number): void {
    for (const locale of this.ofSite(fromSiteId).values()) {
      this.add({ ...locale, id: newId(), siteId: toSiteId, seq: nextSeq() })
    }
  }

  private activate(locale: LocaleRecord): void {
    this.codes(locale.siteId).set(locale.locale, locale)
    this.ofSite(locale.siteId).insert(locale)
  }

  private deletedOf(siteId: string): Set<LocaleRecord> {
    let deleted = this.deleted.get(siteId)
    if (!deleted) this.deleted.set(siteId, (deleted = new Set()))
    return deleted
  }

  private codes(siteId: string): Map<string, LocaleRecord> {
    let codes = this.activeByCode.get(siteId)
    if (!codes) this.activeByCode.set(siteId, (codes = new Map()))
    return codes
  }
}
