import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * pathRecordOrder `after-body`: under validationOrder params-access-body, a locale, page or route
 * named in the path is found missing only once the body is judged, while a site named in the path
 * is loaded before any rule (one written from the documents alone, whose controllers look the
 * record up after the request's rules, does so). Over real HTTP the mock answers so; the probes
 * learn it; the twin takes it and its observation tells it; the stateful group finds no divergence.
 */
const start = servedPerTest()
const TAG = 'contract-9a7b0001'
const NOWHERE = '00000000-0000-4000-8000-00000000ac02'

describe('pathRecordOrder over HTTP', () => {
  it.each([
    ['after-body', 400],
    ['with-access', 404],
  ] as const)('%s: a faulty body to a locale, page or route that does not exist answers %i', async (pathRecordOrder, status) => {
    const { call } = await start({ pathRecordOrder, validationOrder: 'params-access-body' })
    expect((await call('PATCH', `/v6/pages/${NOWHERE}`, { name: 12 })).status).toBe(status)
    expect((await call('PATCH', `/v2/locales/${NOWHERE}`, { domain: 12 })).status).toBe(status)
    expect((await call('PATCH', `/v2/routes/${NOWHERE}`, { pathname: 12 })).status).toBe(status)
    // A valid body finds it missing either way; a site in the path is loaded before its body.
    expect((await call('PATCH', `/v6/pages/${NOWHERE}`, { name: 'valid' })).status).toBe(404)
    expect((await call('PATCH', `/v2/sites/${NOWHERE}`, { name: 12 })).status).toBe(404)
  })

  it('changes nothing where the whole input goes first, or access does', async () => {
    for (const validationOrder of ['input-first', 'access-first'] as const) {
      const { call, close } = await start({ pathRecordOrder: 'after-body', validationOrder })
      expect((await call('PATCH', `/v2/sites/${NOWHERE}`, { name: 12 })).status).toBe(validationOrder === 'input-first' ? 400 : 404)
      expect((await call('PATCH', `/v6/pages/${NOWHERE}`, { name: 12 })).status).toBe(validationOrder === 'input-first' ? 400 : 404)
      await close()
    }
  })
})

describe('pathRecordOrder: the probes, the twin and the stateful group', () => {
  it.each(['after-body', 'with-access'] as const)('%s is learned back by the probes', async (pathRecordOrder) => {
    const file = await probe(await start({ pathRecordOrder, validationOrder: 'params-access-body' }), TAG)
    expect(file.choices.pathRecordOrder).toBe(pathRecordOrder)
  }, 60_000)

  it('is left unrecorded, with the reason, where the whole input goes first', async () => {
    const file = await probe(await start({ pathRecordOrder: 'after-body', validationOrder: 'input-first' }), TAG)
    expect(file.choices.pathRecordOrder).toBeUndefined()
    expect(file.unrecorded?.pathRecordOrder).toContain('validationOrder input-first')
  }, 60_000)

  it.each([
    [{ pathRecordOrder: 'after-body', validationOrder: 'params-access-body' }, 'after-body'],
    [{ pathRecordOrder: 'with-access', validationOrder: 'params-access-body' }, 'with-access'],
    [{ pathRecordOrder: 'after-body', validationOrder: 'input-first' }, undefined],
    [{ pathRecordOrder: 'after-body', validationOrder: 'access-first' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('pathRecordOrder', choices)).toBe(observed)
  })

  it('finds no divergence where a record in the path is found missing after its body', async () => {
    const { url, mock } = await start({ pathRecordOrder: 'after-body', validationOrder: 'params-access-body' })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 30, seed: 9 } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)
})
