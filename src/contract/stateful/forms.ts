import type { Inconsistency } from './adoption.js'
import { canonicalLocaleCode } from '../../freedom/kept-input.js'
import { sluggedPathname } from '../../freedom/pathname-slug.js'

/**
 * What a deployment keeps of an input string: the documents name the fields (a page's pathname,
 * a locale's code, a name) without saying whether the value is stored as sent or in a form of its
 * own (trimmed, a trailing slash dropped, a leading slash added, a code in canonical case). Each
 * field's forms are the compositions of independent steps; the run keeps, per field, the forms
 * every answer so far fits, and a target whose answers fit none of them any more contradicts
 * itself. A stored value that fits no listed form, yet is the same value up to case, white space
 * and slashes, is still the target's to choose: it is adopted as stored, with no form to hold.
 */

type Step = readonly [name: string, apply: (value: string) => string]

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g

const KEPT: Step = ['kept', (value) => value]
// Control characters (which a deployment may refuse, take, or take and leave out: controlCharacters) removed, white space trimmed, or both.
const withoutControls = (value: string): string => value.replace(CONTROL_CHARACTERS, '')
const SPACE: readonly Step[] = [KEPT, ['trimmed', (value) => value.trim()], ['control characters removed', withoutControls], ['control characters removed, trimmed', (value) => withoutControls(value).trim()]]
const dropTrailing = (value: string): string => (value.length > 1 ? value.replace(/\/+$/, '') || '/' : value)
const addLeading = (value: string): string => (value.startsWith('/') ? value : `/${value}`)
const SLASHES: readonly Step[] = [KEPT, ['trailing slash dropped', dropTrailing], ['leading slash added', addLeading], ['leading slash added, trailing slash dropped', (value) => dropTrailing(addLeading(value))]]
const LOWER_CASE: Step = ['lower case', (value) => value.toLowerCase()]
const CASE: readonly Step[] = [KEPT, ['canonical case', canonicalLocaleCode], LOWER_CASE]
// No document says a pathname is matched with its case: a deployment may store it in lower case.
const PATH_CASE: readonly Step[] = [KEPT, LOWER_CASE]
/** Each run of characters outside ASCII as a URL's path carries them, percent-encoded in UTF-8. */
const percentEncoded = (value: string): string => value.replace(/[^\u0000-\u007f]+/gu, (run) => encodeURIComponent(run))
// Nor whether a pathname is kept as written or as a URL's path carries it (`/Stra%C3%9Fe` for `/Straße`).
const PATH_ENCODING: readonly Step[] = [KEPT, ['percent-encoded', percentEncoded]]
// Nor whether a page's pathname is kept at all as written, or stored as its slug (pagePathnameCharacters slugged: `/x/[slug]` as `/x/slug`).
const PATH_SLUG: readonly Step[] = [KEPT, ['slugged', (value) => sluggedPathname(value) ?? value]]
/** A URL as the WHATWG URL standard serialises it (`https://a.example/`), or its origin alone (`https://a.example`); what does not parse stays as sent. */
const asUrl = (value: string, part: (url: URL) => string): string => (URL.canParse(value) ? part(new URL(value)) : value)
// The documents type a site's hostOrigin and a locale's domain as a URI: a deployment may keep its own serialisation of it.
const URL_FORM: readonly Step[] = [KEPT, ['URL serialised', (value) => asUrl(value, (url) => url.href)], ['URL origin', (value) => asUrl(value, (url) => url.origin)]]

/** The dimensions a field's forms compose, by `family.field`. */
const DIMENSIONS: Readonly<Record<string, ReadonlyArray<readonly Step[]>>> = {
  'page.pathname': [SPACE, SLASHES, PATH_CASE, PATH_ENCODING, PATH_SLUG],
  'route.pathname': [SPACE, SLASHES, PATH_CASE, PATH_ENCODING],
  'locale.locale': [SPACE, CASE],
  'site.defaultLocale': [SPACE, CASE],
  'site.name': [SPACE],
  'page.name': [SPACE],
  'page.title': [SPACE],
  'site.hostOrigin': [URL_FORM],
  'locale.domain': [URL_FORM],
}

/** Fields that hold a URL: the same URL in another serialisation is a form of the input. */
const URL_FIELDS: ReadonlySet<string> = new Set(['site.hostOrigin', 'locale.domain'])

interface Form {
  name: string
  apply: (value: string) => string
}

/** Every composition of one step of each dimension. */
function formsOf(field: string): Form[] {
  let forms: Form[] = [{ name: 'kept', apply: (value) => value }]
  for (const steps of DIMENSIONS[field] ?? []) {
    forms = forms.flatMap((form) => steps.map(([name, apply]) => ({ name: name === 'kept' ? form.name : form.name === 'kept' ? name : `${form.name}, ${name}`, apply: (value: string) => apply(form.apply(value)) })))
  }
  return forms
}

/** The fields whose stored form is free. */
export const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(DIMENSIONS))

/** A value with its percent-encoding decoded, or as it is where that is no valid encoding. */
function decodedPath(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The same value up to case, white space, control characters, percent-encoding, slashes and Unicode normalisation (or, for a URL, its serialisation; for a page's pathname, its slug): a form of the input, not another value. */
export function sameUpToForm(sent: string, stored: string, field?: string): boolean {
  if (field !== undefined && URL_FIELDS.has(field) && asUrl(sent, (url) => url.href) === asUrl(stored, (url) => url.href)) return true
  if (field === 'page.pathname' && sluggedPathname(sent) === stored) return true
  const key = (value: string): string => withoutControls(decodedPath(value)).normalize('NFC').toLowerCase().replace(/\s+/g, '').replace(/\/+/g, '/').replace(/^\/|\/$/g, '')
  return key(sent) === key(stored)
}

/**
 * Where a field's form is held apart: a route pathname written under skipValidation=true, which
 * skips the route rules that may be what writes its form (routePathnameSlash added-unless-skipped
 * keeps it as sent there), by the operation, since a create may not know skipValidation
 * (routeCreateSkipValidation). Elsewhere one form a field.
 */
export function formScope(field: string, method: string, query: Readonly<Record<string, unknown>> | undefined): string {
  return field === 'route.pathname' && query?.skipValidation === 'true' ? ` (${method} under skipValidation=true)` : ''
}

export class StoredForms {
  /** Per field and scope (formScope), the names of the forms every answer so far fits, and where the first was seen. */
  private readonly fitting = new Map<string, { names: string[]; where: string }>()

  /** The form the target stores this input in, when the forms it has kept to so far agree on it. */
  formOf(field: string, sent: string, scope = ''): string | undefined {
    const names = this.fitting.get(field + scope)?.names
    if (names === undefined) return undefined
    const results = new Set(formsOf(field).filter((form) => names.includes(form.name)).map((form) => form.apply(sent)))
    return results.size === 1 ? [...results][0] : undefined
  }

  /** Records that the target stored `sent` as `stored`; an inconsistency when no form it kept to before fits. */
  see(field: string, sent: string, stored: string, where: string, scope = ''): Inconsistency | undefined {
    const fits = formsOf(field).filter((form) => form.apply(sent) === stored).map((form) => form.name)
    // A form nobody listed: the value is adopted as stored, and no form is held.
    if (fits.length === 0) return undefined
    const before = this.fitting.get(field + scope)
    if (before === undefined) {
      this.fitting.set(field + scope, { names: fits, where })
      return undefined
    }
    const kept = before.names.filter((name) => fits.includes(name))
    if (kept.length === 0) return { classId: `stored form of ${field}${scope}`, adopted: before.names.join(' or '), adoptedAt: before.where, now: `${fits.join(' or ')} (${JSON.stringify(sent)} stored as ${JSON.stringify(stored)})` }
    before.names = kept
    return undefined
  }
}
