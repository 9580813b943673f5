import { describe, expect, it } from 'vitest'
import { startPermissive, type Choices as TwinChoices } from '../contract/permissive/index.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * What a request the API has no operation for gets, over HTTP: a method a path does not take
 * (unservedMethod: a 405, or a 404 as for a path it lacks, outsider35) and a request without a
 * valid key there (unknownPathKey: the path first, or a 401, the key judged before routing,
 * outsider35), Update Route's path included where routes are served elsewhere (outsider36 answers
 * a route read there 405). The mock follows each, the probes tell them apart, the twin takes them.
 */
const start = servedPerTest()
const TAG = 'contract-7e3d9a1b'

describe('the mock, for a request it has no operation for', () => {
  it.each([
    ['405', 405, 'method_not_allowed'],
    ['404', 404, 'not_found'],
  ] as const)('unservedMethod %s: a POST to a site, and a route read at Update Route’s path where routes are served elsewhere', async (value, status, code) => {
    const server = await start({ unservedMethod: value, routeOperations: 'elsewhere' })
    const { id } = await server.site()
    const posted = await server.call('POST', `/v2/sites/${id}`, {})
    expect([posted.status, posted.body.code]).toEqual([status, code])
    const read = await server.call('GET', `/v2/routes/${id}`)
    expect([read.status, read.body.code]).toEqual([status, code])
    // The collection's path has no operation at all there: a 404 either way.
    expect((await server.call('GET', `/v2/routes?siteId=${id}`)).status).toBe(404)
  })

  it.each([
    ['path-first', 404],
    ['key-first', 401],
  ] as const)('unknownPathKey %s: a path the API lacks, without a key, is a %s; with the key a 404', async (value, status) => {
    const server = await start({ unknownPathKey: value })
    const nowhere = await fetch(`${server.url}/v2/nowhere`)
    expect(nowhere.status).toBe(status)
    expect((await server.call('GET', '/v2/nowhere')).status).toBe(404)
    const unknownKey = await fetch(`${server.url}/v2/nowhere`, { headers: { 'x-api-key': 'sk_not_a_key_of_this_mock' } })
    expect(unknownKey.status).toBe(status)
  })
})

/** Each alternative of the two classes, with the class it is one of. */
const EACH_ALTERNATIVE = [
  [{ unservedMethod: '405' }, 'unservedMethod', '405'],
  [{ unservedMethod: '404' }, 'unservedMethod', '404'],
  [{ unknownPathKey: 'path-first' }, 'unknownPathKey', 'path-first'],
  [{ unknownPathKey: 'key-first' }, 'unknownPathKey', 'key-first'],
] as const

describe('the probes and the twin, for a request there is no operation for', () => {
  it.each(EACH_ALTERNATIVE)('the probes learn %j back', async (choices, id, value) => {
    expect((await probe(await start(choices), TAG)).choices[id]).toBe(value)
  })

  it.each(EACH_ALTERNATIVE)('the twin takes and observes %j', async (choices, id, value) => {
    const permissive = await startPermissive({ choices: choices as TwinChoices })
    try {
      expect(await OBSERVE[id]!(new Client({ ...permissive, seed: 0, choices: choices as TwinChoices }))).toBe(value)
    } finally {
      await permissive.close()
    }
  })
})
