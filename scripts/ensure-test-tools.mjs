// Runs before the test suite: the browser tests drive Debian's Chromium, and the shell recipes of
// the docs are run with Debian's jq. Install what is missing when this machine can (root, or sudo
// without a password), and otherwise stop with the command to run.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'

/** Debian package, the file it installs, and what the tests use it for. */
const TOOLS = [
  { name: 'chromium', file: '/usr/bin/chromium', use: 'the browser tests' },
  { name: 'jq', file: '/usr/bin/jq', use: 'the readiness recipe of the docs' },
]

const missing = TOOLS.filter((tool) => !fs.existsSync(tool.file))
if (missing.length === 0) process.exit(0)

const names = missing.map((tool) => tool.name)
const isRoot = process.getuid?.() === 0
const canSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
if (!isRoot && !canSudo) {
  const needs = missing.map((tool) => `${tool.use} need ${tool.file}`).join('; ')
  console.error(`The tests need Debian packages this machine lacks (${needs}). Install them, then run the tests again:\n\n  sudo apt-get update && sudo apt-get install -y ${names.join(' ')}\n`)
  process.exit(1)
}

const run = (args) => {
  const [command, ...rest] = isRoot ? args : ['sudo', ...args]
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}
console.error(`Installing ${names.join(' and ')} for the tests...`)
run(['apt-get', 'update', '-qq'])
run(['apt-get', 'install', '-y', '-qq', ...names])
