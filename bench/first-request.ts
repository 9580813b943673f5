// A test file's first answers, in fresh processes: importing sitemock, createMock() and the first
// GET and POST, against importing msw/node (measured in the same rounds, alternating, so that
// whatever else the machine does weighs on both). Part of npm run bench; on its own:
//   npm run build && node --import tsx bench/first-request.ts [rounds]
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { alternate, median } from './rounds.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)
const run = promisify(execFile)

export interface FirstRequestResult {
  rounds: number
  mswNodeMs: number
  sitemockMs: number
  /** The median of each round's sitemock / msw/node. */
  ratio: number
}

/** The built file of the package's main entry, as its exports map names it. */
function mainEntry(): string {
  const exports = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> }).exports
  return pathToFileURL(path.join(root, exports['.']!.default)).href
}

async function probe(mode: 'msw' | 'sitemock'): Promise<number> {
  const { stdout } = await run(process.execPath, [path.join(here, 'first-request-probe.mjs'), mode, mainEntry()], { cwd: root, encoding: 'utf8' })
  return (JSON.parse(stdout) as { ms: number }).ms
}

export async function measureFirstRequest(rounds: number): Promise<FirstRequestResult> {
  // One of each first: the files are then in the OS's cache for every round alike.
  await probe('msw')
  await probe('sitemock')
  const [msw, sitemock] = await alternate([() => probe('msw'), () => probe('sitemock')], rounds)
  return { rounds, mswNodeMs: median(msw!), sitemockMs: median(sitemock!), ratio: median(sitemock!.map((ms, round) => ms / msw![round]!)) }
}

export const describeFirstRequest = (r: FirstRequestResult): string =>
  `first answers in a fresh process (median of ${r.rounds} alternating rounds): importing sitemock, createMock() and the first GET and POST ${r.sitemockMs.toFixed(0)} ms; importing msw/node ${r.mswNodeMs.toFixed(0)} ms; ${r.ratio.toFixed(2)}x`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(describeFirstRequest(await measureFirstRequest(Number(process.argv[2] ?? 15))))
}
