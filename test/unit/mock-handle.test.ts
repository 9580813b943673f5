import { describe, expect, expectTypeOf, it } from 'vitest'
import { createMock, type Mock, type MockRequest } from '../../src/index.js'

/**
 * mock.handle() as a plain-JS or TypeScript caller writes requests: what this file passes
 * must type-check (tsc --noEmit compiles it) and answer as the README says.
 */
describe('mock.handle() with requests written by hand', () => {
  const mock = createMock({ rateLimit: false })
  const { workspaces, sites } = mock.credentials()
  const key = workspaces[0]!.appApiKey

  it('reads header names in any case', () => {
    for (const name of ['x-api-key', 'X-Api-Key', 'X-API-KEY']) {
      const response = mock.handle({ method: 'GET', path: `/v2/sites/${sites[0]!.id}`, headers: { [name]: key } })
      expect(response.status, name).toBe(200)
    }
    const created = mock.handle({
      method: 'POST',
      path: '/v2/sites',
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspaceId: workspaces[0]!.id, name: 'Any case' }),
    })
    expect(created.status).toBe(201)
  })

  it('takes a null body as none, and leaves query and headers out when there are none', () => {
    const withNull = mock.handle({ method: 'GET', path: `/v2/sites/${sites[0]!.id}`, query: '', headers: { 'x-api-key': key }, body: null })
    expect(withNull.status).toBe(200)
    const needsBody = mock.handle({ method: 'POST', path: '/v2/sites', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: null })
    expect(needsBody.status).toBe(400)
    expect(needsBody.body).toMatchObject({ details: [{ field: '(body)', message: expect.stringContaining('is required') as string }] })
    expect(mock.handle({ method: 'GET', path: '/v2/sites' }).status).toBe(401)
  })

  it('declares what it takes', () => {
    expectTypeOf<Mock['handle']>().parameter(0).toEqualTypeOf<MockRequest>()
    expectTypeOf<null>().toExtend<MockRequest['body']>()
    expectTypeOf<{ 'X-Api-Key': string }>().toExtend<NonNullable<MockRequest['headers']>>()
    // A body is text (JSON.stringify it), not an object: refused by the types, and at run time.
    // @ts-expect-error: a body is text, not an object
    expect(() => mock.handle({ method: 'POST', path: '/v2/sites', body: { name: 'x' } })).toThrow(/request\.body must be the body as text/)
  })
})
