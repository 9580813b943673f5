// Bundles the compiled entries (dist/src, from tsc) into dist/esm, which the package's exports
// and bin point at. A test file that imports sitemock then loads a few files instead of some two
// hundred modules, about 60 ms less on every fresh start; the types stay tsc's, in dist/src.
import { build } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const compiled = (file) => path.join(root, 'dist/src', file)
const outdir = path.join(root, 'dist/esm')
// Chunk names carry hashes: a build starts from an empty folder so that no stale chunk lingers.
fs.rmSync(outdir, { recursive: true, force: true })

// One build, split into chunks: the entries share a single copy of each module, so sitemock/data
// registers mock.db with the very core that sitemock and sitemock/browser export. A chunk holds
// the modules of exactly the entries that reach them, so nothing of Node's (node:http, the
// lazy faker loader) lands in what sitemock/browser loads; packages stay imports, for the
// project's own msw and its bundler's conditions.
await build({
  entryPoints: {
    index: compiled('index.js'),
    msw: compiled('transports/msw.js'),
    express: compiled('transports/express.js'),
    browser: compiled('transports/browser.js'),
    handlers: compiled('transports/handlers.js'),
    playwright: compiled('transports/playwright.js'),
    data: compiled('data.js'),
    cli: compiled('cli/main.js'),
  },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  external: ['node:*'],
  sourcemap: true,
  logLevel: 'warning',
})
