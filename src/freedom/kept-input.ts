import type { Choices } from './catalogue.js'
import type { PageContent } from '../store/records.js'
import { sluggedPathname } from './pathname-slug.js'

/**
 * What a deployment keeps of the input it accepts (choices nameWhitespace, pathnameTrailingSlash, pagePathnameCase,
 * localeCodeStored, pagePathnameCharacters, pageUpdateSearchFields) and the first values of a new
 * page. Under sitemock's own choices every function gives its input back unchanged.
 */

export type Chosen = Required<Choices> | undefined

/** A site or page name as stored: trimmed by a deployment that trims. */
export const keptName = (name: string, choices: Chosen): string => (choices?.nameWhitespace === 'trimmed' ? name.trim() : name)

/**
 * A page pathname as stored and looked up: as its slug by a deployment that slugs it (one a
 * segment of which slugs to nothing, refused in a body, is looked up as sent and found nowhere);
 * in lower case by a deployment that lower-cases it, with a leading slash by one that adds it, and
 * without its trailing slashes by one that drops them (`/` stays `/`).
 */
export function keptPagePathname(sent: string, choices: Chosen): string {
  if (choices?.pagePathnameCharacters === 'slugged') return sluggedPathname(sent) ?? sent
  const cased = choices?.pagePathnameCase === 'lower-case' ? sent.toLowerCase() : sent
  const pathname = choices?.pagePathnameSlash === 'added' && !cased.startsWith('/') ? `/${cased}` : cased
  if (choices?.pathnameTrailingSlash !== 'dropped' || !pathname.endsWith('/') || pathname === '/') return pathname
  const stripped = pathname.replace(/\/+$/, '')
  return stripped === '' ? '/' : stripped
}

/**
 * A locale code in its canonical case, as BCP 47 writes tags: the language lower, a four-letter
 * script title case, a two-letter region upper, everything else (a numeric region, an extended
 * language, a variant) lower (`pt-BR`, `zh-Hant-TW`, `es-419`).
 */
export function canonicalLocaleCode(code: string): string {
  return code
    .split('-')
    .map((part, i) => (i > 0 && /^[a-z]{4}$/i.test(part) ? part[0]!.toUpperCase() + part.slice(1).toLowerCase() : i > 0 && /^[a-z]{2}$/i.test(part) ? part.toUpperCase() : part.toLowerCase()))
    .join('-')
}

/**
 * A locale code folded to sitemock's own case (language lower, region upper) in the parts whose
 * case choice localeCodeCase frees, written with `-` where it takes `_` too; a part it does not
 * free is left as sent, for sitemock's pattern to judge.
 */
export function caseFreedLocaleCode(sent: string, localeCodeCase: Required<Choices>['localeCodeCase']): string {
  const anyCase = localeCodeCase === 'any-case' || localeCodeCase === 'any-spelling'
  const [language = '', ...rest] = (localeCodeCase === 'any-spelling' ? sent.replaceAll('_', '-') : sent).split('-')
  const freeLanguage = anyCase || localeCodeCase === 'language-any-case'
  const freeRegion = anyCase || localeCodeCase === 'region-any-case'
  return [freeLanguage ? language.toLowerCase() : language, ...rest.map((part) => (freeRegion ? part.toUpperCase() : part))].join('-')
}

/**
 * A locale code as stored and looked up: written with `-` by a deployment that takes `_` too
 * (localeCodeCase any-spelling), and in canonical case by one that stores it so.
 */
export function keptLocaleCode(sent: string, choices: Chosen): string {
  const code = choices?.localeCodeCase === 'any-spelling' ? sent.replaceAll('_', '-') : sent
  return choices?.localeCodeStored === 'canonical' ? canonicalLocaleCode(code) : code
}

/**
 * A locale code as a lookup by code reads it: as the writes keep it (keptLocaleCode), or, by a
 * deployment that compares codes as sent (choice localeLookupSpelling as-sent), without reading
 * `_` as `-` where its writes do.
 */
export function lookedUpLocaleCode(sent: string, choices: Chosen): string {
  if (choices?.localeLookupSpelling !== 'as-sent') return keptLocaleCode(sent, choices)
  return choices.localeCodeStored === 'canonical' ? canonicalLocaleCode(sent) : sent
}

/** Whether a code is looked up whatever its case (choice localeLookupCase), not only as stored. */
export const anyCase = (choices: Chosen): boolean => choices?.localeLookupCase === 'any-case'

/** Whether a page or route pathname that is not found as sent is looked up in any case too (choice pathnameLookupCase). */
export const lookupInAnyCase = (choices: Chosen): boolean => choices?.pathnameLookupCase === 'any-case'

// Brackets, a `.` or `..` segment, whitespace, or a character outside ASCII.
const REFUSED_PATHNAME_CHARACTERS = /[[\]\s]|[^\u0000-\u007f]|(?:^|\/)\.{1,2}(?:\/|$)/

/** What a deployment that refuses them says of such characters in a pathname, or undefined when there are none. */
export function refusedPathnameCharacters(pathname: string): string | undefined {
  if (!REFUSED_PATHNAME_CHARACTERS.test(pathname)) return undefined
  return `contains brackets, a . or .. segment, whitespace or a character outside ASCII; must be segments of ASCII letters, digits and -_~ after /; got ${JSON.stringify(pathname)}`
}

// Whitespace, or a character outside ASCII.
const NON_ASCII_CHARACTERS = /\s|[^\u0000-\u007f]/

/** What a deployment whose route pathnames are ASCII alone says of whitespace or other characters in one (choice routePathnameCharacters ascii-only). */
export function nonAsciiPathnameCharacters(pathname: string): string | undefined {
  if (!NON_ASCII_CHARACTERS.test(pathname)) return undefined
  return `contains whitespace or a character outside ASCII; must be segments of printable ASCII characters after /; got ${JSON.stringify(pathname)}`
}

// A segment of letters, marks and digits of any script, `-`, `_`, `.` and `~` (empty segments are pagePathnameForm's to judge).
const LETTERS_SEGMENT = /^[\p{L}\p{M}\p{N}_.~-]*$/u

/** What a deployment whose pathnames are letters of any script (choices pagePathnameCharacters and routePathnameCharacters letters) says of other characters or a dot segment, or undefined when there are none. */
export function unletteredPathnameCharacters(pathname: string): string | undefined {
  const segments = pathname.split('/')
  if (segments.every((segment) => segment !== '.' && segment !== '..' && LETTERS_SEGMENT.test(segment))) return undefined
  return `contains a . or .. segment, or a character that is not a letter, mark or digit of any script, -, _, . or ~ (brackets and whitespace among them); got ${JSON.stringify(pathname)}`
}

/** What a deployment whose page pathnames are in lower case alone says of an upper-case letter in one (any letter that has a lower case), or undefined when there is none. */
export function upperCasePathname(pathname: string): string | undefined {
  if (pathname === pathname.toLowerCase()) return undefined
  return `contains an upper-case letter; must have letters in lower case only (digits, punctuation and letters without case are taken); got ${JSON.stringify(pathname)}`
}

/** What a deployment that slugs page pathnames says of a segment that slugs to nothing, or undefined when there is none. */
function unsluggablePathname(pathname: string): string | undefined {
  if (sluggedPathname(pathname) !== undefined) return undefined
  return `has a segment with no letter or digit a slug keeps (a-z and 0-9 once transliterated; 日本 and !!! slug to nothing); got ${JSON.stringify(pathname)}`
}

/** What a deployment says of the characters of a page pathname under its choice pagePathnameCharacters, or undefined when it takes them. */
export function pathnameCharactersProblem(pathname: string, characters: Required<Choices>['pagePathnameCharacters'] | undefined): string | undefined {
  if (characters === 'refused') return refusedPathnameCharacters(pathname)
  if (characters === 'letters') return unletteredPathnameCharacters(pathname)
  return characters === 'slugged' ? unsluggablePathname(pathname) : undefined
}

/** The search fields a page PATCH may carry beyond the published body (pathname, name, isOnline). */
export const SEARCH_FIELDS = ['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines'] as const

/** A new page's first values where the deployment's differ from sitemock's (choices newPage*). */
export function applyNewPageDefaults(content: PageContent, choices: Chosen): void {
  if (choices === undefined) return
  if (choices.newPageTitle === 'name') content.title = content.name
  if (choices.newPageExcludedFromSearchEngines !== 'null') content.excludedFromSearchEngines = choices.newPageExcludedFromSearchEngines === 'true'
  if (choices.newPageOnline === 'offline') content.isOnline = false
  if (choices.newPageSitemapPriority === '0.5') content.sitemapPriority = 0.5
  if (choices.newPageSitemapFrequency !== 'null') content.sitemapFrequency = choices.newPageSitemapFrequency
  if (choices.newPageDescription === 'empty') content.description = ''
  if (choices.newPageCanonicalUrl === 'empty') content.canonicalUrl = ''
  if (choices.newPageSocialImageUrl === 'empty') content.socialImageUrl = ''
}
