import { execFileSync, spawnSync } from 'node:child_process'

/** Runs a command as root: directly when the tests run as root, else through sudo without a password. */
function asRoot(args: string[]): void {
  const [command, ...rest] = process.getuid?.() === 0 ? args : ['sudo', '-n', ...args]
  execFileSync(command!, rest, { stdio: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

const onPath = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0

/** xmllint, from Debian's libxml2-utils, installed when missing (as the browser tests do for Chromium). */
export function ensureXmllint(): string {
  if (!onPath('xmllint')) {
    try {
      asRoot(['apt-get', 'install', '-y', '-qq', 'libxml2-utils'])
    } catch {
      asRoot(['apt-get', 'update', '-qq'])
      asRoot(['apt-get', 'install', '-y', '-qq', 'libxml2-utils'])
    }
  }
  return 'xmllint'
}

/** The Prism version whose mock of the published OpenAPI the suite is proven against. */
export const PRISM = '@stoplight/prism-cli@5.16.0'
