import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { check, runAgainst, statefulHeadlines } from '../contract/support.js'
import { servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { atLength } from '../soak/lengths.js'

/**
 * Over HTTP: whether a route create takes `skipValidation`, which the specification documents on
 * Update Route alone (choice routeCreateSkipValidation). Taken (sitemock's), it skips the route
 * pathname rules as on the update; unknown, it is a parameter the create does not know: a 400
 * naming it where unknown ones are refused, ignored (the rules judged) where they are ignored.
 */
const start = servedPerTest()
const BARE = { pathname: 'no-slash' }

describe('routeCreateSkipValidation taken (sitemock’s, and the default)', () => {
  it.each([{}, { routeCreateSkipValidation: 'taken' as const }])('%o: skipValidation=true lets a create through the pathname rules, and a value beyond true and false is a 400', async (choices) => {
    const s = await start(choices)
    const { id } = await s.site('routes')
    const skipped = await s.call('POST', '/v2/routes?skipValidation=true', { siteId: id, ...BARE })
    expect(skipped.status).toBe(201)
    expect(skipped.body.pathname).toBe('no-slash')
    const judged = await s.call('POST', '/v2/routes?skipValidation=false', { siteId: id, ...BARE })
    expect(judged.status).toBe(400)
    expect(judged.body.details).toEqual([expect.objectContaining({ field: 'pathname' })])
    const maybe = await s.call('POST', '/v2/routes?skipValidation=maybe', { siteId: id, pathname: '/fine' })
    expect(maybe.body.details).toEqual([expect.objectContaining({ field: 'skipValidation' })])
  })
})

describe('routeCreateSkipValidation unknown', () => {
  it('refuses skipValidation on a create as an unknown parameter, naming it, where unknown ones are refused; the update still takes it', async () => {
    const s = await start({ routeCreateSkipValidation: 'unknown', unknownQueryParameters: 'refused' })
    const { id } = await s.site('routes')
    for (const value of ['true', 'false', 'maybe']) {
      const refused = await s.call('POST', `/v2/routes?skipValidation=${value}`, { siteId: id, pathname: `/fine-${value}` })
      expect(refused.status, value).toBe(400)
      expect(refused.body.details).toEqual([{ field: 'skipValidation', message: expect.stringContaining('is not a known field') }])
    }
    expect((await s.call('GET', `/v2/routes?siteId=${id}`)).body.data).toEqual([])
    const made = await s.call('POST', '/v2/routes', { siteId: id, pathname: '/plain' })
    expect(made.status).toBe(201)
    const renamed = await s.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, BARE)
    expect([renamed.status, renamed.body.pathname]).toEqual([200, 'no-slash'])
  })

  it('ignores it where unknown ones are ignored: the pathname rules are judged, whatever its value', async () => {
    const s = await start({ routeCreateSkipValidation: 'unknown', unknownQueryParameters: 'ignored' })
    const { id } = await s.site('routes')
    const judged = await s.call('POST', '/v2/routes?skipValidation=true', { siteId: id, ...BARE })
    expect(judged.status).toBe(400)
    expect(judged.body.details).toEqual([expect.objectContaining({ field: 'pathname' })])
    expect((await s.call('POST', '/v2/routes?skipValidation=maybe', { siteId: id, pathname: '/fine' })).status).toBe(201)
  })
})

describe('the twin’s observation of routeCreateSkipValidation', () => {
  it.each([
    ['taken', 'refused'],
    ['unknown', 'refused'],
    ['unknown', 'ignored'],
  ] as const)('tells %s (unknown parameters %s) from outside', async (alternative, unknownQueryParameters) => {
    const choices = { routeCreateSkipValidation: alternative, unknownQueryParameters }
    expect(await observedOnPermissive('routeCreateSkipValidation', choices)).toBe(alternative)
  })
})

/** Sequences of the stateful group: enough that some create a route with skipValidation. */
const STATEFUL_RUNS = atLength(15, 30)

describe('the contract suite against a deployment whose route create refuses skipValidation', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ routeCreateSkipValidation: 'unknown', unknownQueryParameters: 'refused' })
  })
  afterAll(() => server.close())


  it('adopts it under the default profile: the stateful group follows it, the route checks pass', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['validation', 'stateful'], stateful: { runs: STATEFUL_RUNS, seed: 1 }, choices: {} })
    expect(statefulHeadlines(report)).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('routeCreateSkipValidation: unknown')
    expect(check(report, 'validation.route.skip-validation').status).toBe('passed')
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: STATEFUL_RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('routeCreateSkipValidation="taken"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toEqual([expect.stringMatching(/route\.create .*got 400/)])
  }, 300_000)
})
