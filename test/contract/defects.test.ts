import { describe, expect, it } from 'vitest'
import { exitCodeOf } from '../../src/contract/reporters/index.js'
import type { Group, Profile } from '../../src/contract/types.js'
import { startNonconforming, type Defect } from './nonconforming-server.js'
import { check, runAgainst } from './support.js'

interface Case {
  defect: Defect
  /** The groups to run: the one that should catch the defect, and schema where bodies are at fault. */
  only: Group[]
  /** The check that must report it, and what its failure says. */
  caughtBy: string
  says: RegExp
  profile?: Profile
}

const CASES: Case[] = [
  { defect: 'wrong-field-type', only: ['schema'], caughtBy: 'schema.get.v2-sites-siteId', says: /^expected the 200 body to match contracts\/schemas\/site\.json and the published OpenAPI's GET \/v2\/sites\/\{siteId\} 200 response, got 2 differences/ },
  { defect: 'missing-has-more', only: ['pagination'], caughtBy: 'pagination.sites.walk', says: /^expected hasMore true or false, got none: page 1 of the walk/ },
  { defect: 'missing-has-more', only: ['schema'], caughtBy: 'schema.get.v2-sites', says: /^expected the 200 body to match contracts\/schemas\/list\.json/ },
  { defect: 'ok-instead-of-401', only: ['auth'], caughtBy: 'auth.no-key', says: /^expected 401, got 200/ },
  { defect: 'error-500-on-bad-input', only: ['validation'], caughtBy: 'validation.post.v2-sites.name.wrong-type', says: /^expected 400, got 500/ },
  { defect: 'error-500-on-bad-input', only: ['schema'], caughtBy: 'schema.post.v2-sites', says: /^expected one of 201, 400, 401, 403, 413, 429, got 500: a status not documented for POST \/v2\/sites/ },
  { defect: 'pagination-repeats-an-item', only: ['pagination'], caughtBy: 'pagination.sites.walk', says: /^expected each item once, got [\w-]+ twice, on page 1 and on page 2/ },
  { defect: 'delete-does-not-delete', only: ['lifecycle'], caughtBy: 'lifecycle.site.delete', says: /^expected 404, got 200: reading the deleted site/ },
  { defect: 'delete-does-not-delete', only: ['lifecycle'], caughtBy: 'lifecycle.page.delete', says: /^expected 404, got 200: reading the deleted page/ },
  { defect: 'site-key-not-scoped', only: ['auth'], caughtBy: 'auth.site-key-own-site', says: /^expected 403, got 200: reading another site with a Site key/ },
  // Which operations a Site key may use is sitemock's choice (neither document says): it fails under --profile sitemock.
  { defect: 'site-key-not-scoped', only: ['auth'], caughtBy: 'auth.site-key-no-sites', says: /^expected 403, got 200: listing sites with a Site key/, profile: 'sitemock' },
  { defect: 'conflict-answered-as-201', only: ['conflicts'], caughtBy: 'conflicts.page-over-page', says: /^expected 409, got 201/ },
  { defect: 'conflict-answered-as-201', only: ['conflicts'], caughtBy: 'conflicts.route-over-page', says: /^expected 409, got 201: a route over the page at \/contract-[0-9a-f]+\/taken-by-page-\d+/ },
  { defect: 'conflict-answered-as-201', only: ['conflicts'], caughtBy: 'conflicts.locale-code', says: /^expected 409, got 201: a second [a-z]{2}-[A-Z]{2}/ },
  { defect: 'html-not-found', only: ['schema'], caughtBy: 'schema.get.v2-sites-siteId', says: /^expected the content type application\/json, got text\/html/ },
  { defect: 'old-version-answers', only: ['versions'], caughtBy: 'versions.undocumented', says: /^expected 404, got 200: GET \/v1\/sites\/[\w-]+/ },
  { defect: 'update-not-applied', only: ['lifecycle'], caughtBy: 'lifecycle.site.update', says: /^expected name ".*", hostOrigin ".*", got ".*", null: the update answer/ },
  { defect: 'bad-request-without-details', only: ['validation'], caughtBy: 'validation.post.v2-sites.name.missing', says: /^expected the 400's details to name "name", got none: a missing name/ },
]

describe('the contract suite against a deliberately non-conforming server', () => {
  it.each(CASES)('reports $defect through $caughtBy, with exit code 1', async ({ defect, only, caughtBy, says, profile }) => {
    const server = await startNonconforming([defect])
    try {
      const report = await runAgainst(server.url, server.mock, { only, profile: profile ?? 'documents' })
      const result = check(report, caughtBy)
      expect(result.status).toBe('failed')
      expect(result.failures.map((failure) => failure.message).join('\n')).toMatch(says)
      expect(result.failures[0]!.request).toBeDefined()
      expect(exitCodeOf(report)).toBe(1)
    } finally {
      await server.close()
    }
  })

  it("reports a choice of sitemock's that the target made otherwise as a difference under the default profile, naming the choice", async () => {
    const server = await startNonconforming(['site-key-not-scoped'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['auth'] })
      const result = check(report, 'auth.site-key-no-sites')
      expect(result.status).toBe('differs')
      expect(result.failures[0]!.documents).toEqual(['sitemock behaviour'])
      expect(result.failures[0]!.leftOpen).toMatch(/^sitemock's choice \(api-behaviour\.md#authentication\): the App key is the only key that can list, create, duplicate or delete sites; the documents accept both kinds of key/)
      expect(check(report, 'auth.site-key-own-site').status).toBe('failed')
      expect(exitCodeOf(report)).toBe(1)
    } finally {
      await server.close()
    }
  })

  it('says which document a wrong field type breaks, where in the body, with the value, in plain words', async () => {
    const server = await startNonconforming(['wrong-field-type'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['schema'] })
      const failure = check(report, 'schema.get.v2-sites-siteId').failures.find((f) => f.violations)!
      expect(failure.documents).toEqual(['specification', 'published OpenAPI'])
      expect(failure.request).toMatchObject({ method: 'GET' })
      expect(failure.response?.status).toBe(200)
      expect(failure.violations).toContainEqual(expect.objectContaining({ document: 'specification', schema: 'contracts/schemas/site.json', pointer: '/name', value: 42, message: 'expected string, got number 42' }))
      expect(failure.violations).toContainEqual(expect.objectContaining({ document: 'published OpenAPI', pointer: '/name', value: 42 }))
    } finally {
      await server.close()
    }
  })

  it('tells a gap of the published OpenAPI from a bug: a 400 without details breaks the service rules alone, and passes the published profile', async () => {
    const server = await startNonconforming(['bad-request-without-details'])
    try {
      const spec = await runAgainst(server.url, server.mock, { only: ['validation'] })
      const failure = check(spec, 'validation.post.v2-sites.name.missing').failures[0]!
      expect(failure.documents).toEqual(['specification'])
      const published = await runAgainst(server.url, server.mock, { only: ['validation'], profile: 'published' })
      expect(check(published, 'validation.post.v2-sites.name.missing').status).toBe('passed')
      expect(exitCodeOf(published)).toBe(0)
    } finally {
      await server.close()
    }
  })

  it('reports what a delete that does not delete leaves behind at cleanup', async () => {
    const server = await startNonconforming(['delete-does-not-delete'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['lifecycle'] })
      expect(report.cleanup.leftBehind.length).toBeGreaterThan(0)
      expect(report.cleanup.leftBehind[0]!.reason).toBe('still answers 200 after its DELETE')
      expect(report.cleanup.leftBehind.every((item) => item.label.startsWith(report.tag))).toBe(true)
    } finally {
      await server.close()
    }
  })
})
