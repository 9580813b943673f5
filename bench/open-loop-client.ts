// The open loop in a process of its own: the harness's heap (fixtures, results, every server's
// output) never stalls the client that times the answers. Prints its result as one JSON line.
import { openLoop, type OpenLoopRun } from './open-loop.js'

const run = JSON.parse(process.argv[2]!) as OpenLoopRun
const cpu = process.cpuUsage()
const started = performance.now()
const result = await openLoop(run.baseUrl, run.workload, run.seconds, run.rate, run.connections)
const seconds = (performance.now() - started) / 1000
const used = process.cpuUsage(cpu)
console.log(JSON.stringify({ ...result, seconds, clientCpus: (used.user + used.system) / 1e6 / seconds }))
