import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { MockOptions } from '../../src/mock.js'
import type { NodeServerOptions } from '../../src/transports/node-server.js'
import { resetAndGetCredentials, type Credentials } from './credentials.js'
import { startMock, type TestServer, type Transport } from './harness.js'

/** What each test starts from: the server, and the default scenario's first workspace and site. */
export interface TestStart {
  server: TestServer
  creds: Credentials
  appKey: string
  workspaceId: string
  siteId: string
  siteKey: string
}

/**
 * Runs one mock server on `transport` for the describe block it is called in and restores the
 * default scenario before each test; `ready` then receives what the tests start from.
 */
export function useDefaultScenario(transport: Transport, ready: (start: TestStart) => void | Promise<void>, options: MockOptions & NodeServerOptions = {}): void {
  let server: TestServer
  beforeAll(async () => {
    server = await startMock({ transport, ...options })
  })
  afterAll(() => server.close())
  beforeEach(async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'default' })
    const workspace = creds.workspaces[0]!
    const site = creds.sites[0]!
    await ready({ server, creds, appKey: workspace.appApiKey, workspaceId: workspace.id, siteId: site.id, siteKey: site.siteApiKey })
  })
}
