import type { ErrorObject } from 'ajv/dist/2020.js'
import { choice, type ChoiceId, type Choices } from '../freedom/catalogue.js'
import { SCHEMA_BASE, schemas } from '../generated/schemas.js'
import { caseFreedLocaleCode, SEARCH_FIELDS } from '../freedom/kept-input.js'
import { UNTAKEN_PARAMETERS, untakenSitePagesParameter } from './site-pages-query.js'
import { isUuid } from '../contracts/uuid.js'

/**
 * Validation that follows a deployment's free choices. The schemas of contracts/ state
 * sitemock's rules; a keyword that is one of its free choices carries `x-choices` beside it
 * ({"maxLength": "nameMaxLength"}), on the schema that holds it or on the property that refers
 * to it. Judging with other choices is then a filter of the errors those same validators give
 * (so the validators can be compiled ahead of time, once), plus the tighter limits a deployment
 * may enforce below sitemock's, checked on the value.
 */

type SchemaNode = Record<string, unknown>
type KeywordChoices = Partial<Record<string, ChoiceId>>

const LIMIT_CHOICES = new Set<ChoiceId>(['nameMaxLength', 'urlMaxLength', 'titleMaxLength', 'descriptionMaxLength', 'pathnameMaxLength'])

const schemaFiles = new Map(schemas.map((schema) => [schema.$id.slice(SCHEMA_BASE.length), schema as SchemaNode]))

function resolve(file: string, ref: string): { file: string; node: SchemaNode } | undefined {
  const [target, pointer = ''] = ref.split('#') as [string, string?]
  const targetFile = target === '' ? file : target
  let node: unknown = schemaFiles.get(targetFile)
  for (const part of pointer.split('/').slice(1)) node = (node as SchemaNode | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return node && typeof node === 'object' ? { file: targetFile, node: node as SchemaNode } : undefined
}

/**
 * A property's choices: its own `x-choices` and those of the schemas its $ref leads to, and of
 * its anyOf branches' (a nullable URL is `anyOf: [url, null]`, and its limit is the url's).
 */
function choicesAlong(file: string, node: SchemaNode, depth = 0): KeywordChoices {
  const found: KeywordChoices = {}
  let at: { file: string; node: SchemaNode } | undefined = { file, node }
  for (let step = 0; at && step < 8; step++) {
    Object.assign(found, { ...(at.node['x-choices'] as KeywordChoices | undefined), ...found })
    if (Array.isArray(at.node.anyOf) && depth < 2) for (const branch of at.node.anyOf as SchemaNode[]) Object.assign(found, { ...choicesAlong(at.file, branch, depth + 1), ...found })
    at = typeof at.node.$ref === 'string' ? resolve(at.file, at.node.$ref) : undefined
  }
  return found
}

export interface FieldChoices {
  /** The file's top-level fields, each with the keywords of its schema that are free choices. */
  fields: Map<string, KeywordChoices>
  /** Fields a deployment may leave unjudged, with the choices under which it does: such a field is not judged at all. */
  ignorable: ReadonlyMap<string, Unjudged>
}

/** Whether the deployment's choices leave a field unjudged. */
type Unjudged = (choices: Required<Choices>) => boolean

/**
 * The page update's search fields, ignored whole by a deployment whose update does not take them
 * (pageUpdateSearchFields); a route create's skipValidation, a parameter unknown to a deployment
 * whose create does not take it (routeCreateSkipValidation): not judged as the update's is, but
 * refused or ignored as an unknown one (the operation's queryRules); and the page list's parameters
 * a site page list does not take (sitePagesQuery: its sort in a fixed order, all but the cursor and
 * the limit at pagination): refused naming each, or ignored, as sitePagesUntaken says
 * (site-pages-query.ts), whatever their values, not as bad values.
 */
const IGNORABLE: Readonly<Record<string, ReadonlyMap<string, Unjudged>>> = {
  // A name in the path read as a plain string and looked up as it is (malformedPathName looked-up): it names nothing, a 404 where existence is judged.
  'page-params.json': new Map([['pageIdOrPathname', (choices) => choices.malformedPathName === 'looked-up']]),
  'locale-params.json': new Map([['localeIdOrCode', (choices) => choices.malformedPathName === 'looked-up']]),
  'page-update.json': new Map(SEARCH_FIELDS.map((field) => [field, (choices) => choices.pageUpdateSearchFields === 'ignored'])),
  'route-create-query.json': new Map([['skipValidation', (choices) => choices.routeCreateSkipValidation === 'unknown']]),
  'site-pages-query.json': new Map(UNTAKEN_PARAMETERS.map((field) => [field, (choices) => untakenSitePagesParameter(field, choices)])),
}

/** Reads a schema file's fields and their choice keywords once. */
export function fieldChoicesOf(file: string): FieldChoices {
  const root = schemaFiles.get(file)
  const properties = (root?.properties ?? {}) as Record<string, SchemaNode>
  return { fields: new Map(Object.entries(properties).map(([name, node]) => [name, choicesAlong(file, node)])), ignorable: IGNORABLE[file] ?? new Map() }
}

/** Whether the deployment ignores the field whole (sent, but neither judged nor applied). */
function ignored(field: string | undefined, choices: Required<Choices>, fields: FieldChoices): boolean {
  const unjudged = field === undefined ? undefined : fields.ignorable.get(field)
  return unjudged?.(choices) === true
}

function choiceOf(error: ErrorObject, fields: FieldChoices): ChoiceId | undefined {
  const own = ((error.parentSchema ?? {}) as SchemaNode)['x-choices'] as KeywordChoices | undefined
  if (own?.[error.keyword]) return own[error.keyword]
  const field = /^\/([^/]+)$/.exec(error.instancePath)?.[1]
  return field === undefined ? undefined : fields.fields.get(field)?.[error.keyword]
}

/** A locale code of any grammar (ASCII letters and digits in parts joined by - or _) or an id; an empty value is emptyLocaleQuery's to judge. */
const codeShaped = (value: string): boolean => value === '' || /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/.test(value) || isUuid(value)

const lengthOf = (text: string): number => {
  let length = 0
  for (const _ of text) length++
  return length
}

/**
 * Whether a page pathname's pattern error is for a value that meets the pattern as the deployment
 * judges it: with its leading slash added first (choice pagePathnameSlash added), and without a
 * trailing slash (after something else) where its grammar takes one (pagePathnameForm
 * trailing-slash) or it drops it (pathnameTrailingSlash dropped).
 */
function soundAsJudged(error: ErrorObject, choices: Required<Choices>): boolean {
  if (typeof error.data !== 'string') return false
  const slashed = choices.pagePathnameSlash === 'added' && !error.data.startsWith('/') ? `/${error.data}` : error.data
  const trailingTaken = choices.pagePathnameForm === 'trailing-slash' || choices.pathnameTrailingSlash === 'dropped'
  const judged = trailingTaken && /[^/]\/+$/.test(slashed) ? slashed.replace(/\/+$/, '') : slashed
  return judged !== error.data && new RegExp(String(error.schema), 'u').test(judged)
}

/** Whether the deployment's choice lets through what this error refuses. */
function allows(id: ChoiceId, error: ErrorObject, choices: Required<Choices>): boolean {
  const value = choices[id]
  // sitemock's grammar, but a pathname taken where it is sound once the deployment added its leading slash, or
  // without its trailing slash (kept-input.ts adds the one, and keeps or drops the other).
  if (id === 'pagePathnameForm' && value !== 'any') return soundAsJudged(error, choices)
  if (value === choice(id).sitemock) return false
  // Any other limit is judged on the value by tighterLimits, with its own number in the message.
  if (LIMIT_CHOICES.has(id)) return true
  if (id === 'localeCodeCase') return typeof error.data === 'string' && new RegExp(String(error.schema), 'u').test(caseFreedLocaleCode(error.data, choices.localeCodeCase))
  if (id === 'limitZero') return error.data === 0
  return true
}

/**
 * The errors of an anyOf's branches when one of its branches failed only on keywords the choices
 * let through: the anyOf is then met, and its other branches' errors no longer stand.
 */
function metAnyOf(anyOf: ErrorObject, errors: ErrorObject[], dropped: Set<ErrorObject>): ErrorObject[] {
  const branches = Array.isArray(anyOf.schema) ? (anyOf.schema as SchemaNode[]) : []
  const byBranch = branches.map((branch, index) => {
    const own = `${anyOf.schemaPath}/${index}/`
    const ref = typeof branch.$ref === 'string' ? `${branch.$ref}/` : undefined
    return errors.filter((e) => e !== anyOf && e.instancePath === anyOf.instancePath && (e.schemaPath.startsWith(own) || (ref !== undefined && e.schemaPath.startsWith(ref))))
  })
  const met = byBranch.some((inBranch) => inBranch.length > 0 && inBranch.every((e) => dropped.has(e)))
  return met ? [anyOf, ...byBranch.flat()] : []
}

/**
 * The errors that still stand under the deployment's choices. An unknown field let through is
 * taken out of the value, so that operations never see it (ignored, as such a deployment does).
 */
export function followChoices(errors: ErrorObject[], choices: Required<Choices>, fields: FieldChoices): ErrorObject[] {
  const dropped = new Set<ErrorObject>()
  for (const error of errors) {
    const id = error.keyword === 'anyOf' ? undefined : choiceOf(error, fields)
    if ((id !== undefined && allows(id, error, choices)) || ignored(/^\/([^/]+)/.exec(error.instancePath)?.[1], choices, fields)) dropped.add(error)
  }
  for (const error of errors) if (error.keyword === 'anyOf') for (const met of metAnyOf(error, errors, dropped)) dropped.add(met)
  for (const error of dropped) {
    if (error.keyword !== 'additionalProperties') continue
    const name = (error.params as { additionalProperty: string }).additionalProperty
    delete (error.data as Record<string, unknown>)[name]
  }
  return errors.filter((error) => !dropped.has(error))
}

/**
 * Limits other than sitemock's, judged on the value (the schemas state sitemock's): one error per
 * field over its limit; and a `locale` query that is no code of any grammar and no id, where the
 * deployment refuses such a form before it looks a locale up (localeQueryForm refused).
 */
export function tighterLimits(value: unknown, choices: Required<Choices>, fields: FieldChoices): ErrorObject[] {
  if (value === null || typeof value !== 'object') return []
  const errors: ErrorObject[] = []
  const locale = (value as Record<string, unknown>).locale
  if (choices.localeQueryForm === 'refused' && fields.fields.has('locale') && typeof locale === 'string' && !codeShaped(locale)) {
    errors.push({ keyword: 'pattern', instancePath: '/locale', schemaPath: '', params: {}, data: locale, parentSchema: { 'x-accepts': 'a locale code (letters, a region after - or _) or a locale id' } })
  }
  for (const [field, keywords] of fields.fields) {
    const id = keywords.maxLength
    const limit = id === undefined ? null : choices[id]
    const data = (value as Record<string, unknown>)[field]
    if (typeof limit !== 'number' || limit === choice(id!).sitemock || typeof data !== 'string' || lengthOf(data) <= limit || ignored(field, choices, fields)) continue
    errors.push({ keyword: 'maxLength', instancePath: `/${field}`, schemaPath: '', params: { limit }, data, parentSchema: {} })
  }
  return errors
}
