import { expect } from 'vitest'
import { LOCALES, PAGES, ROUTES, SITE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import type { Adoptions } from '../../src/contract/stateful/adoption.js'
import type { Reply, StatusClass } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from '../unit/occurrence.js'

/**
 * What the stateful group's narrowing of a site's publicApiKey (publicApiKeyAsSiteKey) is shown
 * with: one site, one key, the reads a key may be answered or refused, and the occurrence where the
 * oracle takes the key as its site's Site key (it answers every one of them).
 */
export const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b10'

export const ok: Reply = { status: 200, body: {} }
export const refused: Reply = { status: 403, body: { code: 'forbidden' } }

export const siteRead: ContractRequest = { method: 'GET', template: SITE, params: { siteId: SITE_ID }, key: KEY }
export const localeList: ContractRequest = { method: 'GET', template: LOCALES, query: { siteId: SITE_ID }, key: KEY }
export const pageList: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID }, key: KEY }
export const offlineList: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID, includeOffline: 'true' }, key: KEY }
export const routeList: ContractRequest = { method: 'GET', template: ROUTES, query: { siteId: SITE_ID }, key: KEY }

/** The request where the oracle takes the key as its site's Site key (answers all), and the target answers `target`. */
export const asSiteKey = (request: ContractRequest, target: Reply) => occurrenceOf(request, ok, () => ok, { runSiteKey: true, site: SITE_ID, ownSiteKey: true, sites: [SITE_ID], target })

/** Shows the class each answer in turn, as the stateful group does: none of them contradicts what the ones before it narrowed. */
export function seeEach(publicKey: StatusClass, adoptions: Adoptions, seen: ReadonlyArray<readonly [ContractRequest, Reply]>): void {
  for (const [request, target] of seen) {
    const occurrence = asSiteKey(request, target)
    const alternative = publicKey.alternative(target, occurrence)!
    expect(adoptions.see('publicApiKeyAsSiteKey', alternative, request.template, publicKey.fits?.(alternative, occurrence))).toBeUndefined()
  }
}
