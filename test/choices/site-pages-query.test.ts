import { describe, expect, it } from 'vitest'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * Over HTTP: a site's page list that takes only `limit` and `startingAfter` (sitePagesQuery
 * pagination) treats the page list's other parameters as parameters it does not know: a 400 naming
 * each where unknown ones are refused, ignored where they are ignored (unknownQueryParameters).
 */
const start = servedPerTest()

describe('sitePagesQuery pagination', () => {
  it('refuses the page list’s other parameters, naming each, where unknown ones are refused', async () => {
    const s = await start({ sitePagesQuery: 'pagination', unknownQueryParameters: 'refused' })
    const { id } = await s.site('pages')
    const answer = await s.call('GET', `/v2/sites/${id}/pages?sortBy=title&pathPrefix=%2Fnone`)
    expect(answer.status).toBe(400)
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'sortBy' }), expect.objectContaining({ field: 'pathPrefix' })])
  })

  it('ignores them where unknown ones are ignored: the list is the one without them', async () => {
    const s = await start({ sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored' })
    const { id } = await s.site('pages')
    for (const pathname of ['/b', '/a']) createdId(await s.call('POST', '/v6/pages', { siteId: id, pathname, name: pathname }))
    const plain = await s.call('GET', `/v2/sites/${id}/pages?limit=10`)
    const filtered = await s.call('GET', `/v2/sites/${id}/pages?limit=10&pathPrefix=%2Fnone&sortBy=title&sortDirection=desc&includeOffline=false`)
    expect(filtered.status).toBe(200)
    expect(filtered.body.data!.length).toBeGreaterThan(0)
    expect(filtered.body.data).toEqual(plain.body.data)
  })

  it('ignores them whatever their values where unknown ones are ignored: a sort no list takes is no bad sort there', async () => {
    const s = await start({ sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored' })
    const { id } = await s.site('pages')
    createdId(await s.call('POST', '/v6/pages', { siteId: id, pathname: '/a', name: 'a' }))
    const plain = await s.call('GET', `/v2/sites/${id}/pages?limit=10`)
    const odd = await s.call('GET', `/v2/sites/${id}/pages?limit=10&sortDirection=-asc&sortBy=nothing&includeOffline=maybe&versionRef=ref%3Aold`)
    expect(odd.status).toBe(200)
    expect(odd.body.data).toEqual(plain.body.data)
  })

  it('refuses them naming each as parameters it does not take, not as bad values, where unknown ones are refused', async () => {
    const s = await start({ sitePagesQuery: 'pagination' })
    const { id } = await s.site('pages')
    const odd = await s.call('GET', `/v2/sites/${id}/pages?sortDirection=-asc`)
    expect(odd.status).toBe(400)
    expect(odd.body.details).toEqual([{ field: 'sortDirection', message: expect.stringContaining('not a parameter of this list') }])
  })

  it('takes them all at page-list, whatever unknown ones get', async () => {
    const s = await start({ sitePagesQuery: 'page-list', unknownQueryParameters: 'ignored' })
    const { id } = await s.site('pages')
    createdId(await s.call('POST', '/v6/pages', { siteId: id, pathname: '/a', name: 'a' }))
    const answer = await s.call('GET', `/v2/sites/${id}/pages?pathPrefix=%2Fnone`)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual([])
  })
})
