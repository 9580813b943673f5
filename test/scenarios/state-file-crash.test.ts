import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { CliChild, getJson } from './cli-child.js'

interface Acknowledged {
  created: Map<string, string>
  deleted: Set<string>
  /** Per renamed site, the highest rename counter that was answered. */
  renamed: Map<string, number>
}

/**
 * One client: creates a site, renames it a few times, deletes every third one, and records
 * each write whose response arrived, until the server is gone.
 */
async function client(url: string, key: string, workspaceId: string, worker: number, acked: Acknowledged): Promise<void> {
  const send = async (method: string, route: string, body?: unknown): Promise<Response | undefined> => {
    try {
      return await fetch(url + route, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    } catch {
      return undefined
    }
  }
  for (let i = 0; ; i++) {
    const created = await send('POST', '/v2/sites', { workspaceId, name: `w${worker}-${i}` })
    if (!created) return
    const site = (await created.json()) as { id: string; name: string }
    acked.created.set(site.id, site.name)
    for (let n = 1; n <= 2; n++) {
      const renamed = await send('PATCH', `/v2/sites/${site.id}`, { name: `w${worker}-${i} r${n}` })
      if (!renamed) return
      if (renamed.status === 200) acked.renamed.set(site.id, n)
    }
    if (i % 3 === 2) {
      const deleted = await send('DELETE', `/v2/sites/${site.id}`)
      if (!deleted) return
      if (deleted.status === 204) acked.deleted.add(site.id)
    }
  }
}

async function allSites(url: string, key: string, workspaceId: string): Promise<Map<string, string>> {
  const sites = new Map<string, string>()
  let cursor = ''
  for (;;) {
    const page = await getJson<{ data: Array<{ id: string; name: string }>; hasMore: boolean }>(`${url}/v2/sites?workspaceId=${workspaceId}&limit=100${cursor}`, key)
    for (const site of page.data) sites.set(site.id, site.name)
    if (!page.hasMore) return sites
    cursor = `&startingAfter=${page.data[page.data.length - 1]!.id}`
  }
}

describe('sitemock serve --state-file under kill -9', () => {
  it('keeps every write that was answered, after a kill -9 in the middle of a burst', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-crash-')), 'state')
    const first = new CliChild(['serve', '--port', '0', '--state-file', file])
    const url = await first.url()
    const creds = await getJson<Credentials>(`${url}/__mock/credentials`)
    const { id: workspaceId, appApiKey: key } = creds.workspaces[0]!
    const acked: Acknowledged = { created: new Map(), deleted: new Set(), renamed: new Map() }
    const clients = Array.from({ length: 24 }, (_, worker) => client(url, key, workspaceId, worker, acked))
    // Kill once the burst is well under way, so writes are in flight at the moment of death.
    while (acked.created.size < 600) await new Promise((resolve) => setTimeout(resolve, 10))
    first.process.kill('SIGKILL')
    await Promise.all(clients)
    expect(await first.exit()).toBe(-1)

    const second = new CliChild(['serve', '--port', '0', '--state-file', file])
    try {
      const restartedUrl = await second.url()
      expect(second.stdout).toMatch(/State restored from .* \(\d+ journaled writes? replayed/)
      const sites = await allSites(restartedUrl, key, workspaceId)
      for (const [id, name] of acked.created) {
        if (acked.deleted.has(id)) {
          expect(sites.has(id), `deleted site ${name} is back`).toBe(false)
          continue
        }
        expect(sites.has(id), `site ${name} was answered but is lost`).toBe(true)
        const renamedTo = Number(/ r(\d)$/.exec(sites.get(id)!)?.[1] ?? 0)
        expect(renamedTo, `site ${name} lost an answered rename`).toBeGreaterThanOrEqual(acked.renamed.get(id) ?? 0)
      }
      expect(acked.created.size).toBeGreaterThanOrEqual(600)
      expect(acked.deleted.size).toBeGreaterThan(0)
    } finally {
      await second.stop()
    }
  }, 90_000)
})
