import { describe, expect, it } from 'vitest'
import type { ApiResponse, MockRequest } from '../../src/api/types.js'
import { LOCALE_RESTORE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { runContract } from '../../src/contract/runner.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import { createMock, type Mock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'
import { optionsFor } from '../contract/support.js'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * restoreLiveLocale `400`: restoring a locale that is not deleted is a `bad_request` naming the
 * path parameter that named it. The mock follows it over HTTP; the contract suite takes it under
 * the default profile and names the class under the sitemock profile; the stateful group reads it
 * from sitemock's wording and from a deployment's that names `locale` instead.
 */
const start = servedPerTest()
const LIVE_DETAIL = { field: 'localeIdOrCode', message: 'names a locale that is not deleted; only a deleted locale can be restored' }

describe('the mock under restoreLiveLocale 400', () => {
  it('answers the restore of a live locale, by id and by code, with a 400 naming localeIdOrCode, and leaves the locale as it was', async () => {
    const { call, site } = await start({ restoreLiveLocale: '400' })
    const { id } = await site()
    const made = await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' })
    const localeId = createdId(made)
    for (const path of [`/v2/locales/${localeId}/restore`, `/v2/locales/fr-FR/restore?siteId=${id}`]) {
      const answer = await call('POST', path)
      expect(answer.status, path).toBe(400)
      expect(answer.body, path).toMatchObject({ object: 'error', code: 'bad_request', details: [LIVE_DETAIL] })
    }
    expect((await call('GET', `/v2/locales/${localeId}`)).body).toEqual(made.body)
  })

  it('still restores a deleted locale, and refuses one whose code was taken again with a 409', async () => {
    const { call, site } = await start({ restoreLiveLocale: '400' })
    const { id } = await site()
    const first = createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }))
    expect((await call('DELETE', `/v2/locales/${first}`)).status).toBe(204)
    expect((await call('POST', `/v2/locales/${first}/restore`)).status).toBe(200)
    expect((await call('DELETE', `/v2/locales/${first}`)).status).toBe(204)
    createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }))
    expect((await call('POST', `/v2/locales/${first}/restore`)).status).toBe(409)
  })

  it("judges the key's reach and the locale's existence first: another site's Site key is a 403, an unknown id a 404", async () => {
    const { call, site } = await start({ restoreLiveLocale: '400' })
    const own = await site()
    const other = await site()
    const localeId = createdId(await call('POST', '/v2/locales', { siteId: own.id, locale: 'fr-FR' }))
    expect((await call('POST', `/v2/locales/${localeId}/restore`, undefined, other.key)).status).toBe(403)
    expect((await call('POST', '/v2/locales/1093964a-fd2d-4b9b-9b16-1405154f199c/restore')).status).toBe(404)
  })

  it('with restoreByCode deleted-only, a code the site has live only is a 404; its id is still the 400', async () => {
    const { call, site } = await start({ restoreLiveLocale: '400', restoreByCode: 'deleted-only' })
    const { id } = await site()
    const localeId = createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }))
    expect((await call('POST', `/v2/locales/fr-FR/restore?siteId=${id}`)).status).toBe(404)
    expect((await call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(400)
  })
})

describe("the stateful group's restoreLiveLocale class", () => {
  const restoreLive = STATUS_CLASSES.find((freedom) => freedom.choice === 'restoreLiveLocale')!
  const LOCALE_ID = '1093964a-fd2d-4b9b-9b16-1405154f199c'
  const request: ContractRequest = { method: 'POST', template: LOCALE_RESTORE, params: { localeIdOrCode: LOCALE_ID } }
  const live: Reply = { status: 200, body: { object: 'locale', id: LOCALE_ID } }
  const seen = { request, oracle: { ...live, request: { method: 'GET', path: '' } }, target: live, ownSiteKey: false, classes: { localeIdOrCode: ['by id'] }, peek: () => ({ ...live, request: { method: 'GET', path: '' } }) } as unknown as Occurrence
  const refusal = (field: string): Reply => ({ status: 400, body: { object: 'error', code: 'bad_request', message: `${field}: this locale is not deleted`, details: [{ field, message: 'this locale is not deleted' }] } })

  it("reads a 400 naming localeIdOrCode (sitemock's) or locale (a deployment's) as the 400, and one naming another field as none", () => {
    expect(restoreLive.applies(seen)).toBe(true)
    expect(restoreLive.alternative(refusal('localeIdOrCode'), seen)).toBe('400')
    expect(restoreLive.alternative(refusal('locale'), seen)).toBe('400')
    expect(restoreLive.alternative(refusal('siteId'), seen)).toBeUndefined()
    expect(restoreLive.alternative({ status: 400, body: { code: 'bad_request' } }, seen)).toBeUndefined()
  })

  it('follows a 400 as a refusal, which changed nothing, and the other alternatives as before', () => {
    expect(restoreLive.follow('400', seen)).toEqual({ kind: 'refused' })
    expect(restoreLive.follow('409', seen)).toBeUndefined()
    expect(restoreLive.follow('200', seen)).toMatchObject({ kind: 'expect', answer: { status: 200 } })
  })
})

/** The deployment we tested answers the restore of a live locale so: its detail names `locale`, the locale's own field. */
const DEPLOYMENT_REFUSAL = { object: 'error', code: 'bad_request', message: 'locale: this locale is not deleted', details: [{ field: 'locale', message: 'this locale is not deleted' }] }

/** The mock under restoreLiveLocale 400 as that deployment words its refusal; how many refusals it reworded. */
function namingLocale(mock: Mock): { mock: Mock; reworded: () => number } {
  let reworded = 0
  const reword = (response: ApiResponse): ApiResponse => {
    if (response.status !== 400 || JSON.stringify(response.body) !== JSON.stringify({ ...(response.body as object), details: [LIVE_DETAIL] })) return response
    reworded++
    return { status: 400, headers: response.headers, body: DEPLOYMENT_REFUSAL }
  }
  const wrapped = new Proxy(mock, {
    get(target, property) {
      if (property === 'respond') return (request: MockRequest) => reword(target.respond(request))
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
  return { mock: wrapped, reworded: () => reworded }
}

/** The suite run against the mock under restoreLiveLocale 400 (worded as the deployment does, where asked). */
async function contractRun(overrides: Partial<ContractOptions>, worded: 'sitemock' | 'deployment' = 'sitemock'): Promise<{ report: ContractReport; reworded: number }> {
  const mock = createMock({ choices: { restoreLiveLocale: '400' }, rateLimit: false })
  const served = worded === 'deployment' ? namingLocale(mock) : { mock, reworded: () => 0 }
  const running = await listen(served.mock, { port: 0, host: '127.0.0.1' })
  try {
    return { report: await runContract(optionsFor(running.url, mock, overrides)), reworded: served.reworded() }
  } finally {
    await running.close()
  }
}

const resultOf = (report: ContractReport, id: string) => report.checks.find((result) => result.id === id)!
const statefulFailures = (report: ContractReport): string[] => resultOf(report, 'stateful.model').failures.map((failure) => `${failure.message.split('\n')[0]!} (${failure.leftOpen ?? ''})`)

describe('the contract suite against a deployment whose restore of a live locale is a 400', () => {
  it("passes it under the default profile once the probes learnt it, takes it as a difference from sitemock's choice unlearnt, and fails it naming restoreLiveLocale under the sitemock profile", async () => {
    expect(resultOf((await contractRun({ only: ['conflicts'] })).report, 'conflicts.locale-restore').status).toBe('passed')
    const unlearnt = resultOf((await contractRun({ only: ['conflicts'], choices: {} })).report, 'conflicts.locale-restore')
    expect(unlearnt.status).toBe('differs')
    expect(unlearnt.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(`sitemock's choice restoreLiveLocale="409"`)])
    const sitemock = resultOf((await contractRun({ only: ['conflicts'], profile: 'sitemock' })).report, 'conflicts.locale-restore')
    expect(sitemock.status).toBe('failed')
    expect(sitemock.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(`sitemock's choice restoreLiveLocale="409"`)])
  }, 60_000)

  it('finds no divergence in the stateful group where the 400 names locale, learnt by the probes or not', async () => {
    const learnt = await contractRun({ only: ['stateful'], stateful: { runs: 15, seed: 1 }, learnChoices: true }, 'deployment')
    expect(statefulFailures(learnt.report)).toEqual([])
    expect(learnt.report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('restoreLiveLocale: 400')
    const unlearnt = await contractRun({ only: ['stateful'], stateful: { runs: 15, seed: 1 }, choices: {} }, 'deployment')
    expect(statefulFailures(unlearnt.report)).toEqual([])
    // The sequences restored live locales: the deployment's wording was met, not missed.
    expect(unlearnt.reworded).toBeGreaterThan(0)
  }, 120_000)

  it('names restoreLiveLocale in the stateful divergence a live restore shows under the sitemock profile', async () => {
    const { report } = await contractRun({ only: ['stateful'], profile: 'sitemock', stateful: { runs: 10, seed: 1 } })
    expect(statefulFailures(report).filter((line) => line.includes('locale.restore'))).toEqual([expect.stringContaining(`sitemock's choice restoreLiveLocale="409"`)])
  }, 120_000)
})
