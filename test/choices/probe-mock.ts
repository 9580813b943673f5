import { probeChoices } from '../../src/contract/choices-probe.js'
import type { Choices, ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'

/** What the probes of `--write-choices` learn of a mock served over HTTP under these choices; `run` is the run tag's own part. */
export async function probeMock(choices: Choices, run: string): Promise<ChoicesFile> {
  const server = await listen(createMock({ choices, rateLimit: false }), { port: 0, host: '127.0.0.1' })
  try {
    const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
    const workspace = creds.workspaces[0]!
    return await probeChoices({ baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: `contract-${run}` })
  } finally {
    await server.close()
  }
}
