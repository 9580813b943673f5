import { afterEach } from 'vitest'
import type { Choices, ChoicesByList } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock, type Mock } from '../../src/mock.js'
import type { ScenarioName } from '../../src/scenarios/index.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

/** A JSON answer as the tests read it: a resource, a list (`data`) or an error (`code`). */
export type Json = Record<string, unknown> & { data?: Array<Record<string, unknown>>; code?: string }

export interface Answer {
  status: number
  body: Json
}

/** The mock following some choices, served over HTTP on an ephemeral port, with the keys the tests call it with. */
export interface ChoicesServer {
  mock: Mock
  /** The server's origin, for the control plane (`/__mock/...`). */
  url: string
  /** Calls the API; with the first workspace's App key unless another key is given. */
  call(method: string, path: string, body?: unknown, key?: string): Promise<Answer>
  workspaceId: string
  /** Another workspace's id and App key, where the scenario has one. */
  otherWorkspaceId: string | undefined
  otherAppKey: string | undefined
  /** A new site of the first workspace: its id and Site key. */
  site(name?: string): Promise<{ id: string; key: string }>
  close(): Promise<void>
}

export async function serveWithChoices(choices: Choices, scenario?: ScenarioName, listChoices?: ChoicesByList): Promise<ChoicesServer> {
  const mock = createMock({ choices, rateLimit: false, ...(scenario !== undefined && { scenario }), ...(listChoices !== undefined && { listChoices }) })
  const running: RunningServer = await listen(mock, { port: 0, host: '127.0.0.1' })
  const creds = (await (await fetch(`${running.url}/__mock/credentials`)).json()) as Credentials
  const { appApiKey, id: workspaceId } = creds.workspaces[0]!
  const call: ChoicesServer['call'] = async (method, path, body, key) => {
    const response = await fetch(running.url + path, {
      method,
      headers: { 'x-api-key': key ?? appApiKey, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json }
  }
  const site: ChoicesServer['site'] = async (name = 'choices') => {
    const made = await call('POST', '/v2/sites', { workspaceId, name })
    if (made.status !== 201) throw new Error(`creating a site answered ${made.status}: ${JSON.stringify(made.body)}`)
    return { id: String(made.body.id), key: String(made.body.publicApiKey) }
  }
  return { mock, url: running.url, call, workspaceId, otherWorkspaceId: creds.workspaces[1]?.id, otherAppKey: creds.workspaces[1]?.appApiKey, site, close: running.close }
}

/** Starts a server per test, closed after it: `const start = servedPerTest()` at the top of a test file. */
export function servedPerTest(): (choices: Choices, scenario?: ScenarioName, listChoices?: ChoicesByList) => Promise<ChoicesServer> {
  let server: ChoicesServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  return async (choices, scenario, listChoices) => (server = await serveWithChoices(choices, scenario, listChoices))
}

/** The id of a created resource, failing the test with the answer when it was not created. */
export function createdId(answer: Answer): string {
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  return String(answer.body.id)
}

/** A page pathname as one segment of a path. */
export const inPath = (pathname: string): string => encodeURIComponent(pathname)
