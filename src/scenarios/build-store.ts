import type { Fixture, FixtureLocale, FixturePage } from '../generated/types.js'
import type { RandomSource } from '../random.js'
import { compareStrings } from '../store/sorted-index.js'
import { Store } from '../store/store.js'
import type { PageRecord } from '../store/records.js'
import { adoptPage, copyPage, shareStrings, takePage, type PageIntake } from './page-records.js'

export { FIXTURE_EPOCH } from './page-records.js'

/**
 * A new Store holding a fixture that validateFixture accepted, through the tables' own add
 * methods so every index is built as the API would build it. Fields left out take their
 * documented defaults. With `adopt` or `take` (see PageIntake), the document's page objects
 * become the records.
 */
export function buildStore(fixture: Fixture, random: RandomSource, now?: () => Date, intake: PageIntake = 'copy'): Store {
  const store = new Store(random, now)
  for (const { id, appApiKey } of fixture.workspaces) store.addWorkspace({ id, appApiKey })
  for (const site of fixture.sites ?? []) {
    store.addSite({
      id: site.id,
      workspaceId: site.workspaceId,
      name: site.name,
      hostOrigin: site.hostOrigin ?? null,
      publicApiKey: site.publicApiKey,
      defaultLocale: site.defaultLocale,
      defaultLocalePathPrefix: site.defaultLocalePathPrefix ?? null,
      localeManagementMode: site.localeManagementMode ?? 'internal',
      seq: store.nextSeq(),
    })
  }
  for (const locale of defaultsFirst(fixture.locales ?? [])) {
    store.locales.add({
      id: locale.id,
      siteId: locale.siteId,
      locale: locale.locale,
      domain: locale.domain ?? null,
      pathPrefix: locale.pathPrefix ?? null,
      seq: store.nextSeq(),
      deletedAt: locale.deletedAt ?? null,
    })
  }
  const toRecord = TO_RECORD[intake]
  let previous: PageRecord | undefined
  for (const page of inPathOrder(fixture.pages ?? [])) {
    const record = toRecord(page)
    if (intake !== 'take') shareStrings(record, previous)
    store.pages.add(record)
    previous = record
  }
  for (const { id, siteId, pathname } of fixture.routes ?? []) store.routes.add({ id, siteId, pathname })
  return store
}

const TO_RECORD: Record<PageIntake, (page: FixturePage) => PageRecord> = { copy: copyPage, adopt: adoptPage, take: takePage }

/**
 * Pages in the order of the pathname index, so each insert lands at its end instead of
 * shifting the index: loading 100k pages stays linear. An export and a generated document are
 * already in this order, which one pass confirms without copying or sorting them.
 */
function inPathOrder(pages: FixturePage[]): FixturePage[] {
  for (let i = 1; i < pages.length; i++) if (byPath(pages[i - 1]!, pages[i]!) > 0) return [...pages].sort(byPath)
  return pages
}

const byPath = (a: FixturePage, b: FixturePage): number => compareStrings(a.draft.pathname, b.draft.pathname) || compareStrings(a.id, b.id)

/** A site's default locale was created with the site, so it comes first in the site's locale order. */
function defaultsFirst(locales: FixtureLocale[]): FixtureLocale[] {
  return [...locales.filter((l) => l.isDefault), ...locales.filter((l) => !l.isDefault)]
}
