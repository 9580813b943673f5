import { badField, type Json } from './http.js'
import type { Choices } from './choices.js'
import { Fields, type LimitRange } from './input.js'

const CONTROL = /[\u0000-\u001f\u007f]/
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+$/
const STRICT_CASE = /^[a-z]{2,3}(-([A-Z]{2}|[0-9]{3}))?$/
/** A slash-first pathname: `/`, or segments after `/` without whitespace, `?`, `#`, an empty segment or a trailing slash. */
const SLASH_FIRST = /^\/$|^(\/[^/\s?#]+)+$/
/** Brackets, dot segments, whitespace and non-ASCII characters, for `pagePathnameCharacters` and `routePathnameCharacters`: `refused`. */
const SPECIAL = /[[\]\s]|(^|\/)\.{1,2}(\/|$)|[^\x20-\x7e]/
/** A `.` or `..` segment, or a character other than a letter, mark or digit of any script, `-_.~` and `/`, for `pagePathnameCharacters` and `routePathnameCharacters`: `letters`. */
const UNLETTERED = /(^|\/)\.{1,2}(\/|$)|[^\p{L}\p{M}\p{N}_.~/-]/u
/** Whitespace and non-ASCII characters, for `routePathnameCharacters: ascii-only`. */
const NON_ASCII = /\s|[^\x20-\x7e]/

/** Letters NFKD leaves whole, for `pagePathnameCharacters: slugged`: their Latin spelling. */
const SLUG_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', ø: 'o', Ø: 'o', œ: 'oe', Œ: 'oe', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', ł: 'l', Ł: 'l', þ: 'th', Þ: 'th', ı: 'i' }

/** A page pathname as its slug, segment by segment (ActiveSupport's `parameterize`), empty segments dropped; undefined where a segment slugs to nothing. */
function slugged(pathname: string): string | undefined {
  const slugs: string[] = []
  for (const segment of pathname.split('/')) {
    if (segment.trim() === '') continue
    const letters = [...segment].map((c) => SLUG_LETTERS[c] ?? c).join('')
    const slug = letters.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '')
    if (slug === '') return undefined
    slugs.push(slug)
  }
  return `/${slugs.join('/')}`
}

/** A locale code with the language in lower case and the region in upper case. */
export const canonicalCode = (code: string): string => {
  const [language, region] = code.split('-')
  return region === undefined ? language!.toLowerCase() : `${language!.toLowerCase()}-${region.toUpperCase()}`
}

/**
 * The input rules the choices add to what the documents fix (input.ts), and the form a value is
 * stored in. With no choices every method keeps the implementation's own answer.
 */
export class Rules {
  constructor(readonly choices: Choices) {}

  private maxLength(field: string, value: string, limit: number | null | undefined): void {
    if (limit !== undefined && limit !== null && value.length > limit) throw badField(field, `must have at most ${limit} character(s)`)
  }

  private control(field: string, value: string, breaksAllowed = false): void {
    if (this.choices.controlCharacters === 'refused' && (breaksAllowed ? CONTROL_BUT_BREAKS : CONTROL).test(value)) throw badField(field, 'must not contain control characters')
  }

  /** A site or page `name`, as stored: trimmed when the deployment trims. */
  name(fields: Fields, field: string, options: { required: boolean; kind: 'site' | 'page' }): string | undefined {
    const sent = fields.string(field, { required: options.required })
    if (sent === undefined) return undefined
    const value = this.choices.nameWhitespace === 'trimmed' ? sent.trim() : sent
    const minimum = options.kind === 'page' || this.choices.emptySiteName === 'refused' ? 1 : 0
    if (value.length < minimum) throw badField(field, `must have at least ${minimum} character(s)`)
    this.maxLength(field, value, this.choices.nameMaxLength)
    this.control(field, value)
    return value
  }

  /** `hostOrigin` and `domain` (a URI) or `canonicalUrl` and `socialImageUrl` (a string). */
  url(fields: Fields, field: string, options: { uri: boolean; nullable: boolean }): string | null | undefined {
    const value = options.uri ? fields.uri(field, { nullable: options.nullable }) : fields.nullable<string>(field, 'string')
    if (typeof value !== 'string') return value
    if (this.choices.urlFormat === 'absolute-url' && !ABSOLUTE_URL.test(value)) throw badField(field, 'must be an absolute URL with a scheme and ://, such as https://example.com')
    this.maxLength(field, value, this.choices.urlMaxLength)
    return value
  }

  /** A page `title` or `description`: a string or null. */
  text(fields: Fields, field: 'title' | 'description'): string | null | undefined {
    const value = fields.nullable<string>(field, 'string')
    if (typeof value !== 'string') return value
    this.maxLength(field, value, field === 'title' ? this.choices.titleMaxLength : this.choices.descriptionMaxLength)
    this.control(field, value, field === 'description')
    return value
  }

  /** A page pathname as its slug (`pagePathnameCharacters: slugged`), or in lower case, with its leading slash and without its trailing one where the deployment keeps it so (`/` itself kept). */
  storedPathname(sent: string): string {
    if (this.choices.pagePathnameCharacters === 'slugged') return slugged(sent) ?? sent
    const cased = this.choices.pagePathnameCase === 'lower-case' ? sent.toLowerCase() : sent
    const value = this.choices.pagePathnameSlash === 'added' && !cased.startsWith('/') ? `/${cased}` : cased
    return this.choices.pathnameTrailingSlash === 'dropped' && value.length > 1 && value.endsWith('/') ? value.replace(/\/+$/, '') || '/' : value
  }

  /** A page pathname in a body, as stored. */
  pagePathname(fields: Fields, required: boolean): string | undefined {
    // Where the leading slash is added, an empty pathname is the root `/`; the form is judged once it is added.
    const added = this.choices.pagePathnameSlash === 'added'
    const sent = fields.string('pathname', { required, minLength: added ? 0 : 1 })
    if (sent === undefined) return undefined
    this.pathnameShape('pathname', added && !sent.startsWith('/') ? `/${sent}` : sent)
    // Only a pathname to store is refused for its case: one in the path is looked up as sent.
    if (this.choices.pagePathnameCase === 'refused' && sent !== sent.toLowerCase()) throw badField('pathname', 'must have letters in lower case only (digits, punctuation and letters without case are taken)')
    return this.storedPathname(sent)
  }

  /** The form rules of a page pathname, in a body or in the path. */
  private pathnameShape(field: string, value: string): void {
    this.maxLength(field, value, this.choices.pathnameMaxLength)
    // A deployment whose grammar takes a trailing slash (pagePathnameForm trailing-slash), or that drops it
    // (pathnameTrailingSlash), judges the pathname without it.
    const form = this.choices.pagePathnameForm
    const judged = (form === 'trailing-slash' || this.choices.pathnameTrailingSlash === 'dropped') && /[^/]\/+$/.test(value) ? value.replace(/\/+$/, '') : value
    if ((form === 'slash-first' || form === 'trailing-slash') && !SLASH_FIRST.test(judged)) throw badField(field, `must be / or start with / and have no whitespace, ?, #${form === 'slash-first' ? ', empty segment or trailing slash' : ' or empty segment'}`)
    if (this.choices.pagePathnameCharacters === 'refused' && SPECIAL.test(value)) throw badField(field, 'must not contain brackets, dot segments, whitespace or non-ASCII characters')
    if (this.choices.pagePathnameCharacters === 'letters' && UNLETTERED.test(value)) throw badField(field, 'must be segments of letters, marks and digits of any script, -, _, . and ~, without . or .. segments')
    if (this.choices.pagePathnameCharacters === 'slugged' && slugged(value) === undefined) throw badField(field, 'must have a letter or digit in every segment once slugged')
  }

  /** A route pathname in a body, as stored: the leading slash is the specification's one rule, skippable; its shape alone where the rules come later. */
  routePathname(fields: Fields, required: boolean, skipValidation: boolean, rulesLater = false): string | undefined {
    // An empty string is no pathname at all, skipValidation or not.
    const sent = fields.string('pathname', { required, minLength: 1 })
    if (sent === undefined) return undefined
    this.maxLength('pathname', sent, this.choices.pathnameMaxLength)
    if (rulesLater) {
      // At `slash-with-body` the leading slash is judged now all the same, the rest once found.
      if (this.choices.routeRulesOrder === 'slash-with-body') this.leadingSlash(sent, skipValidation)
      return sent
    }
    const value = this.leadingSlash(sent, skipValidation)
    if (!skipValidation && this.choices.routeEmptySegment === 'refused' && value.includes('//')) throw badField('pathname', 'must not have an empty segment (//) (or pass skipValidation=true)')
    if (!skipValidation && this.choices.routePathnameCharacters === 'refused' && SPECIAL.test(value)) throw badField('pathname', 'must not contain brackets, dot segments, whitespace or non-ASCII characters (or pass skipValidation=true)')
    if (!skipValidation && this.choices.routePathnameCharacters === 'ascii-only' && NON_ASCII.test(value)) throw badField('pathname', 'must be printable ASCII characters without whitespace (or pass skipValidation=true)')
    if (!skipValidation && this.choices.routePathnameCharacters === 'letters' && UNLETTERED.test(value)) throw badField('pathname', 'must be letters, marks or digits of any script, -, _, . or ~ between slashes, without a . or .. segment (or pass skipValidation=true)')
    return value
  }

  /** A route pathname with its leading slash, refused without it or added, as routePathnameSlash says. */
  private leadingSlash(sent: string, skipValidation: boolean): string {
    if (sent.startsWith('/')) return sent
    const choice = this.choices.routePathnameSlash
    // At `added-always` the slash is added whatever skipValidation says; at `added-unless-skipped` and
    // `added-refused-under-skip` by the rules skipValidation skips.
    const rulesAdd = choice === 'added-always' || choice === 'added-unless-skipped' || choice === 'added-refused-under-skip'
    if (!skipValidation && rulesAdd) return `/${sent}`
    if (!skipValidation || choice === 'refused' || choice === 'added-refused-under-skip') throw badField('pathname', skipValidation ? 'must start with /' : 'must start with / (or pass skipValidation=true)')
    return choice === 'added' || choice === 'added-always' ? `/${sent}` : sent
  }

  /** A locale code in a body, as stored. */
  localeCode(fields: Fields, field: string, required: boolean): string | undefined {
    const value = fields.localeCode(field, required, this.underscore)
    if (value === undefined) return undefined
    this.codeCase(field, value)
    return this.storedCode(value)
  }

  /** Refuses a code in a case its choice does not take: the language, the region or both held to their strict case. */
  private codeCase(field: string, value: string): void {
    const held = this.choices.localeCodeCase
    if (held === undefined || held === 'any-case' || held === 'any-spelling') return
    const [language = '', region] = value.split('-')
    const languageFree = held === 'language-any-case' ? language.toLowerCase() : language
    const regionFree = held === 'region-any-case' && region !== undefined ? region.toUpperCase() : region
    if (STRICT_CASE.test(regionFree === undefined ? languageFree : `${languageFree}-${regionFree}`)) return
    const words = { 'strict': 'a language in lower case with an optional region in upper case', 'region-any-case': 'a language in lower case with an optional region in any case', 'language-any-case': 'a language in any case with an optional region in upper case' }[held]
    throw badField(field, `must be ${words}, such as fr or fr-FR`)
  }

  /** Whether a code may be written with `_` between language and region (`localeCodeCase: any-spelling`), taken as written with `-`. */
  get underscore(): boolean {
    return this.choices.localeCodeCase === 'any-spelling'
  }

  storedCode(sent: string): string {
    const value = this.underscore ? sent.replaceAll('_', '-') : sent
    return this.choices.localeCodeStored === 'canonical' ? canonicalCode(value) : value
  }

  /** A code as a lookup by code reads it: as the writes store it, or as sent (`_` and `-` apart) at `localeLookupSpelling: as-sent`. */
  lookedUpCode(sent: string): string {
    if (this.choices.localeLookupSpelling !== 'as-sent') return this.storedCode(sent)
    return this.choices.localeCodeStored === 'canonical' ? canonicalCode(sent) : sent
  }

  /** Whether a stored code is the one a lookup names: exactly, or whatever the case (its `localeLookupCase`). */
  sameCode(stored: string, named: string): boolean {
    return this.choices.localeLookupCase === 'any-case' ? stored.toLowerCase() === named.toLowerCase() : stored === named
  }

  /**
   * The one item a pathname in the path names: the item with that pathname, or, at
   * `pathnameLookupCase: any-case` where none has it, the one item that has it in another case
   * (two such are ambiguous, and name none).
   */
  byPathname<T extends { pathname: string }>(items: readonly T[], pathname: string): T | undefined {
    const exact = items.find((item) => item.pathname === pathname)
    if (exact !== undefined || this.choices.pathnameLookupCase !== 'any-case') return exact
    const folded = items.filter((item) => item.pathname.toLowerCase() === pathname.toLowerCase())
    return folded.length === 1 ? folded[0] : undefined
  }

  /** Whether a pathname begins with a list's `pathPrefix`: as sent, or in any case at `pathPrefixCase: any-case`. */
  beginsWith(pathname: string, prefix: string): boolean {
    return this.choices.pathPrefixCase === 'any-case' ? pathname.toLowerCase().startsWith(prefix.toLowerCase()) : pathname.startsWith(prefix)
  }

  /** `pathPrefix` of a page list. */
  pathPrefix(query: Fields): string {
    const value = query.string('pathPrefix') ?? '/'
    this.maxLength('pathPrefix', value, this.choices.pathnameMaxLength)
    if (this.choices.pathPrefixForm === 'slash-first' && !value.startsWith('/')) throw badField('pathPrefix', 'must start with /')
    return value
  }

  /**
   * What a list takes of `limit`: at least 1 on the locale list, and on every list where `limit=0`
   * is refused; above 100 answered as 100 at `limitAboveMaximum: clamped`, 0 as 1 at
   * `limitZero: clamped` and 0 as no limit given at `limitZero: default`, but never on the locale
   * list, whose range the specification states ("1 to 100").
   */
  limitRange(list: 'locales' | 'other'): LimitRange {
    if (list === 'locales') return { minimum: 1, clampsAbove: false, clampsBelow: false, zeroAsDefault: false }
    const zero = this.choices.limitZero
    return { minimum: zero === 'refused' ? 1 : 0, clampsAbove: this.choices.limitAboveMaximum === 'clamped', clampsBelow: zero === 'clamped', zeroAsDefault: zero === 'default' }
  }

  /** Names the first field a request carries beyond the declared ones, where the deployment refuses them. */
  onlyDeclared(source: Json, declared: readonly string[], where: 'body' | 'query'): void {
    const refused = where === 'body' ? this.choices.unknownBodyFields === 'refused' : this.choices.unknownQueryParameters === 'refused'
    if (!refused) return
    const extra = Object.keys(source).find((name) => !declared.includes(name))
    if (extra !== undefined) throw badField(extra, `is not a ${where === 'body' ? 'field of this body' : 'query parameter of this operation'}; accepted: ${declared.join(', ') || 'none'}`)
  }
}
