import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * routeRulesOrder `after-lookup`: where the whole input goes first, the route rules judged once the
 * route, or the site a create names, is found (three deployments written from the documents alone
 * judge them in the handler, after the schema), and `slash-with-body`: the leading slash with the
 * body's schema, the rest once found (as one written from the documents does). Over real HTTP the
 * mock answers so; the probes learn it; the twin takes it and its observation tells it; the
 * stateful group finds no divergence.
 */
const start = servedPerTest()
const TAG = 'contract-7a1e0001'
const NOWHERE = '00000000-0000-4000-8000-00000000ac03'

describe('routeRulesOrder over HTTP', () => {
  it.each([
    ['after-lookup', 404],
    ['with-body', 400],
  ] as const)('%s: a pathname the route rules refuse, to a route or a site that does not exist, answers %i', async (routeRulesOrder, status) => {
    const { call } = await start({ routeRulesOrder, validationOrder: 'input-first' })
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: '/has space' })).status).toBe(status)
    expect((await call('POST', '/v2/routes', { siteId: NOWHERE, pathname: 'no-slash' })).status).toBe(status)
    // The body's schema still goes first: a pathname of no string is a 400 either way.
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: 12 })).status).toBe(400)
  })

  it.each([
    ['slash-with-body', 400, 404],
    ['after-lookup', 404, 404],
    ['with-body', 400, 400],
  ] as const)('%s: without its leading slash %i, with it but breaking the rest of the rules %i, to a route or site that does not exist', async (routeRulesOrder, noSlash, brokenRest) => {
    const { call } = await start({ routeRulesOrder, validationOrder: 'input-first' })
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: 'no-slash' })).status).toBe(noSlash)
    expect((await call('POST', '/v2/routes', { siteId: NOWHERE, pathname: 'no-slash' })).status).toBe(noSlash)
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: '/a/[x]/[x]' })).status).toBe(brokenRest)
    expect((await call('POST', '/v2/routes', { siteId: NOWHERE, pathname: '/has space' })).status).toBe(brokenRest)
  })

  it('slash-with-body: the rest of the rules still refuse once the route is found, naming the pathname, and nothing changes', async () => {
    const { call, site } = await start({ routeRulesOrder: 'slash-with-body', validationOrder: 'input-first' })
    const { id } = await site('own')
    const route = createdId(await call('POST', '/v2/routes', { siteId: id, pathname: '/blog/[slug]' }))
    const refused = await call('PATCH', `/v2/routes/${route}`, { pathname: '/has space' })
    expect([refused.status, refused.body.details]).toEqual([400, [expect.objectContaining({ field: 'pathname' })]])
    expect((await call('POST', '/v2/routes', { siteId: id, pathname: '/a/[x]/[x]' })).status).toBe(400)
    expect((await call('GET', `/v2/routes/${route}`)).body.pathname).toBe('/blog/[slug]')
  })

  it('after-lookup: the rules still refuse a pathname once the route is found, and nothing changes', async () => {
    const { call, site } = await start({ routeRulesOrder: 'after-lookup', validationOrder: 'input-first' })
    const { id } = await site('own')
    const route = createdId(await call('POST', '/v2/routes', { siteId: id, pathname: '/blog/[slug]' }))
    const refused = await call('PATCH', `/v2/routes/${route}`, { pathname: '/has space' })
    expect([refused.status, refused.body.details]).toEqual([400, [expect.objectContaining({ field: 'pathname' })]])
    expect((await call('POST', '/v2/routes', { siteId: id, pathname: 'no-slash' })).status).toBe(400)
    expect((await call('GET', `/v2/routes/${route}`)).body.pathname).toBe('/blog/[slug]')
  })

  it('changes nothing where the body comes after access anyway', async () => {
    const { call } = await start({ routeRulesOrder: 'after-lookup', validationOrder: 'params-access-body' })
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: '/has space' })).status).toBe(404)
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: 12 })).status).toBe(404)
  })
})

describe('routeRulesOrder: the probes, the twin and the stateful group', () => {
  it.each(['after-lookup', 'with-body', 'slash-with-body'] as const)('%s is learned back by the probes', async (routeRulesOrder) => {
    const file = await probe(await start({ routeRulesOrder, validationOrder: 'input-first' }), TAG)
    expect(file.choices.routeRulesOrder).toBe(routeRulesOrder)
  }, 60_000)

  it('is left unrecorded, with the reason, where the body comes after access', async () => {
    const file = await probe(await start({ routeRulesOrder: 'after-lookup' }), TAG)
    expect(file.choices.routeRulesOrder).toBeUndefined()
    expect(file.unrecorded?.routeRulesOrder).toContain('validationOrder params-access-body')
  }, 60_000)

  it.each([
    [{ routeRulesOrder: 'after-lookup', validationOrder: 'input-first' }, 'after-lookup'],
    // With the slash judged first, a pathname with it that the rules refuse tells the other two apart.
    [{ routeRulesOrder: 'with-body', validationOrder: 'input-first', routePathnameCharacters: 'refused' }, 'with-body'],
    [{ routeRulesOrder: 'slash-with-body', validationOrder: 'input-first', routePathnameCharacters: 'refused' }, 'slash-with-body'],
    [{ routeRulesOrder: 'slash-with-body', validationOrder: 'input-first', routePathnameCharacters: 'accepted', routeEmptySegment: 'accepted' }, undefined],
    [{ routeRulesOrder: 'after-lookup', validationOrder: 'params-access-body' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('routeRulesOrder', choices)).toBe(observed)
  })

  it.each(['after-lookup', 'slash-with-body'] as const)('finds no divergence where the route rules wait for the lookup (%s)', async (routeRulesOrder) => {
    const { url, mock } = await start({ routeRulesOrder, validationOrder: 'input-first' })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 30, seed: 13 } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)
})
