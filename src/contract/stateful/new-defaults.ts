import type { ChoiceId } from '../../freedom/catalogue.js'

/**
 * A new resource's fields whose value no document fixes and a create need not send, each with the
 * class of the choice catalogue (contracts/schemas/choices.json) that lists its alternatives. The
 * holder adopts the target's value by that class (hold.ts), and under --profile sitemock a
 * difference in one names it (sitemock-choices.ts).
 */
export const NEW_PAGE_FIELDS: Readonly<Record<string, ChoiceId>> = {
  isOnline: 'newPageOnline',
  title: 'newPageTitle',
  sitemapPriority: 'newPageSitemapPriority',
  sitemapFrequency: 'newPageSitemapFrequency',
  excludedFromSearchEngines: 'newPageExcludedFromSearchEngines',
  description: 'newPageDescription',
  canonicalUrl: 'newPageCanonicalUrl',
  socialImageUrl: 'newPageSocialImageUrl',
}

/** A new site's: set by no request either, so every new site is held to the first one's. */
export const NEW_SITE_FIELDS: Readonly<Record<string, ChoiceId>> = { localeManagementMode: 'localeManagementMode', defaultLocalePathPrefix: 'sitePathPrefixFields' }
