/**
 * The run tag, contract-<8 hex digits>: what marks everything one run of the suite creates, so
 * that a run killed before its cleanup (kill -9, a CI timeout) can be cleaned up after it by
 * `sitemock contract --cleanup TAG`, and only its own resources, never a parallel run's.
 *
 * The forms the suite writes its tag in are defined here once, for the writers and for
 * --cleanup alike: cleanup deletes a resource only when one of its fields has one of these forms
 * exactly (the tag at the start, what follows it of a known kind), never because the tag stands
 * somewhere inside it ("QA notes about contract-0a1b2c3d" and /docs/contract-0a1b2c3d are
 * someone's). The safety guard (tracker.ts) holds every site create, copy and rename of a run to
 * the same forms, so that a site in a form cleanup would not recognise is never written.
 */
export const TAG_FORMAT = /^contract-[0-9a-f]{8}$/

export const tagOf = (runId: string): string => `contract-${runId}`

/** The tag as a pattern (it is only letters, digits and one hyphen, but it comes from the command line). */
const literal = (tag: string): string => tag.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')

/**
 * A site's or page's name: `<tag> <label>` (sandbox, pagination, listed 3, renamed ...). No
 * document bounds a name, and deployments do (one at 32 characters): a label that would make the
 * name longer than RUN_NAME_LENGTH is cut to the first letters of its words, so that a setup does
 * not hang on a limit the documents leave free.
 */
export const runName = (tag: string, label: string): string => `${tag} ${fitted(label, RUN_NAME_LENGTH - tag.length - 1)}`

const RUN_NAME_LENGTH = 32

const fitted = (label: string, room: number): string =>
  label.length <= room ? label : label.split(' ').map((word) => (/^\d+$/.test(word) ? word : word.slice(0, 3))).join(' ').slice(0, Math.max(room, 1))

/**
 * Whether a site name is one the suite writes: the tag first, then a space and a label
 * (runName), a hyphen (a name made too long, taggedTooLong) or a control character (a probe
 * of one). A name that only mentions the tag later, or a longer tag, is not.
 */
export function isRunName(value: unknown, tag: string): boolean {
  return typeof value === 'string' && new RegExp(`^${literal(tag)}[ \\-\\u0000-\\u001f]`).test(value)
}

/** A hostOrigin that carries the tag: where the tag goes while a probe sends a name that cannot carry it (none, a number, ''). */
export const taggedOrigin = (tag: string): string => `https://${tag}.example.com`

export const isRunOrigin = (value: unknown, tag: string): boolean => value === taggedOrigin(tag)

/** A name one past `maxLength` that still starts with the tag: the invalid part is added to it. */
export const taggedTooLong = (tag: string, maxLength: number): string => `${tag}-`.padEnd(Math.max(maxLength + 1, tag.length + 2), 'x')

/** A page or route pathname under the tag: `/<tag>/<rest>`. */
export const runPathname = (tag: string, rest: string): string => `/${tag}/${rest}`

/**
 * Whether a page or route pathname, or a locale's pathPrefix, is one the suite writes: `/<tag>`
 * alone, `/<tag>/...` (runPathname), `/<tag>-...` (probes of a limit), or `<tag>-...` (a probe of
 * a pathname without its leading slash). /docs/<tag> is not: the tag must come first.
 */
export function isRunPathname(value: unknown, tag: string): boolean {
  return typeof value === 'string' && new RegExp(`^(?:/${literal(tag)}(?:$|[/-])|${literal(tag)}-)`).test(value)
}

/** A site's fields that can carry the tag: its name, and its hostOrigin when a probe breaks the name. */
export interface SiteMarks {
  name?: unknown
  hostOrigin?: unknown
}

/** Whether a site is the run's: its name or its hostOrigin in one of the run's forms. */
export const siteCarriesTag = (site: SiteMarks, tag: string): boolean => isRunName(site.name, tag) || isRunOrigin(site.hostOrigin, tag)

/**
 * The fields of a page, route or locale that can carry the tag in a site that is not the run's
 * (for --cleanup): a page's or route's pathname, a locale's pathPrefix. Not a page's name: the
 * suite never writes a page whose pathname is not its own, and a name alone says too little.
 */
export const CHILD_MARKS = ['pathname', 'pathPrefix'] as const
export const childCarriesTag = (item: Record<string, unknown>, tag: string): boolean => CHILD_MARKS.some((field) => isRunPathname(item[field], tag))

/**
 * The live-run mark: a site of its own, `<tag> run live`, holding one page whose pathname
 * says when the run last refreshed it and until when it counts as live. A page, not the site's
 * name, carries the times: renaming a site mid-run would change the workspace's site list, which
 * checks read; no check reads this site's pages.
 */
export const liveMarkSiteName = (tag: string): string => runName(tag, 'run live')

/** 2026-11-28T15:04:05.123Z → 20261128T150405Z: what a pathname segment can hold (no colons or dots). */
const compact = (at: Date): string => at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '')

/** The mark's pathname; `until` is rounded up to the second, so that the mark says no less than it was given. */
export const liveMarkPathname = (tag: string, refreshedAt: Date, until: Date): string =>
  runPathname(tag, `run-in-progress/refreshed-${compact(refreshedAt)}/until-${compact(new Date(Math.ceil(until.getTime() / 1000) * 1000))}`)

export interface LiveMark {
  refreshedAt: Date
  until: Date
}

const COMPACT = '(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})Z'

/** The times of a live-run mark's pathname, or undefined when the pathname is no mark of this tag. */
export function readLiveMark(pathname: unknown, tag: string): LiveMark | undefined {
  if (typeof pathname !== 'string') return undefined
  const match = new RegExp(`^/${literal(tag)}/run-in-progress/refreshed-${COMPACT}/until-${COMPACT}$`).exec(pathname)
  if (match === null) return undefined
  const at = (parts: string[]): Date => new Date(`${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:${parts[5]}Z`)
  const refreshedAt = at(match.slice(1, 7))
  const until = at(match.slice(7, 13))
  return Number.isNaN(refreshedAt.getTime()) || Number.isNaN(until.getTime()) ? undefined : { refreshedAt, until }
}
