import { describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'
import { optionsFor } from '../contract/support.js'
import { createdId, servedPerTest } from './choices-server.js'

/**
 * duplicateLocaleDomains: what a site's copy holds of its locales' domains. The mock follows it
 * over HTTP; the contract suite takes `dropped` under the default profile, learnt or not, and
 * names the class under the sitemock profile; so does the stateful group, which reads a copy's
 * locales as it learns them.
 */
const start = servedPerTest()

describe('the mock under duplicateLocaleDomains', () => {
  it.each([
    ['copied', 'https://fr.example.com', 'https://de.example.com'],
    ['dropped', null, null],
  ] as const)("%s: a copy's locales, live and copied deleted, have the original's domains or none", async (value, live, deleted) => {
    const s = await start({ duplicateLocaleDomains: value, duplicateDeletedLocales: 'copied' })
    const { id: siteId } = await s.site()
    const fr = createdId(await s.call('POST', '/v2/locales', { siteId, locale: 'fr-FR', domain: 'https://fr.example.com' }))
    const de = createdId(await s.call('POST', '/v2/locales', { siteId, locale: 'de-DE', domain: 'https://de.example.com' }))
    expect((await s.call('DELETE', `/v2/locales/${de}`)).status).toBe(204)
    const copyId = createdId(await s.call('POST', `/v2/sites/${siteId}/duplicate`, { name: 'copy' }))
    const copied = (await s.call('GET', `/v2/locales?siteId=${copyId}`)).body.data!
    expect(copied.find((locale) => locale.locale === 'fr-FR')).toMatchObject({ domain: live })
    // The copy's default locale had none to copy.
    expect(copied.filter((locale) => locale.locale !== 'fr-FR').map((locale) => locale.domain)).toEqual([null])
    // The deleted locale, copied still deleted, shows its domain once restored in the copy.
    const restored = await s.call('POST', `/v2/locales/de-DE/restore?siteId=${copyId}`)
    expect(restored.status).toBe(200)
    expect(restored.body.domain).toBe(deleted)
    // The original keeps its domains either way.
    expect((await s.call('GET', `/v2/locales/${fr}`)).body.domain).toBe('https://fr.example.com')
  })

  it('dropped: a copy of a site whose domains name one locale of all the sites takes no domain from it', async () => {
    const s = await start({ duplicateLocaleDomains: 'dropped', localeDomains: 'unique-everywhere' })
    const { id: siteId } = await s.site()
    createdId(await s.call('POST', '/v2/locales', { siteId, locale: 'fr-FR', domain: 'https://fr.example.com' }))
    const copyId = createdId(await s.call('POST', `/v2/sites/${siteId}/duplicate`, { name: 'copy' }))
    // The copy's locale, domain-less, takes a domain of its own; the original's stays the original's.
    expect((await s.call('PATCH', `/v2/locales/fr-FR?siteId=${copyId}`, { domain: 'https://fr-copy.example.com' })).status).toBe(200)
    expect((await s.call('PATCH', `/v2/locales/fr-FR?siteId=${copyId}`, { domain: 'https://fr.example.com' })).status).toBe(409)
  })
})

/** The suite run against the mock under duplicateLocaleDomains dropped. */
async function contractRun(overrides: Partial<ContractOptions>, choices: Choices = { duplicateLocaleDomains: 'dropped' }): Promise<ContractReport> {
  const mock = createMock({ choices, rateLimit: false })
  const running = await listen(mock, { port: 0, host: '127.0.0.1' })
  try {
    return await runContract(optionsFor(running.url, mock, overrides))
  } finally {
    await running.close()
  }
}

const resultOf = (report: ContractReport, id: string) => report.checks.find((result) => result.id === id)!
const statefulFailures = (report: ContractReport): string[] => resultOf(report, 'stateful.model').failures.map((failure) => `${failure.message.split('\n')[0]!} (${failure.leftOpen ?? ''})`)
const SITEMOCK_COPIED = `sitemock's choice duplicateLocaleDomains="copied"`
/** Sequence 97 of seed 1's run copies a site after giving a locale of it a domain; each test asserts it met the copy. */
const COPYING = { runs: 2, seed: 97 }

describe('the contract suite against a deployment whose copies drop their locales\' domains', () => {
  it("passes lifecycle.site.duplicate once the probes learnt it, takes it as a difference unlearnt, and fails it naming the class under the sitemock profile", async () => {
    const only: ContractOptions['only'] = ['lifecycle']
    expect(resultOf(await contractRun({ only }), 'lifecycle.site.duplicate').status).toBe('passed')
    const unlearnt = resultOf(await contractRun({ only, choices: {} }), 'lifecycle.site.duplicate')
    expect(unlearnt.status).toBe('differs')
    expect(unlearnt.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(SITEMOCK_COPIED)])
    const sitemock = resultOf(await contractRun({ only, profile: 'sitemock' }), 'lifecycle.site.duplicate')
    expect(sitemock.status).toBe('failed')
    expect(sitemock.failures.map((failure) => failure.leftOpen)).toEqual([expect.stringContaining(SITEMOCK_COPIED)])
    // sitemock's own copies pass it under either profile.
    expect(resultOf(await contractRun({ only, profile: 'sitemock' }, {}), 'lifecycle.site.duplicate').status).toBe('passed')
  }, 120_000)

  it('finds no divergence in the stateful group, learnt by the probes or not, and adopts dropped unlearnt', async () => {
    expect(statefulFailures(await contractRun({ only: ['stateful'], stateful: COPYING, learnChoices: true }))).toEqual([])
    const unlearnt = await contractRun({ only: ['stateful'], stateful: COPYING, choices: {} })
    expect(statefulFailures(unlearnt)).toEqual([])
    expect(unlearnt.notices.find((line) => line.startsWith('stateful adopted'))).toContain('duplicateLocaleDomains: dropped')
  }, 300_000)

  it('names duplicateLocaleDomains in the stateful divergence a copy\'s locales show under the sitemock profile', async () => {
    const report = await contractRun({ only: ['stateful'], profile: 'sitemock', stateful: COPYING })
    const copies = statefulFailures(report).filter((line) => line.includes('learning the locales of the new site'))
    expect(copies).not.toEqual([])
    for (const line of copies) expect(line).toContain(SITEMOCK_COPIED)
  }, 300_000)
})
