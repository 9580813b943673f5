import { describe, expect, it } from 'vitest'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * Over HTTP: a page update that changes nothing (emptyPatchUpdatedAt): `{}`, or fields each with
 * the value the page has, leaves updatedAt under `unchanged` and moves it under `moves`; one that
 * changes a field moves it under both.
 */
const start = servedPerTest()

describe('emptyPatchUpdatedAt', () => {
  it.each([
    ['unchanged', false],
    ['moves', true],
  ] as const)('%s: `{}` and the values the page has move updatedAt: %s', async (choice, moves) => {
    const s = await start({ emptyPatchUpdatedAt: choice })
    const { id: siteId } = await s.site('pages')
    const pageId = createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/a', name: 'a' }))
    let before = (await s.call('PATCH', `/v6/pages/${pageId}`, { name: 'renamed' })).body.updatedAt
    for (const body of [{}, { name: 'renamed' }, { pathname: '/a', name: 'renamed', isOnline: true }]) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      const after = await s.call('PATCH', `/v6/pages/${pageId}`, body)
      expect(after.status).toBe(200)
      expect(after.body.updatedAt !== before, JSON.stringify(body)).toBe(moves)
      before = after.body.updatedAt
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await s.call('PATCH', `/v6/pages/${pageId}`, { name: 'again' })).body.updatedAt).not.toBe(before)
  })
})
