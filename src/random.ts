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

/** A version-4 UUID: x a random hex digit, v the variant (8 to b), drawn in that order, the variant first. */
const UUID_TEMPLATE = 'xxxxxxxx-xxxx-4xxx-vxxx-xxxxxxxxxxxx'
const RANDOM_DIGIT = 'x'.charCodeAt(0)
const VARIANT_DIGIT = 'v'.charCodeAt(0)
const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0))

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
  // A UUID's characters as codes, made into one flat string at once: appending 32 digits one
  // by one makes a chain of 32 strings that the id's first Map lookup must then flatten.
  const codes = new Array<number>(UUID_TEMPLATE.length)
  return {
    next,
    uuid() {
      const variant = 8 + Math.floor(next() * 4)
      for (let i = 0; i < UUID_TEMPLATE.length; i++) {
        const code = UUID_TEMPLATE.charCodeAt(i)
        codes[i] = code === RANDOM_DIGIT ? HEX_CODES[Math.floor(next() * 16)]! : code === VARIANT_DIGIT ? HEX_CODES[variant]! : code
      }
      return String.fromCharCode(...codes)
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
