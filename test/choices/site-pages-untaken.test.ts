import { describe, expect, it } from 'vitest'
import { namesField } from '../../src/contract/choices-probe-kit.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * Over HTTP: what a site's page list does with the page list's parameters it does not take
 * (sitePagesUntaken): `as-unknown` judges them as parameters it does not know (refused naming
 * each, or ignored where unknownQueryParameters is `ignored`); `refused` refuses them naming each
 * whatever unknownQueryParameters says. Under sitePagesQuery `page-list` it changes nothing.
 */
const start = servedPerTest()

/** A new site with pages at these pathnames, made in this order. */
async function siteWithPages(s: ChoicesServer, pathnames: string[]): Promise<string> {
  const { id: siteId } = await s.site('untaken')
  for (const pathname of pathnames) createdId(await s.call('POST', '/v6/pages', { siteId, pathname, name: pathname }))
  return siteId
}

describe('sitePagesUntaken', () => {
  it('refused: the untaken parameters of pagination are a 400 naming each, though unknown ones are ignored', async () => {
    const s = await start({ sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored', sitePagesUntaken: 'refused' })
    const siteId = await siteWithPages(s, ['/b', '/a'])
    const answer = await s.call('GET', `/v2/sites/${siteId}/pages?sortBy=path&pathPrefix=%2Fnone&limit=10`)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('bad_request')
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'sortBy' }), expect.objectContaining({ field: 'pathPrefix' })])
    // A parameter no list knows is still ignored, and the pagination taken.
    const unknown = await s.call('GET', `/v2/sites/${siteId}/pages?color=red&limit=1`)
    expect(unknown.status).toBe(200)
    expect(unknown.body.data).toHaveLength(1)
  })

  it('as-unknown: the same parameters are ignored where unknown ones are ignored', async () => {
    const s = await start({ sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored', sitePagesUntaken: 'as-unknown' })
    const siteId = await siteWithPages(s, ['/b', '/a'])
    const plain = await s.call('GET', `/v2/sites/${siteId}/pages?limit=10`)
    const untaken = await s.call('GET', `/v2/sites/${siteId}/pages?sortBy=path&pathPrefix=%2Fnone&limit=10`)
    expect(untaken.status).toBe(200)
    expect(untaken.body.data).toEqual(plain.body.data)
  })

  it('either way a 400 naming each where unknown parameters are refused', async () => {
    for (const sitePagesUntaken of ['as-unknown', 'refused'] as const) {
      const s = await start({ sitePagesQuery: 'fixed-order', unknownQueryParameters: 'refused', sitePagesUntaken })
      const siteId = await siteWithPages(s, ['/a'])
      const answer = await s.call('GET', `/v2/sites/${siteId}/pages?sortDirection=desc`)
      expect([sitePagesUntaken, answer.status, namesField(answer, 'sortDirection')]).toEqual([sitePagesUntaken, 400, true])
    }
  })

  it('changes nothing under page-list, which takes every parameter of the page list', async () => {
    const s = await start({ sitePagesQuery: 'page-list', unknownQueryParameters: 'refused', sitePagesUntaken: 'refused' })
    const siteId = await siteWithPages(s, ['/b', '/a'])
    const answer = await s.call('GET', `/v2/sites/${siteId}/pages?sortBy=path&sortDirection=desc&includeOffline=true`)
    expect(answer.status).toBe(200)
    expect((answer.body.data ?? []).map((page) => page.pathname)).toEqual(['/b', '/a'])
  })
})
