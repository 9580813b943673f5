import { describe, expect, it } from 'vitest'
import { LOCALES, ROUTES, SITE, SITES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful group's deletedSiteKey class, read on single occurrences: a request with the Site
 * key of a site the sequence made and the oracle no longer holds, which the oracle (sitemock)
 * refuses 401. A wrong reading adopts one alternative and then calls a conforming target
 * inconsistent when it shows the other.
 */
const deletedSiteKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'deletedSiteKey')!
const LIVE_SITE = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const GONE_SITE = '1093964a-fd2d-4b9b-9b16-1405154f199c'
const LIVE_KEY = '6c1f3a9e-2b1d-4f0e-9a47-5d2c8e7b1a30'
const GONE_KEY = 'f2b8c4d1-7e3a-4c59-8b16-0a9d3e5f7c21'
const UNAUTHORIZED: Reply = { status: 401, body: { object: 'error', code: 'unauthorized', message: 'The API key is not valid.' } }
const FORBIDDEN: Reply = { status: 403, body: { object: 'error', code: 'forbidden', message: "This Site API key's site was deleted." } }
const NOT_FOUND: Reply = { status: 404, body: { object: 'error', code: 'not_found', message: 'Not found.' } }
const BAD_REQUEST: Reply = { status: 400, body: { object: 'error', code: 'bad_request', message: 'limit: must be an integer' } }

/** The oracle's reads: the live site of the sequence with its key, the deleted one a 404, as the App key reads them. */
function peek(asked: ContractRequest): Reply {
  if (asked.method !== 'GET' || asked.template !== SITE || asked.key !== ORACLE_APP_KEY) throw new Error(`unexpected peek ${JSON.stringify(asked)}`)
  return asked.params?.siteId === LIVE_SITE ? { status: 200, body: { object: 'site', id: LIVE_SITE, publicApiKey: LIVE_KEY } } : NOT_FOUND
}

function occurrence(request: ContractRequest, oracle: Reply, target: Reply, more: Partial<Occurrence> = {}): Occurrence {
  return occurrenceOf(request, oracle, peek, { target, runSiteKey: true, sites: [LIVE_SITE, GONE_SITE], ...more })
}

const read: ContractRequest = { method: 'GET', template: SITE, params: { siteId: LIVE_SITE }, key: GONE_KEY }

describe('deletedSiteKey', () => {
  it("applies to a run site's key that no live site of the sequence has, which the oracle refused 401", () => {
    expect(deletedSiteKey.applies(occurrence(read, UNAUTHORIZED, FORBIDDEN))).toBe(true)
    // Without the sequence's sites, the oracle's 401 to a run site's key says its site is gone.
    expect(deletedSiteKey.applies(occurrence(read, UNAUTHORIZED, FORBIDDEN, { sites: undefined }))).toBe(true)
  })

  it("does not apply to a live site's key, another key, or an answer of the oracle other than 401", () => {
    expect(deletedSiteKey.applies(occurrence({ ...read, key: LIVE_KEY }, UNAUTHORIZED, FORBIDDEN))).toBe(false)
    expect(deletedSiteKey.applies(occurrence(read, UNAUTHORIZED, FORBIDDEN, { runSiteKey: false }))).toBe(false)
    expect(deletedSiteKey.applies(occurrence({ ...read, key: ORACLE_APP_KEY }, UNAUTHORIZED, FORBIDDEN))).toBe(false)
    expect(deletedSiteKey.applies(occurrence(read, FORBIDDEN, FORBIDDEN))).toBe(false)
    expect(deletedSiteKey.applies(occurrence(read, NOT_FOUND, NOT_FOUND))).toBe(false)
  })

  it("reads a 401 as 401, and a 403 as 403, and so the 400 or the 404 of what is missing a key without permission may meet first; nothing else", () => {
    const seen = occurrence(read, UNAUTHORIZED, FORBIDDEN)
    expect(deletedSiteKey.alternative(UNAUTHORIZED, seen)).toBe('401')
    expect(deletedSiteKey.alternative(FORBIDDEN, seen)).toBe('403')
    // A 404 is met first only where what the request names is missing: the deleted site, not the live one.
    expect(deletedSiteKey.alternative(NOT_FOUND, seen)).toBeUndefined()
    expect(deletedSiteKey.alternative(NOT_FOUND, occurrence({ ...read, params: { siteId: GONE_SITE } }, UNAUTHORIZED, NOT_FOUND))).toBe('403')
    expect(deletedSiteKey.alternative(BAD_REQUEST, occurrence({ method: 'GET', template: LOCALES, query: { siteId: LIVE_SITE, limit: 'x' }, key: GONE_KEY }, UNAUTHORIZED, BAD_REQUEST))).toBe('403')
    expect(deletedSiteKey.alternative({ status: 200, body: { object: 'site' } }, seen)).toBeUndefined()
    expect(deletedSiteKey.alternative({ status: 429, body: { code: 'rate_limited' } }, seen)).toBeUndefined()
  })

  it('reads nothing from the 404 of a route operation, which a deployment serving it elsewhere answers before any key', () => {
    const list = occurrence({ method: 'GET', template: ROUTES, query: { siteId: LIVE_SITE }, key: GONE_KEY }, UNAUTHORIZED, NOT_FOUND)
    expect(deletedSiteKey.alternative(NOT_FOUND, list)).toBeUndefined()
  })

  it("follows a 403 by expecting the target's refusal (its code checked), and the 401 as the oracle's own answer", () => {
    expect(deletedSiteKey.follow('403', occurrence(read, UNAUTHORIZED, FORBIDDEN))).toEqual({ kind: 'expect', answer: { status: 403, body: { code: 'forbidden' } } })
    expect(deletedSiteKey.follow('403', occurrence({ method: 'GET', template: SITES, query: {}, key: GONE_KEY }, UNAUTHORIZED, NOT_FOUND))).toEqual({ kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } })
    expect(deletedSiteKey.follow('401', occurrence(read, UNAUTHORIZED, UNAUTHORIZED))).toBeUndefined()
  })

  it('is the whole answer: no later class reads the input behind the key', () => {
    expect(deletedSiteKey.decisive?.('401')).toBe(true)
    expect(deletedSiteKey.decisive?.('403')).toBe(true)
  })

  it('comes before the classes that read a 403 or a 404 of the input (a Site key\'s site list, the cursors)', () => {
    const at = (id: string): number => STATUS_CLASSES.findIndex((freedom) => freedom.choice === id)
    for (const later of ['siteKeySiteList', 'deletedCursor', 'unknownCursor', 'siteKeyWrites']) expect(at('deletedSiteKey')).toBeLessThan(at(later))
  })
})
