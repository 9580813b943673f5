import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, inPath, servedPerTest, type Answer } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * A siteId in a query or a body that names no site (unknownSiteReference): sitemock's 404, the
 * site missing, or a 400 naming siteId, a value that names nothing, as a deployment whose
 * serializers judge a related id with the rest of the input answers. Over real HTTP the mock
 * answers either way wherever a query or a body names a site (and a site in the path stays a 404);
 * the probes learn it back, the orders learned beside it included; the conformance twin takes it
 * and its observation tells it; and the stateful group finds no divergence at `invalid`.
 */

const start = servedPerTest()
const TAG = 'contract-51e0a4f1'
const NOWHERE = '00000000-0000-4000-8000-0000000051e0'

/** The fields a 400 names. */
const named_ = (answer: Answer): unknown[] => (answer.body.details as Array<{ field: string }> | undefined)?.map((detail) => detail.field) ?? []

describe('unknownSiteReference: the mock', () => {
  /** What each alternative answers, for a site never made and one deleted, where a list or a create names it (input) and where a lookup by code or pathname does. */
  const ANSWERS = {
    'not-found': { neverMade: { input: 404, lookup: 404 }, deleted: { input: 404, lookup: 404 } },
    invalid: { neverMade: { input: 400, lookup: 400 }, deleted: { input: 400, lookup: 400 } },
    'invalid-never-made': { neverMade: { input: 400, lookup: 404 }, deleted: { input: 404, lookup: 404 } },
  } as const

  it.each(Object.keys(ANSWERS) as Array<keyof typeof ANSWERS>)('%s: every query and body naming a site that is not there answers as the alternative says', async (alternative) => {
    const { call, site } = await start({ unknownSiteReference: alternative })
    const gone = (await site('deleted')).id
    expect((await call('DELETE', `/v2/sites/${gone}`)).status).toBe(204)
    for (const [which, siteId] of [['neverMade', NOWHERE], ['deleted', gone]] as const) {
      const input = {
        'page list': await call('GET', `/v6/pages?siteId=${siteId}`),
        'locale list': await call('GET', `/v2/locales?siteId=${siteId}`),
        'route list': await call('GET', `/v2/routes?siteId=${siteId}`),
        'page create': await call('POST', '/v6/pages', { siteId, pathname: '/new', name: 'New' }),
        'locale create': await call('POST', '/v2/locales', { siteId, locale: 'fr-FR' }),
        'route create': await call('POST', '/v2/routes', { siteId, pathname: '/new' }),
      }
      const lookup = {
        'locale by code': await call('GET', `/v2/locales/en-US?siteId=${siteId}`),
        'page by pathname': await call('GET', `/v6/pages/${inPath('/home')}?siteId=${siteId}`),
        'route by pathname': await call('PATCH', `/v2/routes/${inPath('/shop')}?siteId=${siteId}`, { pathname: '/store' }),
      }
      const expected = ANSWERS[alternative][which]
      for (const [named, answers] of [['input', input], ['lookup', lookup]] as const) {
        const statuses = Object.fromEntries(Object.entries(answers).map(([what, answer]) => [what, answer.status]))
        expect(statuses, `${which} ${named}`).toEqual(Object.fromEntries(Object.keys(answers).map((what) => [what, expected[named]])))
        for (const answer of Object.values(answers)) if (answer.status === 400) expect(named_(answer)).toEqual(['siteId'])
      }
      if (expected.input === 400) expect(input['page list'].body.message).toContain(`siteId names no site (${siteId})`)
      // The site in the path is the resource itself: missing, whatever the class.
      expect((await call('GET', `/v2/sites/${siteId}`)).status).toBe(404)
      expect((await call('GET', `/v2/sites/${siteId}/pages`)).status).toBe(404)
    }
  })

  it('is judged where the site is: before a query fault where access goes first, after it where the query goes first', async () => {
    const list = `/v2/locales?siteId=${NOWHERE}&limit=not-a-number`
    const accessFirst = await start({ unknownSiteReference: 'invalid', validationOrder: 'access-first' })
    expect(named_(await accessFirst.call('GET', list))).toEqual(['siteId'])
    await accessFirst.close()
    const queryFirst = await start({ unknownSiteReference: 'invalid', validationOrder: 'params-access-body' })
    expect(named_(await queryFirst.call('GET', list))).toEqual(['limit'])
  })

  it.each([
    ['existence-first', 400],
    ['permission-first', 403],
  ] as const)('a Site key naming a site that is not there, accessOrder %s: %i', async (accessOrder, status) => {
    const { call, site } = await start({ unknownSiteReference: 'invalid', accessOrder })
    const { key } = await site()
    expect((await call('GET', `/v6/pages?siteId=${NOWHERE}`, undefined, key)).status).toBe(status)
  })

  it('leaves every site as it was when it refuses a create', async () => {
    const { call, site } = await start({ unknownSiteReference: 'invalid' })
    const { id } = await site()
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/kept', name: 'Kept' }))
    const before = (await call('GET', `/v6/pages?siteId=${id}&includeOffline=true`)).body
    expect((await call('POST', '/v6/pages', { siteId: NOWHERE, pathname: '/kept', name: 'Elsewhere' })).status).toBe(400)
    expect((await call('GET', `/v6/pages?siteId=${id}&includeOffline=true`)).body).toEqual(before)
  })
})

describe('unknownSiteReference: the probes and the twin', () => {
  it.each([
    [{ unknownSiteReference: 'invalid' }, 'invalid'],
    [{ unknownSiteReference: 'invalid-never-made' }, 'invalid-never-made'],
    [{}, 'not-found'],
  ] as const)('%j is learned back by the probes as %s', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.unknownSiteReference).toBe(learned)
  }, 60_000)

  it.each([
    ['access-first', 'validation-order'],
    ['params-access-body', 'body-first'],
  ] as const)('at invalid, validationOrder %s and createBodyOrder %s are still learned from a site that is not there', async (validationOrder, createBodyOrder) => {
    const file = await probe(await start({ unknownSiteReference: 'invalid', validationOrder, createBodyOrder }), TAG)
    expect([file.choices.validationOrder, file.choices.createBodyOrder]).toEqual([validationOrder, createBodyOrder])
  }, 60_000)

  it.each([
    [{ unknownSiteReference: 'invalid' }, 'invalid'],
    [{ unknownSiteReference: 'invalid-never-made' }, 'invalid-never-made'],
    [{ unknownSiteReference: 'not-found' }, 'not-found'],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('unknownSiteReference', choices)).toBe(observed)
  })

  it.each([
    ['access-first', 'validation-order'],
    ['params-access-body', 'validation-order'],
  ] as const)('the twin at invalid, validationOrder %s, createBodyOrder %s, is observed so', async (validationOrder, createBodyOrder) => {
    const choices = { unknownSiteReference: 'invalid', validationOrder, createBodyOrder } as const
    expect([await observedOnPermissive('validationOrder', choices), await observedOnPermissive('createBodyOrder', choices)]).toEqual([validationOrder, createBodyOrder])
  })
})

describe('unknownSiteReference: the stateful group', () => {
  it.each(['invalid', 'invalid-never-made'] as const)('finds no divergence where a siteId of no site is a 400 naming it (%s)', async (alternative) => {
    const { url, mock } = await start({ unknownSiteReference: alternative })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 20, seed: 3 } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)
})
