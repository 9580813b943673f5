import { describe, expect, it } from 'vitest'
import { exportState, FixtureError, loadFixture, type Fixture } from '../../src/scenarios/fixture.js'
import { buildScenario } from '../../src/scenarios/index.js'

/** The default scenario as a document, to break one rule at a time. */
const valid = (): Required<Fixture> => exportState(buildScenario('default', 1)) as Required<Fixture>

function problemsOf(document: unknown): Array<{ path: string; message: string }> {
  try {
    loadFixture(document)
  } catch (error) {
    if (error instanceof FixtureError) return error.problems
    throw error
  }
  throw new Error('the document was accepted')
}

describe('fixture validation against contracts/schemas/fixture.json', () => {
  it('reports every invalid field at once, each with its path and what it accepts', () => {
    const document = valid()
    document.sites[1]!.defaultLocale = 'french'
    document.workspaces[0]!.appApiKey = 'sk_short'
    document.pages[3]!.draft.sitemapPriority = 2
    document.pages[4]!.draft.pathname = 'no-slash'
    ;(document.routes[0] as unknown as Record<string, unknown>).extra = true
    const problems = problemsOf(document)
    const byPath = new Map(problems.map((p) => [p.path, p.message]))
    expect([...byPath.keys()].sort()).toEqual(
      ['pages[3].draft.sitemapPriority', 'pages[4].draft.pathname', 'routes[0].extra', 'sites[1].defaultLocale', 'workspaces[0].appApiKey'].sort(),
    )
    expect(byPath.get('sites[1].defaultLocale')).toContain('a language code with an optional region')
    expect(byPath.get('workspaces[0].appApiKey')).toContain('sk_ followed by at least 20 letters or digits')
    expect(byPath.get('pages[3].draft.sitemapPriority')).toContain('from 0 to 1')
    expect(byPath.get('routes[0].extra')).toContain('is not a known field')
  })

  it('names the missing required fields and a document that is not an object', () => {
    expect(problemsOf({ sites: [] })).toEqual([{ path: 'workspaces', message: 'is required' }])
    expect(problemsOf([])[0]!.path).toBe('(fixture)')
  })

  it('words the error message with the paths, for the CLI and logs', () => {
    const document = valid()
    document.sites[0]!.name = ''
    expect(() => loadFixture(document, { source: 'bug-123.json' })).toThrow(/bug-123\.json is invalid \(1 problem\):\n {2}sites\[0\]\.name: is too short/)
  })
})

describe('referential checks', () => {
  const cases: Array<{ name: string; breakIt: (d: Required<Fixture>) => void; path: string; message: RegExp }> = [
    { name: 'a duplicate page id', breakIt: (d) => (d.pages[5]!.id = d.pages[2]!.id), path: 'pages[5].id', message: /duplicates the id of pages\[2\]/ },
    { name: 'a duplicate App key', breakIt: (d) => (d.workspaces[1]!.appApiKey = d.workspaces[0]!.appApiKey), path: 'workspaces[1].appApiKey', message: /duplicates/ },
    { name: 'a duplicate Site API key', breakIt: (d) => (d.sites[1]!.publicApiKey = d.sites[0]!.publicApiKey), path: 'sites[1].publicApiKey', message: /duplicates/ },
    { name: "a site's unknown workspace", breakIt: (d) => (d.sites[1]!.workspaceId = '11111111-1111-4111-8111-111111111111'), path: 'sites[1].workspaceId', message: /not in workspaces/ },
    { name: "a page's unknown site", breakIt: (d) => (d.pages[0]!.siteId = '11111111-1111-4111-8111-111111111111'), path: 'pages[0].siteId', message: /not in sites/ },
    { name: "a route's unknown site", breakIt: (d) => (d.routes[0]!.siteId = '11111111-1111-4111-8111-111111111111'), path: 'routes[0].siteId', message: /not in sites/ },
    { name: "a locale's unknown site", breakIt: (d) => (d.locales[1]!.siteId = '11111111-1111-4111-8111-111111111111'), path: 'locales[1].siteId', message: /not in sites/ },
    { name: 'two pages of a site with one pathname', breakIt: (d) => (d.pages[7]!.draft.pathname = d.pages[6]!.draft.pathname), path: 'pages[7].draft.pathname', message: /pages\[6\] of the same site already uses/ },
    { name: 'a route over a page pathname', breakIt: (d) => (d.routes[1]!.pathname = d.pages[1]!.draft.pathname), path: 'routes[1].pathname', message: /pages\[1\] of the same site already uses/ },
    { name: 'a site without a default locale', breakIt: (d) => (d.locales[0]!.isDefault = false), path: 'sites[0].defaultLocale', message: /no locale of this site has isDefault: true/ },
    { name: 'two default locales', breakIt: (d) => (d.locales[1]!.isDefault = true), path: 'locales[1].isDefault', message: /already the default locale/ },
    { name: 'a default locale other than defaultLocale', breakIt: (d) => (d.sites[0]!.defaultLocale = 'fr-FR'), path: 'sites[0].defaultLocale', message: /is en-US; they must match/ },
    { name: 'a deleted default locale', breakIt: (d) => (d.locales[0]!.deletedAt = '2026-01-02T00:00:00.000Z'), path: 'locales[0].deletedAt', message: /cannot be deleted/ },
    { name: 'one locale code twice in a site', breakIt: (d) => (d.locales[1]!.locale = 'en-US'), path: 'locales[1].locale', message: /already has/ },
  ]

  it.each(cases)('refuses $name, naming $path', ({ breakIt, path, message }) => {
    const document = valid()
    breakIt(document)
    const problem = problemsOf(document).find((p) => p.path === path)
    expect(problem?.message).toMatch(message)
  })

  it("refuses a localization id used by another page's draft", () => {
    const document = exportState(buildScenario('multi-locale', 1)) as Required<Fixture>
    document.pages[1]!.draft.localizations![0]!.id = document.pages[0]!.draft.localizations![0]!.id
    expect(problemsOf(document)).toEqual([{ path: 'pages[1].draft.localizations[0].id', message: expect.stringContaining('pages[0].draft') as string }])
  })

  it("refuses a localization in a locale its site does not have, and keeps one in a deleted locale's code", () => {
    const document = exportState(buildScenario('multi-locale', 1)) as Required<Fixture>
    document.pages[0]!.draft.localizations![0]!.locale = 'it-IT'
    expect(problemsOf(document)).toEqual([{ path: 'pages[0].draft.localizations[0].locale', message: expect.stringMatching(/is it-IT, which is not a locale of site .*; accepted: en-US, /) as string }])
    const kept = exportState(buildScenario('multi-locale', 1)) as Required<Fixture>
    const code = kept.pages[0]!.draft.localizations![0]!.locale
    kept.locales.find((l) => l.siteId === kept.pages[0]!.siteId && l.locale === code)!.deletedAt = '2026-01-05T00:00:00.000Z'
    expect(() => loadFixture(kept)).not.toThrow()
  })

  it('accepts the same pathname in two different sites, and a deleted locale whose code is used again', () => {
    const document = valid()
    const taken = document.pages.find((p) => p.siteId === document.sites[0]!.id && p.draft.pathname !== '/')!.draft.pathname
    document.pages.find((p) => p.siteId === document.sites[1]!.id && p.draft.pathname !== '/')!.draft.pathname = taken
    document.locales.push({ ...document.locales[1]!, id: '22222222-2222-4222-8222-222222222222', isDefault: false, deletedAt: '2026-01-05T00:00:00.000Z' })
    expect(() => loadFixture(document)).not.toThrow()
  })
})
