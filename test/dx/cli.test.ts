import { describe, expect, it } from 'vitest'
import type { JournalEntry, JournalPage } from '../../src/generated/types.js'
import { CliChild, getJson } from '../scenarios/cli-child.js'

interface Keys {
  workspaces: Array<{ appApiKey: string }>
  sites: Array<{ id: string }>
}

describe('sitemock serve: journal, log and fault flags', () => {
  it('documents --journal-size, --log, --latency and --error-rate in --help', async () => {
    const child = new CliChild(['serve', '--help'])
    expect(await child.exit()).toBe(0)
    for (const flag of ['--journal-size', '--log', '--latency', '--error-rate']) expect(child.stdout).toContain(flag)
  })

  it('refuses a reversed latency range and an unknown log format with exit code 2', async () => {
    const latency = new CliChild(['serve', '--port', '0', '--latency', '200-100'])
    const log = new CliChild(['serve', '--port', '0', '--log', 'loud'])
    expect(await Promise.all([latency.exit(), log.exit()])).toEqual([2, 2])
    expect(latency.stderr).toContain('--latency must be milliseconds')
    expect(log.stderr).toContain('--log must be one of pretty, json, off')
  })

  it('delays and fails requests as the flags say, logs a JSON line for each, and keeps --journal-size of them', async () => {
    const child = new CliChild(['serve', '--port', '0', '--log', 'json', '--latency', '100-120', '--error-rate', '1', '--journal-size', '2'])
    try {
      const url = await child.url()
      const keys = await getJson<Keys>(`${url}/__mock/credentials`)
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        const response = await fetch(`${url}/v2/sites/${keys.sites[0]!.id}`, { headers: { 'x-api-key': keys.workspaces[0]!.appApiKey } })
        expect(response.status).toBe(500)
        expect(performance.now() - started).toBeGreaterThanOrEqual(95)
      }
      const journal = await getJson<JournalPage>(`${url}/__mock/requests`)
      expect(journal.size).toBe(2)
      expect(journal.recorded).toBe(3)
      const line = (await child.waitFor(/^\{"seq":3,.*\}$/m))[0]
      const entry = JSON.parse(line) as Partial<JournalEntry>
      expect(entry).toMatchObject({ method: 'GET', status: 500, fault: 'fault 1: status 500', key: { kind: 'app' } })
      expect(entry.requestBody).toBeUndefined()
    } finally {
      await child.stop()
    }
  })

  it('logs a plain line per request by default, without colour when stdout is not a terminal', async () => {
    const child = new CliChild(['serve', '--port', '0'])
    try {
      const url = await child.url()
      await fetch(`${url}/v2/nowhere?x=1`)
      const line = (await child.waitFor(/^.*GET +\/v2\/nowhere\?x=1 404 .*$/m))[0]
      expect(line).toMatch(/ no key$/)
      expect(line).not.toContain('\u001b[')
    } finally {
      await child.stop()
    }
  })
})
