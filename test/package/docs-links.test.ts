import { beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTS } from './docs-blocks.js'
import { anchorsOf, LINKS, problemOf, slug } from './docs-links.js'
import { packedTarball } from './support.js'

/**
 * Every relative link of README.md and docs/*.md reaches, in the packed package, a file that
 * ships, and every `#anchor` a heading of it: the docs are read after an install, where a link
 * to a file left out of the package, or to a heading renamed since, leads nowhere.
 */

let shipped: ReadonlySet<string> = new Set()

beforeAll(async () => {
  shipped = new Set((await packedTarball()).files.map((file) => file.path))
}, 600_000)

describe('the links of README.md and docs/', () => {
  it('reach a file the package ships, and a heading of it', () => {
    expect(DOCUMENTS.every((doc) => shipped.has(doc)), 'every document checked ships').toBe(true)
    expect(LINKS.length).toBeGreaterThan(50)
    expect(LINKS.map((link) => problemOf(link, shipped)).filter((problem) => problem !== undefined)).toEqual([])
  })

  it('makes anchors as GitHub and npm do', () => {
    expect(slug('Live collections: `mock.db`')).toBe('live-collections-mockdb')
    expect(slug('Browsers on another origin (CORS)')).toBe('browsers-on-another-origin-cors')
    expect(slug('sitemock proxy: check real traffic against the contract')).toBe('sitemock-proxy-check-real-traffic-against-the-contract')
    expect(anchorsOf('docs/serving.md')).toContain('readiness')
  })

  it('names a link to a file that does not ship, a missing heading, and a folder with nothing in it', () => {
    const link = (target: string): string | undefined => problemOf({ doc: 'docs/proxy.md', line: 1, target }, shipped)
    expect(link('../src/index.ts')).toBe('docs/proxy.md:1 (../src/index.ts): src/index.ts is not in the package')
    expect(link('serving.md#no-such-heading')).toBe('docs/proxy.md:1 (serving.md#no-such-heading): docs/serving.md has no heading whose anchor is #no-such-heading')
    expect(link('#recording')).toBeUndefined()
    expect(link('../bench/')).toBe('docs/proxy.md:1 (../bench/): the package ships nothing under bench/')
    expect(link('../contracts/schemas/fixture.json')).toBeUndefined()
  })
})
