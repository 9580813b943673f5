import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { LOCALE, LOCALES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { DELETED_LOCALE_READ } from '../../src/contract/stateful/freedom-lifecycle.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from '../unit/occurrence.js'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * deletedLocaleRead `by-id`: a deleted locale read by its id answers 200 with the locale as it was
 * (AIP-164's soft delete), while by its code it is a 404 and lists, updates and deletes treat it
 * as gone. The mock follows each alternative over HTTP; the contract's lifecycle check and its
 * stateful group take `by-id` under the default profile, and name the class under the sitemock one.
 */
const start = servedPerTest()

/** A site of its own with a second locale, deleted: the site, the locale as it was created. */
async function deletedLocale(server: ChoicesServer): Promise<{ siteId: string; made: Record<string, unknown> }> {
  const { id: siteId } = await server.site('deleted locale read')
  const created = await server.call('POST', '/v2/locales', { siteId, locale: 'nb-NO', domain: 'https://nb.example.com' })
  createdId(created)
  expect((await server.call('DELETE', `/v2/locales/${String(created.body.id)}`)).status).toBe(204)
  return { siteId, made: created.body }
}

describe('the mock under deletedLocaleRead', () => {
  it('not-found (sitemock): a deleted locale is a 404 by its id and by its code', async () => {
    const server = await start({ deletedLocaleRead: 'not-found' })
    const { siteId, made } = await deletedLocale(server)
    const byId = await server.call('GET', `/v2/locales/${String(made.id)}`)
    expect(byId.status).toBe(404)
    expect(byId.body.code).toBe('not_found')
    expect((await server.call('GET', `/v2/locales/nb-NO?siteId=${siteId}`)).status).toBe(404)
  })

  it('by-id: a deleted locale read by its id (in any case) is the locale as it was; by its code a 404; gone from the list', async () => {
    const server = await start({ deletedLocaleRead: 'by-id' })
    const { siteId, made } = await deletedLocale(server)
    const byId = await server.call('GET', `/v2/locales/${String(made.id)}`)
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(made)
    expect((await server.call('GET', `/v2/locales/${String(made.id).toUpperCase()}`)).body).toEqual(made)
    expect((await server.call('GET', `/v2/locales/nb-NO?siteId=${siteId}`)).status).toBe(404)
    const listed = await server.call('GET', `/v2/locales?siteId=${siteId}&limit=100`)
    expect(listed.body.data?.map((locale) => locale.id)).not.toContain(made.id)
  })

  it("by-id: another workspace's key is refused the deleted locale as a live one (403), and an id that never was is a 404", async () => {
    const server = await start({ deletedLocaleRead: 'by-id' })
    const { made } = await deletedLocale(server)
    expect((await server.call('GET', `/v2/locales/${String(made.id)}`, undefined, server.otherAppKey)).status).toBe(403)
    expect((await server.call('GET', '/v2/locales/00000000-0000-4000-8000-00000000c0de')).status).toBe(404)
  })

  it.each(['not-found', 'idempotent'] as const)('by-id: updates and deletes treat it as gone (a second delete as repeatedDelete %s says), and the restore brings it back', async (repeatedDelete) => {
    const server = await start({ deletedLocaleRead: 'by-id', repeatedDelete })
    const { siteId, made } = await deletedLocale(server)
    const id = String(made.id)
    expect((await server.call('PATCH', `/v2/locales/${id}`, { domain: null })).status).toBe(404)
    expect((await server.call('DELETE', `/v2/locales/${id}`)).status).toBe(repeatedDelete === 'idempotent' ? 204 : 404)
    const restored = await server.call('POST', `/v2/locales/${id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body).toEqual(made)
    expect((await server.call('GET', `/v2/locales/nb-NO?siteId=${siteId}`)).body).toEqual(made)
    const listed = await server.call('GET', `/v2/locales?siteId=${siteId}&limit=100`)
    expect(listed.body.data?.map((locale) => locale.id)).toContain(made.id)
  })
})

describe('the contract against a mock that reads deleted locales by id', () => {
  const contract = async (choices: Choices, profile: 'documents' | 'sitemock') => {
    const server = await start(choices)
    return runAgainst(server.url, server.mock, { only: ['lifecycle'], profile, learnChoices: false })
  }

  it('holds lifecycle.locale.delete-restore to no more than a difference under the default profile', async () => {
    const result = check(await contract({ deletedLocaleRead: 'by-id' }, 'documents'), 'lifecycle.locale.delete-restore')
    // A difference from sitemock's choice, labelled so: the list, the restore and the read-back after hold.
    expect(result.status).toBe('differs')
    expect(result.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(`sitemock's choice deletedLocaleRead="not-found"`)])
  })

  it('fails it naming deletedLocaleRead under the sitemock profile, and passes the mock as it is', async () => {
    const result = check(await contract({ deletedLocaleRead: 'by-id' }, 'sitemock'), 'lifecycle.locale.delete-restore')
    expect(result.status).toBe('failed')
    expect(result.failures.map((failure) => `${failure.message} ${failure.leftOpen ?? ''}`)).toEqual([expect.stringContaining(`sitemock's choice deletedLocaleRead="not-found"`)])
    expect(check(await contract({}, 'sitemock'), 'lifecycle.locale.delete-restore').status).toBe('passed')
  })
})

describe('the stateful group against a mock that reads deleted locales by id', () => {
  const RUNS = { runs: 100, seed: 1 }

  it('finds no divergence under the default profile, and adopts by-id', async () => {
    const server = await start({ deletedLocaleRead: 'by-id' })
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS, learnChoices: false })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('deletedLocaleRead: by-id')
  }, 180_000)

  it('names deletedLocaleRead in the divergence under the sitemock profile', async () => {
    const server = await start({ deletedLocaleRead: 'by-id' })
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: RUNS })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named).toContainEqual(expect.stringContaining(`sitemock's choice deletedLocaleRead="not-found"`))
  }, 180_000)
})

describe('the status class deletedLocaleRead', () => {
  const LOCALE_ID = '1093964a-fd2d-4b9b-9b16-1405154f199c'
  const TARGET_ID = '5b0a3c52-8f0e-4c55-9d57-3b8d1f0a7e21'
  const read: ContractRequest = { method: 'GET', template: LOCALE, params: { localeIdOrCode: LOCALE_ID } }
  const gone: Reply = { status: 404, body: { code: 'not_found' } }
  const seen = occurrenceOf(read, gone, () => gone, { deletedLocaleNamed: true, targetOf: (id) => (id === LOCALE_ID ? TARGET_ID : undefined) })

  it('is among the status classes', () => {
    expect(STATUS_CLASSES).toContain(DELETED_LOCALE_READ)
  })

  it('applies to a read by id of a locale the oracle holds deleted, which it answers 404', () => {
    expect(DELETED_LOCALE_READ.applies(seen)).toBe(true)
    expect(DELETED_LOCALE_READ.applies({ ...seen, deletedLocaleNamed: false })).toBe(false)
    expect(DELETED_LOCALE_READ.applies({ ...seen, deletedLocaleNamed: undefined })).toBe(false)
    expect(DELETED_LOCALE_READ.applies({ ...seen, request: { ...read, method: 'PATCH' } })).toBe(false)
    expect(DELETED_LOCALE_READ.applies({ ...seen, request: { method: 'GET', template: LOCALES, query: { siteId: LOCALE_ID } } })).toBe(false)
    expect(DELETED_LOCALE_READ.applies({ ...seen, oracle: { ...seen.oracle, status: 403 } })).toBe(false)
  })

  it("reads a 404 as not-found, a 200 with the locale's own id (the target's or the oracle's) as by-id, anything else as neither", () => {
    expect(DELETED_LOCALE_READ.alternative(gone, seen)).toBe('not-found')
    expect(DELETED_LOCALE_READ.alternative({ status: 200, body: { object: 'locale', id: TARGET_ID } }, seen)).toBe('by-id')
    expect(DELETED_LOCALE_READ.alternative({ status: 200, body: { object: 'locale', id: LOCALE_ID } }, seen)).toBe('by-id')
    expect(DELETED_LOCALE_READ.alternative({ status: 200, body: { object: 'locale', id: '00000000-0000-4000-8000-00000000c0de' } }, seen)).toBeUndefined()
    expect(DELETED_LOCALE_READ.alternative({ status: 403, body: { code: 'forbidden' } }, seen)).toBeUndefined()
  })

  it('follows by-id by making that choice, so the oracle answers the locale as it was; not-found is its own', () => {
    expect(DELETED_LOCALE_READ.follow('by-id', seen)).toEqual({ kind: 'chosen', choices: { deletedLocaleRead: 'by-id' } })
    expect(DELETED_LOCALE_READ.follow('not-found', seen)).toBeUndefined()
  })
})
