// The contract suite's verdicts on conforming targets, as a table: the strict, the permissive and
// the outsider implementations (test/contract/independent/, permissive/, every outsiderN/) and conformance twins
// whose free choices are drawn from a seed (test/contract/twin/). Each conforms to the documents,
// so under the default profile every row must read 0 failed, at most 2 skipped, 0 divergences, 0
// inconsistencies (a conforming twin makes each free choice one way);
// the run exits 1 otherwise. The project's tests run five twin seeds with a few sequences
// (test/contract/twin.test.ts); this runs every seed asked for, with the stateful group for a
// time budget as a QA team would.
//
//   node --import tsx bench/conformance.ts                       seeds 1..30, 101, 202, 303; 60 s of stateful sequences each
//   CONFORMANCE_SEEDS=1,2,3 CONFORMANCE_STATEFUL_MS=10000 node --import tsx bench/conformance.ts
import '../src/eager-parts.js'
import { runContract } from '../src/contract/runner.js'
import type { ContractReport } from '../src/contract/types.js'
import { startIndependent } from '../test/contract/independent/index.js'
import { startPermissive } from '../test/contract/permissive/index.js'
import { outsiderFolders, startOutsider } from '../test/contract/outsider-process.js'
import { implementationOptions, withStatus } from '../test/contract/support.js'
import { startTwin } from '../test/contract/twin/index.js'

const DEFAULT_SEEDS = [...Array.from({ length: 30 }, (_, index) => index + 1), 101, 202, 303]
const seeds = process.env.CONFORMANCE_SEEDS ? process.env.CONFORMANCE_SEEDS.split(',').map(Number) : DEFAULT_SEEDS
const statefulMs = Number(process.env.CONFORMANCE_STATEFUL_MS ?? 60_000)
/** The bar for a conforming target: a setup that cannot be made may skip a check or two, no more. */
const MAX_SKIPPED = 2

type Started = Parameters<typeof implementationOptions>[0] & { close(): Promise<void> }
const targets: Array<[string, () => Promise<Started>]> = [
  ['strict', () => startIndependent()],
  ['permissive', () => startPermissive()],
  ...outsiderFolders().map((folder): [string, () => Promise<Started>] => [folder, () => startOutsider(folder)]),
  ...seeds.map((seed): [string, () => Promise<Started>] => [`twin ${seed}`, () => startTwin(seed)]),
]

interface Row {
  target: string
  failed: string[]
  skipped: string[]
  divergences: number
  /** Free choices the target was seen to make two ways: a conforming twin makes each one way, so each is a false alarm here. */
  inconsistencies: number
  sequences: string
  differs: number
  seconds: number
}

function rowOf(target: string, report: ContractReport, seconds: number): Row {
  const stateful = report.checks.find((check) => check.id === 'stateful.model')
  const notice = report.notices.find((line) => line.startsWith('stateful:')) ?? ''
  return {
    target,
    failed: withStatus(report, 'failed').filter((check) => check.id !== 'stateful.model').map((check) => check.id),
    skipped: withStatus(report, 'skipped').map((check) => check.id),
    divergences: stateful?.status === 'failed' ? stateful.failures.length : 0,
    inconsistencies: stateful?.status === 'differs' ? stateful.failures.filter((failure) => failure.message.includes('inconsistent:')).length : 0,
    sequences: /(\d+) sequence/.exec(notice)?.[1] ?? '?',
    differs: withStatus(report, 'differs').length,
    seconds,
  }
}

const rows: Row[] = []
console.log(`| target | failed | skipped | divergences (sequences in ${statefulMs / 1000} s) | inconsistent | differs | s |`)
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const [name, start] of targets) {
  const server = await start()
  const started = Date.now()
  try {
    const report = await runContract(implementationOptions(server, { stateful: { runs: 100_000, timeMs: statefulMs, seed: 1 } }))
    const row = rowOf(name, report, Math.round((Date.now() - started) / 1000))
    rows.push(row)
    console.log(`| ${row.target} | ${row.failed.length} | ${row.skipped.length} | ${row.divergences} (${row.sequences}) | ${row.inconsistencies} | ${row.differs} | ${row.seconds} |`)
    for (const id of row.failed) console.log(`|   failed: ${id} | | | | | | |`)
    for (const failure of report.checks.find((check) => check.id === 'stateful.model')?.failures ?? []) console.log(`|   divergence: ${failure.message.split('\n')[0]} | | | | | | |`)
    if (row.skipped.length > MAX_SKIPPED) console.log(`|   skipped: ${row.skipped.join(', ')} | | | | | | |`)
  } finally {
    await server.close()
  }
}
const bad = rows.filter((row) => row.failed.length > 0 || row.divergences > 0 || row.inconsistencies > 0 || row.skipped.length > MAX_SKIPPED)
console.log(`\n${rows.length - bad.length} of ${rows.length} conforming targets pass: no failed check, at most ${MAX_SKIPPED} skipped, no divergence, no inconsistency`)
process.exit(bad.length > 0 ? 1 : 0)
