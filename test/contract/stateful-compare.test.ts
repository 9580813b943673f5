import { describe, expect, it } from 'vitest'
import { compareList, Correspondence, FreeDefaults, inTargetOrder, TimeRelations, type Ledger } from '../../src/contract/stateful/compare.js'

const ledger = (): Ledger => ({ ids: new Correspondence(), times: new TimeRelations(), defaults: new FreeDefaults() })

describe('comparing the target with the oracle', () => {
  it('holds an id pair once learned, both ways', () => {
    const ids = new Correspondence()
    expect(ids.match('t1', 'o1')).toBeUndefined()
    expect(ids.match('t1', 'o1')).toBeUndefined()
    expect(ids.match('t2', 'o1')).toBe('t2 where t1 was expected')
    expect(ids.match('t1', 'o2')).toBe('t1 again, which already stands for another resource')
  })

  it('compares instants by relation: one write is one instant, and a page keeps its order of events', () => {
    const times = new TimeRelations()
    const at = (second: number): string => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString()
    const target = (ms: number): string => new Date(Date.UTC(2026, 4, 4, 10, 0, 0, ms)).toISOString()
    expect(times.check('page-a', 'createdAt', target(5), at(1))).toBeUndefined()
    expect(times.check('page-a', 'updatedAt', target(5), at(1))).toBeUndefined()
    // Another page written in the same millisecond by the target: allowed.
    expect(times.check('page-b', 'createdAt', target(5), at(2))).toBeUndefined()
    // The same write, another instant in the target.
    expect(times.check('page-c', 'createdAt', target(6), at(1))).toMatch(/expected .* \(the instant of the same write\)/)
    // An update of page-a that does not move updatedAt.
    expect(times.check('page-a', 'updatedAt', target(5), at(3))).toMatch(/is equal to createdAt .* expected after it/)
    expect(times.check('page-a', 'updatedAt', target(9), at(3))).toBeUndefined()
    expect(times.targetOf(at(3))).toBe(Date.parse(target(9)))
  })

  it("lets a deployment's millisecond clock give two writes one instant only when the later request left as the earlier answer came", () => {
    const times = new TimeRelations(false)
    const at = (second: number): string => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString()
    const target = new Date(Date.UTC(2026, 4, 4, 10, 0, 0, 5)).toISOString()
    const write = (page: string, oracle: string, window: { sentAt: number; receivedAt: number }): string | undefined => {
      times.during(window)
      times.observe()
      return times.check(page, 'updatedAt', target, oracle)
    }
    // A slow answer, then the next request at once: one tick may hold both writes.
    expect(write('page-a', at(1), { sentAt: 100, receivedAt: 140 })).toBeUndefined()
    expect(write('page-a', at(2), { sentAt: 141, receivedAt: 150 })).toBeUndefined()
    // The next request left 20 ms after that answer came: the target's clock must have moved on.
    expect(write('page-a', at(3), { sentAt: 170, receivedAt: 171 })).toMatch(/is equal to updatedAt .* expected after it/)
  })

  it("reads the tick of a deployment's clock from its instants: a clock in hundredths gives writes 10 ms apart one instant", () => {
    const at = (second: number): string => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString()
    const write = (times: TimeRelations, oracle: string, target: string, window: { sentAt: number; receivedAt: number }): string | undefined => {
      times.during(window)
      times.observe()
      return times.check('page-a', 'updatedAt', target, oracle)
    }
    const centiseconds = new TimeRelations(false)
    expect(write(centiseconds, at(1), '2026-05-04T10:00:00.78Z', { sentAt: 100, receivedAt: 101 })).toBeUndefined()
    expect(write(centiseconds, at(2), '2026-05-04T10:00:00.78Z', { sentAt: 108, receivedAt: 109 })).toBeUndefined()
    // A clock that has shown a millisecond ticks in milliseconds: 7 ms apart is too far for one instant.
    const milliseconds = new TimeRelations(false)
    expect(write(milliseconds, at(1), '2026-05-04T10:00:00.781Z', { sentAt: 100, receivedAt: 101 })).toBeUndefined()
    expect(write(milliseconds, at(2), '2026-05-04T10:00:00.781Z', { sentAt: 108, receivedAt: 109 })).toMatch(/is equal to updatedAt .* expected after it/)
  })

  it('orders tied items by the target ids, and only those', () => {
    const book = ledger()
    for (const [t, o] of [['t-b', 'o1'], ['t-a', 'o2'], ['t-c', 'o3']]) book.ids.match(t!, o!)
    const items = [{ id: 'o1', title: 'Alpha' }, { id: 'o2', title: 'Alpha' }, { id: 'o3', title: 'Beta' }]
    expect(inTargetOrder(book, items, (item) => item.title).map((item) => item.id)).toEqual(['o2', 'o1', 'o3'])
    expect(inTargetOrder(book, items, (item) => item.id).map((item) => item.id)).toEqual(['o1', 'o2', 'o3'])
  })

  it('names what a list page gets wrong: items, order, fields, hasMore', () => {
    const book = ledger()
    const expected = { data: [{ id: 'o1', pathname: '/a' }, { id: 'o2', pathname: '/b' }], hasMore: false }
    expect(compareList(book, { data: [{ id: 't1', pathname: '/a' }, { id: 't2', pathname: '/b' }], hasMore: false }, expected, (item) => String(item.pathname))).toBeUndefined()
    expect(compareList(book, { data: [{ id: 't2', pathname: '/b' }, { id: 't1', pathname: '/a' }], hasMore: false }, expected, (item) => String(item.pathname))).toMatchObject({ aspect: 'list order' })
    expect(compareList(book, { data: [{ id: 't1', pathname: '/a' }], hasMore: false }, expected, (item) => String(item.pathname))).toMatchObject({ aspect: 'list items' })
    expect(compareList(book, { data: [{ id: 't1', pathname: '/a' }, { id: 't2', pathname: '/c' }], hasMore: false }, expected, (item) => String(item.pathname))).toMatchObject({ aspect: 'field data[1].pathname' })
    expect(compareList(book, { data: [{ id: 't1', pathname: '/a' }, { id: 't2', pathname: '/b' }], hasMore: true }, expected, (item) => String(item.pathname))).toMatchObject({ aspect: 'hasMore' })
  })
})
