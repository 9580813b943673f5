import { describe, expect, it } from 'vitest'
import { startPermissive } from '../contract/permissive/index.js'
import { check, runAgainst } from '../contract/support.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { probe } from './site-key-probes.js'
import { createdId, servedPerTest, type Answer } from './choices-server.js'
import { atLength } from '../soak/lengths.js'

/**
 * A deployment that ignores a `startingAfter` naming no item at all (unknownCursor from-start), as
 * a deployment written from the documents alone does: the list as if no cursor were sent. Over
 * real HTTP the mock lists every list so, and only for an id of nothing; the conformance twin takes
 * it and its observation tells it; the probes learn it back; and the stateful group adopts it, or
 * names it under --profile sitemock.
 */

const start = servedPerTest()
const NOWHERE = '00000000-0000-4000-8000-00000000beef'
const TAG = 'contract-7c0f5a21'

const ids = (answer: Answer): unknown[] => (answer.body.data ?? []).map((item) => item.id)

describe('unknownCursor from-start: the mock', () => {
  it('answers the pages, routes, locales and sites lists after an id of nothing as without the cursor, page by page', async () => {
    const { call, site, workspaceId } = await start({ unknownCursor: 'from-start' })
    const { id } = await site('one')
    await site('two')
    for (const pathname of ['/a', '/b']) createdId(await call('POST', '/v6/pages', { siteId: id, pathname, name: pathname }))
    for (const pathname of ['/r', '/s']) createdId(await call('POST', '/v2/routes', { siteId: id, pathname }))
    createdId(await call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }))
    for (const path of [`/v6/pages?siteId=${id}&includeOffline=true`, `/v2/routes?siteId=${id}`, `/v2/locales?siteId=${id}`, `/v2/sites?workspaceId=${workspaceId}`]) {
      const whole = await call('GET', `${path}&limit=1`)
      const after = await call('GET', `${path}&limit=1&startingAfter=${NOWHERE}`)
      expect([path, after.status, after.body.hasMore]).toEqual([path, 200, true])
      expect(ids(after)).toHaveLength(1)
      expect(ids(after)).toEqual(ids(whole))
    }
  })

  it('takes a cursor that names an item as ever, and a page a delete removed for an id of nothing', async () => {
    const { call, site } = await start({ unknownCursor: 'from-start' })
    const { id } = await site()
    const [a, b, c] = [await call('POST', '/v6/pages', { siteId: id, pathname: '/a', name: 'a' }), await call('POST', '/v6/pages', { siteId: id, pathname: '/b', name: 'b' }), await call('POST', '/v6/pages', { siteId: id, pathname: '/c', name: 'c' })].map(createdId)
    const list = `/v6/pages?siteId=${id}&includeOffline=true&sortBy=path`
    expect(ids(await call('GET', `${list}&startingAfter=${a}`))).toEqual([b, c])
    expect((await call('DELETE', `/v6/pages/${b}`)).status).toBe(204)
    // deletedCursor unknown (sitemock's): the deleted page's id names nothing, so the list starts again.
    expect(ids(await call('GET', `${list}&startingAfter=${b}`))).toEqual([a, c])
  })

  it('keeps the answer of an item of another list or one the list leaves out, which are not ids of nothing', async () => {
    const { call, site } = await start({ unknownCursor: 'from-start' })
    const [one, other] = [await site('one'), await site('other')]
    const elsewhere = createdId(await call('POST', '/v6/pages', { siteId: other.id, pathname: '/x', name: 'x' }))
    const outside = createdId(await call('POST', '/v6/pages', { siteId: one.id, pathname: '/out/p', name: 'p' }))
    // cursorOutsideList 400, foreignCursor as-outside (sitemock's): a 400 naming startingAfter for both.
    for (const query of [`siteId=${one.id}&startingAfter=${elsewhere}`, `siteId=${one.id}&includeOffline=true&pathPrefix=%2Fin&startingAfter=${outside}`]) {
      const answer = await call('GET', `/v6/pages?${query}`)
      expect([query, answer.status, answer.body.details]).toEqual([query, 400, [expect.objectContaining({ field: 'startingAfter' })]])
    }
  })

  it('is learned back by the probes, with the deleted page read as an id of nothing', async () => {
    const file = await probe(await start({ unknownCursor: 'from-start' }), TAG)
    expect([file.choices.unknownCursor, file.choices.deletedCursor]).toEqual(['from-start', 'unknown'])
  })

  it('is told from after-place by the deletedCursor probe, and after-place from it', async () => {
    const file = await probe(await start({ unknownCursor: 'from-start', deletedCursor: 'after-place' }), TAG)
    expect([file.choices.unknownCursor, file.choices.deletedCursor]).toEqual(['from-start', 'after-place'])
  })
})

describe('unknownCursor from-start: the conformance twin', () => {
  it.each([
    [{ unknownCursor: 'from-start' }, 'from-start'],
    [{ unknownCursor: 'from-start', deletedCursor: 'unknown' }, 'from-start'],
    [{ unknownCursor: 'empty-list' }, 'empty-list'],
    [{ unknownCursor: '404' }, '404'],
  ] as const)('takes %j, and its observation tells it', async (choices, observed) => {
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      expect(await OBSERVE.unknownCursor!(client)).toBe(observed)
      // A deleted page's id is an id of nothing there: the list from its start is `unknown`.
      if ('deletedCursor' in choices) expect(await OBSERVE.deletedCursor!(client)).toBe('unknown')
    } finally {
      await permissive.close()
    }
  })
})

describe('unknownCursor from-start: the stateful group', () => {
  // Forty sequences from seed 1 send cursors that name nothing several times.
  const RUNS = atLength(20, 40)

  it('adopts it under the default profile, and finds no divergence', async () => {
    const { url, mock } = await start({ unknownCursor: 'from-start' })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: {} })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toMatch(/unknownCursor \([^)]*\): from-start/)
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const { url, mock } = await start({ unknownCursor: 'from-start' })
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named.filter((reason) => reason.startsWith(`sitemock's choice unknownCursor="400"`)).length).toBeGreaterThan(0)
  }, 300_000)
})
