/**
 * What the precompiled validators of src/contracts/validators/ call at run time: the formats the
 * schemas name and the x-lowercase keyword. scripts/gen-validators.mjs writes code that imports
 * this module, so the checks stay in one place and nothing is compiled when a mock starts.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { isUuid } from '../api/uuid.js'
import { lowerCase } from '../api/lower-case.js'

/**
 * The formats of contracts/schemas. uuid is the same check as everywhere else in the mock, in
 * place of ajv-formats' regular expression (which also admits a urn:uuid: prefix, where the
 * service does not); the others are ajv-formats' own. Each is a plain
 * function, as the generator declares them to Ajv.
 */
export const formats = {
  // ajv-formats pairs the check with a comparison, which only formatMinimum and the like use.
  'date-time': (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate,
  uri: fullFormats.uri,
  uuid: isUuid,
}

/**
 * `x-lowercase` marks common.json's uuid: the service treats UUIDs case-insensitively, and the
 * store keys them in lower case, so an upper-case siteId or cursor finds its record. Only a UUID
 * is canonicalised: in an anyOf such as "a UUID or a locale code", the UUID branch must leave
 * fr-FR as it is. A value already in lower case (ids as clients send them) has nothing to change.
 */
export function lowerCaseUuid(data: unknown, parentData: unknown, property: string | number | undefined): void {
  if (typeof data !== 'string' || data === lowerCase(data) || !isUuid(data)) return
  if (parentData !== null && typeof parentData === 'object' && property !== undefined) {
    ;(parentData as Record<string | number, unknown>)[property] = data.toLowerCase()
  }
}

/**
 * A string's length as maxLength and minLength count it: in code points, so that an emoji is
 * one character (Ajv's ucs2length).
 */
export function ucs2length(value: string): number {
  let length = 0
  for (let i = 0; i < value.length; i++, length++) {
    const code = value.charCodeAt(i)
    // A high surrogate followed by a low one is a single code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++
  }
  return length
}
