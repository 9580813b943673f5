import { describe, expect, it } from 'vitest'
import { routePathnameProblem } from '../../src/freedom/route-pathname.js'

const TOKENS = 'contains whitespace, ?, # or a control character'

const cases: Array<{ pathname: string; problem?: string }> = [
  { pathname: '/' },
  { pathname: '/about' },
  { pathname: '/about/team-2024' },
  { pathname: '/blog/[slug]' },
  { pathname: '/docs/[...path]' },
  { pathname: '/shop/[[...filters]]' },
  { pathname: '/[...all]' },
  { pathname: '/[lang]/blog/[slug]' },
  { pathname: '/[lang]/docs/[...path]' },
  { pathname: '/files/[file_name]/[version-id]' },
  { pathname: '/caf\u00e9/men\u00fc' },
  { pathname: '/a.b/c~d/e%20f/g+h' },
  { pathname: 'about', problem: 'does not start with /' },
  { pathname: '', problem: 'does not start with /' },
  { pathname: ' /about', problem: 'does not start with /' },
  { pathname: '/about/', problem: 'ends with /' },
  { pathname: '//about', problem: 'has an empty segment (//)' },
  { pathname: '//', problem: 'has an empty segment (//)' },
  { pathname: '/a//b', problem: 'has an empty segment (//)' },
  { pathname: '/a b', problem: TOKENS },
  { pathname: '/a\tb', problem: TOKENS },
  { pathname: '/a\u00a0b', problem: TOKENS },
  { pathname: '/about ', problem: TOKENS },
  { pathname: '/a?b', problem: TOKENS },
  { pathname: '/search?', problem: TOKENS },
  { pathname: '/a#b', problem: TOKENS },
  { pathname: '/a\u0000b', problem: TOKENS },
  { pathname: '/a\u007fb', problem: TOKENS },
  { pathname: '/docs/[...path]/edit', problem: 'has the catch-all [...path] before its last segment' },
  { pathname: '/[[...path]]/edit', problem: 'has the catch-all [[...path]] before its last segment' },
  { pathname: '/[id]/[id]', problem: 'uses the parameter name id twice' },
  { pathname: '/[slug]/[...slug]', problem: 'uses the parameter name slug twice' },
  { pathname: '/blog/[slug', problem: 'has a malformed segment "[slug"' },
  { pathname: '/blog/slug]', problem: 'has a malformed segment "slug]"' },
  { pathname: '/blog/post-[id]', problem: 'has a malformed segment "post-[id]"' },
  { pathname: '/blog/[]', problem: 'has a malformed segment "[]"' },
  { pathname: '/blog/[1st]', problem: 'has a malformed segment "[1st]"' },
  { pathname: '/blog/[a.b]', problem: 'has a malformed segment "[a.b]"' },
  { pathname: '/blog/[[slug]]', problem: 'has a malformed segment "[[slug]]"' },
  { pathname: '/docs/[...]', problem: 'has a malformed segment "[...]"' },
  { pathname: '/docs/[..path]', problem: 'has a malformed segment "[..path]"' },
  { pathname: '/docs/[[...path]', problem: 'has a malformed segment "[[...path]"' },
]

describe('route pathname rules', () => {
  for (const { pathname, problem } of cases) {
    it(`${JSON.stringify(pathname)} ${problem ?? 'is accepted'}`, () => {
      expect(routePathnameProblem(pathname)).toBe(problem)
    })
  }
})

describe('route pathname rules of a deployment that takes empty segments (choice routeEmptySegment accepted)', () => {
  it.each([
    ['/a//b', undefined],
    ['//a', undefined],
    ['/a//', 'ends with /'],
    ['/a//[...rest]/b', 'has the catch-all [...rest] before its last segment'],
  ])('%j: %s', (pathname, problem) => {
    expect(routePathnameProblem(pathname, true)).toBe(problem)
  })
})
