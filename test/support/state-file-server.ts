import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createMock } from '../../src/mock.js'
import { openStateFile, type PersistentMock } from '../../src/persist/state-file.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

/** A fresh path for a state file, in a folder of its own. */
export const stateFilePath = (): string => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-state-')), 'state')

export interface StateFileServer {
  persistent: PersistentMock
  server: RunningServer
  close(): Promise<void>
}

/** The node:http server on the mock a state file holds, as `sitemock serve --state-file` runs it. */
export async function serveStateFile(file: string): Promise<StateFileServer> {
  const persistent = await openStateFile(file, (state) => createMock({ state, rateLimit: false }))
  const server = await listen(persistent.mock)
  return { persistent, server, close: async () => (await server.close(), await persistent.close()) }
}
