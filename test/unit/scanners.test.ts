import { describe, expect, it } from 'vitest'
import { lowerCase } from '../../src/api/lower-case.js'
import { isUuid } from '../../src/api/uuid.js'

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
