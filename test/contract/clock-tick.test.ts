import { describe, expect, it } from 'vitest'
import { clockTickMs, millisecondsOf, pastTickMs } from '../../src/contract/clock-tick.js'

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
})
