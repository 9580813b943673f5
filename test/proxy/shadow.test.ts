import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractReport } from '../../src/contract/types.js'
import type { FindingList } from '../../src/proxy/proxy-control.js'
import { mixedRun } from './mixed-run.js'
import { addOverride, keysOf, proxyInFront, send, stop, tearDown, type ProxySetup } from './support.js'

type Json = Record<string, unknown>

describe('sitemock proxy --shadow in front of a sitemock process', () => {
  let setup: ProxySetup
  const findings = async (): Promise<FindingList['findings']> => ((await (await fetch(`${setup.proxy.url}/__mock/findings`)).json()) as FindingList).findings

  beforeAll(async () => {
    setup = await proxyInFront(({ dir, appKey, workspaceId }) => ['--shadow', '--api-key', appKey, '--workspace-id', workspaceId, '--report', 'json', '--output', path.join(dir, 'report.json')])
  })
  afterAll(() => tearDown(setup))

  it('finds no divergence while the deployment keeps the contract', async () => {
    const { proxy, appKey, workspaceId, siteId } = setup
    const steps = await mixedRun({ proxy: proxy.url, appKey, workspaceId, siteId }, 80, 11)
    expect(steps.length).toBeGreaterThan(100)
    expect(await findings()).toEqual([])
  })

  it('reports an update answered with the old updatedAt as a divergence', async () => {
    const { target, proxy, appKey, siteId } = setup
    const list = (await send(proxy.url, { method: 'GET', path: `/v6/pages?siteId=${siteId}&limit=1` }, appKey)).json as { data: Json[] }
    const page = list.data[0]!
    // The update's own instant must come later on any clock than the read's.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await addOverride(target.url, { match: { method: 'PATCH', path: `/v6/pages/${String(page.id)}` }, response: { status: 200, body: page } })
    await send(proxy.url, { method: 'PATCH', path: `/v6/pages/${String(page.id)}`, body: {} }, appKey)
    const found = await findings()
    expect(found.map((finding) => [finding.rule, finding.failure.request?.method, finding.failure.request?.path])).toEqual([['same-as-the-mock', 'PATCH', `/v6/pages/${String(page.id)}`]])
    expect(found[0]!.failure.message).toMatch(/updatedAt \S+ is equal to (createdAt|updatedAt) \S+ seen earlier; expected after it/)
  })

  it('reports a list missing an item as a divergence', async () => {
    const { target, proxy, appKey, siteId } = setup
    const listPath = `/v2/locales?siteId=${siteId}&limit=100`
    const whole = (await send(target.url, { method: 'GET', path: listPath }, appKey)).json as { data: Json[] }
    await addOverride(target.url, { match: { method: 'GET', path: '/v2/locales', query: { siteId, limit: '100' } }, response: { status: 200, body: { object: 'list', data: whole.data.slice(1), hasMore: false } } })
    await send(proxy.url, { method: 'GET', path: listPath }, appKey)
    const divergence = (await findings()).find((finding) => finding.failure.request?.path === listPath)
    expect(divergence?.failure.message).toContain(`the whole list holds ${whole.data.length - 1} item(s)`)
  })

  it('writes the divergences in its report, and no key anywhere', async () => {
    const { target, proxy, dir } = setup
    expect(await stop(proxy.child)).toBe(1)
    const reportText = fs.readFileSync(path.join(dir, 'report.json'), 'utf8')
    const shadowCheck = (JSON.parse(reportText) as ContractReport).checks.find((check) => check.id === 'stateful.proxy.shadow')!
    expect(shadowCheck.failures).toHaveLength(2)
    for (const text of [reportText, proxy.output()]) for (const key of keysOf(target.credentials)) expect(text).not.toContain(key)
  })
})

describe('sitemock proxy --shadow of one site, with its Site key', () => {
  let setup: ProxySetup
  const siteKeyOf = (target: ProxySetup['target'], siteId: string): string => target.credentials.sites.find((site) => site.id === siteId)!.siteApiKey

  beforeAll(async () => {
    setup = await proxyInFront(({ target, siteId }) => ['--shadow', '--api-key', siteKeyOf(target, siteId), '--site-id', siteId, '--log', 'off'])
  })
  afterAll(() => tearDown(setup))

  it('answers the Site key as the deployment does: the same 403s, the same reads and writes', async () => {
    const { target, proxy, workspaceId, siteId } = setup
    const steps = await mixedRun({ proxy: proxy.url, appKey: siteKeyOf(target, siteId), workspaceId, siteId }, 60, 5)
    expect(steps.some((step) => step.answer.status === 403)).toBe(true)
    expect(steps.some((step) => step.answer.status === 201)).toBe(true)
    expect(((await (await fetch(`${proxy.url}/__mock/findings`)).json()) as FindingList).findings).toEqual([])
  })
})
