import { build, type Metafile } from 'esbuild'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// What a page pays for the mock, as a page's bundler builds it from the package: each page below
// is bundled by esbuild (minified, split into chunks as an app's build splits them) from the
// built package (dist/esm, through its exports), and the chunks the page loads before it runs —
// its static imports — are weighed gzipped, one by one, as a server sends them.
const root = path.resolve(import.meta.dirname, '../..')

const PAGES = {
  'msw alone': `import { setupWorker } from 'msw/browser'
await setupWorker().start()`,
  'default scenario': `import { setupWorker } from 'msw/browser'
import { createMockHandlers } from 'sitemock/handlers'
const { handlers } = createMockHandlers({ scenario: 'default' })
await setupWorker(...handlers).start()`,
  'generated scenario': `import { setupWorker } from 'msw/browser'
import { createMockHandlers, loadFaker } from 'sitemock/handlers'
await loadFaker()
const { handlers } = createMockHandlers({ scenario: 'multi-locale' })
await setupWorker(...handlers).start()`,
}
type PageName = keyof typeof PAGES

interface Weighed {
  /** The chunks loaded before the page runs. */
  initial: { minified: number; gzip: number; inputs: string[]; code: string }
  /** Everything the page may load, its dynamic imports included. */
  all: { minified: number; gzip: number; inputs: string[] }
}

describe('what sitemock/handlers costs a page, next to msw alone', () => {
  let dir: string
  const weighed = {} as Record<PageName, Weighed>

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'dist/esm/handlers.js'))) throw new Error('dist/esm is missing: run npm run build first')
    // A project with msw and the package installed: sitemock/handlers resolves through package.json's exports.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bundle-size-'))
    fs.mkdirSync(path.join(dir, 'node_modules'))
    fs.symlinkSync(root, path.join(dir, 'node_modules/sitemock'), 'dir')
    fs.symlinkSync(path.join(root, 'node_modules/msw'), path.join(dir, 'node_modules/msw'), 'dir')
    for (const [name, source] of Object.entries(PAGES) as [PageName, string][]) weighed[name] = await weigh(dir, name, source)
    const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`
    for (const [name, { initial, all }] of Object.entries(weighed)) {
      console.log(`${name}: ${kB(initial.gzip)} gzip (${kB(initial.minified)} minified) before the page runs; ${kB(all.gzip)} gzip with what it may import later`)
    }
    console.log(`default scenario / msw alone: ${(weighed['default scenario'].initial.gzip / weighed['msw alone'].initial.gzip).toFixed(2)}x`)
  }, 60_000)

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('a page with the default scenario weighs at most twice msw’s own setupWorker, gzipped', () => {
    expect(weighed['default scenario'].initial.gzip).toBeLessThanOrEqual(2 * weighed['msw alone'].initial.gzip)
  })

  it('faker is a chunk of its own, loaded only by a page that generates a scenario', () => {
    const faker = (inputs: string[]): string[] => inputs.filter((input) => input.includes('@faker-js/'))
    expect(faker(weighed['default scenario'].initial.inputs)).toEqual([])
    expect(faker(weighed['generated scenario'].initial.inputs)).toEqual([])
    expect(faker(weighed['generated scenario'].all.inputs).length).toBeGreaterThan(0)
  })

  it('the mock brings no schema compiler: its validators are compiled ahead of time', () => {
    const { inputs, code } = weighed['default scenario'].initial
    expect(inputs.filter((input) => /node_modules\/ajv\/dist\/(core|compile|2020)/.test(input))).toEqual([])
    expect(code).not.toMatch(/new Function\(|\beval\(/)
  })
})

async function weigh(dir: string, name: string, source: string): Promise<Weighed> {
  const entry = path.join(dir, `${name.replaceAll(' ', '-')}.js`)
  fs.writeFileSync(entry, source)
  const result = await build({
    entryPoints: [entry],
    outdir: path.join(dir, 'out', name.replaceAll(' ', '-')),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const contents = new Map(result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.contents]))
  const start = Object.keys(outputs).find((output) => outputs[output]!.entryPoint !== undefined)!
  const reach = (withDynamic: boolean): string[] => {
    const seen = new Set<string>()
    const visit = (output: string): void => {
      if (seen.has(output)) return
      seen.add(output)
      for (const imported of outputs[output]!.imports) if (withDynamic || imported.kind === 'import-statement') visit(imported.path)
    }
    visit(start)
    return [...seen]
  }
  const measure = (chunks: string[]) => {
    const bytes = chunks.map((chunk) => contents.get(chunk)!)
    return {
      minified: bytes.reduce((sum, b) => sum + b.length, 0),
      gzip: bytes.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0),
      inputs: chunks.flatMap((chunk) => Object.keys((outputs as Metafile['outputs'])[chunk]!.inputs)),
    }
  }
  const initialChunks = reach(false)
  return {
    initial: { ...measure(initialChunks), code: initialChunks.map((chunk) => Buffer.from(contents.get(chunk)!).toString('utf8')).join('\n') },
    all: measure(reach(true)),
  }
}
