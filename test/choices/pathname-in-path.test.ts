import { describe, expect, it } from 'vitest'
import { pathnameAsSegments, segmentsAsPathname } from '../../src/freedom/pathname-in-path.js'
import { check, describeFailures, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * pathnameInPath `segments`: a deployment behind a server that refuses an encoded slash in a path
 * (one written from the documents alone, on Spring, answers `%2F` with a 400) takes a pathname as
 * the rest of the path. Over real HTTP the mock answers so; the probes learn it and the run then
 * writes every pathname it sends so; the twin takes it; the stateful group finds no divergence.
 */
const start = servedPerTest()
const TAG = 'contract-2a7b0001'

describe('the two forms of a pathname in the path', () => {
  it('are turned into each other, an id and other families left as they are', () => {
    expect(pathnameAsSegments('/v6/pages/%2Fblog%2Fhello%20world?siteId=x')).toBe('/v6/pages/blog/hello%20world?siteId=x')
    expect(pathnameAsSegments('/v6/pages/%2F?siteId=x')).toBe('/v6/pages/?siteId=x')
    expect(pathnameAsSegments('/v2/routes/%2Fa%2F%5Bslug%5D')).toBe('/v2/routes/a/%5Bslug%5D')
    expect(pathnameAsSegments('/v6/pages/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('/v6/pages/0f8fad5b-d9cb-469f-a165-70867728950e')
    expect(pathnameAsSegments('/v2/locales/%2Ffr')).toBe('/v2/locales/%2Ffr')
    expect(segmentsAsPathname('/v6/pages/blog/hello%20world')).toBe('/v6/pages/%2Fblog%2Fhello%20world')
    expect(segmentsAsPathname('/v6/pages/')).toBe('/v6/pages/%2F')
    expect(segmentsAsPathname('/v6/pages/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('/v6/pages/0f8fad5b-d9cb-469f-a165-70867728950e')
    expect(segmentsAsPathname('/v6/pages/%2Fblog')).toBe('refused')
    expect(segmentsAsPathname('/v2/sites/x')).toBeUndefined()
  })
})

describe('pathnameInPath over HTTP', () => {
  it('segments: a page and a route are found, changed and deleted by the rest of the path; an encoded slash is a 400 naming the parameter', async () => {
    const { call, site } = await start({ pathnameInPath: 'segments' })
    const { id } = await site('own')
    const page = createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/blog/hello', name: 'Hello' }))
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/', name: 'Home' }))
    expect((await call('GET', `/v6/pages/blog/hello?siteId=${id}`)).body.id).toBe(page)
    expect((await call('GET', `/v6/pages/?siteId=${id}`)).body.pathname).toBe('/')
    expect((await call('GET', `/v6/pages/${page}`)).status).toBe(200)
    const refused = await call('GET', `/v6/pages/${encodeURIComponent('/blog/hello')}?siteId=${id}`)
    expect([refused.status, refused.body.details]).toEqual([400, [expect.objectContaining({ field: 'pageIdOrPathname' })]])
    expect((await call('PATCH', `/v6/pages/blog/hello?siteId=${id}`, { pathname: '/blog/moved' })).status).toBe(200)
    expect((await call('DELETE', `/v6/pages/blog/moved?siteId=${id}`)).status).toBe(204)
    createdId(await call('POST', '/v2/routes', { siteId: id, pathname: '/shop/[item]' }))
    expect((await call('GET', `/v2/routes/shop/%5Bitem%5D?siteId=${id}`)).body.pathname).toBe('/shop/[item]')
  })

  it('encoded: the rest of the path names nothing', async () => {
    const { call, site } = await start({})
    const { id } = await site('own')
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/blog/hello', name: 'Hello' }))
    expect((await call('GET', `/v6/pages/blog/hello?siteId=${id}`)).status).toBe(404)
    expect((await call('GET', `/v6/pages/${encodeURIComponent('/blog/hello')}?siteId=${id}`)).status).toBe(200)
  })
})

describe('pathnameInPath: the probes, the twin, the checks and the stateful group', () => {
  it.each(['encoded', 'segments'] as const)('%s is learned back by the probes', async (pathnameInPath) => {
    const file = await probe(await start({ pathnameInPath }), TAG)
    expect(file.choices.pathnameInPath).toBe(pathnameInPath)
    // Every lookup by pathname of the probes after it was written so: nothing left unlearned for want of one.
    expect(file.unrecorded?.pathnameLookupCase).toBeUndefined()
  }, 60_000)

  it.each(['encoded', 'segments'] as const)('the twin takes %s, and its observation tells it', async (pathnameInPath) => {
    expect(await observedOnPermissive('pathnameInPath', { pathnameInPath })).toBe(pathnameInPath)
  })

  it('fails no check and finds no divergence against a deployment taking pathnames as the rest of the path', async () => {
    const { url, mock } = await start({ pathnameInPath: 'segments' })
    const report = await runAgainst(url, mock, { stateful: { runs: 20, seed: 11 } })
    expect(describeFailures(report)).toBe('')
    expect(check(report, 'lifecycle.page.create').status).toBe('passed')
  }, 300_000)
})
