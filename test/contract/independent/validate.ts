import { badRequest, type Detail } from './http-error.js'

/**
 * Input checking that keeps going: every broken field of a request is collected, so a 400 names
 * all of them (the specification asks for one detail per invalid field), not just the first.
 */
export class Issues {
  readonly details: Detail[] = []

  add(field: string, message: string): void {
    if (!this.details.some((detail) => detail.field === field)) this.details.push({ field, message })
  }

  /** Ends the request with a 400 when anything was found. */
  settle(): void {
    if (this.details.length > 0) throw badRequest(this.details)
  }
}

/** What is wrong with a value, in words, or undefined when it is acceptable. */
export type Rule = (value: unknown) => string | undefined

export interface FieldSpec {
  rule: Rule
  required?: boolean
}

/** The fields an input takes; a field it does not list is refused. */
export type Shape = Record<string, FieldSpec>

export type Input = Record<string, unknown>

/** The input checked against its shape: unknown fields, missing required ones, then each value. */
export function checkInput(input: Input, shape: Shape, issues: Issues): void {
  for (const field of Object.keys(input)) if (!(field in shape)) issues.add(field, 'this field is not taken by this operation')
  for (const [field, spec] of Object.entries(shape)) {
    const value = input[field]
    if (value === undefined) {
      if (spec.required) issues.add(field, 'this field is required')
      continue
    }
    const problem = spec.rule(value)
    if (problem !== undefined) issues.add(field, problem)
  }
}

/** A JSON body as an object of fields, or an issue when it is something else. */
export function bodyObject(body: unknown, issues: Issues): Input {
  if (body === undefined) return {}
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Input
  issues.add('body', 'the body must be a JSON object')
  return {}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CONTROL = /[\u0000-\u001f\u007f]/
/** Control characters other than tab and line breaks, which a description may hold. */
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const isUuid = (value: string): boolean => UUID.test(value)
/** A language of two or three lower-case letters, with an optional region: two capitals or three digits. */
export const isLocaleCode = (value: string): boolean => value.length <= 16 && /^[a-z]{2,3}(?:-(?:[A-Z]{2}|\d{3}))?$/.test(value)

export const string = (value: unknown): value is string => typeof value === 'string'

export const uuid: Rule = (value) => (!string(value) ? 'expected a string' : isUuid(value) ? undefined : 'expected a UUID')

export const name: Rule = (value) => {
  if (!string(value)) return 'expected a string'
  if (value.length < 1 || value.length > 256) return 'expected 1 to 256 characters'
  return CONTROL.test(value) ? 'control characters are not allowed' : undefined
}

/**
 * An absolute URL that names its protocol, e.g. https://example.com: the published OpenAPI's
 * format "uri" is RFC 3986, whose characters are ASCII (an IRI such as https://exämple.com is not one).
 */
export const url: Rule = (value) => {
  if (!string(value)) return 'expected a string'
  if (value.length > 2048 || /\s/.test(value) || /[^\x21-\x7e]/.test(value) || !/^[a-z][a-z0-9+.-]*:\/\/./i.test(value)) return 'expected an absolute URL (RFC 3986, ASCII) with its protocol'
  try {
    new URL(value)
    return undefined
  } catch {
    return 'expected an absolute URL with its protocol'
  }
}

export const nullable =
  (rule: Rule): Rule =>
  (value) =>
    value === null ? undefined : rule(value)

export const localeCode: Rule = (value) => (!string(value) ? 'expected a string' : isLocaleCode(value) ? undefined : 'expected a locale code such as fr or fr-FR')

/**
 * A page pathname: `/` or `/segment/...`, no empty segment, no trailing slash, and only the
 * characters RFC 3986 lets a path segment hold unescaped (ASCII letters, digits, `-._~`, `!$&'()*+,;=:@`
 * and `%`): brackets, whitespace and non-ASCII letters are refused. The documents give a pathname
 * no format, so this stricter reading is this implementation's choice (`pagePathnameCharacters`).
 */
export const isPagePathname = (value: string): boolean => value.length <= 2048 && (value === '/' || /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(value))

export const pagePathname: Rule = (value) => (!string(value) ? 'expected a string' : isPagePathname(value) ? undefined : 'expected a pathname such as /about/team')

export const boolean: Rule = (value) => (typeof value === 'boolean' ? undefined : 'expected true or false')

export const oneOf =
  (values: readonly (string | null)[]): Rule =>
  (value) =>
    values.includes(value as string | null) ? undefined : `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`

export const text =
  (max: number, breaksAllowed: boolean): Rule =>
  (value) => {
    if (!string(value)) return 'expected a string'
    if (value.length > max) return `expected at most ${max} characters`
    return (breaksAllowed ? CONTROL_BUT_BREAKS : CONTROL).test(value) ? 'control characters are not allowed' : undefined
  }

export const numberBetween =
  (min: number, max: number): Rule =>
  (value) =>
    typeof value !== 'number' || !Number.isFinite(value) ? 'expected a number' : value < min || value > max ? `expected a number from ${min} to ${max}` : undefined

/** A query `limit`: an integer from 1 to 100 written in decimal. */
export const limit: Rule = (value) => {
  if (!string(value) || !/^\d+$/.test(value)) return 'expected an integer'
  const n = Number(value)
  return n < 1 || n > 100 ? 'expected an integer from 1 to 100' : undefined
}

/** A field refused whatever its value (the specification: not accepted in this body). */
export const refused: Rule = () => 'this field cannot be set by this operation'
