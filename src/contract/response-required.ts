import specification from '../../contracts/specification.json' with { type: 'json' }

/**
 * The fields the specification's resource tables mark required in a response ("yes"), by the
 * resource's `object`. A field sitemock's own response schemas (contracts/schemas/) also list, but
 * that neither these tables nor a published `required` list names (a site's
 * defaultLocalePathPrefix, a locale's pathPrefix outside the published operations), a deployment
 * may leave out: the published OpenAPI's own schemas judge its required lists separately.
 */
const siteStatement = specification.statements.find((statement) => statement.id === 'resources.site')
const SITE_REQUIRED = (siteStatement?.facts as { required?: string[] } | undefined)?.required ?? []

const SPEC_REQUIRED: Readonly<Record<string, readonly string[]>> = {
  // Site table, every row "yes": the statement resources.site states them.
  site: SITE_REQUIRED,
  // Page table: every row "yes" but locale.
  page: ['object', 'id', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations'],
  // Locale table: object, id, locale, domain, isDefault.
  locale: ['object', 'id', 'locale', 'domain', 'isDefault'],
  // Route table: object, id, pathname.
  route: ['object', 'id', 'pathname'],
}

/**
 * Whether the specification requires `field` in an object of this `object` type; true for an
 * object its tables do not describe (lists, errors, a page's localizations), whose sitemock
 * schemas state what the specification's other sections say.
 */
export function specificationRequires(objectType: unknown, field: string): boolean {
  const required = typeof objectType === 'string' ? SPEC_REQUIRED[objectType] : undefined
  return required === undefined || required.includes(field)
}
