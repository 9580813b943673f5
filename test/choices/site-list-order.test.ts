import { describe, expect, it } from 'vitest'
import { calibrate } from '../../src/contract/calibration.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * siteListOrder `name`: a deployment that lists a workspace's sites by name (`ORDER BY lower(name),
 * id`, as one written from the documents alone does). Over real HTTP the mock answers so; the
 * probes tell it from creation order either way; the twin takes it; and a calibration replay of
 * such a deployment, whose workspace holds sites of its own, answers its site lists alike.
 */
const start = servedPerTest()
const TAG = 'contract-5171a001'

const namesOf = (body: { data?: Array<Record<string, unknown>> }): unknown[] => (body.data ?? []).map((site) => site.name)

describe('siteListOrder over HTTP', () => {
  it.each([
    ['name', ['alpha', 'Beta', 'gamma']],
    ['oldest-first', ['gamma', 'alpha', 'Beta']],
    ['newest-first', ['Beta', 'alpha', 'gamma']],
  ] as const)('%s lists sites created as gamma, alpha, Beta as %j, and walks them so with a cursor', async (siteListOrder, order) => {
    const { call, site, workspaceId } = await start({ siteListOrder }, 'empty')
    for (const name of ['gamma', 'alpha', 'Beta']) await site(name)
    const whole = await call('GET', `/v2/sites?workspaceId=${workspaceId}`)
    expect(namesOf(whole.body)).toEqual(order)
    const first = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`)
    const rest = await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=${String(first.body.data![0]!.id)}`)
    expect([...namesOf(first.body), ...namesOf(rest.body)]).toEqual(order)
  })

  it('name: a rename moves the site to its new place', async () => {
    const { call, site, workspaceId } = await start({ siteListOrder: 'name' }, 'empty')
    const [, b] = [await site('a'), await site('b'), await site('c')]
    expect((await call('PATCH', `/v2/sites/${b.id}`, { name: 'z' })).status).toBe(200)
    expect(namesOf((await call('GET', `/v2/sites?workspaceId=${workspaceId}`)).body)).toEqual(['a', 'c', 'z'])
  })
})

describe('siteListOrder: the probes, the twin and the calibration replay', () => {
  it.each(['name', 'oldest-first', 'newest-first'] as const)('%s is learned back by the probes', async (siteListOrder) => {
    const file = await probe(await start({ siteListOrder }), TAG)
    expect(file.choices.siteListOrder).toBe(siteListOrder)
  }, 60_000)

  it.each(['name', 'oldest-first', 'newest-first'] as const)('the twin takes %s, and its observation tells it', async (siteListOrder) => {
    expect(await observedOnPermissive('siteListOrder', { siteListOrder })).toBe(siteListOrder)
  })

  it.each(['name', 'newest-first'] as const)('a replay against a deployment listing %s, whose workspace holds sites of its own, finds its site lists answered alike', async (siteListOrder) => {
    // The default scenario's workspace holds sites the replay did not make: the mock it replays against starts with them.
    const { url, call, workspaceId, mock } = await start({ siteListOrder })
    const before = namesOf((await call('GET', `/v2/sites?workspaceId=${workspaceId}`)).body)
    expect(before.length).toBeGreaterThan(0)
    const appKey = mock.credentials().workspaces[0]!.appApiKey
    const calibration = await calibrate({ baseUrl: url, apiKey: appKey, workspaceId, tag: TAG, sequences: 6, choices: { siteListOrder } })
    expect(calibration.notCalibrated.filter((left) => left.kind.startsWith('GET /v2/sites ')).map((left) => left.example)).toEqual([])
    expect(calibration.calls).toBeGreaterThan(100)
    // What the replay made is gone; what it found stays.
    expect(namesOf((await call('GET', `/v2/sites?workspaceId=${workspaceId}`)).body)).toEqual(before)
  }, 120_000)
})
