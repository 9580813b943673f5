/**
 * What the precompiled validators of src/generated/validators/ call at run time: the formats the
 * schemas name and the x-lowercase keyword. scripts/gen-validators.mjs writes code that imports
 * this module, so the checks stay in one place and nothing is compiled when a mock starts.
 */
import { isUuid } from './uuid.js'
import { lowerCase } from '../api/lower-case.js'

/**
 * The formats of contracts/schemas. uuid is the same check as everywhere else in the mock, in
 * place of ajv-formats' regular expression (which also admits a urn:uuid: prefix, where the
 * service does not). date-time and uri are ajv-formats' own ("full" mode), written out here:
 * its module holds every format there is, which a page would load whole for these two. A unit
 * test holds them to ajv-formats' on a range of values. Each is a plain function, as the
 * generator declares them to Ajv.
 */
export const formats = {
  'date-time': dateTime,
  uri,
  uuid: isUuid,
}

// RFC 3339, section 5.6: a full-date, "T" (or a space) and a full-time with its time zone.
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i
const DATE_TIME_SEPARATOR = /t|\s/i

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

function date(value: string): boolean {
  const matches = DATE.exec(value)
  if (!matches) return false
  const year = +matches[1]!
  const month = +matches[2]!
  const day = +matches[3]!
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!)
}

function time(value: string): boolean {
  const matches = TIME.exec(value)
  if (!matches) return false
  const hour = +matches[1]!
  const minute = +matches[2]!
  const second = +matches[3]!
  const zone = matches[4]
  const zoneSign = matches[5] === '-' ? -1 : 1
  const zoneHour = +(matches[6] ?? 0)
  const zoneMinute = +(matches[7] ?? 0)
  if (zoneHour > 23 || zoneMinute > 59 || !zone) return false
  if (hour <= 23 && minute <= 59 && second < 60) return true
  // A leap second: 23:59:60 in UTC.
  const utcMinute = minute - zoneMinute * zoneSign
  const utcHour = hour - zoneHour * zoneSign - (utcMinute < 0 ? 1 : 0)
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61
}

function dateTime(value: string): boolean {
  const parts = value.split(DATE_TIME_SEPARATOR)
  return parts.length === 2 && date(parts[0]!) && time(parts[1]!)
}

const NOT_URI_FRAGMENT = /\/|:/
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i

function uri(value: string): boolean {
  return NOT_URI_FRAGMENT.test(value) && URI.test(value)
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

/**
 * How the generated validators gather a referenced schema's errors (see appendInPlace in
 * scripts/gen-validators.mjs): pushed one by one into the list so far, in place of Ajv's concat,
 * which copies the whole list for every invalid item and made judging a document quadratic.
 * A loop, not push(...errors): an item may have more errors than a call takes arguments.
 */
export function appendErrors<E>(errors: E[] | null, more: E[]): E[] {
  if (errors === null) return more
  for (const error of more) errors.push(error)
  return errors
}

/**
 * How the validators a page loads report an error (see pushErrors in scripts/gen-validators.mjs):
 * the object Ajv's own code builds, with its fields in the same order, started as the list or
 * pushed to it. One call in place of each error's literal and branches keeps that code smaller.
 */
export function pushError<E>(errors: E[] | null, instancePath: string, schemaPath: string, keyword: string, params: object, parentSchema: unknown, data: unknown): E[] {
  const error = { instancePath, schemaPath, keyword, params, parentSchema, data } as E
  if (errors === null) return [error]
  errors.push(error)
  return errors
}
