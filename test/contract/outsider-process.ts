import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { StartedImplementation } from './support.js'

/** What outsider/server.mjs (and outsider2/ to outsider5/) prints once listening: its URL and the keys of its seeded workspaces. */
interface Announced {
  baseUrl: string
  apiKey: string
  workspaceId: string
  siteApiKey: string
  otherApiKey: string
}

/** A folder of test/contract/ holding a deployment written outside the project. */
export type OutsiderFolder = 'outsider' | 'outsider2' | 'outsider3' | 'outsider4' | 'outsider5' | 'outsider6' | 'outsider7' | 'outsider8' | 'outsider9' | 'outsider10' | 'outsider11' | 'outsider12' | 'outsider13' | 'outsider14' | 'outsider15' | 'outsider16' | 'outsider17' | 'outsider18' | 'outsider19' | 'outsider20' | 'outsider21' | 'outsider22' | 'outsider23' | 'outsider24' | 'outsider25' | 'outsider26' | 'outsider27' | 'outsider28' | 'outsider29' | 'outsider30'

/**
 * Starts an implementation written outside the project (outsider/ to outsider5/) as a process of its
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
