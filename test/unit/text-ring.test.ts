import { describe, expect, it } from 'vitest'
import { TextRing } from '../../src/journal/text-ring.js'

describe('TextRing', () => {
  /** Writes `count` records of two texts into a ring that must keep the last `keep`; returns what reads back. */
  function run(count: number, keep: number, text: (i: number) => string, initialBytes: number): Array<Array<string | undefined>> {
    const ring = new TextRing(initialBytes)
    const lengths = new Int32Array(count * 2)
    const starts: number[] = []
    for (let i = 0; i < count; i++) {
      const keepFrom = i - keep + 1 > 0 ? starts[i - keep + 1]! : (starts[0] ?? Infinity)
      starts.push(ring.write([text(i), i % 3 === 0 ? undefined : `#${i}`], lengths, i * 2, keepFrom))
    }
    return starts.slice(-keep).map((start, k) => ring.read(start, lengths, (count - keep + k) * 2, 2))
  }

  it('keeps the records it is asked to keep across wrap-arounds, undefined texts included', () => {
    const text = (i: number): string => `record ${i} `.repeat(1 + (i % 7))
    const kept = run(500, 10, text, 1024)
    expect(kept).toEqual(Array.from({ length: 10 }, (_, k) => [text(490 + k), (490 + k) % 3 === 0 ? undefined : `#${490 + k}`]))
  })

  it('reads back short texts whether ASCII, partly not, or empty, on either side of the short-text length', () => {
    // Node copies ASCII up to 16 characters itself, browsers up to 256: both edges, both sides.
    const texts = ['', 'GET', '/v6/pages/é', 'ünïcode first', 'x'.repeat(16), `${'x'.repeat(15)}é`, 'y'.repeat(17), 'x'.repeat(256), `${'x'.repeat(255)}é`, 'y'.repeat(257), `${'y'.repeat(300)}😀`, 'a\u007fb\u0080c']
    const text = (i: number): string => texts[i % texts.length]!
    const kept = run(40, 20, text, 1024)
    expect(kept).toEqual(Array.from({ length: 20 }, (_, k) => [text(20 + k), (20 + k) % 3 === 0 ? undefined : `#${20 + k}`]))
  })

  it('grows rather than overwrite a kept record, whatever the texts hold', () => {
    const text = (i: number): string => `é—😀${i}`.repeat(200 + i)
    const kept = run(60, 50, text, 1024)
    expect(kept.map(([first]) => first)).toEqual(Array.from({ length: 50 }, (_, k) => text(10 + k)))
  })
})
