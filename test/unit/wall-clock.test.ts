import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWallClock, wallTimeAt } from '../../src/journal/wall-clock.js'
import { createMock } from '../../src/index.js'

describe('wall clock of a monotonic reading', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('tells the time Date.now() tells, to the millisecond', () => {
    const before = Date.now()
    const at = wallTimeAt(performance.now())
    expect(at).toBeGreaterThanOrEqual(before)
    expect(at).toBeLessThanOrEqual(Date.now() + 1)
  })

  it("follows a test's fake timers", () => {
    wallTimeAt(performance.now())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2031-02-03T04:05:06.789Z'))
    expect(new Date(wallTimeAt(performance.now())).toISOString()).toBe('2031-02-03T04:05:06.789Z')
  })

  it("stamps a journal entry with the time a test's fake timers set", () => {
    const mock = createMock({ seed: 1 })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2031-02-03T04:05:06.789Z'))
    mock.handle({ method: 'GET', path: '/v2/sites', query: '', headers: {}, body: undefined })
    expect([...mock.journal.newestFirst()].map((entry) => entry.at)).toEqual(['2031-02-03T04:05:06.789Z'])
  })

  it('asks the wall clock once a second, counting the monotonic time in between', () => {
    const readWall = vi.fn(() => 10_000)
    const clock = createWallClock(readWall, () => true)
    expect([clock(0), clock(250.5), clock(1000)]).toEqual([10_000, 10_250.5, 11_000])
    expect(readWall).toHaveBeenCalledTimes(1)
    readWall.mockReturnValue(20_000)
    expect(clock(1000.5)).toBe(20_000)
    expect(readWall).toHaveBeenCalledTimes(2)
  })

  it('keeps stamps in order when a new anchor falls less than a millisecond behind, and follows a clock set back by more', () => {
    const readWall = vi.fn(() => 10_000)
    const clock = createWallClock(readWall, () => true)
    expect(clock(0)).toBe(10_000)
    expect(clock(999.75)).toBe(10_999.75)
    // The wall clock read 10,999 at monotonic 1,000.5: Date.now() dropped the fraction.
    readWall.mockReturnValue(10_999)
    expect(clock(1000.5)).toBe(10_999.75)
    expect(clock(1001.5)).toBe(11_000)
    // Set back an hour: followed at the next anchor.
    readWall.mockReturnValue(10_999 - 3_600_000)
    expect(clock(2100)).toBe(10_999 - 3_600_000)
  })
})
