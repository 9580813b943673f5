// Part of npm run soak: the contract suite's stateful group at full length against the two
// implementations of the API the tests hold it to (test/contract/permissive/, the permissive side
// of every free choice, and test/contract/independent/, the strict side): 2,000 sequences each,
// which must show no divergence. The suite's own tests run a few hundred of them (permissive.test.ts,
// independent.test.ts). Exit code 1 on any divergence.
import { runContract } from '../src/contract/runner.js'
import { startIndependent } from '../test/contract/independent/index.js'
import { startPermissive } from '../test/contract/permissive/index.js'
import { implementationOptions } from '../test/contract/support.js'

const SEQUENCES = Number(process.env.SOAK_SEQUENCES ?? 2000)
const IMPLEMENTATIONS = { permissive: startPermissive, strict: startIndependent } as const

let diverged = false
for (const [name, start] of Object.entries(IMPLEMENTATIONS)) {
  const server = await start()
  try {
    const report = await runContract(implementationOptions(server, { only: ['stateful'], stateful: { runs: SEQUENCES, seed: 1, timeMs: 3_600_000 } }))
    const result = report.checks.find((check) => check.id === 'stateful.model')
    console.log(`${name}: stateful.model ${result?.status}`)
    for (const line of report.notices.filter((notice) => notice.startsWith('stateful'))) console.log(`  ${line}`)
    for (const failure of result?.failures ?? []) console.log(`  ${failure.message.split('\n').slice(0, 2).join('\n  ')}`)
    if (result?.status !== 'passed') diverged = true
  } finally {
    await server.close()
  }
}
process.exit(diverged ? 1 : 0)
