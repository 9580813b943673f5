import { describe, expect, it } from 'vitest'
import { lowerCase } from '../../src/api/lower-case.js'
import { ApiError } from '../../src/api/errors.js'
import { parseQuery } from '../../src/api/parse-request.js'
import { isUuid } from '../../src/contracts/uuid.js'

// The scans stand in for a regular expression and for toLowerCase(): each must answer exactly as they do.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Deterministic variants of a UUID: every position replaced by characters around the accepted ranges. */
function uuidVariants(): string[] {
  const base = '550e8400-e29b-41d4-a716-446655440000'
  const replacements = ['0', '9', 'a', 'f', 'A', 'F', 'g', 'G', '/', ':', '@', '`', '-', ' ', 'é', 'Ａ', '\u0000']
  const variants = [base, base.toUpperCase(), `urn:uuid:${base}`, base.slice(1), `${base}0`, '', base.replaceAll('-', '')]
  for (let i = 0; i < base.length; i++) for (const r of replacements) variants.push(base.slice(0, i) + r + base.slice(i + 1))
  return variants
}

describe('isUuid', () => {
  it('accepts exactly what the UUID pattern accepts, in any case', () => {
    const variants = uuidVariants()
    expect(variants.filter((v) => UUID.test(v)).length).toBeGreaterThan(100)
    for (const value of variants) expect([value, isUuid(value)]).toEqual([value, UUID.test(value)])
  })
})

describe('lowerCase', () => {
  it('answers as toLowerCase() does, and with the same string when nothing changes', () => {
    for (const value of ['x-api-key', 'X-Api-Key', 'CONTENT-TYPE', 'ÉTÉ', 'straße', 'İ', '550E8400-e29b', '', '@[`{']) {
      expect(lowerCase(value)).toBe(value.toLowerCase())
    }
    const unchanged = 'already-lower-1234'
    expect(lowerCase(unchanged)).toBe(unchanged)
  })
})

describe('parseQuery', () => {
  /** What URLSearchParams reads, as one object; undefined when a name comes twice (refused). */
  function asUrlSearchParams(raw: string): Record<string, string> | undefined {
    const pairs = [...new URLSearchParams(raw)]
    if (new Set(pairs.map(([name]) => name)).size !== pairs.length) return undefined
    return Object.fromEntries(pairs)
  }
  const refusedOrParsed = (raw: string): Record<string, string> | undefined => {
    try {
      return { ...parseQuery(raw) }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return undefined
      throw error
    }
  }

  it('reads every query as URLSearchParams does, with or without anything to decode', () => {
    const queries = [
      'limit=20', 'a=1&b=2', 'a=1&&b=2', '&a=1&', 'a', 'a&b=', '=x', 'a==b', 'a=b=c', 'a=1&a=2', 'a&a',
      'q=%2Fabout', 'q=a+b', 'q=caf\u00e9', 'q=%ZZ', 'siteId=550E8400-E29B-41D4-A716-446655440000&limit=5', '&&&', '=',
    ]
    for (const raw of queries) expect([raw, refusedOrParsed(raw)]).toEqual([raw, asUrlSearchParams(raw)])
  })

  it('keeps __proto__ an own field and names inherited from Object.prototype plain parameters', () => {
    const query = parseQuery('__proto__=x&constructor=y&toString=z')
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype)
    expect(Object.entries(query)).toEqual([['__proto__', 'x'], ['constructor', 'y'], ['toString', 'z']])
  })
})
