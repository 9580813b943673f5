// Runs a command on a Node build of another major: `node --import tsx test/support/on-node.ts 24 npx vitest run`.
// That major's bin folder goes first on PATH, so node, npm and npx in the command use it.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { isNodeMajor, nodeBin, NODE_BUILDS } from './node-builds.js'

const [majorText, command, ...args] = process.argv.slice(2)
const major = Number(majorText)
if (!isNodeMajor(major) || command === undefined) {
  console.error(`usage: on-node.ts MAJOR COMMAND [ARGS...]; MAJOR is one of ${Object.keys(NODE_BUILDS).join(', ')}`)
  process.exit(2)
}
const bin = await nodeBin(major)
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` }
console.error(`On Node ${NODE_BUILDS[major]} (${bin}): ${[command, ...args].join(' ')}`)
const result = spawnSync(command, args, { stdio: 'inherit', env })
process.exit(result.status ?? 1)
