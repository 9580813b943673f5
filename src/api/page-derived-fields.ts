import type { Choices } from '../freedom/catalogue.js'
import type { PageContent, PageRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { after } from './later-instant.js'

type Chosen = Required<Choices> | undefined

/**
 * The title a page update gives the page beside its new name, for a deployment whose title is the
 * page's name and follows renames (choice pageTitleFollowsName follows): only while the title is
 * the name as it was, and only where the update sends no title of its own. Undefined: the title
 * stays as the update leaves it.
 */
export function titleOfRenamed(page: PageRecord, changes: Partial<PageContent>, choices: Chosen): string | undefined {
  if (choices?.pageTitleFollowsName !== 'follows' || changes.name === undefined || 'title' in changes) return undefined
  return page.draft.title === page.draft.name ? changes.name : undefined
}

/**
 * Moves updatedAt of the pages a locale's new code shows in, for a deployment that counts the
 * rename as their update (choice localeRenameTouchesPages touched): every page of the site with a
 * localization in the locale, and every page of the site when it is the default locale. Called
 * after the rename, with the locale's new code.
 */
export function touchPagesOfRenamedLocale(store: Store, siteId: string, code: string, wasDefault: boolean, choices: Chosen): void {
  if (choices?.localeRenameTouchesPages !== 'touched') return
  const localized = (content: PageContent | null): boolean => (content?.localizations ?? []).some((localization) => localization.locale === code)
  for (const page of [...store.pages.ofSite(siteId).values()]) {
    if (!wasDefault && !localized(page.draft) && !localized(page.live)) continue
    const at = after(store, page.draft.updatedAt ?? page.createdAt)
    store.pages.updateDraft(page, { updatedAt: at })
    // A live version that is the page as it is now (liveVersion current) moves with it.
    if (choices.liveVersion === 'current' && page.live !== null) store.pages.setLive(page, structuredClone(page.draft), page.publishedAt)
  }
}
