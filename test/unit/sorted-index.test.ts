import { describe, expect, it } from 'vitest'
import { paginate } from '../../src/api/paginate.js'
import { ApiError } from '../../src/api/errors.js'
import { compareStrings, SortedIndex } from '../../src/store/sorted-index.js'

interface Item {
  id: string
  rank: number
}

const byRank = (a: Item, b: Item): number => a.rank - b.rank || compareStrings(a.id, b.id)

function indexOf(items: Item[]): { index: SortedIndex<Item>; byId: Map<string, Item> } {
  const index = new SortedIndex(byRank)
  for (const item of items) index.insert(item)
  return { index, byId: new Map(items.map((i) => [i.id, i])) }
}

const items: Item[] = [
  { id: 'c', rank: 2 },
  { id: 'a', rank: 1 },
  { id: 'b', rank: 2 },
  { id: 'd', rank: 0 },
  { id: 'e', rank: 3 },
]

describe('SortedIndex', () => {
  it('keeps items in comparator order with ties broken by id', () => {
    expect(indexOf(items).index.values().map((i) => i.id)).toEqual(['d', 'a', 'b', 'c', 'e'])
  })

  it('removes exactly the given item among equal keys', () => {
    const { index } = indexOf(items)
    index.remove(items[2]!)
    expect(index.values().map((i) => i.id)).toEqual(['d', 'a', 'c', 'e'])
    expect(index.indexOf(items[2]!)).toBe(-1)
  })
})

describe('paginate', () => {
  const cases: Array<{ name: string; query: { limit?: number; startingAfter?: string }; descending?: boolean; include?: (i: Item) => boolean; ids: string[]; hasMore: boolean }> = [
    { name: 'first page', query: { limit: 2 }, ids: ['d', 'a'], hasMore: true },
    { name: 'after a cursor', query: { limit: 2, startingAfter: 'a' }, ids: ['b', 'c'], hasMore: true },
    { name: 'exact end has no more', query: { limit: 2, startingAfter: 'b' }, ids: ['c', 'e'], hasMore: false },
    { name: 'descending', query: { limit: 3 }, descending: true, ids: ['e', 'c', 'b'], hasMore: true },
    { name: 'descending after a cursor', query: { limit: 3, startingAfter: 'b' }, descending: true, ids: ['a', 'd'], hasMore: false },
    { name: 'filtered', query: { limit: 2 }, include: (i) => i.rank !== 2, ids: ['d', 'a'], hasMore: true },
    { name: 'filtered past excluded items', query: { limit: 2, startingAfter: 'a' }, include: (i) => i.rank !== 2, ids: ['e'], hasMore: false },
    { name: 'default limit', query: {}, ids: ['d', 'a', 'b', 'c', 'e'], hasMore: false },
  ]
  for (const c of cases) {
    it(c.name, () => {
      const { index, byId } = indexOf(items)
      const page = paginate(index, (id) => byId.get(id), c.query, { descending: c.descending, include: c.include })
      expect(page.items.map((i) => i.id)).toEqual(c.ids)
      expect(page.hasMore).toBe(c.hasMore)
    })
  }

  it('refuses a cursor that names no item of the list, or an excluded one', () => {
    const { index, byId } = indexOf(items)
    expect(() => paginate(index, (id) => byId.get(id), { startingAfter: 'zz' })).toThrow(ApiError)
    expect(() => paginate(index, (id) => byId.get(id), { startingAfter: 'c' }, { include: (i) => i.rank !== 2 })).toThrow(ApiError)
  })
})

describe('SortedIndex across many chunks', () => {
  it('keeps order, positions and walks right through inserts and removes of thousands of items', () => {
    const index = new SortedIndex<Item>(byRank)
    const all: Item[] = []
    // A fixed pseudo-random order, so the test is the same every run.
    let state = 7
    for (let i = 0; i < 5000; i++) {
      state = (state * 48271) % 2147483647
      const item = { id: `id${String(i).padStart(5, '0')}`, rank: state % 997 }
      all.push(item)
      index.insert(item)
    }
    for (const item of all.filter((_, i) => i % 3 === 0)) index.remove(item)
    const expected = all.filter((_, i) => i % 3 !== 0).sort(byRank)
    expect(index.size).toBe(expected.length)
    expect(index.values()).toEqual(expected)
    for (const position of [0, 1, 511, 512, 513, 1700, expected.length - 1]) {
      expect(index.at(position)).toBe(expected[position])
      expect(index.indexOf(expected[position]!)).toBe(position)
      expect([...index.walk(position, 1)].slice(0, 3)).toEqual(expected.slice(position, position + 3))
      expect([...index.walk(position, -1)].slice(0, 3)).toEqual(expected.slice(Math.max(0, position - 2), position + 1).reverse())
    }
    expect(index.indexOf(all[0]!)).toBe(-1)
    expect(index.lowerBound({ id: '', rank: 500 })).toBe(expected.findIndex((i) => i.rank >= 500))
  })

  it('keeps order when every item comes in at one end or the other, as in a view by time', () => {
    const index = new SortedIndex<Item>(byRank)
    const all: Item[] = []
    for (let i = 0; i < 3000; i++) {
      // Newest last, then newest first, then both in turn: each insert lands at an end.
      const rank = i < 1000 ? i : i < 2000 ? -i : i % 2 === 0 ? i : -i
      const item = { id: `id${String(i).padStart(5, '0')}`, rank }
      all.push(item)
      index.insert(item)
      if (i % 5 === 0) index.insert({ id: `mid${i}`, rank: 0 })
    }
    const expected = [...all, ...all.filter((_, i) => i % 5 === 0).map((_, n) => ({ id: `mid${n * 5}`, rank: 0 }))].sort(byRank)
    expect(index.values()).toEqual(expected)
    for (const position of [0, 1, 1500, expected.length - 1]) expect(index.indexOf(expected[position]!)).toBe(position)
  })

  it('finds every item it holds and none it let go, through edits that move the same items again and again', () => {
    const index = new SortedIndex<Item>(byRank)
    const all = Array.from({ length: 2000 }, (_, i) => ({ id: `id${String(i).padStart(5, '0')}`, rank: i }))
    for (const item of all) index.insert(item)
    // An edit: out, changed, back in. Thousands of them on a few items, as a burst of PATCHes makes.
    for (let edit = 0; edit < 5000; edit++) {
      const item = all[edit % 7]!
      index.remove(item)
      item.rank = edit % 2 === 0 ? -edit : 10_000 + edit
      index.insert(item)
    }
    // Then most items leave for good (deleted pages), more than the index then holds.
    const gone = all.filter((_, i) => i % 10 !== 0)
    for (const item of gone) index.remove(item)
    const kept = all.filter((_, i) => i % 10 === 0).sort(byRank)
    expect(index.values()).toEqual(kept)
    kept.forEach((item, position) => expect(index.indexOf(item)).toBe(position))
    for (const item of gone.slice(0, 50)) expect(index.indexOf(item)).toBe(-1)
    index.insert(gone[0]!)
    expect(index.indexOf(gone[0]!)).toBe([...kept, gone[0]!].sort(byRank).indexOf(gone[0]!))
  })
})
