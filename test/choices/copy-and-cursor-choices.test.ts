import { describe, expect, it } from 'vitest'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * Over HTTP, under sitemock's own choice and the others the mock follows: what a site's copy
 * holds of its pages' publication (duplicatePublication), and what a cursor naming an item the
 * list leaves out gives (cursorOutsideList).
 */

const start = servedPerTest()

describe('duplicatePublication', () => {
  it.each([
    ['copied', [true], 1],
    ['reset', [false], 0],
  ] as const)("%s: a copy's pages online and published as the original's, or offline with no live version", async (value, online, live) => {
    const s = await start({ duplicatePublication: value })
    const { id: siteId } = await s.site()
    createdId(await s.call('POST', '/v6/pages', { siteId, pathname: '/launch', name: 'launch' }))
    const published = await fetch(`${s.url}/__mock/sites/${siteId}/publish`, { method: 'POST' })
    expect(published.status).toBe(200)
    const copy = await s.call('POST', `/v2/sites/${siteId}/duplicate`, { name: 'copy' })
    expect(copy.status).toBe(201)
    const copyId = String(copy.body.id)
    const drafts = await s.call('GET', `/v6/pages?siteId=${copyId}&includeOffline=true`)
    expect(drafts.body.data!.map((page) => page.isOnline)).toEqual(online)
    expect(drafts.body.data!.every((page) => (page.publishedAt === null) === (live === 0))).toBe(true)
    expect((await s.call('GET', `/v6/pages?siteId=${copyId}&versionRef=ref:live`)).body.data).toHaveLength(live)
    // The original keeps its publication either way.
    expect((await s.call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live`)).body.data).toHaveLength(1)
  })
})

describe('cursorOutsideList', () => {
  it.each([
    ['400', 400, undefined],
    ['404', 404, undefined],
    ['empty-list', 200, 0],
    ['after-place', 200, 1],
  ] as const)('%s: a cursor naming a page another prefix leaves out', async (value, status, items) => {
    const s = await start({ cursorOutsideList: value })
    const { id: siteId } = await s.site()
    for (const pathname of ['/blog/a', '/docs/b', '/docs/c']) createdId(await s.call('POST', '/v6/pages', { siteId, pathname, name: pathname }))
    const blog = (await s.call('GET', `/v6/pages?siteId=${siteId}&pathPrefix=/blog&sortBy=path`)).body.data![0]!
    const answer = await s.call('GET', `/v6/pages?siteId=${siteId}&pathPrefix=/docs&sortBy=path&limit=1&startingAfter=${String(blog.id)}`)
    expect(answer.status).toBe(status)
    if (items === undefined) expect(answer.body.code).toBe(status === 404 ? 'not_found' : 'bad_request')
    else expect(answer.body.data).toHaveLength(items)
  })
})
