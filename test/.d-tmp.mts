import '../src/index.js'
import { runContract } from '../src/contract/runner.js'
import { implementationOptions } from './contract/support.js'
import { startTwin } from './contract/twin/index.js'
for (const seed of process.argv.slice(2).map(Number)) {
  const twin = await startTwin(seed, {})
  try {
    const report = await runContract({ ...implementationOptions(twin, { stateful: { runs: 1, timeMs: 5000, seed: 1 } }) })
    for (const c of report.checks.filter((r) => r.status === 'differs')) console.log(seed, c.id, '|', c.failures.map((f) => f.message.split('\n')[0]).join(' || ').slice(0, 250))
    console.log(seed, 'not learned:', /not learned: (.*)/.exec(report.notices.find((n) => n.includes('not learned')) ?? '')?.[1]?.replace(/\([^)]*\)/g, '').slice(0, 400))
  } finally { await twin.close() }
}
