import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ContractClient, rateLimitWait } from '../../src/contract/http-client.js'
import { Throttle } from '../../src/contract/throttle.js'
import { CreatedResources, SafetyError } from '../../src/contract/tracker.js'
import { startNonconforming } from './nonconforming-server.js'

function clientFor(url: string, apiKey: string, options: { readOnly?: boolean; tracker?: CreatedResources; notices?: string[] } = {}): ContractClient {
  return new ContractClient({
    baseUrl: url,
    apiKey,
    throttle: new Throttle(1, 0),
    tracker: options.tracker ?? new CreatedResources(),
    readOnly: options.readOnly ?? false,
    timeoutMs: 5000,
    notice: (message) => options.notices?.push(message),
  })
}

describe('the throttle', () => {
  it('starts requests no faster than --max-rps', async () => {
    const throttle = new Throttle(4, 20)
    const started = Date.now()
    await Promise.all(Array.from({ length: 6 }, () => throttle.run(async () => undefined)))
    // Six starts at 20 per second: five gaps of 50 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(245)
  })

  it('keeps at most --concurrency requests in flight', async () => {
    const throttle = new Throttle(2, 0)
    let inFlight = 0
    let most = 0
    const task = async (): Promise<void> => {
      most = Math.max(most, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 20))
      inFlight--
    }
    await Promise.all(Array.from({ length: 7 }, () => throttle.run(task)))
    expect(most).toBe(2)
  })
})

describe('429 handling', () => {
  it('reads the wait from x-ratelimit-reset (seconds or an epoch time), else Retry-After', () => {
    expect(rateLimitWait(new Headers({ 'x-ratelimit-reset': '2' }))).toEqual({ ms: 2000, source: 'x-ratelimit-reset: 2' })
    const epoch = Math.ceil(Date.now() / 1000) + 3
    expect(rateLimitWait(new Headers({ 'x-ratelimit-reset': String(epoch) })).ms).toBeGreaterThan(1500)
    expect(rateLimitWait(new Headers({ 'retry-after': '1' }))).toEqual({ ms: 1000, source: 'Retry-After: 1' })
    expect(rateLimitWait(new Headers()).source).toBe('no x-ratelimit-reset or Retry-After header')
  })

  it('waits for the reset, retries, and says so', async () => {
    const server = await startNonconforming([], { rateLimit: 3 })
    try {
      const { workspaces, sites } = server.mock.credentials()
      const notices: string[] = []
      const client = clientFor(server.url, workspaces[0]!.appApiKey, { notices })
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await client.send({ method: 'GET', template: '/v2/sites/{siteId}', params: { siteId: sites[0]!.id } })).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200])
      expect(server.requests.some((request) => request.status === 429)).toBe(true)
      expect(notices[0]).toMatch(/^429 Too Many Requests on GET \/v2\/sites\/[\w-]+: waiting 1\.0 s \(x-ratelimit-reset: 1\), then retrying \(retry 1 of 5\)$/)
    } finally {
      await server.close()
    }
  })
})

describe('the safety guard', () => {
  const site = (tracker: CreatedResources): string => {
    const id = randomUUID()
    tracker.add({ kind: 'site', id, label: 'contract-test sandbox' })
    return id
  }

  it('lets writes reach only what the run created, or ids it made up itself', () => {
    const tracker = new CreatedResources()
    const own = site(tracker)
    const foreign = randomUUID()
    const write = (method: string, template: string, params: Record<string, string>, query: Record<string, string> = {}, body?: unknown): void =>
      tracker.assertMayWrite({ method, template, params, query, body })
    expect(() => write('PATCH', '/v2/sites/{siteId}', { siteId: own })).not.toThrow()
    expect(() => write('DELETE', '/v2/sites/{siteId}', { siteId: tracker.phantomId() })).not.toThrow()
    expect(() => write('POST', '/v2/sites', {}, {}, { workspaceId: randomUUID(), name: 'contract-test' })).not.toThrow()
    expect(() => write('PATCH', '/v2/sites/{siteId}', { siteId: foreign })).toThrow(SafetyError)
    expect(() => write('DELETE', '/v6/pages/{pageIdOrPathname}', { pageIdOrPathname: foreign })).toThrow(SafetyError)
    expect(() => write('POST', '/v6/pages', {}, {}, { siteId: foreign, pathname: '/x', name: 'x' })).toThrow(SafetyError)
    expect(() => write('DELETE', '/v2/locales/{localeIdOrCode}', { localeIdOrCode: 'fr-FR' }, { siteId: foreign })).toThrow(SafetyError)
    expect(() => write('DELETE', '/v2/locales/{localeIdOrCode}', { localeIdOrCode: 'fr-FR' })).toThrow(SafetyError)
    expect(() => write('DELETE', '/v2/locales/{localeIdOrCode}', { localeIdOrCode: 'fr-FR' }, { siteId: own })).not.toThrow()
  })

  it('records what a create answered, whatever the check expected, so that cleanup knows it', async () => {
    const server = await startNonconforming([])
    try {
      const { workspaces } = server.mock.credentials()
      const tracker = new CreatedResources()
      const client = clientFor(server.url, workspaces[0]!.appApiKey, { tracker })
      const created = await client.send({ method: 'POST', template: '/v2/sites', body: { workspaceId: workspaces[0]!.id, name: 'contract-test tracked' } })
      expect(tracker.live()).toEqual([{ kind: 'site', id: (created.body as { id: string }).id, label: 'contract-test tracked' }])
      await client.send({ method: 'DELETE', template: '/v2/sites/{siteId}', params: { siteId: (created.body as { id: string }).id } })
      expect(tracker.live()).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('refuses anything but GET under --read-only, before it reaches the server', async () => {
    const server = await startNonconforming([])
    try {
      const { workspaces } = server.mock.credentials()
      const client = clientFor(server.url, workspaces[0]!.appApiKey, { readOnly: true })
      await expect(client.send({ method: 'POST', template: '/v2/sites', body: { workspaceId: workspaces[0]!.id, name: 'x' } })).rejects.toThrow('--read-only: refused to send POST /v2/sites')
      expect(server.requests).toEqual([])
    } finally {
      await server.close()
    }
  })
})
