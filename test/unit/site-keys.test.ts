import { describe, expect, it } from 'vitest'
import { apartKey, keptApart } from '../../src/api/site-keys.js'
import { isUuid } from '../../src/contracts/uuid.js'

describe('a Site key kept apart from the publicApiKey (publicApiKeyAsSiteKey: not-a-key, forbidden)', () => {
  const publicApiKey = '3f2b8c1e-7d4a-4e9b-a1c2-5d6e7f8a9b0c'

  it('is another UUID of the same version and variant', () => {
    const key = apartKey(publicApiKey)
    expect(key).not.toBe(publicApiKey)
    expect(isUuid(key)).toBe(true)
    expect(key[14]).toBe('4')
    expect(key[19]).toBe('a')
    expect(key).toBe('c0d473e1-82b5-4164-ae3d-a291807564f3')
  })

  it('gives the publicApiKey back: one function derives the key and finds its site', () => {
    expect(apartKey(apartKey(publicApiKey))).toBe(publicApiKey)
  })

  it('is kept apart where the publicApiKey is no key (401) or a key without permission (403), and nowhere else', () => {
    expect(keptApart({ publicApiKeyAsSiteKey: 'not-a-key' })).toBe(true)
    expect(keptApart({ publicApiKeyAsSiteKey: 'forbidden' })).toBe(true)
    expect(keptApart({ publicApiKeyAsSiteKey: 'site-key' })).toBe(false)
    expect(keptApart(undefined)).toBe(false)
  })
})
