import type { Store } from '../store/store.js'

/** The list a cursor is sent to: the sites of a workspace, or a site's locales, pages or routes. */
export type ListFamily = 'site' | 'locale' | 'page' | 'route'

/**
 * Whether an id names an item of another list than this one (choice foreignCursor): a locale,
 * page or route of another site, or an item of another family (a page id on the route list).
 * A site of another workspace, an item the list's filters leave out and one a delete removed are
 * not: those are cursorOutsideList's and deletedCursor's.
 */
export function foreignTo(store: Store, family: ListFamily, siteId?: string): (id: string) => boolean {
  const inFamily: Record<Exclude<ListFamily, 'site'>, (id: string) => { siteId: string } | undefined> = {
    locale: (id) => store.locales.byId.get(id),
    page: (id) => store.pages.byId.get(id),
    route: (id) => store.routes.byId.get(id),
  }
  return (id) => {
    if (family !== 'site' && store.sites.has(id)) return true
    return (Object.keys(inFamily) as Array<keyof typeof inFamily>).some((other) => {
      const item = inFamily[other](id)
      return item !== undefined && (other !== family || item.siteId !== siteId)
    })
  }
}
