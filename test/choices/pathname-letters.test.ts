import { describe, expect, it } from 'vitest'
import { createdId, inPath, servedPerTest, type Answer } from './choices-server.js'

/**
 * pagePathnameCharacters `letters`, over HTTP: a page pathname's segments take letters, marks and
 * digits of any script, `-`, `_`, `.` and `~`; brackets, `.` and `..` segments, whitespace and other
 * characters are a 400 naming `pathname`, in a page create and a page update alike.
 */

const start = servedPerTest()

const fieldsOf = (answer: Answer): string[] => ((answer.body.details as Array<{ field: string }> | undefined) ?? []).map((detail) => detail.field)

describe('pagePathnameCharacters letters', () => {
  it.each(['/Straße', '/日本/ページ', '/café', '/a-b_c.d~e/2024', '/Ελλάδα/κείμενο'])('takes %s in a page create, stored as sent', async (pathname) => {
    const { call, site } = await start({ pagePathnameCharacters: 'letters' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'letters' })
    expect([answer.status, answer.body.pathname]).toEqual([201, pathname])
  })

  // pagePathnameForm `any`, so whitespace and the other characters meet no rule but this class's.
  it.each(['/x/[slug]', '/a/../b', '/a/.', '/a b', '/a!b', '/a%20b', '/a:b'])('refuses %s in a page create, naming pathname', async (pathname) => {
    const { call, site } = await start({ pagePathnameCharacters: 'letters', pagePathnameForm: 'any' })
    const { id } = await site()
    const answer = await call('POST', '/v6/pages', { siteId: id, pathname, name: 'letters' })
    expect([answer.status, answer.body.code, fieldsOf(answer)]).toEqual([400, 'bad_request', ['pathname']])
  })

  it('judges a page update the same way, by id or by a pathname in the path', async () => {
    const { call, site } = await start({ pagePathnameCharacters: 'letters' })
    const { id: siteId } = await site()
    const pageId = createdId(await call('POST', '/v6/pages', { siteId, pathname: '/Straße', name: 'letters' }))
    const found = await call('GET', `/v6/pages/${inPath('/Straße')}?siteId=${siteId}`)
    expect([found.status, found.body.id]).toEqual([200, pageId])
    const refused = await call('PATCH', `/v6/pages/${pageId}`, { pathname: '/x/[slug]' })
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['pathname']])
    const renamed = await call('PATCH', `/v6/pages/${inPath('/Straße')}?siteId=${siteId}`, { pathname: '/日本/ページ' })
    expect([renamed.status, renamed.body.id, renamed.body.pathname]).toEqual([200, pageId, '/日本/ページ'])
    const dotted = await call('PATCH', `/v6/pages/${inPath('/日本/ページ')}?siteId=${siteId}`, { pathname: '/a/../b' })
    expect([dotted.status, fieldsOf(dotted)]).toEqual([400, ['pathname']])
  })

  it('differs from the other alternatives: refused refuses /Straße and takes /a!b, accepted takes /x/[slug]', async () => {
    const refusing = await start({ pagePathnameCharacters: 'refused' })
    const { id: refusingSite } = await refusing.site()
    expect((await refusing.call('POST', '/v6/pages', { siteId: refusingSite, pathname: '/Straße', name: 'p' })).status).toBe(400)
    expect((await refusing.call('POST', '/v6/pages', { siteId: refusingSite, pathname: '/a!b', name: 'p' })).status).toBe(201)
    // servedPerTest closes only the last server it started.
    await refusing.close()
    const accepting = await start({ pagePathnameCharacters: 'accepted' })
    const { id: acceptingSite } = await accepting.site()
    expect((await accepting.call('POST', '/v6/pages', { siteId: acceptingSite, pathname: '/x/[slug]', name: 'p' })).status).toBe(201)
  })
})
