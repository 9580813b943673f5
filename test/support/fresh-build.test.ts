import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { shippedBuildFiles, staleBuild } from './fresh-build.js'

/**
 * The check that lets the tests pack and run dist/ instead of building again: a tree with a
 * build older than any of its sources must never count as fresh, or a package test would ship,
 * and a command-line test run, code that is not the sources'.
 */

let root = ''
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** Writes `file` under root, last modified `second` seconds after an arbitrary start. */
function write(file: string, second: number): void {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, file)
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second))
  fs.utimesSync(full, at, at)
}

/** A tree built at second 20 (tsc at 15, the bundle at 20) from sources of second 10 or earlier. */
function builtTree(): void {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-fresh-build-'))
  write('package.json', 1)
  write('contracts/schemas/site.json', 2)
  write('src/index.ts', 10)
  write('src/cli/main.ts', 10)
  write('dist/src/index.js', 15)
  write('dist/src/index.d.ts', 15)
  write('dist/src/cli/main.js', 15)
  write('dist/src/cli/main.d.ts', 15)
  write('dist/esm/index.js', 20)
  write('dist/esm/chunks/chunk-A.js', 20)
}

describe('whether dist/ is what the sources build to now', () => {
  it('is fresh when the bundle is newer than every input and every source is compiled', () => {
    builtTree()
    expect(staleBuild(root)).toBeUndefined()
  })

  it.each([
    ['src/cli/main.ts', 'src/cli/main.ts changed after dist/esm was built'],
    ['contracts/schemas/site.json', 'contracts/schemas/site.json changed after dist/esm was built'],
    ['package.json', 'package.json changed after dist/esm was built'],
  ])('is stale once %s changes after the build', (file, reason) => {
    builtTree()
    write(file, 30)
    expect(staleBuild(root)).toBe(reason)
  })

  it('stays fresh when a generator rewrote a source unchanged, for which incremental tsc writes nothing', () => {
    builtTree()
    write('src/cli/main.ts', 18)
    expect(staleBuild(root)).toBeUndefined()
  })

  it('is stale when a source has no compiled file, or nothing is bundled', () => {
    builtTree()
    write('src/added.ts', 5)
    expect(staleBuild(root)).toBe('src/added.ts has no compiled dist/src/added.js')
    fs.rmSync(path.join(root, 'dist/esm'), { recursive: true })
    expect(staleBuild(root)).toBe('dist/esm is empty')
  })

  it('ships the bundle and the declarations of the sources there are, not those a deleted source left behind', () => {
    builtTree()
    write('dist/src/deleted.js', 15)
    write('dist/src/deleted.d.ts', 15)
    expect(shippedBuildFiles(root).sort()).toEqual(['dist/esm/chunks/chunk-A.js', 'dist/esm/index.js', 'dist/src/cli/main.d.ts', 'dist/src/index.d.ts'])
  })
})
