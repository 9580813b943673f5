import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sourcesOfCheck } from '../../src/contract/case-sources.js'
import { documentsOf } from '../../src/contract/sources.js'
import { labelOf } from '../../src/contract/reporters/format.js'
import { runContract } from '../../src/contract/runner.js'
import type { ContractReport, Profile } from '../../src/contract/types.js'
import { freePort } from '../support/free-port.js'
import { check, describeFailures, withStatus } from './support.js'
import { cachedToolBin } from '../support/tool-installs.js'
import { PRISM } from './installers.js'

/**
 * What a stateless mock of the published OpenAPI necessarily fails: it answers every request with
 * the document's examples, so nothing written reads back, nothing deleted goes, no key is refused,
 * no conflict happens and a cursor starts the same page again. docs/contract-suite.md lists these.
 */
const STATELESS_FAILURES = [
  'auth.other-key',
  'auth.object.refused-delete.site',
  'lifecycle.filter.page-include-offline',
  'lifecycle.filter.page-path-prefix',
  'lifecycle.lookup.code-in-named-site',
  'lifecycle.lookup.renamed-old-pathname',
  'pagination.pages.sorts-offline-by-field',
  'stateful.model',
  'auth.site-key-own-site',
  'auth.object.site-key.locale',
  'auth.object.site-key.page',
  'auth.object.other-workspace.locale',
  'auth.object.other-workspace.page',
  'lifecycle.site.create',
  'lifecycle.site.update',
  'lifecycle.site.delete',
  'lifecycle.site.duplicate',
  'lifecycle.locale.create',
  'lifecycle.locale.update',
  'lifecycle.locale.delete-restore',
  'lifecycle.page.create',
  'lifecycle.page.update',
  'lifecycle.page.delete',
  'validation.locale.code-needs-site',
  'conflicts.page-over-page',
  'conflicts.page-update-onto-page',
  'pagination.sites.walk',
  'pagination.locales.walk',
  'pagination.pages.walk',
  'pagination.pages.sorts',
  'pagination.locales.boundaries',
  'pagination.pages.boundaries',
]

/** The false alarms the suite once raised against this very mock: promises the published OpenAPI does not make. */
const FALSE_ALARMS = [
  'pagination.locales.limit-range',
  'validation.locale.default-undeletable',
  'validation.patch.v2-sites-siteId.defaultLocale.not-accepted',
  'validation.post.v2-sites.name.out-of-range',
  'validation.patch.v2-sites-siteId.name.out-of-range',
  'validation.post.v2-sites-siteId-duplicate.name.out-of-range',
  'validation.post.v6-pages.name.out-of-range',
  'validation.patch.v6-pages-pageIdOrPathname.name.out-of-range',
  'validation.post.v2-locales.locale.invalid-value',
  'validation.patch.v2-locales-localeIdOrCode.locale.invalid-value',
  'validation.post.v2-sites.defaultLocale.invalid-value',
  'validation.post.v6-pages.pathname.invalid-value',
  'validation.patch.v6-pages-pageIdOrPathname.pathname.invalid-value',
  'validation.patch.v6-pages-pageIdOrPathname.title.wrong-type',
  'validation.patch.v6-pages-pageIdOrPathname.sitemapPriority.out-of-range',
]

/** Prism mocking the project's copy of the published OpenAPI, on a free port of 127.0.0.1. */
async function startPrism(): Promise<{ url: string; process: ChildProcess }> {
  const bin = await cachedToolBin(PRISM, 'prism')
  const port = await freePort()
  const child = spawn(bin, ['mock', '-h', '127.0.0.1', '-p', String(port), 'contracts/published-openapi.json'], { stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000)
    const listen = (chunk: Buffer): void => {
      output += chunk.toString()
      if (!output.includes('Prism is listening')) return
      clearTimeout(timer)
      // Its log is not read any further, but must keep flowing so that Prism never blocks on it.
      child.stdout.removeListener('data', listen)
      child.stdout.resume()
      resolve()
    }
    child.stdout.on('data', listen)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)))
  })
  return { url: `http://127.0.0.1:${port}`, process: child }
}

/** Prism checks no key: any well-formed ones will do. */
const runOn = (url: string, profile: Profile): Promise<ContractReport> =>
  runContract({
    baseUrl: url,
    apiKey: `sk_${'a'.repeat(40)}`,
    workspaceId: randomUUID(),
    otherApiKey: `sk_${'b'.repeat(40)}`,
    readOnly: false,
    profile,
    // No choices learned first (--no-learn-choices): a stateless mock answers every probe with the
    // document's example, so what it would teach is noise, and these tests are about what the
    // documents alone decide.
    learnChoices: false,
    // A stateless mock parts from the oracle in its first sequences: a few show it, where the
    // default minute would only count the same divergences again.
    stateful: { runs: 4 },
    concurrency: 4,
    maxRps: 0,
  })

describe('the suite against Prism mocking the published OpenAPI', () => {
  let prism: { url: string; process: ChildProcess }
  let published: ContractReport
  let spec: ContractReport

  beforeAll(async () => {
    prism = await startPrism()
    // At once: Prism keeps nothing between requests, so neither run sees the other's, and each
    // sends while the other waits on Prism.
    const reports = await Promise.all([runOn(prism.url, 'published'), runOn(prism.url, 'documents')])
    published = reports[0]
    spec = reports[1]
  }, 600_000)
  afterAll(() => {
    prism?.process.kill()
  })

  it('under --profile published, fails exactly what a stateless mock necessarily fails, as docs/contract-suite.md lists it', () => {
    // The original's Site key on the copy: skipped when Prism's copy shows the original's key, failed (never refused) otherwise.
    const eitherWay = new Set(['auth.object.site-key.copy-of-its-site'])
    expect(withStatus(published, 'failed').map((check) => check.id).filter((id) => !eitherWay.has(id)).sort(), describeFailures(published)).toEqual([...STATELESS_FAILURES].sort())
    const doc = fs.readFileSync('docs/contract-suite.md', 'utf8')
    const section = doc.slice(doc.indexOf('## Against a stateless mock'), doc.indexOf('## Reporters'))
    const listed = [...section.matchAll(/`((?:auth|lifecycle|validation|conflicts|pagination|stateful)\.[\w.-]+)`/g)].map((match) => match[1]).filter((id) => !eitherWay.has(id!))
    expect(listed.sort()).toEqual([...STATELESS_FAILURES].sort())
  })

  it("under --profile published, every failure breaks the published OpenAPI and quotes what it says of that operation", () => {
    for (const check of withStatus(published, 'failed')) {
      // A part that holds sitemock's own choice is said apart, as a difference: the check fails for the rest.
      const breaks = check.failures.filter((failure) => !failure.documents.includes('sitemock behaviour'))
      expect(breaks.length, check.id).toBeGreaterThan(0)
      for (const failure of breaks) {
        expect(failure.documents, `${check.id}: ${failure.message}`).toEqual(['published OpenAPI'])
        expect(failure.message, check.id).toMatch(/^expected /)
        const { method, template } = failure.request as { method: string; template: string }
        // The words are the published document's own, for the operation the request went to.
        expect(failure.published, `${check.id}: ${failure.message}`).toMatch(new RegExp(`^${method} ${template.replace(/[{}/]/g, '\\$&')} "[A-Z][^"]+\\."`))
      }
    }
  })

  it('raises none of the false alarms: what the published OpenAPI leaves open is skipped with the reason, or passes', () => {
    for (const id of FALSE_ALARMS) expect(published.checks.find((check) => check.id === id)?.status ?? 'absent', id).not.toBe('failed')
    const pageValidation = published.checks.filter((check) => check.id.startsWith('validation.') && check.id.includes('v6-pages'))
    expect(pageValidation.length).toBeGreaterThan(5)
    for (const check of pageValidation) expect(check.status, check.id).toBe('passed')
    // Skipped only for what the published OpenAPI leaves open, or for a setup a stateless mock cannot make (its copy has the original's key).
    const unmakeable: Record<string, RegExp> = { 'auth.object.site-key.copy-of-its-site': /^the copy has the original's key/ }
    // A probe the safety guard stops (Prism's copies never carry the run tag) is not sent: skipped, never failed.
    const guarded = /^not sent: the suite's safety guard stopped a request/
    for (const check of withStatus(published, 'skipped')) expect(check.reason, check.id).toMatch(unmakeable[check.id] ?? (guarded.test(check.reason ?? '') ? guarded : /^the published OpenAPI\b/))
  })

  it('under the documents profile, a promise the published OpenAPI does not make is never called a bug, and says why', () => {
    for (const id of FALSE_ALARMS) {
      const result = check(spec, id)
      // What the specification states fails; what only sitemock chose differs, naming the choice.
      const sitemockOnly = documentsOf(sourcesOfCheck(id))[0] === 'sitemock behaviour'
      // A probe whose copy would not carry the run tag is not sent (Prism's copies are its example): skipped, never failed.
      if (result.status === 'skipped' && /^not sent: the suite's safety guard/.test(result.reason ?? '')) continue
      expect(result.status, id).toBe(sitemockOnly ? 'differs' : 'failed')
      for (const failure of result.failures) {
        expect(labelOf(failure), `${id}: ${failure.message}`).toBe(sitemockOnly ? 'sitemock behaviour' : 'specification')
        expect(failure.leftOpen ?? failure.disagreement, id).toMatch(sitemockOnly ? /^sitemock's choice/ : /published OpenAPI/)
      }
    }
    expect(check(spec, 'validation.patch.v2-sites-siteId.defaultLocale.not-accepted').failures[0]!.disagreement).toBe(
      "the published OpenAPI's PATCH /v2/sites/{siteId} accepts defaultLocale, which the specification refuses",
    )
    // A check that breaks the published OpenAPI under its profile fails under spec too; where it fails
    // the same way (a check stops at its first failure, which a profile's expectations may move), the labels agree.
    for (const failed of withStatus(published, 'failed')) {
      const underSpec = check(spec, failed.id)
      expect(underSpec.status, failed.id).toBe('failed')
      const messages = new Set(failed.failures.map((failure) => failure.message))
      for (const failure of underSpec.failures.filter((f) => messages.has(f.message))) expect(failure.documents, `${failed.id}: ${failure.message}`).toContain('published OpenAPI')
    }
    for (const failed of withStatus(spec, 'failed')) {
      for (const failure of failed.failures.filter((f) => labelOf(f) === 'bug')) expect(failure.published, `${failed.id}: ${failure.message}`).toBeDefined()
    }
  })
})
