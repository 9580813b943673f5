import { execFileSync } from 'node:child_process'
import path from 'node:path'
import fs from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median } from './rounds.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)

/** The built files of the package's `sitemock` and `sitemock/msw` entries, as its exports map names them. */
function entryUrls(): string[] {
  const exports = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> }).exports
  return ['.', './msw'].map((entry) => pathToFileURL(path.join(root, exports[entry]!.default)).href)
}

export interface StartupResult {
  runs: number
  mswNodeMs: number
  sitemockMs: number
}

/** Medians over fresh processes, each importing msw/node and then sitemock (the built package, by its own name) with createMock(). */
export function measureStartup(runs: number): StartupResult {
  const samples = Array.from({ length: runs }, () => {
    const output = execFileSync(process.execPath, [path.join(here, 'startup-probe.mjs'), ...entryUrls()], { cwd: root, encoding: 'utf8' })
    return JSON.parse(output) as { mswNodeMs: number; sitemockMs: number }
  })
  return { runs, mswNodeMs: median(samples.map((s) => s.mswNodeMs)), sitemockMs: median(samples.map((s) => s.sitemockMs)) }
}
