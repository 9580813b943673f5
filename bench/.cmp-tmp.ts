// throwaway: alternate wrk rounds on journal on/off servers at N
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { chooseLoadGenerator } from '/work/wt18/bench/load.js'
import { startServer } from '/work/wt18/bench/processes.js'
import { alternate, median } from '/work/wt18/bench/rounds.js'
import { readWorkloads, resolveTarget } from '/work/wt18/bench/workloads.js'
const n = Number(process.argv[2] ?? 100000)
const secs = Number(process.argv[3] ?? 3)
const file = `/tmp/sitemock-bench-${n}.json`
const bin = '/work/wt18/bin/sitemock.js'
try { execFileSync('test', ['-f', file]) } catch { execFileSync(process.execPath, [bin, 'generate', '--sites', '1', '--pages', String(n), '--locales', '2', '--routes', '10', '--seed', '1', '--output', file]) }
const L = /listening on (http:\/\/[^\s]+)/
const bare = await startServer(process.execPath, ['--import', 'tsx', '/work/wt18/bench/servers/bare.ts', '650'], L)
const on = await startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--scenario', file, ...(process.argv[4] ? process.argv[4].split(' ') : [])], L, 300000)
const off = await startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--scenario', file, '--journal-size', '0'], L, 300000)
console.log('load s', on.startMs / 1000, 'rss', on.rssMb())
const load = chooseLoadGenerator(console.log)
const t = await resolveTarget(file)
const { one, deepList } = readWorkloads(t)
const ms = [[bare.url, { name: 'bare', path: '/' }], [on.url, one], [off.url, one], [on.url, deepList], [off.url, deepList]] as const
for (const [u, w] of ms) await load.saturate(u, w, 1)
const res = await alternate(ms.map(([u, w]) => () => load.saturate(u, w, secs)), 3)
ms.forEach(([u, w], i) => console.log((u === on.url ? 'ON ' : u === off.url ? 'OFF' : 'BARE'), w.name, median(res[i]!.map((r) => r.rps)).toFixed(0), 'ratio', median(res[i]!.map((r, k) => r.rps / res[0]![k]!.rps)).toFixed(3), 'p99', median(res[i]!.map((r) => r.p99)).toFixed(1), 'unexp', res[i]!.reduce((a, r) => a + r.unexpected, 0)))
console.log('rss on', on.rssMb(), 'off', off.rssMb())
for (const s of [bare, on, off]) await s.stop()
