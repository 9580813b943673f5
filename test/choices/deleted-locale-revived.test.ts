import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { runContract } from '../../src/contract/runner.js'
import type { ContractOptions, ContractReport } from '../../src/contract/types.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'
import { optionsFor } from '../contract/support.js'
import { createdId, servedPerTest, type ChoicesServer } from './choices-server.js'
import { atLength } from '../soak/lengths.js'

/**
 * deletedLocaleCode `revived`: a locale create with the code of a deleted locale of its site brings
 * that very locale back (its id, its pages' localizations, the domain the create sends), and a
 * rename onto such a code discards the deleted locale for good. The mock follows it over HTTP,
 * `free` and `reserved` answer as before, and the stateful group adopts it under the default
 * profile and names the class under the sitemock profile.
 */
const start = servedPerTest()

/** The mock under these choices, with the multi-locale scenario's sites: their fr-FR locale has pages localized in it. */
const served = (choices: Choices): Promise<ChoicesServer> => start(choices, 'multi-locale')

/** The first site's fr-FR locale, deleted: the site, the locale's id, and the ids of the pages listed in fr-FR before. */
async function deletedFrench({ call, workspaceId }: ChoicesServer): Promise<{ siteId: string; localeId: string; localized: unknown[] }> {
  const siteId = String((await call('GET', `/v2/sites?workspaceId=${workspaceId}`)).body.data![0]!.id)
  const localeId = String((await call('GET', `/v2/locales/fr-FR?siteId=${siteId}`)).body.id)
  const localized = await inFrench(call, siteId)
  expect(localized.length).toBeGreaterThan(0)
  expect((await call('DELETE', `/v2/locales/${localeId}`)).status).toBe(204)
  // A locale the site lacks: the list in it is refused.
  expect((await call('GET', `/v6/pages?siteId=${siteId}&locale=fr-FR&limit=100`)).status).toBe(400)
  return { siteId, localeId, localized }
}

/** The ids of the site's pages listed in fr-FR, each shown in that locale. */
async function inFrench(call: ChoicesServer['call'], siteId: string): Promise<unknown[]> {
  const listed = await call('GET', `/v6/pages?siteId=${siteId}&locale=fr-FR&limit=100`)
  expect(listed.status).toBe(200)
  for (const page of listed.body.data!) expect(page.locale).toBe('fr-FR')
  return listed.body.data!.map((page) => page.id)
}

describe('the mock under deletedLocaleCode revived', () => {
  it("brings the deleted locale back on a create with its code: a 201 with its own id, the create's domain, its pages' localizations read again", async () => {
    const server = await served({ deletedLocaleCode: 'revived' })
    const { siteId, localeId, localized } = await deletedFrench(server)
    const again = await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR', domain: 'https://new.example.com' })
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ object: 'locale', id: localeId, locale: 'fr-FR', domain: 'https://new.example.com', isDefault: false })
    expect((await server.call('GET', `/v2/locales/${localeId}`)).body).toEqual(again.body)
    // Back in its place in the list, as a restore brings it.
    const listed = await server.call('GET', `/v2/locales?siteId=${siteId}`)
    expect(listed.body.data?.map((locale) => locale.locale)).toEqual(['en-US', 'fr-FR', 'de-DE', 'es-ES'])
    expect(await inFrench(server.call, siteId)).toEqual(localized)
    // Live again, it is no deleted locale to restore.
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(409)
  })

  it('gives a revived locale no domain where the create sends none', async () => {
    const server = await served({ deletedLocaleCode: 'revived' })
    const { siteId, localeId } = await deletedFrench(server)
    const again = await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' })
    expect(again.body).toMatchObject({ id: localeId, domain: null })
  })

  it('lets a rename take the code of a deleted locale, which is then gone for good: its restore is a 404, and a create makes a new locale', async () => {
    const server = await served({ deletedLocaleCode: 'revived' })
    const { siteId, localeId } = await deletedFrench(server)
    const other = createdId(await server.call('POST', '/v2/locales', { siteId, locale: 'it-IT' }))
    const renamed = await server.call('PATCH', `/v2/locales/${other}`, { locale: 'fr-FR' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id: other, locale: 'fr-FR' })
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(404)
    expect((await server.call('POST', `/v2/locales/fr-FR/restore?siteId=${siteId}`)).status).toBe(409)
    // Deleted in its turn, the renamed locale is the one a create brings back.
    expect((await server.call('DELETE', `/v2/locales/${other}`)).status).toBe(204)
    expect((await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' })).body.id).toBe(other)
  })

  it('keeps a domain taken where a domain names one locale (localeDomains unique): the create is a 409 and the locale stays deleted', async () => {
    const server = await served({ deletedLocaleCode: 'revived', localeDomains: 'unique' })
    const { siteId, localeId } = await deletedFrench(server)
    createdId(await server.call('POST', '/v2/locales', { siteId, locale: 'it-IT', domain: 'https://taken.example.com' }))
    expect((await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR', domain: 'https://taken.example.com' })).status).toBe(409)
    expect((await server.call('GET', `/v2/locales/${localeId}`)).status).toBe(404)
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(200)
  })

  it('answers a delete sent again of a discarded locale 204 where deletes are idempotent', async () => {
    const server = await served({ deletedLocaleCode: 'revived', repeatedDelete: 'idempotent' })
    const { siteId, localeId } = await deletedFrench(server)
    const other = createdId(await server.call('POST', '/v2/locales', { siteId, locale: 'it-IT' }))
    expect((await server.call('PATCH', `/v2/locales/${other}`, { locale: 'fr-FR' })).status).toBe(200)
    expect((await server.call('DELETE', `/v2/locales/${localeId}`)).status).toBe(204)
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(404)
  })
})

describe('the mock under deletedLocaleCode free and reserved, as before', () => {
  it('free: a create with the code of a deleted locale makes a new one, and the deleted one is still restorable once that one is deleted', async () => {
    const server = await served({ deletedLocaleCode: 'free' })
    const { siteId, localeId } = await deletedFrench(server)
    const again = createdId(await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' }))
    expect(again).not.toBe(localeId)
    expect((await server.call('DELETE', `/v2/locales/${again}`)).status).toBe(204)
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(200)
  })

  it('reserved: a create or a rename with the code of a deleted locale is a 409, and the locale is still restorable', async () => {
    const server = await served({ deletedLocaleCode: 'reserved' })
    const { siteId, localeId } = await deletedFrench(server)
    expect((await server.call('POST', '/v2/locales', { siteId, locale: 'fr-FR' })).status).toBe(409)
    const other = createdId(await server.call('POST', '/v2/locales', { siteId, locale: 'it-IT' }))
    expect((await server.call('PATCH', `/v2/locales/${other}`, { locale: 'fr-FR' })).status).toBe(409)
    expect((await server.call('POST', `/v2/locales/${localeId}/restore`)).status).toBe(200)
  })
})

/** The suite run against the mock under these choices. */
async function contractRun(choices: Choices, overrides: Partial<ContractOptions>): Promise<ContractReport> {
  const mock = createMock({ choices, rateLimit: false })
  const running = await listen(mock, { port: 0, host: '127.0.0.1' })
  try {
    return await runContract(optionsFor(running.url, mock, overrides))
  } finally {
    await running.close()
  }
}

const statefulFailures = (report: ContractReport): string[] =>
  report.checks.find((result) => result.id === 'stateful.model')!.failures.map((failure) => `${failure.message.split('\n')[0]!} (${failure.leftOpen ?? ''})`)

describe('the stateful group against a deployment that revives deleted locales', () => {
  it('adopts revived unlearnt under the default profile, with no divergence', async () => {
    const report = await contractRun({ deletedLocaleCode: 'revived' }, { only: ['stateful'], stateful: { runs: atLength(50, 100), seed: 784 }, learnChoices: false })
    expect(statefulFailures(report)).toEqual([])
    expect(report.notices.find((line) => line.startsWith('stateful adopted'))).toContain('deletedLocaleCode: revived')
  }, 180_000)

  it('names deletedLocaleCode in the divergence a revived create shows under the sitemock profile', async () => {
    const report = await contractRun({ deletedLocaleCode: 'revived' }, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 784 } })
    expect(statefulFailures(report).filter((line) => line.includes('deletedLocaleCode'))).toEqual([expect.stringContaining(`sitemock's choice deletedLocaleCode="free"`)])
  }, 180_000)
})
