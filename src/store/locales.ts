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
  /** A site's soft-deleted locales by code, in deletion order, so a restore by code never scans. */
  private readonly deleted = new Map<string, Map<string, LocaleRecord[]>>()

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
    return this.deleted.get(siteId)?.get(code)?.at(-1)
  }

  /** Adds an active locale, or keeps a soft-deleted one restorable. */
  add(locale: LocaleRecord): void {
    this.byId.set(locale.id, locale)
    if (locale.deletedAt === null) this.activate(locale)
    else this.keepDeleted(locale)
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
    this.keepDeleted(locale)
  }

  restore(locale: LocaleRecord): void {
    locale.deletedAt = null
    // Only the deleted locales of one site with one code are searched here: a handful at most.
    const sameCode = this.deletedOf(locale.siteId).get(locale.locale) ?? []
    sameCode.splice(sameCode.indexOf(locale), 1)
    if (sameCode.length === 0) this.deletedOf(locale.siteId).delete(locale.locale)
    this.activate(locale)
  }

  dropSite(siteId: string): void {
    for (const sameCode of this.deletedOf(siteId).values()) for (const locale of sameCode) this.byId.delete(locale.id)
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
