import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { runAgainst, check } from '../contract/support.js'
import { startPermissive } from '../contract/permissive/index.js'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * limitZero `clamped` over HTTP: `limit=0` on the lists of sites, pages, a site's pages and routes
 * answered exactly as `limit=1` (one item, hasMore as for limit 1), where `accepted` answers a
 * page of none and `refused` (sitemock) a 400 naming `limit`. List Locales refuses it either way;
 * a negative limit stays refused. The permissive implementation (the twin) follows it alike, the
 * twin's observation and the limit-range checks tell it, and the checks name it under
 * `--profile sitemock`.
 */

const start = servedPerTest()

/** A site with two pages and two routes, and two sites at least in the workspace: each list holds more than one item. */
async function lists({ call, site, workspaceId }: Pick<ChoicesServer, 'call' | 'site' | 'workspaceId'>): Promise<{ lists: Record<string, string>; siteId: string }> {
  const { id: siteId } = await site('zero')
  await site('zero too')
  for (const name of ['a', 'b']) {
    createdId(await call('POST', '/v6/pages', { siteId, pathname: `/${name}`, name }))
    createdId(await call('POST', '/v2/routes', { siteId, pathname: `/r-${name}` }))
  }
  return {
    siteId,
    lists: {
      sites: `/v2/sites?workspaceId=${workspaceId}`,
      pages: `/v6/pages?siteId=${siteId}&includeOffline=true`,
      'site pages': `/v2/sites/${siteId}/pages?includeOffline=true`,
      routes: `/v2/routes?siteId=${siteId}`,
    },
  }
}

/** A 400 naming `limit`, and nothing else. */
function expectLimitRefused(answer: Answer, label: string): void {
  expect([answer.status, answer.body.code], label).toEqual([400, 'bad_request'])
  expect((answer.body.details as Array<{ field: string }>).map((detail) => detail.field), label).toEqual(['limit'])
}

describe('limitZero over HTTP', () => {
  it('clamped: limit=0 on the four lists is answered exactly as limit=1, a cursor kept', async () => {
    const server = await start({ limitZero: 'clamped' })
    const { lists: paths } = await lists(server)
    for (const [name, path] of Object.entries(paths)) {
      const one = await server.call('GET', `${path}&limit=1`)
      expect([one.status, one.body.data?.length, one.body.hasMore], name).toEqual([200, 1, true])
      expect(await server.call('GET', `${path}&limit=0`), `${name} limit=0`).toEqual(one)
      const cursor = String(one.body.data![0]!.id)
      const next = await server.call('GET', `${path}&limit=1&startingAfter=${cursor}`)
      expect(next.body.data?.length, name).toBe(1)
      expect(await server.call('GET', `${path}&limit=0&startingAfter=${cursor}`), `${name} after a cursor`).toEqual(next)
    }
  }, 30_000)

  it('accepted: limit=0 on the four lists is a page of none, hasMore true', async () => {
    const server = await start({ limitZero: 'accepted' })
    const { lists: paths } = await lists(server)
    for (const [name, path] of Object.entries(paths)) {
      const zero = await server.call('GET', `${path}&limit=0`)
      expect([zero.status, zero.body.data?.length, zero.body.hasMore], name).toEqual([200, 0, true])
    }
  }, 30_000)

  it.each(['refused', 'accepted', 'clamped', 'default'] as const)('%s: List Locales refuses limit=0, and no list takes limit=-1', async (value) => {
    const server = await start({ limitZero: value })
    const { lists: paths, siteId } = await lists(server)
    expectLimitRefused(await server.call('GET', `/v2/locales?siteId=${siteId}&limit=0`), 'locales')
    for (const [name, path] of Object.entries(paths)) {
      expectLimitRefused(await server.call('GET', `${path}&limit=-1`), `${name} limit=-1`)
      if (value === 'refused') expectLimitRefused(await server.call('GET', `${path}&limit=0`), `${name} limit=0`)
    }
  }, 30_000)
})

describe('the permissive implementation and the twin’s observation under limitZero', () => {
  it('the permissive implementation answers limit=0 as limit=1 at clamped', async () => {
    const permissive = await startPermissive({ choices: { limitZero: 'clamped' } })
    try {
      const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
        const response = await fetch(permissive.url + path, { method, headers: { 'x-api-key': permissive.appKey, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
        return { status: response.status, body: (await response.json()) as Answer['body'] }
      }
      const site = async (name: string) => {
        const made = await call('POST', '/v2/sites', { workspaceId: permissive.workspaceId, name })
        return { id: createdId(made), key: String(made.body.publicApiKey) }
      }
      const { lists: paths } = await lists({ call, site, workspaceId: permissive.workspaceId })
      for (const [name, path] of Object.entries(paths)) {
        const one = await call('GET', `${path}&limit=1`)
        expect([one.status, one.body.data?.length, one.body.hasMore], name).toEqual([200, 1, true])
        expect(await call('GET', `${path}&limit=0`), `${name} limit=0`).toEqual(one)
      }
    } finally {
      await permissive.close()
    }
  }, 30_000)

  it.each(['refused', 'accepted', 'clamped', 'default'] as const)('the twin tells %s from outside', async (alternative) => {
    const choices: Choices = { limitZero: alternative }
    expect(await observedOnPermissive('limitZero', choices)).toBe(alternative)
  })
})

describe('the limit-range checks against a target that answers limit=0 as limit=1', () => {
  const CLAMPED_LISTS = ['sites', 'pages', 'site-pages', 'routes']

  it('pass under the default profile, and the probes learn clamped', async () => {
    const server = await start({ limitZero: 'clamped' })
    const report = await runAgainst(server.url, server.mock, { only: ['pagination'] })
    for (const list of [...CLAMPED_LISTS, 'locales']) expect(check(report, `pagination.${list}.limit-range`).status, list).toBe('passed')
    expect(report.notices.join('\n')).toContain('not sitemock\'s: limitZero="clamped"')
    for (const list of CLAMPED_LISTS) expect(report.notices, list).toContain(`pagination.${list}.limit-range: held to the target's recorded choice limitZero="clamped" instead of sitemock's`)
  }, 120_000)

  it('fail under --profile sitemock, naming limitZero; the locale list, which refuses it, passes', async () => {
    const server = await start({ limitZero: 'clamped' })
    const report = await runAgainst(server.url, server.mock, { only: ['pagination'], profile: 'sitemock' })
    for (const list of CLAMPED_LISTS) {
      const result = check(report, `pagination.${list}.limit-range`)
      expect(result.status, list).toBe('failed')
      expect(result.failures.map((failure) => failure.leftOpen ?? ''), list).toEqual([expect.stringContaining('sitemock\'s choice limitZero="refused"')])
    }
    expect(check(report, 'pagination.locales.limit-range').status).toBe('passed')
  }, 120_000)
})
