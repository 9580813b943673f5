import { describe, expect, it } from 'vitest'
import { startPermissive, type Choices as TwinChoices } from '../contract/permissive/index.js'
import { check, runAgainst } from '../contract/support.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { servedPerTest, type Json } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * routePathnameSlash `added-always`, over HTTP: a deployment (outsider10) that stores a route
 * pathname sent without its leading slash with one added, with or without skipValidation, on a
 * create and an update, and judges the route rules on the pathname so stored. The mock follows
 * it, the probes tell it from `added` (the slash added under skipValidation=true alone), the twin
 * takes and observes it, and validation.route.skip-validation holds the target to it.
 * And `added-unless-skipped` (outsider31): the slash written by the route rules, so that
 * skipValidation=true, which skips them, keeps the pathname as sent; and `added-refused-under-skip`,
 * the rest of the class: the slash written by the rules, and a pathname without it refused where
 * they are skipped (by what holds the pathnames).
 */
const start = servedPerTest()
const TAG = 'contract-5173a7e7'

/** The first detail of an error answer. */
const firstDetail = (body: Json): Record<string, unknown> | undefined => (Array.isArray(body.details) ? (body.details[0] as Record<string, unknown>) : undefined)

describe('routePathnameSlash added-always: the mock', () => {
  it('stores a pathname sent without its slash with one, on a create and an update, and a second such create is a 409', async () => {
    const server = await start({ routePathnameSlash: 'added-always' })
    const { id } = await server.site()
    const made = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'no-slash' })
    expect([made.status, made.body.pathname]).toEqual([201, '/no-slash'])
    const again = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'no-slash' })
    expect([again.status, again.body.code]).toEqual([409, 'conflict'])
    const renamed = await server.call('PATCH', `/v2/routes/${String(made.body.id)}`, { pathname: 'shop/[item]' })
    expect([renamed.status, renamed.body.pathname]).toEqual([200, '/shop/[item]'])
    const skipped = await server.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: 'any thing' })
    expect([skipped.status, skipped.body.pathname]).toEqual([200, '/any thing'])
    // Its own pathname sent without the slash changes nothing, and is no conflict with itself.
    expect((await server.call('PATCH', `/v2/routes/${String(made.body.id)}`, { pathname: 'any thing' })).status).toBe(200)
  })

  it('judges the route rules on the pathname with its slash, and still refuses an empty one', async () => {
    const server = await start({ routePathnameSlash: 'added-always' })
    const { id } = await server.site()
    const refused = await Promise.all(['a//b', 'a b', '[...all]/x', ''].map((pathname) => server.call('POST', '/v2/routes', { siteId: id, pathname })))
    expect(refused.map((answer) => `${answer.status} ${String(firstDetail(answer.body)?.field)}`)).toEqual(['400 pathname', '400 pathname', '400 pathname', '400 pathname'])
    expect(firstDetail(refused[0]!.body)?.message).toMatch(/empty segment/)
  })

  it.each([
    ['added', 400, '/bare'],
    ['accepted', 400, 'bare'],
    ['refused', 400, undefined],
  ] as const)('%s: without skipValidation a pathname without its slash stays a 400', async (value, plain, underSkip) => {
    const server = await start({ routePathnameSlash: value })
    const { id } = await server.site()
    expect((await server.call('POST', '/v2/routes', { siteId: id, pathname: 'no-slash' })).status).toBe(plain)
    const made = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/before' })
    expect((await server.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: 'bare' })).body.pathname).toBe(underSkip)
  })
})

describe('routePathnameSlash added-unless-skipped: the mock', () => {
  it('adds the slash without skipValidation, on a create and an update, and keeps the pathname as sent under skipValidation=true', async () => {
    const server = await start({ routePathnameSlash: 'added-unless-skipped' })
    const { id } = await server.site()
    const made = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'plain' })
    expect([made.status, made.body.pathname]).toEqual([201, '/plain'])
    const renamed = await server.call('PATCH', `/v2/routes/${String(made.body.id)}`, { pathname: 'shop/[item]' })
    expect([renamed.status, renamed.body.pathname]).toEqual([200, '/shop/[item]'])
    const skipped = await server.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: 'any thing' })
    expect([skipped.status, skipped.body.pathname]).toEqual([200, 'any thing'])
    const skippedCreate = await server.call('POST', '/v2/routes?skipValidation=true', { siteId: id, pathname: 'kept' })
    expect([skippedCreate.status, skippedCreate.body.pathname]).toEqual([201, 'kept'])
  })

  it('judges the rules and the conflicts on the pathname with its slash: one a page has is a 409', async () => {
    const server = await start({ routePathnameSlash: 'added-unless-skipped' })
    const { id } = await server.site()
    expect((await server.call('POST', '/v6/pages', { siteId: id, pathname: '/taken', name: 'Taken' })).status).toBe(201)
    const clash = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'taken' })
    expect([clash.status, clash.body.code]).toEqual([409, 'conflict'])
    const broken = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'a//b' })
    expect([broken.status, firstDetail(broken.body)?.field]).toEqual([400, 'pathname'])
  })

  it('passes validation.route.skip-validation once the probes learned it, and names it where it was given otherwise', async () => {
    const server = await start({ routePathnameSlash: 'added-unless-skipped' })
    const learned = await runAgainst(server.url, server.mock, { only: ['validation'], learnChoices: true })
    expect(check(learned, 'validation.route.skip-validation').status).toBe('passed')
    const given = await runAgainst(server.url, server.mock, { only: ['validation'], learnChoices: false, choices: { routePathnameSlash: 'accepted' } })
    const inconsistent = check(given, 'validation.route.skip-validation').failures.filter((failure) => failure.kind === 'inconsistent')
    expect(inconsistent.map((failure) => failure.message)).toEqual([expect.stringMatching(/^expected routePathnameSlash "accepted", the target's own choice, got "added-unless-skipped"/)])
  }, 120_000)
})

describe('routePathnameSlash added-refused-under-skip: the mock', () => {
  it('adds the slash without skipValidation, and refuses a pathname without it under skipValidation=true, naming it', async () => {
    const server = await start({ routePathnameSlash: 'added-refused-under-skip' })
    const { id } = await server.site()
    const made = await server.call('POST', '/v2/routes', { siteId: id, pathname: 'plain' })
    expect([made.status, made.body.pathname]).toEqual([201, '/plain'])
    const skipped = await server.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: 'any thing' })
    expect([skipped.status, firstDetail(skipped.body)?.field]).toEqual([400, 'pathname'])
    // With its slash, skipValidation still skips the rules.
    const slashed = await server.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: '/any thing' })
    expect([slashed.status, slashed.body.pathname]).toEqual([200, '/any thing'])
  })

  it('passes validation.route.skip-validation once the probes learned it', async () => {
    const server = await start({ routePathnameSlash: 'added-refused-under-skip' })
    const learned = await runAgainst(server.url, server.mock, { only: ['validation'], learnChoices: true })
    expect(check(learned, 'validation.route.skip-validation').status).toBe('passed')
  }, 120_000)
})

describe('routePathnameSlash: the probes tell each alternative from the others', () => {
  it.each(['added-always', 'added', 'accepted', 'refused', 'added-unless-skipped', 'added-refused-under-skip'] as const)('%s', async (value) => {
    const server = await start({ routePathnameSlash: value })
    expect((await probe(server, TAG)).choices.routePathnameSlash).toBe(value)
  })
})

describe('routePathnameSlash: the conformance twin', () => {
  it.each(['added-always', 'added', 'accepted', 'refused', 'added-unless-skipped', 'added-refused-under-skip'] as const)('takes and observes %s', async (value) => {
    const choices: TwinChoices = { routePathnameSlash: value }
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      expect(await OBSERVE.routePathnameSlash!(client)).toBe(value)
      const site = await client.site()
      const plain = await client.call('POST', '/v2/routes', { siteId: site.id, pathname: 'plain' })
      expect([plain.status, plain.body.pathname]).toEqual(value.startsWith('added-') ? [201, '/plain'] : [400, undefined])
    } finally {
      await permissive.close()
    }
  })
})

describe('validation.route.skip-validation against the mock at added-always', () => {
  const CHECK = 'validation.route.skip-validation'

  it('passes once the probes learned it', async () => {
    const server = await start({ routePathnameSlash: 'added-always' })
    const report = await runAgainst(server.url, server.mock, { only: ['validation'], learnChoices: true })
    expect(check(report, CHECK).status).toBe('passed')
    expect(report.notices).toContainEqual(expect.stringContaining(`${CHECK}: held to the target's recorded choice routePathnameSlash="added-always"`))
  }, 120_000)

  it('given added, records the answers as inconsistent, naming added-always', async () => {
    const server = await start({ routePathnameSlash: 'added-always' })
    const report = await runAgainst(server.url, server.mock, { only: ['validation'], learnChoices: false, choices: { routePathnameSlash: 'added' } })
    const inconsistent = check(report, CHECK).failures.filter((failure) => failure.kind === 'inconsistent')
    expect(inconsistent.map((failure) => failure.message)).toEqual([expect.stringMatching(/^expected routePathnameSlash "added", the target's own choice, got "added-always"/)])
  }, 120_000)
})
