import { atLength } from '../soak/lengths.js'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest, type ChoicesServer, type Json } from './choices-server.js'
import { probeMock } from './probe-mock.js'

/**
 * Two fields of a page a deployment may derive from other writes, where no document says whether
 * it does: its title from its name after a rename (pageTitleFollowsName), and its updatedAt from a
 * rename of a locale it is shown in (localeRenameTouchesPages). The mock follows each alternative
 * over HTTP, the probes learn it back, and the stateful group adopts it under the default profile
 * and names the class under the sitemock one.
 */
const start = servedPerTest()
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A new page of a new site, and how to rename it (past the millisecond of its last change). */
async function titledPage(server: ChoicesServer) {
  const { id: siteId } = await server.site()
  const id = createdId(await server.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'First name' }))
  const patch = async (body: unknown): Promise<Json> => {
    await sleep(5)
    const answer = await server.call('PATCH', `/v6/pages/${id}`, body)
    expect(answer.status).toBe(200)
    return answer.body
  }
  return { siteId, id, patch }
}

describe('the mock under pageTitleFollowsName', () => {
  it("kept (sitemock's): a rename leaves a title that was the name as it is", async () => {
    const { patch } = await titledPage(await start({ newPageTitle: 'name' }))
    expect((await patch({ name: 'Second name' })).title).toBe('First name')
  })

  it('follows: a title that is the name follows each rename, and reads back so', async () => {
    const server = await start({ newPageTitle: 'name', pageTitleFollowsName: 'follows' })
    const { id, patch } = await titledPage(server)
    expect((await patch({ name: 'Second name' })).title).toBe('Second name')
    expect((await patch({ name: 'Third name', pathname: '/p' })).title).toBe('Third name')
    expect((await server.call('GET', `/v6/pages/${id}`)).body.title).toBe('Third name')
  })

  it('follows: a title sent beside the name wins, and a title that is not the name stops following', async () => {
    const { patch } = await titledPage(await start({ newPageTitle: 'name', pageTitleFollowsName: 'follows' }))
    expect((await patch({ name: 'Second name', title: 'Own title' })).title).toBe('Own title')
    expect((await patch({ name: 'Third name' })).title).toBe('Own title')
    // Set to the name again, it follows again.
    expect((await patch({ title: 'Third name' })).title).toBe('Third name')
    expect((await patch({ name: 'Fourth name' })).title).toBe('Fourth name')
  })

  it('follows: a null title (newPageTitle null) stays null through a rename', async () => {
    const { patch } = await titledPage(await start({ pageTitleFollowsName: 'follows' }))
    expect((await patch({ name: 'Second name' })).title).toBeNull()
  })
})

/** The updatedAt of every page of the multi-locale scenario's first site, by id. */
async function updatedAts(server: ChoicesServer, siteId: string): Promise<Map<string, unknown>> {
  const listed = await server.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`)
  expect(listed.status).toBe(200)
  return new Map((listed.body.data ?? []).map((page) => [String(page.id), page.updatedAt]))
}

/** The multi-locale scenario's first site, each of whose pages has localizations in fr-FR, de-DE and es-ES, and a new page without any. */
async function localizedSite(choices: Choices) {
  const server = await start(choices, 'multi-locale')
  const sites = await server.call('GET', `/v2/sites?workspaceId=${server.workspaceId}&limit=100`)
  const siteId = String(sites.body.data!.find((site) => site.defaultLocale === 'en-US')!.id)
  const plain = createdId(await server.call('POST', '/v6/pages', { siteId, pathname: '/without-localizations', name: 'Plain' }))
  const rename = async (code: string, body: Json): Promise<void> => {
    await sleep(5)
    expect((await server.call('PATCH', `/v2/locales/${code}?siteId=${siteId}`, body)).status).toBe(200)
  }
  return { server, siteId, plain, rename }
}

describe('the mock under localeRenameTouchesPages', () => {
  it("untouched (sitemock's): renaming a locale, the default one too, moves no page's updatedAt", async () => {
    const { server, siteId, rename } = await localizedSite({})
    const before = await updatedAts(server, siteId)
    await rename('fr-FR', { locale: 'fr-CA' })
    await rename('en-US', { locale: 'en-GB' })
    expect(await updatedAts(server, siteId)).toEqual(before)
  })

  it("touched: a locale's new code moves the pages localized in it, the default locale's every page; a domain alone none", async () => {
    const { server, siteId, plain, rename } = await localizedSite({ localeRenameTouchesPages: 'touched' })
    const before = await updatedAts(server, siteId)
    await rename('fr-FR', { domain: 'https://fr.example.com' })
    expect(await updatedAts(server, siteId)).toEqual(before)
    await rename('fr-FR', { locale: 'fr-CA' })
    const afterLocale = await updatedAts(server, siteId)
    for (const [id, updatedAt] of before) {
      if (id === plain) expect(afterLocale.get(id)).toBe(updatedAt)
      else expect(afterLocale.get(id)).not.toBe(updatedAt)
    }
    await rename('en-US', { locale: 'en-GB' })
    const afterDefault = await updatedAts(server, siteId)
    for (const [id, updatedAt] of afterLocale) expect(afterDefault.get(id)).not.toBe(updatedAt)
    expect(Date.parse(String(afterDefault.get(plain)))).toBeGreaterThan(Date.parse(String(afterLocale.get(plain))))
  })
})

describe('the probes', () => {
  it.each([
    [{}, 'kept', 'untouched'],
    [{ pageTitleFollowsName: 'follows', localeRenameTouchesPages: 'touched' }, 'follows', 'touched'],
    // No title can be sent: the new page's, its name, is what a rename may move.
    [{ pageTitleFollowsName: 'follows', newPageTitle: 'name', pageUpdateSearchFields: 'ignored' }, 'follows', 'untouched'],
    [{ newPageTitle: 'name', pageUpdateSearchFields: 'refused', localeRenameTouchesPages: 'touched' }, 'kept', 'touched'],
  ] as const)('learn %j back', async (choices, title, touched) => {
    const found = await probeMock(choices, `7d1e0${title === 'kept' ? 0 : 1}${touched === 'untouched' ? 0 : 1}${'pageUpdateSearchFields' in choices ? 1 : 0}`)
    expect(found.choices.pageTitleFollowsName).toBe(title)
    expect(found.choices.localeRenameTouchesPages).toBe(touched)
  }, 60_000)

  it('leave both unrecorded where nothing shows them: no title that is the name, no default locale renamed', async () => {
    const found = await probeMock({ pageUpdateSearchFields: 'ignored', renameDefaultLocale: 'refused' }, '7d1e0f')
    expect(found.choices.pageTitleFollowsName).toBeUndefined()
    expect(found.unrecorded?.pageTitleFollowsName).toContain('newPageTitle')
    expect(found.choices.localeRenameTouchesPages).toBeUndefined()
    expect(found.unrecorded?.localeRenameTouchesPages).toContain('renameDefaultLocale')
  }, 60_000)
})

describe('the stateful group against a mock that derives a page title or updatedAt otherwise', () => {
  // Enough sequences that the event happens (`npm run soak` runs 100).
  const RUNS = { runs: atLength(30, 100), seed: 1 }
  const headlines = (report: Awaited<ReturnType<typeof runAgainst>>): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0]!)
  const adopted = (report: Awaited<ReturnType<typeof runAgainst>>): string => report.notices.find((line) => line.startsWith('stateful adopted')) ?? ''

  it.each([
    [{ newPageTitle: 'name', pageTitleFollowsName: 'follows' }, 'pageTitleFollowsName: follows'],
    [{ localeRenameTouchesPages: 'touched' }, 'localeRenameTouchesPages: touched'],
  ] as const)('nothing learned (%j): the first answer adopted, no divergence', async (choices, adoption) => {
    const server = await start(choices)
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS, learnChoices: false })
    expect(headlines(report)).toEqual([])
    expect(adopted(report)).toContain(adoption)
  }, 240_000)

  it('the choices learned first: the oracle follows them, no divergence', async () => {
    const server = await start({ newPageTitle: 'name', pageTitleFollowsName: 'follows', localeRenameTouchesPages: 'touched' })
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS })
    expect(headlines(report)).toEqual([])
  }, 240_000)

  it.each([
    // The oracle titles new pages by their name as the target does, so that the rename alone differs.
    [{ newPageTitle: 'name', pageTitleFollowsName: 'follows' }, { newPageTitle: 'name' }, 'pageTitleFollowsName="kept"'],
    [{ localeRenameTouchesPages: 'touched' }, undefined, 'localeRenameTouchesPages="untouched"'],
  ] as const)('names the class under the sitemock profile (%j)', async (choices, given, named) => {
    const server = await start(choices)
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: RUNS, ...(given === undefined ? {} : { choices: given }) })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')).toContainEqual(expect.stringContaining(`sitemock's choice ${named}`))
  }, 240_000)
})
