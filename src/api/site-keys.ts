import type { Choices } from '../freedom/catalogue.js'
import type { SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { lowerCase } from './lower-case.js'

// A site's Site API key. sitemock takes the site's publicApiKey as its Site key; a deployment
// may keep its Site keys apart (choice publicApiKeyAsSiteKey: `not-a-key`, `forbidden`, `live-pages`, `published-pages`, `online-pages`, `single-resources`, `pages`, `site-and-pages`, `configuration` or `reads`), and the
// publicApiKey then reaches nothing, or only its site's published pages, or its locales and online pages, or its single resources, or its pages in any version, or those and its site, or its site and locales alone, or all of these, reading and writing nothing else. Under those choices each site's Site key is derived from its publicApiKey
// rather than stored: the state, its snapshots and fixtures stay what they are under either
// choice, and the key is found through the one index of publicApiKeys the store keeps.

/** Positions of a UUID's version and variant digits, which the derived key keeps so that it stays a UUID of the same kind. */
const KEPT = new Set([14, 19])

/**
 * The other key of a pair: every hexadecimal digit but the version and variant ones turned into
 * its complement (0 and f, 1 and e...). Applied twice it gives the key back, so one function both
 * derives a site's Site key and finds the publicApiKey a Site key was derived from.
 */
export function apartKey(key: string): string {
  let out = ''
  for (let i = 0; i < key.length; i++) {
    const digit = Number.parseInt(key[i]!, 16)
    out += key[i] === '-' || KEPT.has(i) || Number.isNaN(digit) ? key[i] : (15 - digit).toString(16)
  }
  return out
}

/** Whether the deployment followed keeps its Site keys apart from the publicApiKey: it then answers that key 401 or 403 (but for page reads, at live-pages and published-pages, locale reads at online-pages, single reads at single-resources, page reads in any version at pages, those and its site's read at site-and-pages, its site's and locales' reads at configuration, and all of these at reads). */
export const keptApart = (choices: Choices | undefined): boolean => (choices?.publicApiKeyAsSiteKey ?? 'site-key') !== 'site-key'

/** The Site API key of a site: its publicApiKey, or the key derived from it where the two are apart. */
export const siteApiKeyOf = (site: SiteRecord, choices: Choices | undefined): string => (keptApart(choices) ? apartKey(site.publicApiKey) : site.publicApiKey)

/** The publicApiKey a Site API key (a UUID, in any case) is found by. */
const publicKeyOf = (key: string, choices: Choices | undefined): string => (keptApart(choices) ? apartKey(lowerCase(key)) : lowerCase(key))

/** The site a Site API key (a UUID, in any case) belongs to. */
export const siteOfApiKey = (store: Store, key: string, choices: Choices | undefined): SiteRecord | undefined => store.siteByApiKey.get(publicKeyOf(key, choices))

/**
 * The deleted site a key belonged to, where the store keeps deleted sites' keys (choice
 * deletedSiteKey 403): its Site API key, and where the two are apart its publicApiKey too, unless
 * that was never a key of the deployment (`not-a-key`). A deployment that still knows a deleted
 * site's keys knows both alike (so did every one written outside the project), and a client that
 * holds no Site key of the sites it made meets the deleted site's publicApiKey alone.
 */
export function deletedSiteOfApiKey(store: Store, key: string, choices: Choices | undefined): SiteRecord | undefined {
  const bySiteKey = store.deleted.siteOfKey(publicKeyOf(key, choices))
  if (bySiteKey !== undefined || !keptApart(choices) || choices?.publicApiKeyAsSiteKey === 'not-a-key') return bySiteKey
  return store.deleted.siteOfKey(lowerCase(key))
}
