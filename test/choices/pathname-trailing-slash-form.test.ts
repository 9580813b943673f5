import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { createdId, inPath, servedPerTest, serveWithChoices, type Answer, type ChoicesServer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * pagePathnameForm `trailing-slash`, over HTTP: sitemock's grammar for a page pathname (`/`, or
 * segments after `/` without whitespace, `?`, `#` or an empty segment), except that a trailing
 * slash is taken where the pathname is sound without it; what is kept of it is
 * pathnameTrailingSlash's. Anything else the grammar refuses is still a 400 naming `pathname`.
 */

const start = servedPerTest()

const fieldsOf = (answer: Answer): string[] => ((answer.body.details as Array<{ field: string }> | undefined) ?? []).map((detail) => detail.field)

describe('pagePathnameForm trailing-slash', () => {
  it.each(['/blog/', '/blog//', '/a/b/c/', '/', '/blog'])('takes %s in a page create, kept as sent (pathnameTrailingSlash kept)', async (pathname) => {
    const { call, site } = await start({ pagePathnameForm: 'trailing-slash' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'trailing' })
    expect([answer.status, answer.body.pathname]).toEqual([201, pathname])
  })

  it.each(['blog/', 'blog', '/a//b/', '//', '/a b/', '/a?b/', '/a#b/', ''])('refuses %j in a page create as a 400 naming pathname', async (pathname) => {
    const { call, site } = await start({ pagePathnameForm: 'trailing-slash' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'trailing' })
    expect([answer.status, answer.body.code, fieldsOf(answer)]).toEqual([400, 'bad_request', ['pathname']])
  })

  it('keeps /blog/ and /blog two pages, each found by its own pathname, and judges a page update alike', async () => {
    const { call, site } = await start({ pagePathnameForm: 'trailing-slash' })
    const { id: siteId } = await site()
    const slashed = createdId(await call('POST', '/v6/pages', { siteId, pathname: '/blog/', name: 'slashed' }))
    const plain = createdId(await call('POST', '/v6/pages', { siteId, pathname: '/blog', name: 'plain' }))
    expect((await call('GET', `/v6/pages/${inPath('/blog/')}?siteId=${siteId}`)).body.id).toBe(slashed)
    expect((await call('GET', `/v6/pages/${inPath('/blog')}?siteId=${siteId}`)).body.id).toBe(plain)
    const moved = await call('PATCH', `/v6/pages/${plain}`, { pathname: '/people/' })
    expect([moved.status, moved.body.pathname]).toEqual([200, '/people/'])
    const refused = await call('PATCH', `/v6/pages/${inPath('/people/')}?siteId=${siteId}`, { pathname: 'people/' })
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['pathname']])
    expect((await call('POST', '/v6/pages', { siteId, pathname: '/blog/', name: 'again' })).status).toBe(409)
  })

  it('drops the trailing slash where pathnameTrailingSlash says so, and looks the pathname up without it', async () => {
    const { call, site } = await start({ pagePathnameForm: 'trailing-slash', pathnameTrailingSlash: 'dropped' })
    const { id: siteId } = await site()
    const answer = await call('POST', '/v6/pages', { siteId, pathname: '/blog//', name: 'dropped' })
    expect([answer.status, answer.body.pathname]).toEqual([201, '/blog'])
    expect((await call('GET', `/v6/pages/${inPath('/blog/')}?siteId=${siteId}`)).body.id).toBe(answer.body.id)
  })

  it('combines with pagePathnameCharacters: the characters are judged as that class says, the trailing slash as this one', async () => {
    const refusing = await start({ pagePathnameForm: 'trailing-slash', pagePathnameCharacters: 'refused' })
    const { id: refusingSite } = await refusing.site()
    expect((await refusing.call('POST', '/v6/pages', { siteId: refusingSite, pathname: '/plain/', name: 'p' })).status).toBe(201)
    const bracketed = await refusing.call('POST', '/v6/pages', { siteId: refusingSite, pathname: '/x/[slug]/', name: 'p' })
    expect([bracketed.status, fieldsOf(bracketed)]).toEqual([400, ['pathname']])
    // servedPerTest closes only the last server it started.
    await refusing.close()
    const lettered = await start({ pagePathnameForm: 'trailing-slash', pagePathnameCharacters: 'letters' })
    const { id: letteredSite } = await lettered.site()
    const taken = await lettered.call('POST', '/v6/pages', { siteId: letteredSite, pathname: '/Straße/', name: 'p' })
    expect([taken.status, taken.body.pathname]).toEqual([201, '/Straße/'])
  })

  it('differs from the other alternatives: slash-first refuses /blog/, any takes blog/', async () => {
    const strict = await start({})
    const { id: strictSite } = await strict.site()
    const refused = await strict.call('POST', '/v6/pages', { siteId: strictSite, pathname: '/blog/', name: 'p' })
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['pathname']])
    await strict.close()
    const loose = await start({ pagePathnameForm: 'any' })
    const { id: looseSite } = await loose.site()
    expect((await loose.call('POST', '/v6/pages', { siteId: looseSite, pathname: 'blog/', name: 'p' })).status).toBe(201)
  })
})

describe('the probes and the twin’s observation of pagePathnameForm', () => {
  it.each([
    [{ pagePathnameForm: 'trailing-slash' }, 'trailing-slash', 'kept'],
    [{ pagePathnameForm: 'trailing-slash', pathnameTrailingSlash: 'dropped' }, 'trailing-slash', 'dropped'],
    // A deployment that drops a trailing slash judges the pathname without it: slash-first takes /blog/ as trailing-slash does.
    [{ pathnameTrailingSlash: 'dropped' }, 'trailing-slash', 'dropped'],
  ] as Array<[Choices, string, string]>)('the probes learn %o as pagePathnameForm %s, pathnameTrailingSlash %s', async (choices, form, slash) => {
    const served = await serveWithChoices(choices)
    try {
      const creds = (await (await fetch(`${served.url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
      const workspace = creds.workspaces[0]!
      const file = await probeChoices({ baseUrl: served.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: 'contract-7a11' })
      expect([file.choices.pagePathnameForm, file.choices.pathnameTrailingSlash]).toEqual([form, slash])
    } finally {
      await served.close()
    }
  })

  it.each([
    [{ pagePathnameForm: 'trailing-slash' }, 'trailing-slash'],
    [{ pagePathnameForm: 'slash-first' }, 'slash-first'],
    [{ pagePathnameForm: 'any', pathnameTrailingSlash: 'dropped' }, 'any'],
    // Dropped, a trailing slash is taken under either grammar: the form is hidden.
    [{ pagePathnameForm: 'trailing-slash', pathnameTrailingSlash: 'dropped' }, undefined],
    [{ pagePathnameForm: 'slash-first', pathnameTrailingSlash: 'dropped' }, undefined],
  ] as Array<[Choices, string | undefined]>)('the twin observes %o as %s', async (choices, observed) => {
    expect(await observedOnPermissive('pagePathnameForm', choices)).toBe(observed)
  })
})

/** Sequences of the stateful group: enough that some create a page at `/…/trailing/`. */
const STATEFUL_RUNS = 20

describe('the contract suite against a deployment whose page pathnames take a trailing slash', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ pagePathnameForm: 'trailing-slash' })
  })
  afterAll(() => server.close())


  it('learns it and holds the target to it under the default profile: no check fails', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['validation', 'stateful'], stateful: { runs: STATEFUL_RUNS, seed: 1 } })
    expect(report.notices.find((line) => line.startsWith('learned'))).toContain('pagePathnameForm="trailing-slash"')
    expect(describeFailures(report)).toBe('')
    expect(statefulHeadlines(report)).toEqual([])
  }, 300_000)

  it('names the class under --profile sitemock where the stateful group sends a pathname with a trailing slash', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: STATEFUL_RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('pagePathnameForm="slash-first"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toEqual([expect.stringMatching(/\(page\.(create|update) .*expected 400 as the oracle answers, got 20[01]$/)])
    expect(named[0]!.message).toContain('/trailing/"')
  }, 300_000)
})
