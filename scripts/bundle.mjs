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

/**
 * The API operations' validators are one module per schema file (src/generated/validators/
 * operations/): a page's entries import each on demand, Node's import all of them from the start
 * (eager.ts). Were they the same modules in one build, each would be a chunk of its own, which
 * Node loads one by one: two dozen files more at every start, some 30 ms. What eager.ts imports
 * is therefore a module of its own here, bundled into Node's chunks: the code of an operation's
 * validators is written to dist/esm twice, once for each way of loading it, and generated once.
 * The two copies hold no state: whichever is loaded hands its functions to validator-sets.ts.
 */
let eagerLoaded = 0
const eagerOperations = {
  name: 'eager-operations',
  setup(build) {
    const namespace = 'eager-operation'
    // The module is named by its path in the project: esbuild writes the name into dist/esm, which
    // must not carry the folder the package was built in.
    build.onResolve({ filter: /^\.\/operations\/operation-[a-z-]+\.js$/ }, ({ path: imported, importer }) =>
      path.basename(importer) === 'eager.js' ? { path: path.relative(root, path.resolve(path.dirname(importer), imported)), namespace } : undefined,
    )
    // The module's own imports (the validators' runtime) resolve from its file: they stay shared.
    build.onLoad({ filter: /./, namespace }, ({ path: named }) => {
      eagerLoaded++
      const file = path.join(root, named)
      return { contents: fs.readFileSync(file, 'utf8'), loader: 'js', resolveDir: path.dirname(file) }
    })
  },
}

// One build, split into chunks: the entries share a single copy of each module (the stateless
// ones above aside), so sitemock/data registers mock.db with the very core that sitemock and
// sitemock/browser export. A chunk holds the modules of exactly the entries that reach them, so
// nothing of Node's (node:http, the lazy faker loader) lands in what sitemock/browser loads;
// packages stay imports, for the project's own msw and its bundler's conditions.
await build({
  plugins: [eagerOperations],
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
// A renamed module or index would quietly bring back a chunk per module in Node's start.
if (eagerLoaded === 0) throw new Error('scripts/bundle.mjs: src/generated/validators/eager.ts imports no module of operations/ that the eager-operations plugin recognises')
