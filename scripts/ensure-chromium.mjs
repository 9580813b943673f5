// Runs before the test suite: the browser tests drive Debian's Chromium, so install it when
// this machine can (root, or sudo without a password) and otherwise stop with the command to run.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'
const INSTALL = ['apt-get', 'install', '-y', '-qq', 'chromium']

if (fs.existsSync(CHROMIUM)) process.exit(0)

const isRoot = process.getuid?.() === 0
const canSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
if (!isRoot && !canSudo) {
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it, then run the tests again:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n`)
  process.exit(1)
}

const run = (args) => {
  const [command, ...rest] = isRoot ? args : ['sudo', ...args]
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}
console.error(`Installing Chromium (${CHROMIUM}) for the browser tests...`)
run(['apt-get', 'update', '-qq'])
run(INSTALL)
