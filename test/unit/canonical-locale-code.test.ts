import { describe, expect, it } from 'vitest'
import { canonicalLocaleCode } from '../../src/freedom/kept-input.js'

/**
 * One canonical case of a locale code, for the mock that stores codes so (localeCodeStored) and
 * for the stateful oracle that recognises a target's stored form: BCP 47's casing.
 */
describe('canonicalLocaleCode', () => {
  it.each([
    ['EN-us', 'en-US'],
    ['pt-br', 'pt-BR'],
    ['ZH-HANT-tw', 'zh-Hant-TW'],
    ['ES-419', 'es-419'],
    ['zh-YUE', 'zh-yue'],
    ['DE-CH-1996', 'de-CH-1996'],
    ['fr', 'fr'],
  ])('writes %s as %s', (code, canonical) => {
    expect(canonicalLocaleCode(code)).toBe(canonical)
  })
})
