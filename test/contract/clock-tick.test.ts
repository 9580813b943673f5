import { describe, expect, it } from 'vitest'
import { clockTickMs, compareInstants, millisecondsOf, pastTickMs } from '../../src/contract/clock-tick.js'

describe("a target's clock tick, read off its instants", () => {
  it('reads the milliseconds of an instant in every form RFC 3339 allows', () => {
    expect(millisecondsOf('2026-11-30T05:55:58.6Z')).toBe(600)
    expect(millisecondsOf('2026-11-30T05:55:58.25+01:00')).toBe(250)
    expect(millisecondsOf('2026-11-30T05:55:58Z')).toBe(0)
    expect(millisecondsOf('2026-11-30T05:55:58.123456Z')).toBe(123)
    expect(millisecondsOf(null)).toBeUndefined()
    expect(millisecondsOf('yesterday')).toBeUndefined()
  })

  it('is the coarsest of a second, a tenth, a hundredth and a millisecond that every instant fits', () => {
    expect(clockTickMs(['2026-11-30T05:55:58Z', '2026-11-30T05:55:59.000Z'])).toBe(1000)
    expect(clockTickMs(['2026-11-30T05:55:58.5Z', '2026-11-30T05:55:58.6Z'])).toBe(100)
    expect(clockTickMs(['2026-11-30T05:55:58.5Z', '2026-11-30T05:55:58.62Z'])).toBe(10)
    expect(clockTickMs(['2026-11-30T05:55:58.5Z', '2026-11-30T05:55:58.623Z', null])).toBe(1)
  })

  it('waits past a tick, a second with a margin for two machines', () => {
    expect(pastTickMs(1000)).toBeGreaterThan(1000)
    expect(pastTickMs(100)).toBeGreaterThan(100)
    expect(pastTickMs(1)).toBeLessThan(10)
  })

  it('orders instants as time to their finest digit, whatever digits and offset each is written with', () => {
    // As text, `.54Z` sorts after `.542Z`: a list by createdAt in time order looked out of order.
    expect(compareInstants('2026-11-30T08:41:51.54Z', '2026-11-30T08:41:51.542Z')).toBeLessThan(0)
    expect(compareInstants('2026-11-30T08:41:51.5421Z', '2026-11-30T08:41:51.542Z')).toBeGreaterThan(0)
    expect(compareInstants('2026-11-30T08:41:51Z', '2026-11-30T08:41:51.000000Z')).toBe(0)
    expect(compareInstants('2026-11-30T09:41:51.1+01:00', '2026-11-30T08:41:51.05Z')).toBeGreaterThan(0)
    expect(compareInstants('2026-11-30T08:41:52Z', '2026-11-30T08:41:51.999999Z')).toBeGreaterThan(0)
    expect(compareInstants('yesterday', '2026-11-30T08:41:51Z')).toBeUndefined()
  })
})
