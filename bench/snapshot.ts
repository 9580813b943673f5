// node --import tsx bench/snapshot.ts [--rounds N]: the time of a snapshot (and the file it writes)
// of sitemock serving each scenario, against the limit measured in the same rounds: a bare walk of
// the same lists with fetch, which only parses the answers. The difference is what the snapshot
// adds: checking each answer's shape, building and checking the fixture, writing it. The servers
// announce a limit no walk reaches (--rate-limit 1000000): at the 100 requests per second sitemock
// announces by default, a snapshot keeps to that pace (at most 10,000 pages a second), which
// would be measured instead of its own work.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { writeFileSafely } from '../src/persist/safe-file.js'
import type { Credentials } from '../src/generated/types.js'
import { fixtureText } from '../src/scenarios/format-fixture.js'
import { takeSnapshot } from '../src/snapshot/take-snapshot.js'
import { startServer } from './processes.js'
import { alternate, median } from './rounds.js'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const bin = path.join(root, 'bin/sitemock.js')
const { values: flags } = parseArgs({ options: { rounds: { type: 'string' } } })
const ROUNDS = Math.max(1, Number(flags.rounds ?? 3))
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bench-snapshot-'))

const generated = path.join(folder, 'generated.json')
execFileSync(process.execPath, [bin, 'generate', '--sites', '4', '--pages', '5000', '--locales', '4', '--routes', '50', '--output', generated])
const SCENARIOS: Array<[string, string]> = [
  ['default', 'default'],
  ['multi-locale', 'multi-locale'],
  ['edge-cases', 'edge-cases'],
  ['large (1 site, 10,000 pages)', 'large'],
  ['generated (4 sites x 5,000 pages)', generated],
]

interface Target {
  baseUrl: string
  apiKey: string
  workspaceId: string
}

/** The limit: every list the snapshot reads, walked to its end, each answer only parsed. */
async function bareWalk({ baseUrl, apiKey, workspaceId }: Target): Promise<number> {
  const all = async (pathAndQuery: string): Promise<Array<{ id: string }>> => {
    const items: Array<{ id: string }> = []
    for (let cursor = ''; ; ) {
      const response = await fetch(`${baseUrl}${pathAndQuery}&limit=100${cursor && `&startingAfter=${cursor}`}`, { headers: { 'x-api-key': apiKey } })
      const page = (await response.json()) as { data: Array<{ id: string }>; hasMore: boolean }
      items.push(...page.data)
      if (!page.hasMore) return items
      cursor = page.data.at(-1)!.id
    }
  }
  let pages = 0
  for (const { id } of await all(`/v2/sites?workspaceId=${workspaceId}`)) {
    await all(`/v2/locales?siteId=${id}`)
    pages += (await all(`/v6/pages?siteId=${id}&includeOffline=true&versionRef=ref:draft`)).length
    await all(`/v6/pages?siteId=${id}&includeOffline=true&versionRef=ref:live`)
    await all(`/v2/routes?siteId=${id}`)
  }
  return pages
}

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

console.log(`sitemock snapshot: median of ${ROUNDS} round(s), the bare walk and the snapshot alternating\n`)
console.log('| scenario | pages | file | bare walk | snapshot | pages/s | snapshot / bare walk |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const [name, scenario] of SCENARIOS) {
  const server = await startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--rate-limit', '1000000', '--scenario', scenario], /listening on (http:\/\/\S+)/)
  try {
    const { workspaces } = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
    const target: Target = { baseUrl: server.url, apiKey: workspaces[0]!.appApiKey, workspaceId: workspaces[0]!.id }
    const file = path.join(folder, 'snapshot.json')
    let pages = 0
    const [bare, snapshot] = await alternate(
      [
        () => timed(() => bareWalk(target)),
        () =>
          timed(async () => {
            const result = await takeSnapshot(target)
            pages = result.counts.pages
            await writeFileSafely(file, fixtureText(result.fixture))
          }),
      ],
      ROUNDS,
    )
    const bareMs = median(bare!)
    const snapshotMs = median(snapshot!)
    const megabytes = fs.statSync(file).size / 1e6
    console.log(
      `| ${name} | ${pages} | ${megabytes.toFixed(2)} MB | ${bareMs.toFixed(0)} ms | ${snapshotMs.toFixed(0)} ms | ${Math.round((pages / snapshotMs) * 1000)} | ${(snapshotMs / bareMs).toFixed(2)} |`,
    )
  } finally {
    await server.stop()
  }
}
fs.rmSync(folder, { recursive: true, force: true })
