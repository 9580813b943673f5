import { describe, expect, it } from 'vitest'
import { createRandom } from '../../src/random.js'
import { instantMs, isoInstant } from '../../src/store/instant.js'

// The arithmetic stands in for Date's toISOString and Date.parse: it must answer exactly as they do.
function instants(): number[] {
  const random = createRandom(11)
  const edges = [
    0, 1, 999, 1000, 86_399_999, 86_400_000, Date.UTC(2000, 1, 29, 23, 59, 59, 999), Date.UTC(2100, 1, 28, 12), Date.UTC(2100, 2, 1),
    Date.UTC(2024, 11, 31, 23, 59, 59, 999), Date.UTC(2025, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
    -1, Date.UTC(1969, 11, 31, 23, 59, 59, 999), Date.UTC(1600, 1, 29), Date.UTC(10000, 0, 1, 0, 0, 0, 1),
  ]
  const spread = Array.from({ length: 20_000 }, () => Math.floor(random.next() * Date.UTC(9999, 11, 31)))
  const recent = Array.from({ length: 20_000 }, () => Date.UTC(2026, 0, 1) + Math.floor(random.next() * 4 * 365 * 86_400_000))
  return [...edges, ...spread, ...recent]
}

describe('isoInstant and instantMs', () => {
  it('format every instant as toISOString does and read it back as Date.parse does', () => {
    const all = instants()
    for (const ms of all) expect([ms, isoInstant(ms)]).toEqual([ms, new Date(ms).toISOString()])
    // Read apart from formatting: the text made last is answered from memory, not parsed.
    for (const ms of all.reverse()) {
      const text = new Date(ms).toISOString()
      expect([text, instantMs(text)]).toEqual([text, Date.parse(text)])
    }
  })

  it('read other forms and impossible dates as Date.parse does', () => {
    const texts = [
      '2026-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-01-01T24:00:00.000Z',
      '2026-01-01T23:60:00.000Z', '2026-01-01T23:59:60.000Z', '2026-01-01T00:00:00Z', '2026-01-01T01:00:00.000+01:00', '2026-01-01', '1969-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000z', '2026-01-01 00:00:00.000Z', 'not a date', '', '+012026-01-01T00:00:00.000Z',
    ]
    for (const text of texts) expect([text, instantMs(text)]).toEqual([text, Date.parse(text)])
  })

  it('refuses an instant that is not one, as Date does', () => {
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError)
  })
})
