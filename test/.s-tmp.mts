import '../src/index.js'
import { runContract } from '../src/contract/runner.js'
import { implementationOptions } from './contract/support.js'
import { startTwin } from './contract/twin/index.js'
const [seed, runs, sseed] = process.argv.slice(2).map(Number)
const twin = await startTwin(seed!, {})
try {
  const report = await runContract({ ...implementationOptions(twin, { only: ['stateful'], stateful: { runs: runs!, timeMs: 120_000, seed: sseed ?? 1 } }) })
  for (const c of report.checks.filter((r) => r.status === 'failed')) console.log(c.failures.map((f) => f.message).join('\n=====\n'))
  console.log(report.notices.filter((n) => n.startsWith('stateful')).join('\n').slice(0, 1500))
} finally { await twin.close() }
