import type { Choices, ChoicesByList } from '../freedom/catalogue.js'
import { createMock } from '../mock.js'
import { listen } from '../transports/node-server.js'
import { mockCredentials, TargetError } from './preflight.js'

export interface Target {
  baseUrl: string
  apiKey?: string
  workspaceId?: string
  siteApiKey?: string
  otherApiKey?: string
  /** Stops what was started for the run (the local mock); nothing for a remote target. */
  close(): Promise<void>
}

/**
 * The mock on an ephemeral port, with its default scenario, and the keys it serves at
 * /__mock/credentials: the first workspace's App key, its first site's key, and the second
 * workspace's App key as the other tenant.
 */
export async function startLocalMock(choices?: Choices, listChoices?: ChoicesByList): Promise<Target> {
  const server = await listen(createMock({ choices, listChoices }), { port: 0, host: '127.0.0.1' })
  const keys = await keysOf(server.url)
  if (!keys) {
    await server.close()
    throw new TargetError('the local mock did not serve its credentials')
  }
  return { ...keys, close: server.close }
}

/** The keys of a sitemock at this address, or undefined when it serves none. */
export async function keysOf(baseUrl: string): Promise<Omit<Target, 'close'> | undefined> {
  const credentials = await mockCredentials(baseUrl)
  const workspace = credentials?.workspaces[0]
  if (!credentials || !workspace) return undefined
  return {
    baseUrl,
    apiKey: workspace.appApiKey,
    workspaceId: workspace.id,
    siteApiKey: credentials.sites.find((site) => site.workspaceId === workspace.id)?.publicApiKey,
    otherApiKey: credentials.workspaces[1]?.appApiKey,
  }
}
