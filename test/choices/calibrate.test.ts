import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { choiceIds, NOT_FOLLOWED, type ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock, type MockOptions } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import { startIndependent } from '../contract/independent/index.js'
import { startPermissive } from '../contract/permissive/index.js'

/**
 * Calibration over real HTTP: the probes of `contract --write-choices` record the free choices
 * of an implementation written apart from sitemock; a mock given those choices then answers the
 * same probes as the implementation did, so probing it records the very same choices.
 */

interface Started {
  url: string
  appKey: string
  workspaceId: string
  close(): Promise<void>
}

async function mockServer(options: MockOptions): Promise<Started & { server: RunningServer }> {
  const server = await listen(createMock(options), { port: 0, host: '127.0.0.1' })
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  return { server, url: server.url, appKey: creds.workspaces[0]!.appApiKey, workspaceId: creds.workspaces[0]!.id, close: server.close }
}

const probe = (target: Started, run: string): Promise<ChoicesFile> => probeChoices({ baseUrl: target.url, apiKey: target.appKey, workspaceId: target.workspaceId, tag: `contract-${run}` })

const sitemockDefaults = Object.fromEntries(choiceCatalogue.map((c) => [c.id, c.sitemock]))

describe.each([
  ['the permissive implementation', startPermissive],
  ['the strict implementation', startIndependent],
] as const)('calibrating the mock from %s', (_name, start) => {
  let target: Started
  let recorded: ChoicesFile
  beforeAll(async () => {
    target = await start()
    recorded = await probe(target, 'aaaa0001')
  })
  afterAll(() => target.close())

  it('records its choices, leaves nothing of the probes behind, and gives a reason for each one it cannot record', async () => {
    expect(Object.keys(recorded.choices).length).toBeGreaterThanOrEqual(20)
    for (const reason of Object.values(recorded.unrecorded ?? {})) expect(reason?.length).toBeGreaterThan(10)
    const sites = (await (await fetch(`${target.url}/v2/sites?workspaceId=${target.workspaceId}&limit=100`, { headers: { 'x-api-key': target.appKey } })).json()) as { data: Array<{ name: string }> }
    expect(sites.data.filter((site) => site.name.startsWith('contract-aaaa0001'))).toEqual([])
  })

  it('serves a mock that the same probes find making the same choices', async () => {
    const calibrated = await mockServer({ choices: recorded.choices })
    try {
      const again = await probe(calibrated, 'aaaa0002')
      expect(again.choices).toMatchObject(recorded.choices)
      // A choice the first probes could not tell (tied pages whose ids came in creation order) is the mock's own the second time.
      for (const id of Object.keys(again.choices).filter((id) => !(id in recorded.choices))) expect([id, again.choices[id as keyof typeof again.choices]]).toEqual([id, sitemockDefaults[id]])
    } finally {
      await calibrated.close()
    }
  })
})

describe('the probes against sitemock itself', () => {
  it("record sitemock's own choices", async () => {
    const own = await mockServer({})
    try {
      const found = await probe(own, 'aaaa0003')
      for (const [id, value] of Object.entries(found.choices)) expect([id, value]).toEqual([id, sitemockDefaults[id]])
      // Unrecorded only: ties that may come in creation order by chance, the stored forms of inputs sitemock refuses (a trailing slash, no leading slash, a code in another case), the lookup of such a code,
      // the live version of a page (as it changes, as it goes offline, as it is published again), which no operation of sitemock's API publishes,
      // whether a publicApiKey reads routes besides its pages, how it meets offline pages, and whether it reads its site or its locales besides, where it is sitemock's Site key,
      // what its site page list does with parameters it does not take, where it takes every one, and where it judges the route rules, where its body comes after access.
      expect(Object.keys(found.unrecorded ?? {}).filter((id) => id !== 'sortTies').sort()).toEqual(['keyKindOrder', 'liveVersion', 'localeCodeStored', 'localeLookupCase', 'localeLookupSpelling', 'offlineLiveVersion', 'onlineRepublish', 'pagePathnameSlash', 'pathnameTrailingSlash', 'publicApiKeyLocales', 'publicApiKeyOfflinePages', 'publicApiKeyRoutes', 'publicApiKeySiteRead', 'routeRulesOrder', 'sitePagesUntaken'])
      // Every choice the mock can follow is probed, and none it cannot.
      expect([...Object.keys(found.choices), ...Object.keys(found.unrecorded ?? {})].sort()).toEqual(choiceIds.filter((id) => !NOT_FOLLOWED.has(id)).sort())
    } finally {
      await own.close()
    }
  })

  it('take its publicApiKey as its Site key where --site-api-key is the publicApiKey of a site of its own', async () => {
    const own = await mockServer({})
    try {
      const creds = (await (await fetch(`${own.url}/__mock/credentials`)).json()) as Credentials
      const siteApiKey = creds.sites.find((site) => site.workspaceId === own.workspaceId)!.siteApiKey
      const found = await probeChoices({ baseUrl: own.url, apiKey: own.appKey, workspaceId: own.workspaceId, tag: 'contract-aaaa0004', siteApiKey })
      expect(found.choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'allowed', siteKeyRoutes: 'read', accessOrder: sitemockDefaults.accessOrder })
    } finally {
      await own.close()
    }
  })
})
