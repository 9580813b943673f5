import { describe, expect, it } from 'vitest'
import { SITE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful group's hostOriginNull class, read on single occurrences: a site update with
 * `hostOrigin: null`, which a deployment may clear, refuse, or take as no change. A site that had
 * no origin reads null either way: there a null must not adopt `clears` alone, or a target that
 * changes nothing would be called inconsistent at its next site with an origin.
 */
const hostOriginNull = STATUS_CLASSES.find((freedom) => freedom.choice === 'hostOriginNull')!
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const update: ContractRequest = { method: 'PATCH', template: SITE, params: { siteId: SITE_ID }, body: { hostOrigin: null } }
const site = (hostOrigin: string | null): Reply => ({ status: 200, body: { object: 'site', id: SITE_ID, hostOrigin } })
const REFUSED: Reply = { status: 400, body: { object: 'error', code: 'bad_request', message: 'hostOrigin: is null', details: [{ field: 'hostOrigin', message: 'is null' }] } }
const noPeek = (): Reply => {
  throw new Error('the class reads no state')
}
const occurrence = (target: Reply, hadOrigin?: boolean) => occurrenceOf(update, site(null), noPeek, { target, ...(hadOrigin === undefined ? {} : { hadOrigin }) })

describe('hostOriginNull', () => {
  it('applies to a site update with a null hostOrigin only', () => {
    expect(hostOriginNull.applies(occurrence(site(null)))).toBe(true)
    expect(hostOriginNull.applies(occurrenceOf({ ...update, body: { hostOrigin: 'https://example.com' } }, site(null), noPeek))).toBe(false)
    expect(hostOriginNull.applies(occurrenceOf({ ...update, body: { name: 'x' } }, site(null), noPeek))).toBe(false)
  })

  it('reads a null origin as clears, a kept one as unchanged, a 400 naming hostOrigin as refused', () => {
    const seen = occurrence(site(null), true)
    expect(hostOriginNull.alternative(site(null), seen)).toBe('clears')
    expect(hostOriginNull.alternative(site('https://example.com'), seen)).toBe('unchanged')
    expect(hostOriginNull.alternative(REFUSED, seen)).toBe('refused')
    expect(hostOriginNull.alternative({ status: 400, body: { code: 'bad_request', details: [{ field: 'name' }] } }, seen)).toBeUndefined()
  })

  it('lets a null on a site that had no origin fit unchanged too; on one that had an origin, clears alone', () => {
    expect(hostOriginNull.fits!('clears', occurrence(site(null), false))).toEqual(['clears', 'unchanged'])
    expect(hostOriginNull.fits!('clears', occurrence(site(null)))).toEqual(['clears', 'unchanged'])
    expect(hostOriginNull.fits!('clears', occurrence(site(null), true))).toEqual(['clears'])
    expect(hostOriginNull.fits!('unchanged', occurrence(site('https://example.com'), true))).toEqual(['unchanged'])
  })

  it('follows unchanged by making that choice, and refused by taking the write back', () => {
    const seen = occurrence(site('https://example.com'), true)
    expect(hostOriginNull.follow('unchanged', seen)).toEqual({ kind: 'chosen', choices: { hostOriginNull: 'unchanged' } })
    expect(hostOriginNull.follow('refused', occurrence(REFUSED, true))).toEqual({ kind: 'refused' })
    expect(hostOriginNull.follow('clears', occurrence(site(null), true))).toBeUndefined()
  })
})
