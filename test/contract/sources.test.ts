import { describe, expect, it } from 'vitest'
import published from '../../contracts/published-openapi.json' with { type: 'json' }
import { CASE_SOURCES, sourcesOfCheck } from '../../src/contract/case-sources.js'
import { sourcesOfClass } from '../../src/contract/class-sources.js'
import { allChecks } from '../../src/contract/checks/index.js'
import { catalogued } from '../../src/freedom/catalogue-words.js'
import { ownSourcesOf, RULE_SOURCES } from '../../src/contract/rule-sources.js'
import { RULES } from '../../src/contract/rules.js'
import { documentsOf, openapi, sitemock, spec, STATEMENTS, type Claim, type Source } from '../../src/contract/sources.js'
import { PARAMETERS } from '../../src/contract/stateful/coverage.js'
import { PROFILES } from '../../src/contract/types.js'
import { anchorsOf } from '../package/docs-links.js'

/**
 * Every source a rule or a validation case names says what the rule claims it says: a statement
 * of contracts/specification.json whose facts hold the claim, a JSON pointer that resolves in the
 * published OpenAPI to a node that states it, or a heading of docs/api-behaviour.md.
 */

/** Where `claimed` is not part of `stated`: objects key by key, arrays as subsets, the rest equal. */
function mismatch(claimed: unknown, stated: unknown, path = ''): string | undefined {
  if (Array.isArray(claimed)) {
    if (!Array.isArray(stated)) return `${path || 'value'}: claims ${JSON.stringify(claimed)}, states ${JSON.stringify(stated)}`
    const missing = claimed.filter((item) => !stated.some((other) => JSON.stringify(other) === JSON.stringify(item)))
    return missing.length ? `${path || 'value'}: states no ${JSON.stringify(missing)} (states ${JSON.stringify(stated)})` : undefined
  }
  if (claimed !== null && typeof claimed === 'object') {
    if (stated === null || typeof stated !== 'object') return `${path || 'value'}: claims ${JSON.stringify(claimed)}, states ${JSON.stringify(stated)}`
    for (const [key, value] of Object.entries(claimed)) {
      const found = mismatch(value, (stated as Record<string, unknown>)[key], path ? `${path}.${key}` : key)
      if (found) return found
    }
    return undefined
  }
  return claimed === stated ? undefined : `${path || 'value'}: claims ${JSON.stringify(claimed)}, states ${JSON.stringify(stated)}`
}

function atPointer(pointer: string): unknown {
  let node: unknown = published
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~')
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** What the OpenAPI node states of a claim: `status` names the response, `description` is a part of it, the rest is the node's keywords. */
function openApiMismatch(pointer: string, claim: Claim): string | undefined {
  const node = atPointer(pointer)
  if (node === undefined) return `${pointer} does not resolve in contracts/published-openapi.json`
  const { status, description, ...keywords } = claim
  if (status !== undefined && !pointer.endsWith(`/responses/${String(status)}`)) return `${pointer} is not the ${String(status)} response`
  const text = (node as { description?: unknown }).description
  if (description !== undefined && !(typeof text === 'string' && text.includes(String(description)))) return `${pointer}: its description ${JSON.stringify(text)} does not say ${JSON.stringify(description)}`
  const found = mismatch(keywords, node)
  return found ? `${pointer}: ${found}` : undefined
}

const BEHAVIOUR_ANCHORS = new Set(anchorsOf('docs/api-behaviour.md'))

function problemOf(source: Source): string | undefined {
  switch (source.kind) {
    case 'specification': {
      const statement = STATEMENTS.get(source.statement)
      if (!statement) return `no statement ${source.statement} in contracts/specification.json`
      const found = mismatch(source.claim, statement.facts)
      return found ? `${source.statement}: ${found}` : undefined
    }
    case 'openapi':
      return openApiMismatch(source.pointer, source.claim)
    case 'sitemock':
      if (!BEHAVIOUR_ANCHORS.has(source.section)) return `docs/api-behaviour.md has no heading #${source.section}`
      return source.choice && catalogued(source.choice).behaviour !== `api-behaviour.md#${source.section}` ? `${source.choice} is stated in ${catalogued(source.choice).behaviour}, not #${source.section}` : undefined
  }
}

const checkIds = (profile: (typeof PROFILES)[number]): string[] => allChecks(profile).map((check) => check.id)

describe('the sources of the rules and validation cases', () => {
  it('finds a claim a source does not state, a pointer that resolves nowhere and a section that does not exist', () => {
    expect(problemOf(openapi('/paths/~1v2~1locales/get/parameters/1/schema', { minimum: 1 }))).toBe('/paths/~1v2~1locales/get/parameters/1/schema: minimum: claims 1, states undefined')
    expect(problemOf(openapi('/paths/~1v2~1nothing/get', {}))).toBe('/paths/~1v2~1nothing/get does not resolve in contracts/published-openapi.json')
    expect(problemOf(openapi('/paths/~1v6~1pages/post/responses/409', { status: 400 }))).toBe('/paths/~1v6~1pages/post/responses/409 is not the 400 response')
    expect(problemOf(openapi('/components/schemas/V6PagesGetParametersSortDirection', { enum: ['up'] }))).toMatch(/states no \["up"\]/)
    expect(problemOf(spec('limits.limit', { maximum: 1000 }))).toBe('limits.limit: maximum: claims 1000, states 100')
    expect(problemOf(spec('limits.nothing'))).toBe('no statement limits.nothing in contracts/specification.json')
    expect(problemOf(sitemock('no-such-section', 'x'))).toBe('docs/api-behaviour.md has no heading #no-such-section')
    expect(problemOf({ ...sitemock('routes', 'x'), choice: 'limitZero' })).toBe('limitZero is stated in api-behaviour.md#pagination, not #routes')
  })

  it('has each rule sourced, and every source of a rule states what the rule claims', () => {
    for (const rule of Object.keys(RULES) as Array<keyof typeof RULES>) {
      expect(RULE_SOURCES[rule].length, rule).toBeGreaterThan(0)
      for (const source of RULE_SOURCES[rule]) expect(problemOf(source), rule).toBeUndefined()
    }
  })

  it.each(PROFILES)('has each check of the %s profile sourced, every source stating its claim', (profile) => {
    for (const id of checkIds(profile)) {
      const sources = sourcesOfCheck(id)
      expect(sources.length, id).toBeGreaterThan(0)
      for (const source of sources) expect(problemOf(source), id).toBeUndefined()
    }
  })

  it("has each input class of the stateful group's coverage sourced, every source stating its claim", () => {
    let cells = 0
    for (const [op, parameters] of Object.entries(PARAMETERS)) {
      for (const parameter of parameters) {
        for (const valueClass of parameter.classes) {
          const sources = sourcesOfClass(op, parameter.name, valueClass)
          const cell = `${op} · ${parameter.name} · ${valueClass}`
          expect(sources.length, cell).toBeGreaterThan(0)
          for (const source of sources) expect(problemOf(source), cell).toBeUndefined()
          cells++
        }
      }
    }
    expect(cells).toBeGreaterThan(500)
    // What only sitemock refuses is its choice; what a document states is not.
    expect(documentsOf(sourcesOfClass('site.create', 'name', 'too long'))).toEqual(['sitemock behaviour'])
    expect(documentsOf(sourcesOfClass('page.create', 'name', 'empty'))).toEqual(['specification'])
    expect(documentsOf(sourcesOfClass('page.list', 'limit', 'below minimum'))).toEqual(['sitemock behaviour'])
    expect(documentsOf(sourcesOfClass('locale.list', 'limit', 'below minimum'))).toEqual(['specification'])
    expect(documentsOf(sourcesOfClass('locale.create', 'locale', 'mixed case'))).toEqual(['sitemock behaviour'])
  })

  it('names the published OpenAPI as a source of every check its profile runs, and of no check it skips but one the specification states too', () => {
    for (const check of allChecks('documents')) {
      const sources = sourcesOfCheck(check.id)
      if (sources.every((source) => source.kind === 'sitemock')) continue
      const published = sources.some((source) => source.kind === 'openapi' && !source.contradicts)
      const runsUnderPublished = check.profiles === undefined || check.profiles.includes('published')
      if (runsUnderPublished) expect(published, `${check.id} runs under --profile published`).toBe(true)
      else if (published) expect(sources.some((source) => source.kind === 'specification'), `${check.id} is skipped under --profile published`).toBe(true)
    }
  })

  it('has a source of its own for every validation case, not only the invalid-input rule', () => {
    for (const profile of PROFILES) {
      for (const check of allChecks(profile).filter((candidate) => candidate.group === 'validation')) {
        expect(CASE_SOURCES[check.id.replace(/-\d+$/, '')] ?? ownSourcesOf(check.id), `${profile}: ${check.id}`).toBeDefined()
      }
    }
  })

  it('has no source of a validation case the suite does not generate', () => {
    const generated = new Set(PROFILES.flatMap(checkIds).map((id) => id.replace(/-\d+$/, '')))
    expect(Object.keys(CASE_SOURCES).filter((id) => !generated.has(id))).toEqual([])
  })

  it('names, for each source kind, the document a failure breaks', () => {
    expect(documentsOf(sourcesOfCheck('validation.post.v6-pages.name.out-of-range'))).toEqual(['specification'])
    expect(documentsOf(sourcesOfCheck('validation.post.v2-sites.name.out-of-range'))).toEqual(['sitemock behaviour'])
    expect(documentsOf(sourcesOfCheck('validation.post.v2-locales.siteId.missing'))).toEqual(['published OpenAPI'])
    expect(documentsOf(sourcesOfCheck('validation.post.v2-sites.hostOrigin.invalid-value'))).toEqual(['specification', 'published OpenAPI'])
    // The stateful group compares what the documents fix: its divergences are failures, not differences.
    expect(documentsOf(sourcesOfCheck('stateful.model'))).toEqual(['specification'])
    // The published OpenAPI takes defaultLocale in a site update; the specification refuses it, and wins.
    expect(documentsOf(sourcesOfCheck('validation.patch.v2-sites-siteId.defaultLocale.not-accepted'))).toEqual(['specification'])
  })
})
