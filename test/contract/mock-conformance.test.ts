import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitCodeOf } from '../../src/contract/reporters/index.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming, type RecordedRequest } from './nonconforming-server.js'
import { describeFailures, runAgainst, withStatus } from './support.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CREATES = /^\/(v2\/sites|v2\/locales|v6\/pages|v2\/routes)$/

/** Everything a key can read of the scenario's own sites, to prove a run leaves them as they were. */
async function snapshot(server: Nonconforming): Promise<string> {
  const { workspaces, sites } = server.mock.credentials()
  const parts: unknown[] = []
  for (const site of sites) {
    const key = workspaces.find((workspace) => workspace.id === site.workspaceId)!.appApiKey
    for (const path of [`/v2/sites/${site.id}`, `/v2/locales?siteId=${site.id}&limit=100`, `/v6/pages?siteId=${site.id}&limit=100&includeOffline=true`, `/v2/routes?siteId=${site.id}&limit=100`]) {
      const response = await fetch(server.url + path, { headers: { 'x-api-key': key } })
      parts.push(path, response.status, await response.text())
    }
  }
  return JSON.stringify(parts)
}

/** A write that is not a create must target something the run created, or name nothing at all (a 404). */
function foreignWrites(requests: RecordedRequest[]): RecordedRequest[] {
  const created = new Set(requests.filter((request) => request.status === 201 && request.responseId).map((request) => request.responseId!))
  // What a list of a site the run created holds is the run's too (a new site's default locale, a copy's pages).
  for (const request of requests) if (created.has(new URLSearchParams(request.query).get('siteId') ?? '')) for (const id of request.listedIds ?? []) created.add(id)
  return requests.filter((request) => {
    // A made-up id names nothing, whatever the answer: a 401 or 403 before the 404 changes nothing either.
    if (request.method === 'GET' || (UUID.test(decodeURIComponent(request.path.split('/')[3] ?? request.bodySiteId ?? '')) && !request.targetExisted)) return false
    if (request.method === 'POST' && CREATES.test(request.path)) return request.bodySiteId !== undefined && UUID.test(request.bodySiteId) && !created.has(request.bodySiteId) && request.status !== 404
    const target = decodeURIComponent(request.path.split('/')[3] ?? '')
    if (created.has(target) || request.status === 404) return false
    const siteId = new URLSearchParams(request.query).get('siteId')
    return UUID.test(target) || siteId === null || !created.has(siteId)
  })
}

describe.each(['documents', 'published'] as const)('the contract suite against the mock, profile %s', (profile) => {
  let server: Nonconforming
  let before: string
  let sitesBefore: number
  let report: ContractReport

  beforeAll(async () => {
    server = await startNonconforming([])
    before = await snapshot(server)
    sitesBefore = server.mock.store.sites.size
    report = await runAgainst(server.url, server.mock, { profile })
  })
  afterAll(() => server.close())

  it('passes every check, and exits 0', () => {
    expect(describeFailures(report)).toBe('')
    expect(exitCodeOf(report)).toBe(0)
    expect(withStatus(report, 'passed').length).toBeGreaterThan(profile === 'documents' ? 120 : 70)
  })

  it('skips only what the profile does not promise, always with the reason', () => {
    const skipped = withStatus(report, 'skipped')
    if (profile === 'documents') expect(skipped.map((check) => check.id)).toEqual([])
    for (const check of skipped) expect(check.reason).toMatch(/^the published OpenAPI/)
  })

  it('deletes everything it created and leaves the scenario exactly as it found it', async () => {
    expect(report.cleanup.leftBehind).toEqual([])
    expect(report.cleanup.deleted.length).toBeGreaterThan(3)
    expect(server.mock.store.sites.size).toBe(sitesBefore)
    expect(await snapshot(server)).toBe(before)
  })

  it('never updates or deletes anything it did not create', () => {
    expect(foreignWrites(server.requests)).toEqual([])
    expect(server.requests.some((request) => request.method === 'PATCH')).toBe(true)
  })
})

describe('the contract suite with --concurrency', () => {
  it('runs checks side by side with the same verdict, and cleans up as well', async () => {
    const server = await startNonconforming([])
    try {
      const sitesBefore = server.mock.store.sites.size
      const report = await runAgainst(server.url, server.mock, { concurrency: 6 })
      expect(describeFailures(report)).toBe('')
      expect(withStatus(report, 'skipped')).toEqual([])
      expect(server.mock.store.sites.size).toBe(sitesBefore)
    } finally {
      await server.close()
    }
  })
})

describe('the contract suite with --read-only', () => {
  it('sends nothing but GET requests, and every check it runs passes', async () => {
    const server = await startNonconforming([])
    try {
      const report = await runAgainst(server.url, server.mock, { readOnly: true })
      expect(server.requests.length).toBeGreaterThan(50)
      expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([])
      expect(describeFailures(report)).toBe('')
      // The scenario's first workspace has one site, so there is no second site to be refused.
      const reasons = new Set(withStatus(report, 'skipped').map((check) => check.reason))
      expect(reasons).toEqual(new Set(['--read-only: the suite sends only GET requests', 'a second site is needed and the workspace has only one']))
      expect(withStatus(report, 'passed').length).toBeGreaterThan(20)
    } finally {
      await server.close()
    }
  })
})
