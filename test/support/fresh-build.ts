import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Whether dist/ is what `npm run build` makes of the sources as they are now. `npm test` builds
 * before vitest starts, so there the tests may use dist/ (pack it, run bin/sitemock.js) instead
 * of building again or compiling src/ on every start; a tree edited since its last build is not
 * fresh, and the tests fall back to building or to the sources.
 */

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What the build reads besides src/ and contracts/: its scripts, settings and installed packages. */
const BUILD_FILES = ['scripts/gen-validators.mjs', 'scripts/bundle.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json']

function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return []
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const mtime = (file: string): number => fs.statSync(file).mtimeMs

/** The TypeScript sources tsc compiles to dist/src, relative to src/ (declaration files emit nothing). */
function sources(root: string): string[] {
  const src = path.join(root, 'src')
  return filesUnder(src)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.relative(src, file))
}

/** Why dist/ of the project at `root` is not fresh, or undefined when it is. */
export function staleBuild(root = REPO): string | undefined {
  const bundled = filesUnder(path.join(root, 'dist/esm'))
  if (bundled.length === 0) return 'dist/esm is empty'
  // scripts/bundle.mjs empties dist/esm and writes it whole, last of the build.
  const bundledAt = Math.min(...bundled.map(mtime))
  const inputs = [...filesUnder(path.join(root, 'src')), ...filesUnder(path.join(root, 'contracts')), ...BUILD_FILES.map((file) => path.join(root, file)).filter((file) => fs.existsSync(file))]
  const newer = inputs.find((file) => mtime(file) > bundledAt)
  if (newer !== undefined) return `${path.relative(root, newer)} changed after dist/esm was built`
  // `npm run build` bundles only after tsc has compiled every source without an error. tsc's
  // incremental build writes no file for a source rewritten unchanged (the generators rewrite
  // theirs at every build), so a compiled file older than its source is no sign of staleness;
  // one that is missing is.
  const uncompiled = sources(root).find((source) => !fs.existsSync(path.join(root, 'dist/src', source.replace(/\.ts$/, '.js'))))
  return uncompiled === undefined ? undefined : `src/${uncompiled} has no compiled dist/src/${uncompiled.replace(/\.ts$/, '.js')}`
}

let memo: { stale: string | undefined } | undefined

/** staleBuild(), worked out once per process: nothing a test file does rebuilds dist/. */
export function isBuildFresh(): boolean {
  memo ??= { stale: staleBuild() }
  return memo.stale === undefined
}

/**
 * The files of dist/ a build from an empty dist/ makes that the package ships (package.json
 * `files`: dist/esm and the declarations of dist/src), relative to `root`. tsc's
 * incremental build leaves the output of a deleted source behind; `npm pack` after prepack's
 * fresh build would not have it, so neither does this list.
 */
export function shippedBuildFiles(root = REPO): string[] {
  const bundled = filesUnder(path.join(root, 'dist/esm')).map((file) => path.relative(root, file))
  const declarations = sources(root)
    .map((source) => path.join('dist/src', source.replace(/\.ts$/, '.d.ts')))
    .filter((file) => fs.existsSync(path.join(root, file)))
  return [...bundled, ...declarations]
}
