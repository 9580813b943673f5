import { describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'
import { optionsFor } from '../contract/support.js'
import { createdId, inPath, servedPerTest, type Answer } from './choices-server.js'

/**
 * pagePathnameCharacters `slugged`, over HTTP: a deployment that refuses no page pathname for its
 * characters but stores every segment as its slug (transliterated, lower case, runs of other
 * characters one `-`), and looks a pathname in the path up as its slug. The probes learn it back;
 * the contract suite and the stateful group take it under the default profile, and the stateful
 * group names the class under the sitemock profile.
 */
const start = servedPerTest()
const SLUGGED: Choices = { pagePathnameCharacters: 'slugged' }

const fieldsOf = (answer: Answer): string[] => ((answer.body.details as Array<{ field: string }> | undefined) ?? []).map((detail) => detail.field)

describe('the mock under pagePathnameCharacters slugged', () => {
  it.each([
    ['/x/[slug]', '/x/slug'],
    ['/Straße/Über_Uns', '/strasse/uber_uns'],
    ['/Ærø/Łódź/Þing', '/aero/lodz/thing'],
    ['/café--au   lait', '/cafe-au-lait'],
    ['/v1.2/a~b', '/v1-2/a-b'],
  ])('stores %s as %s in a page create', async (pathname, slug) => {
    const { call, site } = await start({ ...SLUGGED, pagePathnameForm: 'any' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'slugged' })
    expect([answer.status, answer.body.pathname]).toEqual([201, slug])
  })

  it('drops empty segments and adds the leading slash, whatever the form classes say of them (under pagePathnameForm any)', async () => {
    const { call, site } = await start({ ...SLUGGED, pagePathnameForm: 'any' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname: 'Über Uns//Team ', name: 'slugged' })
    expect([answer.status, answer.body.pathname]).toEqual([201, '/uber-uns/team'])
  })

  it.each(['/日本', '/a/!!!', '/x/[]', '/a/..'])('refuses %s, a segment of which slugs to nothing, naming pathname', async (pathname) => {
    const { call, site } = await start(SLUGGED)
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'slugged' })
    expect([answer.status, answer.body.code, fieldsOf(answer)]).toEqual([400, 'bad_request', ['pathname']])
  })

  it('slugs a page update, and looks a pathname in the path up as its slug', async () => {
    const { call, site } = await start(SLUGGED)
    const { id: siteId } = await site()
    const pageId = createdId(await call('POST', '/v6/pages', { siteId, pathname: '/About/[Team]', name: 'slugged' }))
    for (const named of ['/about/team', '/About/[Team]', '/ABOUT/team!']) {
      const found = await call('GET', `/v6/pages/${inPath(named)}?siteId=${siteId}`)
      expect([named, found.status, found.body.id]).toEqual([named, 200, pageId])
    }
    const renamed = await call('PATCH', `/v6/pages/${inPath('/About/[Team]')}?siteId=${siteId}`, { pathname: '/Über/Café' })
    expect([renamed.status, renamed.body.id, renamed.body.pathname]).toEqual([200, pageId, '/uber/cafe'])
    expect((await call('GET', `/v6/pages/${inPath('/über/café')}?siteId=${siteId}`)).body.id).toBe(pageId)
    expect((await call('GET', `/v6/pages/${inPath('/about/team')}?siteId=${siteId}`)).status).toBe(404)
    const refused = await call('PATCH', `/v6/pages/${pageId}`, { pathname: '/日本' })
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['pathname']])
  })

  it('takes a page /x/[slug] beside a route /x/[slug]: the page is /x/slug; a second page of the same slug is a 409', async () => {
    const { call, site } = await start(SLUGGED)
    const { id: siteId } = await site()
    expect((await call('POST', '/v2/routes', { siteId, pathname: '/x/[slug]' })).status).toBe(201)
    const page = await call('POST', '/v6/pages', { siteId, pathname: '/x/[slug]', name: 'slugged' })
    expect([page.status, page.body.pathname]).toEqual([201, '/x/slug'])
    expect((await call('POST', '/v6/pages', { siteId, pathname: '/X/Slug', name: 'again' })).status).toBe(409)
  })

  it('differs from accepted, which keeps /x/[slug] as sent, so a route /x/[slug] conflicts with the page', async () => {
    const { call, site } = await start({ pagePathnameCharacters: 'accepted' })
    const { id: siteId } = await site()
    expect((await call('POST', '/v2/routes', { siteId, pathname: '/x/[slug]' })).status).toBe(201)
    expect((await call('POST', '/v6/pages', { siteId, pathname: '/x/[slug]', name: 'kept' })).status).toBe(409)
  })
})

/** The mock under `choices`, served for the length of `body`. */
async function served<T>(choices: Choices, body: (url: string, mock: ReturnType<typeof createMock>) => Promise<T>): Promise<T> {
  const mock = createMock({ choices, rateLimit: false })
  const running = await listen(mock, { port: 0, host: '127.0.0.1' })
  try {
    return await body(running.url, mock)
  } finally {
    await running.close()
  }
}

const contractRun = (overrides: Partial<ContractOptions>): Promise<ContractReport> => served(SLUGGED, (url, mock) => runContract(optionsFor(url, mock, overrides)))
const resultOf = (report: ContractReport, id: string) => report.checks.find((result) => result.id === id)!
const statefulFailures = (report: ContractReport): string[] => resultOf(report, 'stateful.model').failures.map((failure) => `${failure.message.split('\n')[0]!} (${failure.leftOpen ?? ''})`)
const notPassed = (report: ContractReport): string[] => report.checks.filter((result) => result.status === 'failed').map((result) => `${result.id}: ${result.failures[0]?.message.split('\n')[0] ?? ''}`)
/** Seed 1's first sequences create and rename pages with brackets and letters beyond ASCII in their pathnames. */
const STATEFUL = { runs: 6, seed: 1 }

describe('a deployment that slugs page pathnames, probed and held to the contract', () => {
  it('is learned back by the probes: slugged, and its pathnames in lower case', async () => {
    const file = await served(SLUGGED, async (url, mock) => {
      const workspace = mock.credentials().workspaces[0]!
      return probeChoices({ baseUrl: url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: 'contract-51a90001' })
    })
    expect(file.choices.pagePathnameCharacters).toBe('slugged')
    expect(file.choices.pagePathnameCase).toBe('lower-case')
  })

  it('passes the contract suite under the default profile, the probes learning it first', async () => {
    const report = await contractRun({ stateful: STATEFUL })
    expect(notPassed(report)).toEqual([])
    expect(report.notices.join('\n')).toContain('pagePathnameCharacters="slugged"')
  }, 300_000)

  // The same sequences as under the sitemock profile below, where they meet slugged pathnames.
  it('finds no divergence in the stateful group unlearnt, adopting the slugged form', async () => {
    expect(statefulFailures(await contractRun({ only: ['stateful'], stateful: STATEFUL, choices: {} }))).toEqual([])
  }, 300_000)

  it('names pagePathnameCharacters in the stateful divergence under the sitemock profile', async () => {
    const report = await contractRun({ only: ['stateful'], profile: 'sitemock', stateful: STATEFUL })
    const slugged = statefulFailures(report).filter((line) => line.includes('/slug') || line.includes('pagePathnameCharacters'))
    expect(slugged).not.toEqual([])
    for (const line of slugged) expect(line).toContain(`sitemock's choice pagePathnameCharacters="accepted"`)
  }, 300_000)
})
