import { describe, expect, it } from 'vitest'
import type { Choices } from '../contract/permissive/index.js'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'
import { servedPerTest } from './choices-server.js'

/**
 * A deployment that looks a `startingAfter` up among every item of the list's family and refuses
 * one the key does not reach with a 403 (foreignCursor refused-unreached), as a deployment in the
 * field does: a Site key's page list after another site's page is refused, the App key's answered
 * as as-outside says. The probes learn it back with a Site key, changing nothing; the conformance
 * twin's observation tells it; and the stateful group adopts it rather than reading the 403 as the
 * key's own reach, or names it under --profile sitemock.
 */

const start = servedPerTest()
const TAG = 'contract-4f0c2e77'

describe('foreignCursor refused-unreached: the probes', () => {
  it.each([
    [{ foreignCursor: 'refused-unreached' }, 'refused-unreached'],
    [{ foreignCursor: 'refused-unreached', cursorOutsideList: 'after-place' }, 'refused-unreached'],
    [{}, 'as-outside'],
    [{ cursorOutsideList: 'after-place' }, 'as-outside'],
  ] as const)('learn %j back as %s with the Site key of their own site', async (choices, learned) => {
    expect((await probe(await start(choices), TAG)).choices.foreignCursor).toBe(learned)
  })

  it('learn it with --site-api-key where the publicApiKey is no Site key, changing nothing of its site', async () => {
    const server = await start({ foreignCursor: 'refused-unreached', publicApiKeyAsSiteKey: 'forbidden' })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect([learned.choices.foreignCursor, learned.unrecorded?.foreignCursor]).toEqual(['refused-unreached', undefined])
    expect(await contentsOf(server, site.id)).toEqual(before)
  })

  it("keep the App key's as-outside where they know no Site key", async () => {
    expect((await probe(await start({ foreignCursor: 'refused-unreached', publicApiKeyAsSiteKey: 'forbidden' }), TAG)).choices.foreignCursor).toBe('as-outside')
  })
})

describe('foreignCursor refused-unreached: the conformance twin', () => {
  it.each([
    [{ foreignCursor: 'refused-unreached' }, 'refused-unreached'],
    [{ foreignCursor: 'refused-unreached', cursorOutsideList: 'after-place' }, 'refused-unreached'],
    [{ foreignCursor: 'refused-unreached', publicApiKeyAsSiteKey: 'forbidden' }, 'refused-unreached'],
    [{ foreignCursor: 'as-outside', cursorOutsideList: 'after-place' }, 'as-outside'],
    // The App key's 400 is an item the list leaves out too: as-outside and 400 alike, hidden.
    [{ foreignCursor: 'as-outside', cursorOutsideList: '400' }, undefined],
  ] as const)('takes %j, and its observation tells %s', async (choices: Choices, observed) => {
    expect(await observedOnPermissive('foreignCursor', choices)).toBe(observed)
  })
})

describe('foreignCursor refused-unreached: the stateful group', () => {
  // Forty sequences from seed 1 send a Site key's lists after another site's item several times.
  const RUNS = 40

  it.each([{}, { cursorOutsideList: 'after-place' }] as const)('adopts it under the default profile, cursorOutsideList %j, and finds no divergence', async (outside) => {
    const { url, mock } = await start({ foreignCursor: 'refused-unreached', ...outside })
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: RUNS, seed: 1 }, choices: {} })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0])).toEqual([])
    const adopted = report.notices.find((line) => line.startsWith('stateful adopted')) ?? ''
    expect(adopted).toMatch(/foreignCursor \([^)]*\): refused-unreached/)
    // The 403 is the cursor's: no key's reach was read from it.
    expect(adopted).not.toMatch(/publicApiKeyAsSiteKey: forbidden|siteKeyRoutes: refused/)
  }, 300_000)

  it('names the class under --profile sitemock', async () => {
    const { url, mock } = await start({ foreignCursor: 'refused-unreached' })
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: RUNS, seed: 1 } })
    const named = check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')
    expect(named.filter((reason) => reason.startsWith(`sitemock's choice foreignCursor="as-outside"`)).length).toBeGreaterThan(0)
    expect(named.filter((reason) => /publicApiKeyAsSiteKey|siteKeyRoutes/.test(reason))).toEqual([])
  }, 300_000)
})
