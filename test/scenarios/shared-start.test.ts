import { describe, expect, it } from 'vitest'
import '../../src/index.js'
import { createMock, type Mock } from '../../src/mock.js'
import { buildScenario } from '../../src/scenarios/index.js'
import { offerStart, ownStart, shareKey, shareStart } from '../../src/scenarios/shared-starts.js'
import { observe, runWrites } from '../support/write-sequences.js'

const now = (): Date => new Date('2026-06-01T12:00:00.000Z')

function pagesOf(mock: Mock): string[] {
  const { workspaces, sites } = mock.credentials()
  const response = mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${sites[0]!.id}&limit=100&includeOffline=true`, headers: { 'x-api-key': workspaces[0]!.appApiKey }, body: undefined })
  return (response.body as { data: Array<{ pathname: string }> }).data.map((page) => page.pathname)
}

describe('mocks of one scenario and seed in a process', () => {
  it('never see each other\'s writes, through the API, mock.store or a reset', () => {
    const fresh = observe(createMock({ scenario: 'multi-locale', seed: 11, now }))
    const first = createMock({ scenario: 'multi-locale', seed: 11, now })
    const second = createMock({ scenario: 'multi-locale', seed: 11, now })
    const before = pagesOf(second)
    runWrites(first, [{ kind: 'createPage', n: 0, text: 'first' }, { kind: 'deleteSite', n: 1, text: 'x' }])
    expect(pagesOf(first)).toContain('/made/first-0')
    expect(pagesOf(second)).toEqual(before)
    runWrites(second, [{ kind: 'createPage', n: 0, text: 'second' }])
    expect(pagesOf(first)).not.toContain('/made/second-0')
    const third = createMock({ scenario: 'multi-locale', seed: 11, now })
    expect(pagesOf(third)).toEqual(before)
    // A change made directly to a store stays in that mock's own.
    const site = [...third.store.sites.values()][0]!
    third.store.pages.remove(third.store.pages.ofSite(site.id).at(0)!)
    first.reset()
    expect(observe(first)).toEqual(fresh)
    expect(pagesOf(second)).toContain('/made/second-0')
    expect(pagesOf(createMock({ scenario: 'multi-locale', seed: 11, now }))).toEqual(before)
  })

  it('share the start state until one writes: the only reader takes it, another reader makes a copy', () => {
    const key = shareKey('test-sharing', 1)
    let builds = 0
    const build = () => {
      builds++
      return buildScenario('default', 1)
    }
    const a = shareStart(key, build)
    const b = shareStart(key, build)
    expect(b).toBe(a)
    expect(builds).toBe(1)
    const own = ownStart(key, b, build)
    expect(own).not.toBe(a)
    expect(builds).toBe(2)
    // The other reader is now alone with the shared store: it takes it without a copy.
    expect(ownStart(key, a, build)).toBe(a)
    expect(builds).toBe(2)
    // Taken, it is shared no more: the next reader gets a new build, until a store is offered back.
    expect(shareStart(key, build)).not.toBe(a)
    expect(offerStart(shareKey('test-sharing', 2), a)).toBe(true)
    expect(shareStart(shareKey('test-sharing', 2), build)).toBe(a)
    expect(builds).toBe(3)
  })
})
