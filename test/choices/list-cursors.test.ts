import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Choices, ChoicesByList } from '../../src/freedom/catalogue.js'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { createMock } from '../../src/mock.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, runAgainst } from '../contract/support.js'
import { start, waitFor } from '../support/cli-process.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * A list that answers cursors in its own way (a choices file's `lists`): two deployments written
 * from the documents alone walk their locale and route lists by a keyset that any id positions,
 * and their page lists only from a page of the list. Over real HTTP the mock answers each list as
 * its own choices say; the probes learn which lists answer otherwise; `serve --choices` follows a
 * file's lists, and refuses one that names no list or a class no list answers alone.
 */
const serveMock = servedPerTest()
const TAG = 'contract-11570001'
const NOWHERE = '00000000-0000-4000-8000-00000000ac05'

/** Two sites, each with a page and a route: the first site's items as cursors of the second's lists. */
async function twoSites(server: ChoicesServer): Promise<{ first: string; second: string; page: string; route: string; locale: string }> {
  const [first, second] = [(await server.site('first')).id, (await server.site('second')).id]
  const page = createdId(await server.call('POST', '/v6/pages', { siteId: first, pathname: '/a', name: 'a' }))
  createdId(await server.call('POST', '/v6/pages', { siteId: second, pathname: '/b', name: 'b' }))
  const route = createdId(await server.call('POST', '/v2/routes', { siteId: first, pathname: '/r/[x]' }))
  createdId(await server.call('POST', '/v2/routes', { siteId: second, pathname: '/s/[x]' }))
  const locale = String((await server.call('GET', `/v2/locales?siteId=${first}`)).body.data![0]!.id)
  return { first, second, page, route, locale }
}

const KEYSET: { choices: Choices; lists: ChoicesByList } = {
  choices: { unknownCursor: 'from-start', foreignCursor: '400', cursorOutsideList: 'after-place' },
  lists: { '/v6/pages': { unknownCursor: '400' }, '/v2/routes': { foreignCursor: 'empty-list' }, '/v2/locales': { foreignCursor: 'as-outside' } },
}

describe('lists that answer cursors in their own way, over HTTP', () => {
  it('answers each list as its own choices say, and the others as the file', async () => {
    const server = await serveMock(KEYSET.choices, undefined, KEYSET.lists)
    const { first, second, page, route, locale } = await twoSites(server)
    // An id of nothing: the page list refuses it (its own), the locale list starts over (the file's).
    const pages = await server.call('GET', `/v6/pages?siteId=${first}&startingAfter=${NOWHERE}`)
    expect([pages.status, pages.body.code]).toEqual([400, 'bad_request'])
    expect((await server.call('GET', `/v2/locales?siteId=${first}&startingAfter=${NOWHERE}`)).status).toBe(200)
    // Another site's item: the page list refuses it (the file's), the route list is empty (its own), the locale list goes on after its place.
    expect((await server.call('GET', `/v6/pages?siteId=${second}&startingAfter=${page}`)).status).toBe(400)
    const routes = await server.call('GET', `/v2/routes?siteId=${second}&startingAfter=${route}`)
    expect([routes.status, routes.body.data]).toEqual([200, []])
    expect((await server.call('GET', `/v2/locales?siteId=${second}&startingAfter=${locale}`)).status).toBe(200)
  })

  it('answers every list alike without lists of their own', async () => {
    const server = await serveMock(KEYSET.choices)
    const { second, route } = await twoSites(server)
    expect((await server.call('GET', `/v2/routes?siteId=${second}&startingAfter=${route}`)).status).toBe(400)
  })

  it.each([
    [{ '/v2/pages': { unknownCursor: '400' } }, '"/v2/pages" is not a list; lists: /v2/sites, /v2/locales, /v6/pages, /v2/sites/{siteId}/pages, /v2/routes'],
    [{ '/v2/routes': { limitZero: 'accepted' } }, '/v2/routes: limitZero is the same on every list; a list answers in its own way only unknownCursor, cursorOutsideList, foreignCursor, deletedCursor'],
    [{ '/v2/routes': { foreignCursor: 'ignored' } }, '/v2/routes: foreignCursor must be one of "as-outside", "404", "400", "empty-list", "refused-unreached"; got "ignored"'],
  ])('createMock refuses lists %j, naming the list and what is accepted', (listChoices, words) => {
    expect(() => createMock({ listChoices: listChoices as ChoicesByList })).toThrow(`lists: ${words}`)
  })
})

describe("the stateful group's oracle with a file's lists", () => {
  // Under --profile sitemock nothing is adopted at run time: the oracle answers each list's cursors as the file says, or the target's differ.
  // (No list from its start here: the workspace's own sites, which the oracle does not hold, would differ then.)
  const FILE = { choices: { unknownCursor: '404' }, lists: { '/v6/pages': { unknownCursor: '400' }, '/v2/locales': { unknownCursor: '400' }, '/v2/routes': { unknownCursor: 'empty-list', foreignCursor: 'empty-list' } } } as const
  const statefulOf = async (listChoices?: ChoicesByList): Promise<string[]> => {
    const { url, mock } = await serveMock(FILE.choices, undefined, FILE.lists)
    const report = await runAgainst(url, mock, { profile: 'sitemock', choices: FILE.choices, ...(listChoices && { listChoices }), only: ['stateful'], stateful: { runs: 30, seed: 5 } })
    return check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0]!)
  }

  it('follows them, and finds no divergence from a target that answers so', async () => {
    expect(await statefulOf(FILE.lists)).toEqual([])
  }, 300_000)

  it('without them, meets the lists that answer otherwise as divergences', async () => {
    expect((await statefulOf()).join('\n')).toMatch(/\((locale|route|page)\.list with /)
  }, 300_000)
})

describe('the probes learn the lists that answer otherwise', () => {
  it('learns each list answering an id of nothing or another list\'s item otherwise than the classes learned', async () => {
    const file = await probe(await serveMock(KEYSET.choices, undefined, { ...KEYSET.lists, '/v2/sites': { unknownCursor: '404' }, '/v2/sites/{siteId}/pages': { foreignCursor: '404' } }), TAG)
    expect(file.choices).toMatchObject(KEYSET.choices)
    expect(file.lists).toEqual({ ...KEYSET.lists, '/v2/sites': { unknownCursor: '404' }, '/v2/sites/{siteId}/pages': { foreignCursor: '404' } })
  }, 60_000)

  it('learns them of the permissive implementation, written apart from the mock, which answers each list as its own choices say', async () => {
    const target = await startPermissive({ choices: { ...KEYSET.choices, lists: KEYSET.lists } })
    try {
      const file = await probeChoices({ baseUrl: target.url, apiKey: target.appKey, workspaceId: target.workspaceId, tag: TAG })
      expect(file.choices).toMatchObject(KEYSET.choices)
      expect(file.lists).toEqual(KEYSET.lists)
    } finally {
      await target.close()
    }
  }, 60_000)

  it('writes no lists where every list answers alike', async () => {
    const file = await probe(await serveMock(KEYSET.choices), TAG)
    expect(file.lists).toBeUndefined()
  }, 60_000)
})

describe('serve --choices with lists', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-lists-'))
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

  function serveFile(document: unknown): ReturnType<typeof start> {
    const file = path.join(folder, 'choices.json')
    fs.writeFileSync(file, JSON.stringify(document))
    return start(['serve', '--port', '0', '--log', 'off', '--choices', file])
  }

  it("follows a file's lists", async () => {
    const child = serveFile(KEYSET)
    try {
      const output = await waitFor(child, /All credentials/)
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
      const { sites } = (await (await fetch(`${url}/__mock/credentials`)).json()) as { sites: Array<{ id: string; siteApiKey: string }> }
      const [{ id, siteApiKey }] = sites as [{ id: string; siteApiKey: string }]
      const get = (list: string): Promise<number> => fetch(`${url}${list}`, { headers: { 'x-api-key': siteApiKey } }).then((response) => response.status)
      expect(await get(`/v6/pages?siteId=${id}&startingAfter=${NOWHERE}`)).toBe(400)
      expect(await get(`/v2/locales?siteId=${id}&startingAfter=${NOWHERE}`)).toBe(200)
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('refuses a file whose lists name a class no list answers alone, in one line', async () => {
    const child = serveFile({ choices: {}, lists: { '/v2/routes': { nullsSort: 'first' } } })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = (await once(child, 'exit')) as [number]
    expect(stderr).toContain('lists: /v2/routes: nullsSort is the same on every list; a list answers in its own way only unknownCursor, cursorOutsideList, foreignCursor, deletedCursor')
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(code).toBe(1)
  })
})
