// Bundles the compiled entries (dist/src, from tsc) into dist/esm, which the package's exports
// and bin point at. A test file that imports sitemock then loads a few files instead of some
// hundred modules, about 60 ms less on every fresh start; the types stay tsc's, in dist/src.
import { build } from 'esbuild'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const compiled = (file) => path.join(root, 'dist/src', file)
const outdir = path.join(root, 'dist/esm')
const common = { bundle: true, format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning', outdir }

// The Node entries share one core: chunks they have in common hold the single copy of each
// module (sitemock/data registers mock.db with the very mock that sitemock exports).
await build({
  ...common,
  platform: 'node',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  entryPoints: {
    index: compiled('index.js'),
    msw: compiled('transports/msw.js'),
    express: compiled('transports/express.js'),
    data: compiled('data.js'),
    cli: compiled('cli/main.js'),
  },
})
// The browser entry is bundled on its own for the platform it runs on: nothing of Node's may reach it.
await build({ ...common, platform: 'browser', entryPoints: { browser: compiled('transports/browser.js') } })
