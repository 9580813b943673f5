import { describe, expect, it } from 'vitest'
import { LOCALE, PAGE, PAGES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful group's pageReadUnknownLocale class, read on single occurrences: a page read in a
 * locale its site lacks. A 404 to a read in a locale the site has (a pathname with no localization
 * there) is no answer of this class: read as one, it made a deployment that refuses an unknown
 * locale with a 400 look as if it contradicted itself.
 */
const pageReadUnknownLocale = STATUS_CLASSES.find((freedom) => freedom.choice === 'pageReadUnknownLocale')!
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const NOT_FOUND: Reply = { status: 404, body: { object: 'error', code: 'not_found', message: 'No page found.' } }

/** The oracle's reads: de-DE a locale of the site, the page found without a locale, the page list refusing a locale the site lacks. */
function peek(asked: ContractRequest): Reply {
  if (asked.template === LOCALE) return asked.params?.localeIdOrCode === 'de-DE' ? { status: 200, body: { object: 'locale', locale: 'de-DE' } } : NOT_FOUND
  if (asked.template === PAGE) return { status: 200, body: { object: 'page', id: 'f2b8c4d1-7e3a-4c59-8b16-0a9d3e5f7c21', pathname: '/a' } }
  if (asked.template === PAGES) return { status: 400, body: { object: 'error', code: 'bad_request', message: 'locale', details: [{ field: 'locale', message: 'is no locale of the site' }] } }
  throw new Error(`unexpected peek ${JSON.stringify(asked)}`)
}

const readIn = (locale: string): ContractRequest => ({ method: 'GET', template: PAGE, params: { pageIdOrPathname: '/a' }, query: { siteId: SITE_ID, locale } })

describe('pageReadUnknownLocale', () => {
  it('applies to a page read in a locale the site lacks, and reads the refusal', () => {
    const occurrence = occurrenceOf(readIn('xx-XX'), NOT_FOUND, peek, { site: SITE_ID })
    expect(pageReadUnknownLocale.applies(occurrence)).toBe(true)
    expect(pageReadUnknownLocale.alternative(NOT_FOUND, occurrence)).toBe('404')
  })

  it('does not apply to a page read in a locale the site has, whatever the read answers', () => {
    expect(pageReadUnknownLocale.applies(occurrenceOf(readIn('de-DE'), NOT_FOUND, peek, { site: SITE_ID }))).toBe(false)
  })
})
