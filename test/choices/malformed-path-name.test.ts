import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * malformedPathName `looked-up`: a page pathname or a locale code in the path that a body would
 * refuse, read as a plain string and looked up, names nothing: a 404 where the deployment finds a
 * resource missing (two written from the documents alone do, whose path parameters are plain
 * strings). Over real HTTP the mock answers so; the probes learn it; the twin takes it and its
 * observation tells it; and the stateful group finds no divergence.
 */
const start = servedPerTest()
const TAG = 'contract-3a7e0001'

describe('malformedPathName over HTTP', () => {
  it.each([
    ['refused', 400],
    ['looked-up', 404],
  ] as const)('%s: a page pathname without its slash and a locale code no grammar has, in the path, answer %i', async (malformedPathName, status) => {
    const { call, site } = await start({ malformedPathName })
    const { id } = await site('own')
    const page = await call('GET', `/v6/pages/no-slash?siteId=${id}`)
    expect(page.status).toBe(status)
    expect((await call('PATCH', `/v6/pages/no-slash?siteId=${id}`, { name: 'N' })).status).toBe(status)
    expect((await call('GET', `/v2/locales/EN_us?siteId=${id}`)).status).toBe(status)
    expect((await call('DELETE', `/v2/locales/not!a!code?siteId=${id}`)).status).toBe(status)
    if (status === 400) expect(page.body.message).toContain('pageIdOrPathname')
  })

  it('looked-up: a faulty body is judged before the name is found missing where input goes first, and nothing changes', async () => {
    const { call, site } = await start({ malformedPathName: 'looked-up', validationOrder: 'input-first' })
    const { id } = await site('own')
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/no-slash', name: 'Kept' }))
    const read = async (): Promise<unknown> => (await call('GET', `/v6/pages/${encodeURIComponent('/no-slash')}?siteId=${id}`)).body
    const before = await read()
    expect((await call('PATCH', `/v6/pages/no-slash?siteId=${id}`, { name: 12 })).status).toBe(400)
    expect((await call('PATCH', `/v6/pages/no-slash?siteId=${id}`, { pathname: '/moved' })).status).toBe(404)
    // The page at /no-slash is not what no-slash names: it is as it was.
    expect(await read()).toEqual(before)
  })

  it('keeps a malformed site id a 400 (malformedPathId), and a too long name still refused', async () => {
    const { call, site } = await start({ malformedPathName: 'looked-up' })
    const { id } = await site('own')
    expect((await call('GET', '/v2/sites/not-a-uuid')).status).toBe(400)
    expect((await call('GET', `/v6/pages/${'x'.repeat(2100)}?siteId=${id}`)).status).toBe(404)
  })
})

describe('malformedPathName: the probes, the twin and the stateful group', () => {
  it.each([
    [{ malformedPathName: 'refused' }, 'refused'],
    [{ malformedPathName: 'looked-up' }, 'looked-up'],
    [{ malformedPathName: 'looked-up', pagePathnameForm: 'any' }, 'looked-up'],
    [{ malformedPathName: 'looked-up', malformedPathId: '404', validationOrder: 'input-first' }, 'looked-up'],
    [{ malformedPathName: 'refused', malformedPathId: '404', validationOrder: 'input-first' }, 'refused'],
  ] as const)('%j is learned back by the probes as %s', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.malformedPathName).toBe(learned)
  }, 60_000)

  it('is left unrecorded, with the reason, where a malformed parameter is a 404 and access goes first', async () => {
    const file = await probe(await start({ malformedPathName: 'looked-up', malformedPathId: '404', validationOrder: 'access-first' }), TAG)
    expect(file.choices.malformedPathName).toBeUndefined()
    expect(file.unrecorded?.malformedPathName).toContain('malformedPathId 404')
  }, 60_000)

  it.each([
    [{ malformedPathName: 'refused', malformedPathId: '400' }, 'refused'],
    [{ malformedPathName: 'looked-up', malformedPathId: '400' }, 'looked-up'],
    [{ malformedPathName: 'refused', malformedPathId: '404' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('malformedPathName', choices)).toBe(observed)
  })

  it('finds no divergence where names in the path are looked up as they are', async () => {
    const { url, mock } = await start({ malformedPathName: 'looked-up', validationOrder: 'input-first' })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 30, seed: 7 } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
  }, 300_000)
})
