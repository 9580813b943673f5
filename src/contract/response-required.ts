import specification from '../../contracts/specification.json' with { type: 'json' }
import { publishedDocument, resolvePublished } from './published.js'

type Schema = Record<string, unknown>

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

/**
 * The fields the published OpenAPI's response schemas require, by the `object` their own schema
 * fixes (`CreatePageV6ResponseBodyDtoObject`: "page"): every list of every schema of that object.
 */
const PUBLISHED_REQUIRED: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const byObject = new Map<string, Set<string>>()
  for (const schema of Object.values((publishedDocument.components as { schemas: Record<string, Schema> }).schemas)) {
    const objectSchema = (schema.properties as Record<string, Schema> | undefined)?.object
    const values = objectSchema ? resolvePublished(objectSchema).enum : undefined
    if (!Array.isArray(values) || values.length !== 1 || !Array.isArray(schema.required)) continue
    const fields = byObject.get(String(values[0])) ?? new Set<string>()
    for (const field of schema.required as string[]) fields.add(field)
    byObject.set(String(values[0]), fields)
  }
  return byObject
})()

/**
 * Whether a document requires `field` in an object of this `object` type: the specification's
 * tables (specificationRequires) or a published response schema's `required`. A field neither
 * requires (a page's locale, a site's defaultLocalePathPrefix) a deployment may show in one
 * answer and leave out of another.
 */
export function someDocumentRequires(objectType: unknown, field: string): boolean {
  return specificationRequires(objectType, field) || (typeof objectType === 'string' && PUBLISHED_REQUIRED.get(objectType)?.has(field) === true)
}
