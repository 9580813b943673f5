import { expect } from 'vitest'

/** Each character of `text` percent-encoded, in lower- or upper-case hex. */
export const encodedEach = (text: string, hexCase: 'lower' | 'upper' = 'lower'): string =>
  [...new TextEncoder().encode(text)].map((byte) => `%${hexCase === 'lower' ? byte.toString(16).padStart(2, '0') : byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')

/** The key's first character percent-encoded: sk_… sent as %73k_…. */
export const firstEncoded = (key: string): string => `${encodedEach(key[0]!)}${key.slice(1)}`

/**
 * The ways a URL may spell a key's value: as it is, its first character encoded, every character
 * encoded in either case of hex, encoded twice, and every other character encoded.
 */
export function spellingsOf(key: string): Record<string, string> {
  return {
    plain: key,
    'first character encoded': firstEncoded(key),
    'every character encoded': encodedEach(key),
    'upper-case hex': encodedEach(key, 'upper'),
    'encoded twice': encodeURIComponent(encodedEach(key)),
    'every other character encoded': [...key].map((char, index) => (index % 2 ? encodedEach(char) : char)).join(''),
  }
}

/** Every layer of percent-encoding taken off a text, up to three, `+` read as a space. */
function decodedLayers(text: string): string[] {
  const layers = [text]
  for (let i = 0; i < 3; i++) {
    const last = layers[layers.length - 1]!
    const next = last.replace(/\+/g, ' ').replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
    if (next === last) break
    layers.push(next)
  }
  return layers
}

/** Asserts that the key shows nowhere in the text, in no spelling: the text, however often decoded, never holds it. */
export function expectNoKey(text: string, key: string, where: string): void {
  for (const [spelling, spelled] of Object.entries(spellingsOf(key))) expect(text, `${where}: ${spelling}`).not.toContain(spelled)
  for (const layer of decodedLayers(text)) expect(layer, `${where}, decoded`).not.toContain(key)
}
