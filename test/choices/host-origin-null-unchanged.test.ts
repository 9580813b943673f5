import { describe, expect, it } from 'vitest'
import { servedPerTest } from './choices-server.js'

/**
 * hostOriginNull `unchanged` over HTTP: a site update with `hostOrigin: null` is a 200 that
 * changes nothing of the origin, whatever else the update changes; `clears` empties it.
 */
const start = servedPerTest()

describe('hostOriginNull over HTTP', () => {
  it.each([
    ['unchanged', 'https://example.com'],
    ['clears', null],
  ] as const)('%s: a null hostOrigin beside a new name answers 200, renames the site, and leaves the origin %s', async (value, origin) => {
    const { call, site } = await start({ hostOriginNull: value })
    const { id } = await site()
    expect((await call('PATCH', `/v2/sites/${id}`, { hostOrigin: 'https://example.com' })).status).toBe(200)
    const answer = await call('PATCH', `/v2/sites/${id}`, { hostOrigin: null, name: 'renamed' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ name: 'renamed', hostOrigin: origin })
    expect((await call('GET', `/v2/sites/${id}`)).body).toMatchObject({ name: 'renamed', hostOrigin: origin })
  })

  it('unchanged: a site without an origin stays without one, and an origin sent is still taken', async () => {
    const { call, site } = await start({ hostOriginNull: 'unchanged' })
    const { id } = await site()
    expect((await call('PATCH', `/v2/sites/${id}`, { hostOrigin: null })).body.hostOrigin).toBeNull()
    expect((await call('PATCH', `/v2/sites/${id}`, { hostOrigin: 'https://other.example.com' })).body.hostOrigin).toBe('https://other.example.com')
  })

  it('unchanged: a hostOrigin that is neither null nor a URL is still a 400 naming it', async () => {
    const { call, site } = await start({ hostOriginNull: 'unchanged' })
    const { id } = await site()
    const answer = await call('PATCH', `/v2/sites/${id}`, { hostOrigin: 12 })
    expect(answer.status).toBe(400)
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'hostOrigin' })])
  })
})
