import { describe, expect, it } from 'vitest'
import { isUuid } from '../../src/contracts/uuid.js'
import { createRandom } from '../../src/random.js'

describe('createRandom', () => {
  it('gives the same ids from the same seed as every earlier version: saved seeds keep meaning the same state', () => {
    const random = createRandom(7)
    expect([random.uuid(), random.uuid()]).toEqual(['0fb86738-b42c-4835-8484-f3e32248c1e8', 'af9ed025-601c-4567-afbb-5522e53a50ae'])
    expect(createRandom(42).appApiKey()).toBe(createRandom(42).appApiKey())
  })

  it('makes version-4 UUIDs with an RFC 4122 variant', () => {
    const random = createRandom(1)
    const variants = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const id = random.uuid()
      expect(isUuid(id) && id === id.toLowerCase()).toBe(true)
      expect(id[14]).toBe('4')
      variants.add(id[19]!)
    }
    expect([...variants].sort()).toEqual(['8', '9', 'a', 'b'])
  })
})
