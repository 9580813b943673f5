import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * reachOrder `first`: a key's reach of what exists is judged before any input, and whether what the
 * input names exists after it, as a deployment whose guards run before its validation pipes does
 * (two written from the documents alone do). Over real HTTP the mock answers so; the probes learn it
 * from a Site key's query fault on a site it does not reach; the twin takes it and its observation
 * tells it; and the stateful group finds no divergence, a 403 and a 400 being both true.
 */
const start = servedPerTest()
const TAG = 'contract-4eac0001'
const NOWHERE = '00000000-0000-4000-8000-00000000ac01'

describe('reachOrder over HTTP', () => {
  it.each([
    ['first', 403],
    ['with-access', 400],
  ] as const)('%s, input-first: a Site key asking a site it does not reach with a faulty input answers %i', async (reachOrder, status) => {
    const { call, site } = await start({ reachOrder, validationOrder: 'input-first' })
    const [own, other] = [await site('own'), await site('other')]
    const page = createdId(await call('POST', '/v6/pages', { siteId: other.id, pathname: '/p', name: 'P' }))
    expect((await call('GET', `/v6/pages?siteId=${other.id}&limit=not-a-number`, undefined, own.key)).status).toBe(status)
    expect((await call('PATCH', `/v6/pages/${page}`, { name: 12 }, own.key)).status).toBe(status)
    expect((await call('POST', '/v6/pages', { siteId: other.id, pathname: 12, name: 'Q' }, own.key)).status).toBe(status)
    // Nothing changed for it.
    expect((await call('GET', `/v6/pages?siteId=${other.id}&includeOffline=true`)).body.data!.map((listed) => listed.pathname)).toEqual(['/p'])
  })

  it('first: what does not exist is still judged after the input (a 400, then a 404 once the input is valid)', async () => {
    const { call } = await start({ reachOrder: 'first', validationOrder: 'input-first' })
    expect((await call('GET', `/v6/pages?siteId=${NOWHERE}&limit=not-a-number`)).status).toBe(400)
    expect((await call('GET', `/v6/pages?siteId=${NOWHERE}`)).status).toBe(404)
    expect((await call('PATCH', `/v2/sites/${NOWHERE}`, { name: 12 })).status).toBe(400)
    expect((await call('PATCH', `/v2/sites/${NOWHERE}`, { name: 'valid' })).status).toBe(404)
  })

  it('first: another workspace key is refused an existing site before its faulty body', async () => {
    const server = await start({ reachOrder: 'first', validationOrder: 'input-first' }, 'default')
    const { id } = await server.site('ours')
    expect(server.otherAppKey).toBeDefined()
    expect((await server.call('PATCH', `/v2/sites/${id}`, { name: 12 }, server.otherAppKey)).status).toBe(403)
  })

  it('changes nothing where access is judged before any input anyway (validationOrder access-first)', async () => {
    const { call, site } = await start({ reachOrder: 'first', validationOrder: 'access-first' })
    const [own, other] = [await site('own'), await site('other')]
    expect((await call('GET', `/v6/pages?siteId=${other.id}&limit=not-a-number`, undefined, own.key)).status).toBe(403)
  })
})

describe('reachOrder: the probes and the twin', () => {
  it.each([
    [{ reachOrder: 'first', validationOrder: 'input-first' }, 'first'],
    [{ reachOrder: 'first', validationOrder: 'params-access-body' }, 'first'],
    [{ reachOrder: 'with-access', validationOrder: 'input-first' }, 'with-access'],
    [{ validationOrder: 'params-access-body' }, 'with-access'],
  ] as const)('%j is learned back by the probes as %s, the validationOrder beside it too', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.reachOrder).toBe(learned)
    expect(file.choices.validationOrder).toBe(choices.validationOrder)
  }, 60_000)

  it('is left unrecorded, with the reason, where access comes before any input', async () => {
    const file = await probe(await start({ reachOrder: 'first', validationOrder: 'access-first' }), TAG)
    expect(file.choices.reachOrder).toBeUndefined()
    expect(file.unrecorded?.reachOrder).toContain('validationOrder access-first')
  }, 60_000)

  it.each([
    [{ reachOrder: 'first', validationOrder: 'input-first' }, 'first'],
    [{ reachOrder: 'with-access', validationOrder: 'input-first' }, 'with-access'],
    [{ reachOrder: 'first', validationOrder: 'params-access-body' }, 'first'],
    [{ reachOrder: 'first', validationOrder: 'access-first' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('reachOrder', choices)).toBe(observed)
  })
})

describe('reachOrder: the stateful group', () => {
  it('finds no divergence where a key is refused what it does not reach before its input', async () => {
    const { url, mock } = await start({ reachOrder: 'first', validationOrder: 'input-first' })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 40, seed: 5 } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)
})
