import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock, type Mock } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import { check, describeFailures, runAgainst } from './support.js'

/**
 * A deployment whose sites' publicApiKey reads their published pages alone
 * (publicApiKeyAsSiteKey published-pages), as the mock follows it: the probes learn it, the auth checks
 * and the stateful sequences take it, learned first or adopted on first sight, and find no
 * divergence where its page reads answer the live versions and everything else 403.
 */
let mock: Mock
let server: RunningServer
beforeAll(async () => {
  mock = createMock({ choices: { publicApiKeyAsSiteKey: 'published-pages' }, rateLimit: false })
  server = await listen(mock, { port: 0, host: '127.0.0.1' })
})
afterAll(() => server.close())

const STATEFUL = { runs: 12, seed: 1, timeMs: 120_000 }

describe('the contract suite against a deployment whose publicApiKey reads its published pages alone, live by default', () => {
  it('learns published-pages, and the auth checks and the stateful sequences fail nothing', async () => {
    const report = await runAgainst(server.url, mock, { only: ['auth', 'stateful'], stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyAsSiteKey="published-pages"')
    expect(describeFailures(report)).toBe('')
  }, 300_000)

  it('adopts published-pages on first sight in the stateful sequences, without a divergence', async () => {
    const report = await runAgainst(server.url, mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    const result = check(report, 'stateful.model')
    expect(result.failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: published-pages')
  }, 300_000)
})
