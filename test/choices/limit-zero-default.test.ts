import { afterEach, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { ContractReport } from '../../src/contract/types.js'
import { check, implementationOptions, runAgainst } from '../contract/support.js'
import { startPermissive, type Handle } from '../contract/permissive/index.js'
import { createdId, servedPerTest, type Answer, type ChoicesServer } from './choices-server.js'

/**
 * limitZero `default` over HTTP: `limit=0` on the lists of sites, pages, a site's pages and routes
 * answered exactly as no `limit` given, the default page of 20 (a deployment written from the
 * documents alone, with an ORM's `take: limit || 20`). The mock and the permissive implementation
 * follow it; the limit-range checks take the default page under the default profile, name the
 * class under `--profile sitemock`, and still fail a page of more than one item that is not the
 * first page without limit.
 */

const start = servedPerTest()

/** More routes than the default page holds: limit=0 read as none given shows 20 and hasMore true. */
const ROUTES = 22

type Call = (method: string, path: string, body?: unknown) => Promise<Answer>

/** Two sites, a site with two pages and ROUTES routes: each list holds more than one item, the routes more than a default page. */
async function lists(call: Call, workspaceId: string): Promise<Record<string, string>> {
  const siteId = createdId(await call('POST', '/v2/sites', { workspaceId, name: 'zero' }))
  createdId(await call('POST', '/v2/sites', { workspaceId, name: 'zero too' }))
  for (const name of ['a', 'b']) createdId(await call('POST', '/v6/pages', { siteId, pathname: `/${name}`, name }))
  for (let i = 0; i < ROUTES; i++) createdId(await call('POST', '/v2/routes', { siteId, pathname: `/r-${String(i).padStart(2, '0')}` }))
  return {
    sites: `/v2/sites?workspaceId=${workspaceId}`,
    pages: `/v6/pages?siteId=${siteId}&includeOffline=true`,
    'site pages': `/v2/sites/${siteId}/pages?includeOffline=true`,
    routes: `/v2/routes?siteId=${siteId}`,
  }
}

/** On each list, limit=0 answers exactly what no limit answers, from the start and after a cursor; the routes show a full default page. */
async function expectDefaultPages(call: Call, paths: Record<string, string>): Promise<void> {
  for (const [name, path] of Object.entries(paths)) {
    const first = await call('GET', path)
    expect([first.status, (first.body.data?.length ?? 0) > 1], name).toEqual([200, true])
    expect(await call('GET', `${path}&limit=0`), `${name} limit=0`).toEqual(first)
    const cursor = String(first.body.data![0]!.id)
    expect(await call('GET', `${path}&limit=0&startingAfter=${cursor}`), `${name} after a cursor`).toEqual(await call('GET', `${path}&startingAfter=${cursor}`))
  }
  const routes = await call('GET', `${paths.routes!}&limit=0`)
  expect([routes.body.data?.length, routes.body.hasMore]).toEqual([20, true])
}

describe('limitZero default over HTTP', () => {
  it('the mock answers limit=0 on the four lists exactly as no limit given', async () => {
    const server = await start({ limitZero: 'default' })
    await expectDefaultPages(server.call, await lists(server.call, server.workspaceId))
  }, 30_000)

  it('the permissive implementation answers limit=0 exactly as no limit given', async () => {
    const permissive = await startPermissive({ choices: { limitZero: 'default' } })
    try {
      const call: Call = async (method, path, body) => {
        const response = await fetch(permissive.url + path, { method, headers: { 'x-api-key': permissive.appKey, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
        return { status: response.status, body: (await response.json()) as Answer['body'] }
      }
      await expectDefaultPages(call, await lists(call, permissive.workspaceId))
    } finally {
      await permissive.close()
    }
  }, 30_000)
})

describe('the limit-range checks against a target that answers limit=0 as no limit given', () => {
  const DEFAULT_LISTS = ['sites', 'pages', 'site-pages', 'routes']
  const run = (server: ChoicesServer, profile: 'documents' | 'sitemock'): Promise<ContractReport> => runAgainst(server.url, server.mock, { only: ['pagination'], profile })

  it('pass under the default profile, and the probes learn default', async () => {
    const report = await run(await start({ limitZero: 'default' }), 'documents')
    for (const list of [...DEFAULT_LISTS, 'locales']) expect(check(report, `pagination.${list}.limit-range`).status, list).toBe('passed')
    expect(report.notices.join('\n')).toContain('not sitemock\'s: limitZero="default"')
    for (const list of DEFAULT_LISTS) expect(report.notices, list).toContain(`pagination.${list}.limit-range: held to the target's recorded choice limitZero="default" instead of sitemock's`)
  }, 120_000)

  it('fail under --profile sitemock, naming limitZero; the locale list, which refuses it, passes', async () => {
    const report = await run(await start({ limitZero: 'default' }), 'sitemock')
    for (const list of DEFAULT_LISTS) {
      const result = check(report, `pagination.${list}.limit-range`)
      expect(result.status, list).toBe('failed')
      expect(result.failures.map((failure) => failure.leftOpen ?? ''), list).toEqual([expect.stringContaining('sitemock\'s choice limitZero="refused"')])
    }
    expect(check(report, 'pagination.locales.limit-range').status).toBe('passed')
  }, 120_000)
})

describe('the limit-range checks against a page of more than one item at limit=0 that is not the default page', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  /** The permissive implementation at limitZero default, with its answers to limit=0 on the lists twisted. */
  async function paginationRun(twist: (page: { data: unknown[]; hasMore: boolean }) => { data: unknown[]; hasMore: boolean }): Promise<ContractReport> {
    const wrap =
      (inner: Handle): Handle =>
      (request) => {
        const answer = inner(request)
        if (request.method !== 'GET' || new URLSearchParams(request.query).get('limit') !== '0' || answer.status !== 200) return answer
        return { ...answer, body: { object: 'list', ...twist(answer.body as { data: unknown[]; hasMore: boolean }) } }
      }
    const server = await startPermissive({ choices: { limitZero: 'default' }, wrap })
    close = () => server.close()
    return runContract(implementationOptions(server, { only: ['pagination'] }))
  }

  it('fail the default page in another order on the lists the run made', async () => {
    const report = await paginationRun(({ data, hasMore }) => ({ data: [...data].reverse(), hasMore }))
    for (const list of ['pages', 'site-pages', 'routes']) {
      const result = check(report, `pagination.${list}.limit-range`)
      expect(result.status, list).toBe('failed')
      expect(result.failures.map((failure) => failure.message), list).toEqual(['expected at most 1 item with limit=0 (a page of none, or the page of limit=1), or the first page without limit (20 items with hasMore true), got 20 items with hasMore true'])
    }
  }, 120_000)

  it('fail a page that says more follow without being full', async () => {
    const report = await paginationRun(({ data }) => ({ data: data.slice(1), hasMore: true }))
    for (const list of ['sites', 'pages', 'site-pages', 'routes']) {
      const result = check(report, `pagination.${list}.limit-range`)
      expect(result.status, list).toBe('failed')
      expect(result.failures.map((failure) => failure.message)[0], list).toMatch(/^expected at most 1 item with limit=0 \(a page of none, or the page of limit=1\), or the first page without limit \(at most 20 items, hasMore true only with 20\), got \d+ items with hasMore true$/)
    }
  }, 120_000)
})
