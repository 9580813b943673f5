import { describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { DerivedTexts } from '../../src/store/derived-texts.js'

describe('DerivedTexts', () => {
  it('never answers a dropped text, from either generation', () => {
    const texts = new DerivedTexts<object>(2)
    const [a, b, c] = [{}, {}, {}]
    texts.set(a, 'A1')
    texts.set(b, 'B1')
    // The current generation is full: setting c moves a and b to the previous one.
    texts.set(c, 'C1')
    texts.drop(a)
    expect(texts.get(a)).toBeUndefined()
    expect(texts.get(b)).toBe('B1')
    texts.drop(b)
    expect(texts.get(b)).toBeUndefined()
    texts.set(b, 'B2')
    expect(texts.get(b)).toBe('B2')
    expect(texts.get(c)).toBe('C1')
  })
})

describe('a burst of edits', () => {
  it('gives each edit of a page a later updatedAt, also within one millisecond', () => {
    const instant = new Date('2026-01-01T00:00:00.000Z')
    const mock = createMock({ now: () => instant })
    const headers = { 'x-api-key': mock.credentials().workspaces[0]!.appApiKey }
    const page = mock.store.pages.byId.values().next().value!
    const seen: string[] = []
    for (let i = 0; i < 5; i++) {
      const response = mock.handle({ method: 'PATCH', path: `/v6/pages/${page.id}`, query: '', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Edit ${i}` }) })
      expect(response.status).toBe(200)
      seen.push((response.body as { updatedAt: string }).updatedAt)
    }
    expect(seen).toEqual([...seen].sort())
    expect(new Set(seen).size).toBe(5)
    expect(Date.parse(seen[4]!) - Date.parse(seen[0]!)).toBe(4)
  })
})
