/**
 * A seeded random source. Ids, keys and generated content all come from it, so the same
 * scenario and seed always give byte-identical state.
 */
export interface RandomSource {
  /** A float in [0, 1). */
  next(): number
  uuid(): string
  appApiKey(): string
  /** The generator's whole state: createRandom(state) or restore(state) continues from here. */
  state(): number
  restore(state: number): void
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function createRandom(seed: number): RandomSource {
  // mulberry32: tiny, fast and good enough for fixtures; not for secrets.
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const hex = (count: number): string => {
    let out = ''
    for (let i = 0; i < count; i++) out += Math.floor(next() * 16).toString(16)
    return out
  }
  return {
    next,
    uuid() {
      const variant = (8 + Math.floor(next() * 4)).toString(16)
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`
    },
    appApiKey() {
      let key = 'sk_'
      for (let i = 0; i < 40; i++) key += ALPHANUMERIC[Math.floor(next() * ALPHANUMERIC.length)]
      return key
    },
    state: () => state,
    restore(value) {
      state = value >>> 0
    },
  }
}
