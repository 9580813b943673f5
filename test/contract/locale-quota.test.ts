import { describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startPermissive, type Handle } from './permissive/index.js'
import { badField, errorAnswer, type Json } from './permissive/http.js'
import { describeFailures, implementationOptions, withStatus } from './support.js'

/**
 * A deployment that caps the active locales of a site (the specification: "Rate limits and other
 * quotas: not shown") and shows the default locale with a null id, last (Locale.id is "string
 * (uuid), nullable"): the permissive implementation behind both. Neither breaks a document, so the
 * locale lists' checks must pass on the few locales a site may have, and never take the null id
 * as a cursor.
 */
const LOCALES_PATH = '/v2/locales'

function bodyOf(text: string | undefined): Json {
  try {
    const value = JSON.parse(text ?? '') as unknown
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
  } catch {
    return {}
  }
}

/** Where the default locale is listed: last, or second, where a walk with limit 2 would take it as a cursor. */
type DefaultPlace = 'last' | 'second'

/** `inner` with at most `quota` locales a site (the default counted), its default locale listed at `place` with a null id. */
function cappedLocales(inner: Handle, quota: number, place: DefaultPlace): Handle {
  return (request) => {
    if (request.path !== LOCALES_PATH || (request.method !== 'GET' && request.method !== 'POST')) return inner(request)
    const siteId = request.method === 'POST' ? bodyOf(request.body).siteId : new URLSearchParams(request.query).get('siteId')
    if (typeof siteId !== 'string') return inner(request)
    const whole = inner({ ...request, method: 'GET', body: undefined, query: new URLSearchParams({ siteId, limit: '100' }).toString() })
    if (whole.status !== 200) return inner(request)
    const [defaultLocale, ...added] = (whole.body as { data: Json[] }).data
    if (request.method === 'POST') return added.length + 1 >= quota ? errorAnswer(badField('locale', `a site may have at most ${quota} active locales (the default included)`)) : inner(request)
    // The implementation's own answer says whether the limit and the cursor are taken; the page is of this order.
    const own = inner(request)
    if (own.status !== 200) return own
    const shown = defaultLocale === undefined ? [] : [{ ...defaultLocale, id: null }]
    const listed = place === 'last' ? [...added, ...shown] : [...added.slice(0, 1), ...shown, ...added.slice(1)]
    const query = new URLSearchParams(request.query)
    const cursor = query.get('startingAfter')
    const start = cursor === null ? 0 : listed.findIndex((item) => item.id === cursor) + 1
    if (start === 0 && cursor !== null) return own
    const limit = Number(query.get('limit') ?? 20)
    return { ...own, body: { object: 'list', data: listed.slice(start, start + limit), hasMore: start + limit < listed.length } }
  }
}

async function run(quota: number, place: DefaultPlace = 'last'): Promise<ContractReport> {
  const server = await startPermissive({ wrap: (inner) => cappedLocales(inner, quota, place) })
  try {
    return await runContract(implementationOptions(server, { only: ['pagination', 'conflicts'] }))
  } finally {
    await server.close()
  }
}

const LOCALE_CHECKS = /^pagination\.locales\.|^conflicts\.locale-/

describe('the contract suite against a deployment that caps the locales of a site', () => {
  it.each<DefaultPlace>(['last', 'second'])('passes the pagination and conflicts checks on the 6 locales a site may have, none skipped (the default listed %s)', async (place) => {
    const report = await run(6, place)
    // A null id sent as startingAfter would be refused (not a UUID): a failure here.
    expect(describeFailures(report)).toBe('')
    expect(withStatus(report, 'skipped').map((check) => `${check.id}: ${check.reason ?? ''}`)).toEqual([])
    const localeChecks = report.checks.filter((check) => LOCALE_CHECKS.test(check.id))
    expect(localeChecks.map((check) => check.id).sort()).toEqual([
      'conflicts.locale-code',
      'conflicts.locale-restore',
      'pagination.locales.bad-cursor',
      'pagination.locales.boundaries',
      'pagination.locales.foreign-cursor',
      'pagination.locales.limit-range',
      'pagination.locales.order',
      'pagination.locales.walk',
    ])
    // The default listed last is an order of the target's own (localeListOrder), not a failure.
    expect(localeChecks.filter((check) => check.status !== 'passed').map((check) => `${check.id}: ${check.status}`)).toEqual(['pagination.locales.order: differs'])
    // Nor in what a difference records: its walk of small pages takes no null id as a cursor either.
    expect(report.checks.flatMap((check) => check.failures.filter((failure) => failure.request?.path.includes('startingAfter=null')).map((failure) => `${check.id}: ${failure.message}`))).toEqual([])
    expect(report.cleanup.leftBehind).toEqual([])
  }, 300_000)

  it('still fails the precondition when a site may hold fewer locales than a list needs', async () => {
    const report = await run(2)
    // Whichever check needs a locale first reports the refusal; the others skip for the same precondition.
    const walk = report.checks.find((check) => check.id === 'pagination.locales.walk')
    expect(walk?.status === 'failed' ? walk.failures[0]?.message : walk?.reason).toMatch(/expected 201, got 400: creating a locale/)
    expect(report.checks.filter((check) => LOCALE_CHECKS.test(check.id) && check.status === 'passed')).toEqual([])
  }, 300_000)
})
