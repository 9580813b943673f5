import { describe, expect, it } from 'vitest'
import { createdId, inPath, servedPerTest, type Answer } from './choices-server.js'

/**
 * pagePathnameCase `refused`, over HTTP: an upper-case letter in a page pathname is a 400 naming
 * `pathname` in a page create and a page update alike, which says what is taken (letters in lower
 * case only); a pathname in lower case is taken and stored as sent, and one in the path is looked
 * up as sent.
 */

const start = servedPerTest()

const detailsOf = (answer: Answer): Array<{ field: string; message: string }> => (answer.body.details as Array<{ field: string; message: string }> | undefined) ?? []

describe('pagePathnameCase refused', () => {
  it.each(['/About', '/blog/Post-1', '/Ärger', '/a/B'])('refuses %s in a page create with a 400 naming pathname and what it takes', async (pathname) => {
    const { call, site } = await start({ pagePathnameCase: 'refused' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'cased' })
    expect([answer.status, answer.body.code, detailsOf(answer).map((detail) => detail.field)]).toEqual([400, 'bad_request', ['pathname']])
    expect(detailsOf(answer)[0]!.message).toMatch(/upper-case letter; must have letters in lower case only/)
    const listed = await call('GET', `/v6/pages?siteId=${id}&includeOffline=true&limit=100`)
    expect(listed.body.data?.map((page) => page.pathname)).not.toContain(pathname)
  })

  it.each(['/about', '/blog-2024/a_b.c~d', '/ärger', '/日本'])('takes %s in a page create, stored as sent', async (pathname) => {
    const { call, site } = await start({ pagePathnameCase: 'refused' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'lower' })
    expect([answer.status, answer.body.pathname]).toEqual([201, pathname])
  })

  it('judges a page update the same way, and leaves the page as it was when it refuses', async () => {
    const { call, site } = await start({ pagePathnameCase: 'refused' })
    const { id: siteId } = await site()
    const pageId = createdId(await call('POST', '/v6/pages', { siteId, pathname: '/about', name: 'about' }))
    const refused = await call('PATCH', `/v6/pages/${pageId}`, { pathname: '/Contact' })
    expect([refused.status, detailsOf(refused).map((detail) => detail.field)]).toEqual([400, ['pathname']])
    expect((await call('GET', `/v6/pages/${pageId}`)).body.pathname).toBe('/about')
    const byPathname = await call('PATCH', `/v6/pages/${inPath('/about')}?siteId=${siteId}`, { pathname: '/Contact' })
    expect([byPathname.status, detailsOf(byPathname).map((detail) => detail.field)]).toEqual([400, ['pathname']])
    const renamed = await call('PATCH', `/v6/pages/${pageId}`, { pathname: '/contact' })
    expect([renamed.status, renamed.body.pathname]).toEqual([200, '/contact'])
    // An update without a pathname is not judged for one.
    expect((await call('PATCH', `/v6/pages/${pageId}`, { name: 'Contact Us' })).status).toBe(200)
  })

  it('looks a pathname in the path up as sent: one with a capital finds no page, unless lookups take any case', async () => {
    const exact = await start({ pagePathnameCase: 'refused' })
    const { id: exactSite } = await exact.site()
    createdId(await exact.call('POST', '/v6/pages', { siteId: exactSite, pathname: '/about', name: 'about' }))
    expect((await exact.call('GET', `/v6/pages/${inPath('/About')}?siteId=${exactSite}`)).status).toBe(404)
    // servedPerTest closes only the last server it started.
    await exact.close()
    const anyCase = await start({ pagePathnameCase: 'refused', pathnameLookupCase: 'any-case' })
    const { id: anyCaseSite } = await anyCase.site()
    const pageId = createdId(await anyCase.call('POST', '/v6/pages', { siteId: anyCaseSite, pathname: '/about', name: 'about' }))
    const found = await anyCase.call('GET', `/v6/pages/${inPath('/About')}?siteId=${anyCaseSite}`)
    expect([found.status, found.body.id]).toEqual([200, pageId])
  })

  it('differs from the other alternatives: kept stores /About as sent, lower-case as /about', async () => {
    const keeping = await start({ pagePathnameCase: 'kept' })
    const { id: keepingSite } = await keeping.site()
    const kept = await keeping.call('POST', '/v6/pages', { siteId: keepingSite, pathname: '/About', name: 'p' })
    expect([kept.status, kept.body.pathname]).toEqual([201, '/About'])
    await keeping.close()
    const lowering = await start({ pagePathnameCase: 'lower-case' })
    const { id: loweringSite } = await lowering.site()
    const lowered = await lowering.call('POST', '/v6/pages', { siteId: loweringSite, pathname: '/About', name: 'p' })
    expect([lowered.status, lowered.body.pathname]).toEqual([201, '/about'])
  })
})
