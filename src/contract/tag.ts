/**
 * The run tag, contract-<8 hex digits>: what marks everything one run of the suite creates, so
 * that a run killed before its cleanup (kill -9, a CI timeout) can be cleaned up after it by
 * `sitemock contract --cleanup TAG`, and only its own resources, never a parallel run's.
 */
export const TAG_FORMAT = /^contract-[0-9a-f]{8}$/

export const tagOf = (runId: string): string => `contract-${runId}`

/**
 * Whether a value carries the tag. The tag must stand apart from what follows it: a run's tag is
 * not found in a longer one (contract-0a1b2c3d in contract-0a1b2c3d4), whatever the value adds.
 */
export function carriesTag(value: unknown, tag: string): boolean {
  if (typeof value !== 'string') return false
  for (let at = value.indexOf(tag); at >= 0; at = value.indexOf(tag, at + 1)) {
    if (!/[0-9a-f]/.test(value.charAt(at + tag.length))) return true
  }
  return false
}

/** A site's fields that can carry the tag: its name, and its hostOrigin when a probe breaks the name. */
export interface SiteMarks {
  name?: unknown
  hostOrigin?: unknown
}

export const siteCarriesTag = (site: SiteMarks, tag: string): boolean => carriesTag(site.name, tag) || carriesTag(site.hostOrigin, tag)

/** A hostOrigin that carries the tag: where the tag goes while a probe sends a name that cannot carry it (none, a number, ''). */
export const taggedOrigin = (tag: string): string => `https://${tag}.example.com`

/** A name one past `maxLength` that still starts with the tag: the invalid part is added to it. */
export const taggedTooLong = (tag: string, maxLength: number): string => `${tag}-`.padEnd(Math.max(maxLength + 1, tag.length + 2), 'x')

/** The fields of a locale, page or route that can carry the tag (for --cleanup in sites the run did not create). */
export const CHILD_MARKS = ['pathname', 'name', 'pathPrefix', 'domain'] as const
export const childCarriesTag = (item: Record<string, unknown>, tag: string): boolean => CHILD_MARKS.some((field) => carriesTag(item[field], tag))
