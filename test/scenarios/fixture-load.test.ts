import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultFixture } from '../../src/scenarios/default.js'
import { readFixtureFile } from '../../src/scenarios/fixture-file.js'
import { exportState, formatFixture, loadFixture, type Fixture } from '../../src/scenarios/fixture.js'
import { generateFixture } from '../../src/scenarios/generate.js'
import { buildScenario, DEFAULT_SEED, MULTI_LOCALE } from '../../src/scenarios/index.js'
import { ROOT } from './cli-child.js'
import { createMock } from '../../src/mock.js'
import type { ScenarioSource } from '../../src/scenarios/source.js'

const fixtureFile = (name: string): string => path.join(ROOT, 'fixtures', name)

describe('committed fixtures', () => {
  it.each(['empty.json', 'edge-cases.json'])('loads %s and exports it back byte for byte', (name) => {
    const text = fs.readFileSync(fixtureFile(name), 'utf8')
    expect(formatFixture(exportState(loadFixture(readFixtureFile(fixtureFile(name)))))).toBe(text)
  })

  it('keeps fixtures/default.json equal to the default scenario at the default seed', () => {
    expect(fs.readFileSync(fixtureFile('default.json'), 'utf8')).toBe(formatFixture(defaultFixture(DEFAULT_SEED)))
  })

  it('keeps fixtures/multi-locale.json equal to the multi-locale scenario at the default seed', () => {
    expect(fs.readFileSync(fixtureFile('multi-locale.json'), 'utf8')).toBe(formatFixture(generateFixture({ ...MULTI_LOCALE, seed: DEFAULT_SEED })))
  })
})

describe('named scenarios', () => {
  it('gives default two workspaces; the first a site with en-US and fr-FR, 30+ pages and /blog/[slug]; the second one site', () => {
    const fixture = exportState(buildScenario('default', DEFAULT_SEED))
    const [first, second] = fixture.workspaces
    const sitesOf = (workspaceId: string) => fixture.sites!.filter((s) => s.workspaceId === workspaceId)
    expect(sitesOf(first!.id)).toHaveLength(1)
    expect(sitesOf(second!.id)).toHaveLength(1)
    const main = sitesOf(first!.id)[0]!
    expect(fixture.locales!.filter((l) => l.siteId === main.id).map((l) => l.locale)).toEqual(['en-US', 'fr-FR'])
    expect(fixture.pages!.filter((p) => p.siteId === main.id).length).toBeGreaterThanOrEqual(30)
    expect(fixture.routes!.filter((r) => r.siteId === main.id).map((r) => r.pathname)).toContain('/blog/[slug]')
  })

  it('gives multi-locale sites with 3+ locales, prefix- and domain-based, and localized pages', () => {
    const fixture = exportState(buildScenario('multi-locale', DEFAULT_SEED))
    const site = fixture.sites![0]!
    const locales = fixture.locales!.filter((l) => l.siteId === site.id)
    expect(locales.length).toBeGreaterThanOrEqual(3)
    expect(locales.some((l) => l.pathPrefix !== null)).toBe(true)
    expect(locales.some((l) => l.domain !== null)).toBe(true)
    expect(fixture.pages!.filter((p) => p.siteId === site.id).every((p) => p.draft.localizations!.length === locales.length - 1)).toBe(true)
  })

  it('gives edge-cases long names, unicode, nulls, a deleted locale, and offline and published pages', () => {
    const fixture = exportState(buildScenario('edge-cases', DEFAULT_SEED))
    expect(fixture.sites!.some((s) => s.name.length === 256)).toBe(true)
    expect(fixture.pages!.some((p) => /[^\u0000-\u007f]/.test(p.draft.pathname))).toBe(true)
    expect(fixture.pages!.some((p) => p.draft.title === null && p.draft.description === null && p.draft.sitemapPriority === null)).toBe(true)
    expect(fixture.pages!.some((p) => !p.draft.isOnline)).toBe(true)
    expect(fixture.pages!.some((p) => p.live !== null && p.live!.title !== p.draft.title)).toBe(true)
    expect(fixture.locales!.some((l) => l.deletedAt !== null)).toBe(true)
  })

  it('generates large with 10,000 pages on one site, the same for the same seed', () => {
    const first = exportState(buildScenario('large', 5))
    expect(first.sites).toHaveLength(1)
    expect(first.pages).toHaveLength(10_000)
    expect(exportState(buildScenario('large', 5))).toEqual(first)
    expect(exportState(buildScenario('large', 6)).pages![0]!.id).not.toBe(first.pages![0]!.id)
  })
})

describe('loadFixture', () => {
  const minimal = (): Fixture => ({
    workspaces: [{ id: '00000000-0000-4000-8000-000000000001', appApiKey: 'sk_aaaaaaaaaaaaaaaaaaaaaaaa' }],
    sites: [{ id: '00000000-0000-4000-8000-000000000002', workspaceId: '00000000-0000-4000-8000-000000000001', name: 'Mini', publicApiKey: '00000000-0000-4000-8000-000000000003', defaultLocale: 'en-US' }],
    locales: [{ id: '00000000-0000-4000-8000-000000000004', siteId: '00000000-0000-4000-8000-000000000002', locale: 'en-US', isDefault: true }],
    pages: [{ id: '00000000-0000-4000-8000-000000000005', siteId: '00000000-0000-4000-8000-000000000002', draft: { name: 'Home', pathname: '/' } }],
  })

  it('fills every field left out with its documented default', () => {
    const exported = exportState(loadFixture(minimal()))
    expect(exported.sites![0]).toMatchObject({ hostOrigin: null, defaultLocalePathPrefix: null, localeManagementMode: 'internal' })
    expect(exported.locales![0]).toMatchObject({ domain: null, pathPrefix: null, deletedAt: null, isDefault: true })
    expect(exported.pages![0]).toMatchObject({ createdAt: '2026-01-01T00:00:00.000Z', publishedAt: null, live: null })
    expect(exported.pages![0]!.draft).toMatchObject({ title: null, isOnline: true, localizations: [], updatedAt: '2026-01-01T00:00:00.000Z' })
    expect(exported.routes).toEqual([])
  })

  it('restores the id stream exactly without a seed, and moves it predictably with one', () => {
    const base = exportState(buildScenario('default', DEFAULT_SEED))
    const nextId = (seed?: number) => loadFixture(base, { seed }).random.uuid()
    expect(nextId()).toBe(buildScenario('default', DEFAULT_SEED).random.uuid())
    expect(nextId(9)).toBe(nextId(9))
    expect(nextId(9)).not.toBe(nextId())
    expect(nextId(9)).not.toBe(nextId(10))
  })

  it('leaves the document it was given as it was', () => {
    const document = minimal()
    const before = JSON.stringify(document)
    loadFixture(document)
    expect(JSON.stringify(document)).toBe(before)
  })

  it('gives an export that loads back to the same export', () => {
    const once = exportState(buildScenario('multi-locale', 3))
    expect(exportState(loadFixture(once))).toEqual(once)
  })
})

describe('createMock({ scenario })', () => {
  // A JavaScript caller has no type checker: what is not a scenario is named, with what is accepted.
  const refusal = (scenario: unknown): string => {
    try {
      createMock({ scenario: scenario as ScenarioSource })
    } catch (error) {
      return (error as Error).message
    }
    return 'accepted'
  }

  it('refuses a bare fixture document, an unknown name and anything else, saying what it accepts', () => {
    const accepted = 'accepted: default, empty, multi-locale, large, edge-cases, { fixture: document } or { read: () => document, label }'
    expect(refusal(exportState(buildScenario('empty', DEFAULT_SEED)))).toMatch(/^scenario \(an object with fields .*workspaces.*\(a fixture document itself: pass it as \{ fixture: document \}\)\) is not a scenario; /)
    expect(refusal('nope')).toBe(`scenario "nope" is not a scenario; ${accepted}`)
    expect(refusal({ read: 'file.json' })).toBe(`scenario (an object with fields read) is not a scenario; ${accepted}`)
    expect(refusal(42)).toBe(`scenario 42 is not a scenario; ${accepted}`)
    expect(refusal({ fixture: exportState(buildScenario('empty', DEFAULT_SEED)) })).toBe('accepted')
  })
})
