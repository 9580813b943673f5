import { describe, expect, it } from 'vitest'
import { apartKey } from '../../src/api/site-keys.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'
import { optionsFor } from '../contract/support.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'

/**
 * deletedSiteKey: the Site key of a deleted site is no key at all (`401`, sitemock's) or a valid
 * key that reaches nothing (`403`). The mock follows either over HTTP, refusing the key where it
 * refuses a key without permission; the contract suite takes a 403 as a difference under the
 * default profile and names the class under the sitemock profile.
 */
const start = servedPerTest()

/** A site made and deleted, and a live one beside it with a page: what the deleted site's key is asked about. */
async function deletedBesideLive(s: ChoicesServer): Promise<{ gone: { id: string; key: string }; live: { id: string; key: string }; pageId: string }> {
  const gone = await s.site('gone')
  const live = await s.site('live')
  const pageId = createdId(await s.call('POST', '/v6/pages', { siteId: live.id, pathname: '/home', name: 'Home' }))
  expect((await s.call('DELETE', `/v2/sites/${gone.id}`)).status).toBe(204)
  return { gone, live, pageId }
}

/** Requests of every family, none of which the deleted site's key may reach. */
const requestsWith = (gone: { id: string }, live: { id: string }, pageId: string, workspaceId: string): Array<[string, string, unknown?]> => [
  ['GET', `/v2/sites/${gone.id}`],
  ['GET', `/v2/sites/${live.id}`],
  ['GET', `/v2/sites?workspaceId=${workspaceId}`],
  ['PATCH', `/v2/sites/${live.id}`, { name: 'Renamed' }],
  ['GET', `/v2/locales?siteId=${live.id}`],
  ['POST', '/v2/locales', { siteId: live.id, locale: 'fr-FR' }],
  ['GET', `/v6/pages?siteId=${live.id}`],
  ['GET', `/v6/pages/${pageId}`],
  ['PATCH', `/v6/pages/${pageId}`, { name: 'Renamed' }],
  ['POST', '/v2/routes', { siteId: live.id, pathname: '/r' }],
  ['POST', '/v2/sites', { workspaceId, name: 'By a deleted key' }],
]

describe('the mock under deletedSiteKey', () => {
  it.each<[string, Choices]>([
    ["sitemock's own", {}],
    ['401', { deletedSiteKey: '401' }],
  ])('%s: a deleted site\'s Site key is a 401 unauthorized on every operation', async (_label, choices) => {
    const s = await start(choices)
    const { gone, live, pageId } = await deletedBesideLive(s)
    for (const [method, path, body] of requestsWith(gone, live, pageId, s.workspaceId)) {
      const answer = await s.call(method, path, body, gone.key)
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.body.code, `${method} ${path}`).toBe('unauthorized')
    }
    expect(s.mock.store.deleted.siteOfKey(gone.key)).toBeUndefined()
  })

  it("403: a deleted site's Site key is a 403 forbidden on every operation, saying its site was deleted, and changes nothing", async () => {
    const s = await start({ deletedSiteKey: '403' })
    const { gone, live, pageId } = await deletedBesideLive(s)
    for (const [method, path, body] of requestsWith(gone, live, pageId, s.workspaceId)) {
      const answer = await s.call(method, path, body, gone.key)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.code, `${method} ${path}`).toBe('forbidden')
    }
    // In upper case too, as any Site key; and the message says why.
    const read = await s.call('GET', `/v2/sites/${live.id}`, undefined, gone.key.toUpperCase())
    expect(read.status).toBe(403)
    expect(read.body.message).toMatch(/site was deleted/)
    expect((await s.call('GET', `/v2/sites/${live.id}`)).body.name).toBe('live')
    expect((await s.call('GET', `/v2/locales?siteId=${live.id}`)).body.data).toHaveLength(1)
    // A key no site ever had is still a 401, and the live site's own key still reaches its site.
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, '1093964a-fd2d-4b9b-9b16-1405154f199c')).status).toBe(401)
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, live.key)).status).toBe(200)
  })

  it('403: the refusal comes where a key without permission is refused (validationOrder, accessOrder)', async () => {
    const malformedQuery = async (choices: Choices): Promise<number> => {
      const s = await start({ deletedSiteKey: '403', ...choices })
      const { gone, live } = await deletedBesideLive(s)
      return (await s.call('GET', `/v2/locales?siteId=${live.id}&limit=not-a-number`, undefined, gone.key)).status
    }
    expect(await malformedQuery({ validationOrder: 'access-first' })).toBe(403)
    expect(await malformedQuery({ validationOrder: 'params-access-body' })).toBe(400)
    const s = await start({ deletedSiteKey: '403', accessOrder: 'existence-first' })
    const { gone, live } = await deletedBesideLive(s)
    // Existence first: a site that does not exist (the deleted one too) is a 404 for every key; one that does, the 403.
    expect((await s.call('GET', '/v2/sites/1093964a-fd2d-4b9b-9b16-1405154f199c', undefined, gone.key)).status).toBe(404)
    expect((await s.call('GET', `/v2/sites/${gone.id}`, undefined, gone.key)).status).toBe(404)
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, gone.key)).status).toBe(403)
  })

  it("403, with Site keys apart from the publicApiKey: both of the deleted site's keys are the 403, unless its publicApiKey was never a key", async () => {
    const s = await start({ deletedSiteKey: '403', publicApiKeyAsSiteKey: 'forbidden' })
    const { gone, live } = await deletedBesideLive(s)
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, apartKey(gone.key))).status).toBe(403)
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, gone.key)).status).toBe(403)
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, gone.key.toUpperCase())).body.message).toMatch(/site was deleted/)
    // A publicApiKey that is no key at all stays one when its site is deleted; the Site key is still known.
    const never = await start({ deletedSiteKey: '403', publicApiKeyAsSiteKey: 'not-a-key' })
    const apart = await deletedBesideLive(never)
    expect((await never.call('GET', `/v2/sites/${apart.live.id}`, undefined, apart.gone.key)).status).toBe(401)
    expect((await never.call('GET', `/v2/sites/${apart.live.id}`, undefined, apartKey(apart.gone.key))).status).toBe(403)
  })

  it('403: a reset forgets the deleted keys, and a state exported and imported again is the same document', async () => {
    const s = await start({ deletedSiteKey: '403' })
    const { gone, live } = await deletedBesideLive(s)
    const exported = await (await fetch(`${s.url}/__mock/state`)).text()
    expect(exported).not.toContain(gone.key)
    expect((await fetch(`${s.url}/__mock/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })).status).toBe(200)
    expect(await (await fetch(`${s.url}/__mock/state`)).text()).toBe(exported)
    // The imported state is the live sites alone: the deleted key is no longer known.
    expect((await s.call('GET', `/v2/sites/${live.id}`, undefined, gone.key)).status).toBe(401)
    const again = await s.site('again')
    expect((await s.call('DELETE', `/v2/sites/${again.id}`)).status).toBe(204)
    expect(s.mock.store.deleted.siteOfKey(again.key)).toBeDefined()
    expect((await fetch(`${s.url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    expect(s.mock.store.deleted.siteOfKey(again.key)).toBeUndefined()
  })
})

describe('the same requests leave the same state under either alternative', () => {
  it('exports byte-identical states for one scenario, seed and clock, under 401 and 403, and after a reset', async () => {
    const exportAfter = async (choices: Choices): Promise<string[]> => {
      const mock = createMock({ choices, seed: 7, now: () => new Date('2026-01-01T00:00:00.000Z'), rateLimit: false })
      const running = await listen(mock, { port: 0, host: '127.0.0.1' })
      try {
        const { workspaces } = mock.credentials()
        const key = workspaces[0]!.appApiKey
        const send = (method: string, path: string, body?: unknown): Promise<Response> =>
          fetch(running.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
        const made = (await (await send('POST', '/v2/sites', { workspaceId: workspaces[0]!.id, name: 'gone' })).json()) as { id: string }
        await send('POST', '/v2/sites', { workspaceId: workspaces[0]!.id, name: 'kept' })
        await send('DELETE', `/v2/sites/${made.id}`)
        const state = await (await fetch(`${running.url}/__mock/state`)).text()
        await fetch(`${running.url}/__mock/reset`, { method: 'POST' })
        return [state, await (await fetch(`${running.url}/__mock/state`)).text()]
      } finally {
        await running.close()
      }
    }
    const [forgotten, kept] = [await exportAfter({ deletedSiteKey: '401' }), await exportAfter({ deletedSiteKey: '403' })]
    expect(kept).toEqual(forgotten)
    expect(kept[0]).not.toBe(kept[1])
  })
})

/** The suite's lifecycle checks run against the mock under deletedSiteKey 403. */
async function lifecycleRun(overrides: Partial<ContractOptions>): Promise<ContractReport> {
  const mock = createMock({ choices: { deletedSiteKey: '403' }, rateLimit: false })
  const running = await listen(mock, { port: 0, host: '127.0.0.1' })
  try {
    return await runContract(optionsFor(running.url, mock, { only: ['lifecycle'], ...overrides }))
  } finally {
    await running.close()
  }
}

describe('the contract suite against a deployment that answers a deleted site\'s key 403', () => {
  const siteDelete = (report: ContractReport) => report.checks.find((result) => result.id === 'lifecycle.site.delete')!

  it("passes lifecycle.site.delete once the probes learnt it, takes it as a difference unlearnt, and fails it naming deletedSiteKey under the sitemock profile", async () => {
    expect(siteDelete(await lifecycleRun({})).status).toBe('passed')
    const unlearnt = siteDelete(await lifecycleRun({ choices: {} }))
    expect(unlearnt.status).toBe('differs')
    expect(unlearnt.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(`sitemock's choice deletedSiteKey="401"`)])
    const sitemock = siteDelete(await lifecycleRun({ profile: 'sitemock' }))
    expect(sitemock.status).toBe('failed')
    expect(sitemock.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(`sitemock's choice deletedSiteKey="401"`)])
  }, 60_000)

  it('passes it against the mock under 401, learnt or not', async () => {
    const mock = createMock({ rateLimit: false })
    const running = await listen(mock, { port: 0, host: '127.0.0.1' })
    try {
      for (const overrides of [{}, { choices: {} }, { profile: 'sitemock' as const }]) {
        expect(siteDelete(await runContract(optionsFor(running.url, mock, { only: ['lifecycle'], ...overrides }))).status).toBe('passed')
      }
    } finally {
      await running.close()
    }
  }, 60_000)
})

describe("the stateful group against a deployment that answers a deleted site's key 403", () => {
  const failures = (report: ContractReport): string[] =>
    report.checks.find((result) => result.id === 'stateful.model')!.failures.map((failure) => `${failure.message.split('\n')[0]!} (${failure.leftOpen ?? ''})`)

  it('finds no divergence, learnt by the probes or not, and adopts the 403', async () => {
    const learnt = await lifecycleRun({ only: ['stateful'], stateful: { runs: 15, seed: 1 } })
    expect(failures(learnt)).toEqual([])
    const unlearnt = await lifecycleRun({ only: ['stateful'], stateful: { runs: 15, seed: 1 }, choices: {} })
    expect(failures(unlearnt)).toEqual([])
    expect(unlearnt.notices.find((line) => line.startsWith('stateful adopted'))).toContain('deletedSiteKey: 403')
  }, 120_000)

  it('names deletedSiteKey in the divergence a deleted site\'s key shows under the sitemock profile', async () => {
    const report = await lifecycleRun({ only: ['stateful'], profile: 'sitemock', stateful: { runs: 15, seed: 1 } })
    // The oracle's 401s are the deleted keys'. (A site list's 400 before a Site key's 403 may diverge too: a mock started with any
    // choices orders that refusal by validationOrder, where sitemock without choices refuses the key first; not this class's.)
    const refusedKeys = failures(report).filter((line) => line.includes('expected 401'))
    expect(refusedKeys).not.toEqual([])
    expect(refusedKeys).toEqual(refusedKeys.map(() => expect.stringContaining(`sitemock's choice deletedSiteKey="401"`)))
  }, 120_000)
})
