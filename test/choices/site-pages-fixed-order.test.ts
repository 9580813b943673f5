import { describe, expect, it } from 'vitest'
import { namesField } from '../../src/contract/choices-probe-kit.js'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: a site's page list in one fixed order (sitePagesQuery fixed-order) takes the page
 * list's parameters but its sort: `sortBy` and `sortDirection` are a 400 naming each where untaken
 * parameters are refused (unknownQueryParameters refused, or sitePagesUntaken refused whatever it
 * does with unknown ones), ignored otherwise, and its pages come in the order they were created.
 */
const start = servedPerTest()

/** A new site with pages made in this order (within a millisecond or two: creation, not the clock, orders them). */
async function siteWithPages(s: ChoicesServer, pathnames: string[]): Promise<{ siteId: string; ids: string[] }> {
  const { id: siteId } = await s.site()
  const ids: string[] = []
  for (const pathname of pathnames) ids.push(createdId(await s.call('POST', '/v6/pages', { siteId, pathname, name: pathname })))
  return { siteId, ids }
}

/** The ids a list answered, of the pages given (a site may hold others). */
const listed = (answer: Answer, ids: string[]): string[] => (answer.body.data ?? []).map((page) => String(page.id)).filter((id) => ids.includes(id))

describe('sitePagesQuery fixed-order', () => {
  it('refuses sortBy and sortDirection, naming each, where unknown parameters are refused', async () => {
    const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'refused' })
    const { siteId } = await siteWithPages(s, ['/a'])
    const answer = await s.call('GET', `/v2/sites/${siteId}/pages?sortDirection=desc&includeOffline=true&sortBy=title`)
    expect(answer.status).toBe(400)
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'sortDirection' }), expect.objectContaining({ field: 'sortBy' })])
    // A value the page list itself refuses is refused as unknown too, not as a bad sort.
    const bogus = await s.call('GET', `/v2/sites/${siteId}/pages?sortBy=size`)
    expect(bogus.status).toBe(400)
    expect(bogus.body.details).toEqual([expect.objectContaining({ field: 'sortBy', message: expect.stringContaining('not a parameter') })])
  })

  it('lists the pages in creation order, and pages through them in it', async () => {
    const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'refused' })
    const pathnames = ['/m', '/b', '/z', '/a', '/k']
    const { siteId, ids } = await siteWithPages(s, pathnames)
    const whole = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&limit=100`)
    expect(whole.status).toBe(200)
    expect(listed(whole, ids)).toEqual(ids)
    const walked: string[] = []
    let cursor: string | undefined
    for (let step = 0; step < 10; step++) {
      const page = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&limit=2${cursor === undefined ? '' : `&startingAfter=${cursor}`}`)
      expect(page.status).toBe(200)
      walked.push(...(page.body.data ?? []).map((item) => String(item.id)))
      if (page.body.hasMore !== true) break
      cursor = walked.at(-1)
    }
    expect(walked.filter((id) => ids.includes(id))).toEqual(ids)
    // GET /v6/pages keeps its own sort: by path by default.
    const byPath = await s.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`)
    expect(listed(byPath, ids)).toEqual([3, 1, 4, 0, 2].map((i) => ids[i]))
  })

  it('takes the page list’s other parameters: pathPrefix and includeOffline', async () => {
    const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'refused' })
    const { siteId, ids } = await siteWithPages(s, ['/docs/b', '/blog/a', '/docs/a'])
    const docs = await s.call('GET', `/v2/sites/${siteId}/pages?pathPrefix=%2Fdocs&includeOffline=true`)
    expect(docs.status).toBe(200)
    expect(listed(docs, ids)).toEqual([ids[0], ids[2]])
    expect((await s.call('PATCH', `/v6/pages/${ids[1]}`, { isOnline: false })).status).toBe(200)
    const online = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=false`)
    const all = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true`)
    expect(listed(online, ids)).not.toContain(ids[1])
    expect(listed(all, ids)).toContain(ids[1])
  })

  it('refuses sortBy and sortDirection where unknown parameters are ignored too, under sitePagesUntaken refused', async () => {
    const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'ignored', sitePagesUntaken: 'refused' })
    const { siteId, ids } = await siteWithPages(s, ['/b', '/c', '/a'])
    for (const [sort, fields] of [['sortBy=path&sortDirection=desc', ['sortBy', 'sortDirection']], ['sortBy=title', ['sortBy']], ['sortBy=size&sortDirection=sideways', ['sortBy', 'sortDirection']]] as const) {
      const sorted = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&${sort}`)
      expect([sort, sorted.status]).toEqual([sort, 400])
      expect(fields.map((field) => [field, namesField(sorted, field)])).toEqual(fields.map((field) => [field, true]))
      expect(sorted.body.details).toHaveLength(fields.length)
    }
    // An unknown parameter is ignored all the same, and the list comes in creation order.
    const plain = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&color=blue`)
    expect(plain.status).toBe(200)
    expect(listed(plain, ids)).toEqual(ids)
  })

  it('ignores sortBy and sortDirection, whatever their value, where unknown parameters are ignored under sitePagesUntaken as-unknown', async () => {
    const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'ignored', sitePagesUntaken: 'as-unknown' })
    const { siteId, ids } = await siteWithPages(s, ['/b', '/c', '/a'])
    for (const sort of ['sortBy=path&sortDirection=desc', 'sortBy=title', 'sortBy=size&sortDirection=sideways']) {
      const sorted = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&${sort}`)
      expect([sort, sorted.status]).toEqual([sort, 200])
      expect([sort, listed(sorted, ids)]).toEqual([sort, ids])
    }
  })

  it('sorts at page-list, which takes sortBy and sortDirection', async () => {
    const s = await start({ sitePagesQuery: 'page-list', unknownQueryParameters: 'refused' })
    const { siteId, ids } = await siteWithPages(s, ['/b', '/c', '/a'])
    const answer = await s.call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&sortBy=path&sortDirection=desc`)
    expect(answer.status).toBe(200)
    expect(listed(answer, ids)).toEqual([ids[1], ids[0], ids[2]])
  })
})
