import { describe, expect, it } from 'vitest'
import { check, runAgainst } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { createdId, servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * A locale code written with `_` that the writes take as `-` (localeCodeCase any-spelling), which
 * a lookup compares as sent (localeLookupSpelling `as-sent`, beside sitemock's `as-written`), as a
 * deployment written from the documents alone does: its store normalizes a code as it writes it
 * and compares codes without case, but as sent. Over real HTTP the mock answers so; the probes
 * learn it back; the conformance twin takes it and its observation tells it; and the stateful group
 * holds it to itself under the default profile, naming sitemock's choice under --profile sitemock.
 */

const start = servedPerTest()
const TAG = 'contract-6d3f90b2'
const AS_SENT = { localeCodeCase: 'any-spelling', localeLookupCase: 'any-case', localeCodeStored: 'canonical', localeLookupSpelling: 'as-sent' } as const

describe('localeLookupSpelling as-sent: the mock', () => {
  it.each([
    ['as-written', 200],
    ['as-sent', 404],
  ] as const)('%s: a locale made as nl_be is read as nl-BE, and as nl_BE answers %i', async (spelling, status) => {
    const { call, site } = await start({ ...AS_SENT, localeLookupSpelling: spelling })
    const { id } = await site()
    const made = await call('POST', '/v2/locales', { siteId: id, locale: 'nl_be' })
    expect(made.body.locale).toBe('nl-BE')
    expect((await call('GET', `/v2/locales/NL-be?siteId=${id}`)).status).toBe(200)
    expect((await call('GET', `/v2/locales/nl_BE?siteId=${id}`)).status).toBe(status)
    expect((await call('PATCH', `/v2/locales/nl_BE?siteId=${id}`, { domain: null })).status).toBe(status)
    // A page list in the locale: listed as the code written with `-`, or as a locale the site lacks (a 400 naming locale).
    createdId(await call('POST', '/v6/pages', { siteId: id, pathname: '/p', name: 'p' }))
    expect((await call('GET', `/v6/pages?siteId=${id}&includeOffline=true&locale=nl_BE`)).status).toBe(status === 200 ? 200 : 400)
  })
})

describe('localeLookupSpelling as-sent: the probes and the twin', () => {
  it.each([
    [AS_SENT, 'as-sent'],
    [{ ...AS_SENT, localeLookupSpelling: 'as-written' }, 'as-written'],
  ] as const)('%j is learned back by the probes as %s', async (choices, learned) => {
    const file = await probe(await start(choices), TAG)
    expect(file.choices.localeLookupSpelling).toBe(learned)
  }, 60_000)

  it('is left unlearned where the writes take no `_`, with the reason', async () => {
    const file = await probe(await start({ localeLookupSpelling: 'as-sent' }), TAG)
    expect(file.choices.localeLookupSpelling).toBeUndefined()
  }, 60_000)

  it.each([
    [AS_SENT, 'as-sent'],
    [{ ...AS_SENT, localeLookupSpelling: 'as-written' }, 'as-written'],
    [{ localeLookupSpelling: 'as-sent' }, undefined],
  ] as const)('the twin takes %j, and its observation tells %s', async (choices, observed) => {
    expect(await observedOnPermissive('localeLookupSpelling', choices)).toBe(observed)
  })
})

describe('localeLookupSpelling as-sent: the stateful group', () => {
  const firstLines = (failures: ReadonlyArray<{ message: string }>): string[] => failures.map((failure) => failure.message.split('\n')[0]!)
  // What the probes learn of such a deployment before the sequences: the writes' spelling and case, the lookup's case.
  const LEARNED = { localeCodeCase: 'any-spelling', localeLookupCase: 'any-case', localeCodeStored: 'canonical' } as const

  it('no divergence under the default profile: the lookup as sent is adopted', async () => {
    const { url, mock } = await start(AS_SENT)
    const report = await runAgainst(url, mock, { only: ['stateful'], stateful: { runs: 40, seed: 1 }, choices: LEARNED })
    expect(firstLines(check(report, 'stateful.model').failures)).toEqual([])
    expect(report.notices.join('\n')).toContain('localeLookupSpelling: as-sent')
  }, 300_000)

  it('named under --profile sitemock, whose lookup reads `_` as `-`', async () => {
    const { url, mock } = await start(AS_SENT)
    const report = await runAgainst(url, mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 40, seed: 1 }, choices: LEARNED })
    const failures = check(report, 'stateful.model').failures
    expect(failures.map((failure) => failure.leftOpen ?? '')).toContainEqual(expect.stringMatching(/^sitemock's choice localeLookupSpelling="as-written"/))
  }, 300_000)
})
