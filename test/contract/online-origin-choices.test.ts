import { afterEach, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { createMock } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import { check, runAgainst } from './support.js'

/**
 * The contract suite against the mock following hostOriginNull `unchanged` and onlineUpdatedAt
 * `unchanged` over HTTP: the check that meets each names the class under the sitemock profile,
 * differs under the default one, and passes once the probes learned it; the stateful group,
 * without learning them first, adopts each from the target's answers and holds it.
 */
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function statefulAgainst(choices: Choices, runs: number) {
  const mock = createMock({ rateLimit: false, choices })
  running = await listen(mock, { port: 0, host: '127.0.0.1' })
  return runAgainst(running.url, mock, { only: ['stateful'], stateful: { runs, seed: 1 }, choices: {} })
}

describe('the lifecycle checks that meet hostOriginNull and onlineUpdatedAt', () => {
  it.each([
    [{ onlineUpdatedAt: 'unchanged', pagePublishing: 'going-online' }, 'onlineUpdatedAt', 'lifecycle.timestamps.page'],
    [{ hostOriginNull: 'unchanged' }, 'hostOriginNull', 'lifecycle.site.update'],
  ] as const)('%j: %s named under --profile sitemock, a difference by default, held to once learned', async (choices, id, checkId) => {
    const runs = []
    for (const options of [{ profile: 'sitemock', learnChoices: false }, { learnChoices: false }, { learnChoices: true }] as const) {
      const mock = createMock({ rateLimit: false, choices })
      running = await listen(mock, { port: 0, host: '127.0.0.1' })
      const report = await runAgainst(running.url, mock, { only: ['lifecycle'], ...options })
      runs.push({ report, result: check(report, checkId) })
      await running.close()
      running = undefined
    }
    const [sitemock, adopted, learned] = runs
    expect(sitemock!.result.status).toBe('failed')
    expect(sitemock!.result.failures.map((failure) => failure.leftOpen)).toContainEqual(expect.stringContaining(`sitemock's choice ${id}=`))
    expect(adopted!.result.status).toBe('differs')
    expect(learned!.result.status).toBe('passed')
    expect(learned!.report.notices).toContainEqual(expect.stringContaining(`${checkId}: held to the target's recorded choice ${id}="unchanged"`))
  }, 300_000)
})

const headlines = (report: Awaited<ReturnType<typeof statefulAgainst>>): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n').slice(0, 2).join('\n'))
const adopted = (report: Awaited<ReturnType<typeof statefulAgainst>>): string => report.notices.find((line) => line.startsWith('stateful adopted')) ?? ''

describe('the stateful group adopts a null hostOrigin taken as no change, and a publication that leaves updatedAt', () => {
  it('hostOriginNull unchanged: adopted, no divergence', async () => {
    const report = await statefulAgainst({ hostOriginNull: 'unchanged' }, 40)
    expect(headlines(report)).toEqual([])
    expect(adopted(report)).toContain('hostOriginNull: unchanged')
  }, 300_000)

  it.each([
    ['control-plane', 'offline'],
    ['going-online', 'offline'],
    ['going-online', 'online'],
  ] as const)('onlineUpdatedAt unchanged, pagePublishing %s, new pages %s: adopted, no divergence', async (pagePublishing, newPageOnline) => {
    const report = await statefulAgainst({ onlineUpdatedAt: 'unchanged', pagePublishing, newPageOnline }, 40)
    expect(headlines(report)).toEqual([])
    // Adopted for the direction the sequences turned a page first: each direction is a choice of its own.
    expect(adopted(report)).toMatch(/onlineUpdatedAt \(going (online|offline)\): unchanged/)
  }, 300_000)

  it("onlineUpdatedAt moves (sitemock's), new pages offline: nothing to adopt, no divergence", async () => {
    const report = await statefulAgainst({ onlineUpdatedAt: 'moves', newPageOnline: 'offline' }, 20)
    expect(headlines(report)).toEqual([])
    expect(adopted(report)).not.toContain('onlineUpdatedAt')
  }, 300_000)
})
