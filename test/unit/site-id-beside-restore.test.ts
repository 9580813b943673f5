import { describe, expect, it } from 'vitest'
import { LOCALE, LOCALE_RESTORE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful class siteIdBesideId reads a 404 to a request that names its resource by id with a
 * siteId beside it, naming no site, as the siteId checked; but a restore's 404 may be its own
 * (a live locale has nothing deleted to restore: restoreLiveLocale), so it tells nothing there.
 */
const siteIdBeside = STATUS_CLASSES.find((freedom) => freedom.choice === 'siteIdBesideId')!
const LOCALE_ID = '48670171-7cce-42b5-91b4-64c981988960'
const NO_SITE = 'fe45c4df-20a9-4a72-81e0-44715a6b8e90'
const notFound: Reply = { status: 404, body: { code: 'not_found' } }
const live: Reply = { status: 200, body: { id: LOCALE_ID } }

const sent = (request: ContractRequest) => occurrenceOf(request, notFound, () => live, { target: notFound })

describe('siteIdBesideId, read from a 404', () => {
  it('is checked where a locale read by id with a siteId of no site is a 404', () => {
    const read: ContractRequest = { method: 'GET', template: LOCALE, params: { localeIdOrCode: LOCALE_ID }, query: { siteId: NO_SITE } }
    expect(siteIdBeside.applies(sent(read))).toBe(true)
    expect(siteIdBeside.alternative(notFound, sent(read))).toBe('checked')
  })

  it('tells nothing where a restore of a live locale is a 404: nothing deleted to restore may be its answer', () => {
    const restore: ContractRequest = { method: 'POST', template: LOCALE_RESTORE, params: { localeIdOrCode: LOCALE_ID }, query: { siteId: NO_SITE } }
    expect(siteIdBeside.applies(sent(restore))).toBe(true)
    expect(siteIdBeside.alternative(notFound, sent(restore))).toBeUndefined()
  })
})
