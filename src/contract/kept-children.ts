import { LOCALE, PAGE, ROUTE, SITE } from './endpoints.js'
import type { ContractRequest, Exchange } from './http-client.js'
import type { ResourceKind } from './types.js'

/** Where a resource of each kind is read and deleted by its id. */
export const BY_ID: Readonly<Record<ResourceKind, { template: string; param: string }>> = {
  site: { template: SITE, param: 'siteId' },
  locale: { template: LOCALE, param: 'localeIdOrCode' },
  page: { template: PAGE, param: 'pageIdOrPathname' },
  route: { template: ROUTE, param: 'routeIdOrPathname' },
}

/**
 * Whether a family of a deleted site's children outlived the delete: a deployment may keep a
 * site's locales, pages and routes, read and deleted by id (choice siteDeleteChildren), and it
 * keeps all of a family or none. One of them is read by id; undefined when the read itself failed,
 * which tells nothing. Cleanup and each stateful sequence's teardown ask it of what they delete.
 */
export async function familyOutlivedSite(send: (request: ContractRequest) => Promise<Exchange>, kind: Exclude<ResourceKind, 'site'>, id: string): Promise<boolean | undefined> {
  const { template, param } = BY_ID[kind]
  const read = await send({ method: 'GET', template, params: { [param]: id } }).catch(() => undefined)
  return read === undefined ? undefined : read.status >= 200 && read.status < 300
}
