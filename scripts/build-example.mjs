// Builds the browser example into a folder any static file server can serve:
// index.html, app.js (example/main.ts bundled with esbuild) and mockServiceWorker.js, which
// msw's own CLI (`msw init`) writes, so the worker always matches the installed msw.
// Usage: node scripts/build-example.mjs [out-dir]   (default example/dist)
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'example/dist'))

fs.mkdirSync(outDir, { recursive: true })
fs.copyFileSync(path.join(root, 'example/index.html'), path.join(outDir, 'index.html'))
await build({
  entryPoints: [path.join(root, 'example/main.ts')],
  outfile: path.join(outDir, 'app.js'),
  bundle: true,
  format: 'esm',
  // The bundle must run in a page: any Node built-in reached from the entry fails the build.
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
})
const mswCli = path.join(path.dirname(createRequire(import.meta.url).resolve('msw/package.json')), 'cli/index.js')
execFileSync(process.execPath, [mswCli, 'init', outDir, '--no-save'], { stdio: 'ignore' })
console.log(`example built in ${path.relative(process.cwd(), outDir) || '.'}`)
