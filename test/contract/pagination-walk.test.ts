import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { check, runAgainst } from './support.js'

/**
 * A site list that skips the item after a cursor, while every other list holds: the walk of the
 * sites must see it in a full run, whatever else the workspace holds (other checks' sites, sites
 * of other users), not only when it runs alone.
 */
describe('the walk of the site list', () => {
  let server: Nonconforming
  let full: ContractReport
  beforeAll(async () => {
    server = await startNonconforming(['site-list-skips-after-cursor'])
    full = await runAgainst(server.url, server.mock, { concurrency: 4, stateful: { runs: 1 } })
  }, 300_000)
  afterAll(() => server.close())

  it('fails in a full run, checks side by side, saying which items the walk did not see', () => {
    const walk = check(full, 'pagination.sites.walk')
    expect(walk.status).toBe('failed')
    expect(walk.failures[0]!.message).toMatch(/^expected every item listed before and after the walk, got \d+ missing \([0-9a-f-]{36}/)
  })

  it('fails alone too, and nothing else of the sites list breaks', async () => {
    const alone = await runAgainst(server.url, server.mock, { only: ['pagination'] })
    expect(check(alone, 'pagination.sites.walk').status).toBe('failed')
    expect(check(alone, 'pagination.locales.walk').status).toBe('passed')
  }, 120_000)
})
