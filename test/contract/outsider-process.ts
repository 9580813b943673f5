import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { StartedImplementation } from './support.js'

/** What each outsiderN/server.mjs prints once listening: its URL and the keys of its seeded workspaces. */
interface Announced {
  baseUrl: string
  apiKey: string
  workspaceId: string
  siteApiKey: string
  otherApiKey: string
}

/** A folder of test/contract/ holding a deployment written outside the project. */
export type OutsiderFolder = 'outsider' | `outsider${number}`

/** Every such folder, in the order they were written (outsider, outsider2, ...): each has its server.mjs. */
export function outsiderFolders(): OutsiderFolder[] {
  const number = (folder: string): number => Number(folder.slice('outsider'.length) || 1)
  return fs
    .readdirSync(import.meta.dirname)
    .filter((name): name is OutsiderFolder => /^outsider\d*$/.test(name) && fs.existsSync(path.join(import.meta.dirname, name, 'server.mjs')))
    .sort((a, b) => number(a) - number(b))
}

/**
 * Starts an implementation written outside the project (test/contract/outsiderN/) as a process of its
 * own, as a deployment runs, and gives the suite's view of it: its URL and keys, its Site key too.
 */
export async function startOutsider(folder: OutsiderFolder = 'outsider'): Promise<StartedImplementation & { close(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, folder, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()
  if (first.done === true) throw new Error(`test/contract/${folder}/server.mjs exited before it said where it listens`)
  const announced = JSON.parse(String(first.value)) as Announced
  return {
    url: announced.baseUrl,
    appKey: announced.apiKey,
    workspaceId: announced.workspaceId,
    siteApiKey: announced.siteApiKey,
    otherWorkspaceKey: announced.otherApiKey,
    close: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
