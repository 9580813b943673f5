import { describe, expect, it } from 'vitest'
import { LOCALES, ROUTES, SITES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { LIMIT_ZERO, servedLimit } from '../../src/contract/stateful/freedom-limit.js'
import type { Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful group's reading of limitZero: which alternative a list asked with limit=0 shows
 * (a 400 naming limit, a page of none, a page of one, a page of more: the default page), and how
 * long the page it judges is. A wrong
 * reading adopts one alternative and then calls a conforming target inconsistent.
 */

const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const list = (limit: unknown, template = ROUTES): ContractRequest => ({ method: 'GET', template, query: { siteId: SITE_ID, limit: limit as number } })
const page = (items: number, hasMore: boolean): Reply => ({ status: 200, body: { object: 'list', data: Array.from({ length: items }, (_, i) => ({ id: String(i) })), hasMore } })
const refusal = (...fields: string[]): Reply => ({ status: 400, body: { code: 'bad_request', details: fields.map((field) => ({ field, message: 'is invalid' })) } })
const at = (request: ContractRequest, target: Reply) => occurrenceOf(request, target, () => target)

describe('limitZero', () => {
  it('applies to limit=0 on the lists of sites, pages, a site\'s pages and routes alone', () => {
    expect(LIMIT_ZERO.applies(at(list(0), page(1, true)))).toBe(true)
    expect(LIMIT_ZERO.applies(at(list('0', SITES), page(1, true)))).toBe(true)
    expect(LIMIT_ZERO.applies(at(list(0, LOCALES), refusal('limit')))).toBe(false)
    expect(LIMIT_ZERO.applies(at(list(1), page(1, true)))).toBe(false)
    expect(LIMIT_ZERO.applies(at(list(''), page(1, true)))).toBe(false)
    expect(LIMIT_ZERO.applies(at({ method: 'GET', template: ROUTES, query: { siteId: SITE_ID } }, page(1, true)))).toBe(false)
  })

  it('reads a 400 naming limit as refused, a page of none as accepted, a page of one as clamped, a page of more as default', () => {
    const read = (reply: Reply) => LIMIT_ZERO.alternative(reply, at(list(0), reply))
    expect(read(refusal('limit', 'startingAfter'))).toBe('refused')
    expect(read(page(0, true))).toBe('accepted')
    expect(read(page(1, true))).toBe('clamped')
    expect(read(page(2, false))).toBe('default')
    expect(read(page(20, true))).toBe('default')
    expect(read({ status: 404, body: { code: 'not_found' } })).toBeUndefined()
  })

  it('holds a page of none with nothing after it, or a 400 naming another field alone, to any page; a page of one with nothing after it to limit=1 or the default page', () => {
    const fits = (reply: Reply) => LIMIT_ZERO.fits?.(LIMIT_ZERO.alternative(reply, at(list(0), reply))!, at(list(0), reply))
    expect(fits(page(0, false))).toEqual(['accepted', 'clamped', 'default'])
    expect(fits(page(0, true))).toEqual(['accepted'])
    expect(fits(page(1, false))).toEqual(['clamped', 'default'])
    expect(fits(page(1, true))).toEqual(['clamped'])
    expect(fits(page(2, false))).toEqual(['default'])
    expect(fits(refusal('startingAfter'))).toEqual(['accepted', 'clamped', 'default'])
    expect(fits(refusal('limit'))).toEqual(['refused'])
    // A deployment that names the first invalid field alone may have refused limit=0 too: such a 400 shows nothing on its own.
    expect(LIMIT_ZERO.establishes?.('accepted', at(list(0), refusal('startingAfter')))).toBe(false)
    expect(LIMIT_ZERO.establishes?.('clamped', at(list(0), page(1, true)))).toBe(true)
  })

  it('takes on the target\'s page as the oracle\'s choice, and leaves a refusal to the documents\' rules', () => {
    expect(LIMIT_ZERO.follow('clamped', at(list(0), page(1, true)))).toEqual({ kind: 'chosen', choices: { limitZero: 'clamped' } })
    expect(LIMIT_ZERO.follow('accepted', at(list(0), page(0, true)))).toEqual({ kind: 'chosen', choices: { limitZero: 'accepted' } })
    expect(LIMIT_ZERO.follow('default', at(list(0), page(20, true)))).toEqual({ kind: 'chosen', choices: { limitZero: 'default' } })
    expect(LIMIT_ZERO.follow('refused', at(list(0), refusal('limit')))).toBeUndefined()
  })

  it('judges a page asked with limit=0 as one item long where the oracle follows clamped, as the default page where it follows default', () => {
    expect(servedLimit(0, 'clamped', 20)).toBe(1)
    expect(servedLimit(0, 'default', 20)).toBe(20)
    expect(servedLimit(0, 'accepted', 20)).toBe(0)
    expect(servedLimit(0, undefined, 20)).toBe(0)
    expect(servedLimit(5, 'clamped', 20)).toBe(5)
    expect(servedLimit(5, 'default', 20)).toBe(5)
  })
})
