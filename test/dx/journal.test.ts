import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JournalEntry, JournalPage } from '../../src/generated/types.js'
import { BODY_CAP } from '../../src/journal/cap-body.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { control } from './support.js'

describe.each(TRANSPORTS)('request journal (%s)', (transport) => {
  let server: TestServer
  const journal = async (query = ''): Promise<JournalPage> => (await control<JournalPage>(server.url, 'GET', `/__mock/requests${query}`)).body
  beforeAll(async () => {
    server = await startMock({ transport })
  })
  beforeEach(async () => {
    await server.api.post('/__mock/reset')
    await control(server.url, 'DELETE', '/__mock/requests')
  })
  afterAll(() => server.close())

  it('journals a request with its method, path, query, operation, status, key scope and both bodies', async () => {
    const { workspaces } = server.mock.credentials()
    const { id: workspaceId, appApiKey } = workspaces[0]!
    const created = await server.api.post('/v2/sites?', { key: appApiKey, body: { workspaceId, name: 'Journaled' } })
    await server.api.get(`/v2/sites?workspaceId=${workspaceId}&limit=1`, { key: appApiKey })
    const { entries, recorded } = await journal()
    expect(recorded).toBe(2)
    const [list, create] = entries as [JournalEntry, JournalEntry]
    expect(list).toMatchObject({ method: 'GET', path: '/v2/sites', query: `workspaceId=${workspaceId}&limit=1`, operationId: 'listSites', status: 200 })
    expect(create).toMatchObject({
      method: 'POST',
      operationId: 'createSite',
      route: '/v2/sites',
      status: 201,
      dropped: null,
      key: { kind: 'app', hint: `…${appApiKey.slice(-4)}`, workspaceId, siteId: null },
      requestBody: { text: JSON.stringify({ workspaceId, name: 'Journaled' }), truncated: false },
    })
    // The Site API key in the body is shown by its last four characters only.
    const publicApiKey = created.body.publicApiKey as string
    expect(JSON.parse(create.responseBody!.text)).toEqual({ ...created.body, publicApiKey: `…${publicApiKey.slice(-4)}` })
    expect(create.durationMs).toBeGreaterThanOrEqual(0)
    expect(Date.parse(create.at)).toBeGreaterThan(Date.parse(list.at) - 60_000)
  })

  it("keeps a page's answers as they were sent, a read's, a list's and an edit's, after later edits", async () => {
    const { workspaces, sites } = server.mock.credentials()
    const key = workspaces[0]!.appApiKey
    const listPath = `/v6/pages?siteId=${sites[0]!.id}&limit=2`
    const id = ((await server.api.get(listPath, { key })).body.data as Array<{ id: string }>)[0]!.id
    await control(server.url, 'DELETE', '/__mock/requests')
    const read = await server.api.get(`/v6/pages/${id}`, { key })
    const edited = await server.api.patch(`/v6/pages/${id}`, { key, body: { title: 'First edit' } })
    const listed = await server.api.get(listPath, { key })
    await server.api.patch(`/v6/pages/${id}`, { key, body: { title: 'Second edit' } })
    const [, listEntry, editEntry, readEntry] = (await journal()).entries as [JournalEntry, JournalEntry, JournalEntry, JournalEntry]
    expect(JSON.parse(readEntry.responseBody!.text)).toEqual(read.body)
    expect(JSON.parse(editEntry.responseBody!.text)).toEqual(edited.body)
    expect(edited.body.title).toBe('First edit')
    expect(editEntry.requestBody).toEqual({ text: JSON.stringify({ title: 'First edit' }), truncated: false })
    expect(JSON.parse(listEntry.responseBody!.text)).toEqual(listed.body)
  })

  it('never shows a key whole, whether App, Site, Bearer or unknown', async () => {
    const { workspaces, sites } = server.mock.credentials()
    const keys = [workspaces[0]!.appApiKey, sites[0]!.siteApiKey, 'sk_NotAKeyOfThisMockAtAll1234']
    await server.api.get(`/v2/sites/${sites[0]!.id}`, { key: keys[0] })
    await server.api.get(`/v2/sites/${sites[0]!.id}`, { key: keys[1] })
    await server.api.get(`/v2/sites/${sites[0]!.id}`, { headers: { authorization: `Bearer ${keys[0]!}` } })
    await server.api.get(`/v2/sites/${sites[0]!.id}`, { key: keys[2] })
    const text = await (await fetch(`${server.url}/__mock/requests`)).text()
    for (const key of keys) expect(text).not.toContain(key)
    const kinds = (await journal()).entries.map((e) => e.key.kind)
    expect(kinds).toEqual(['unknown', 'app', 'site', 'app'])
  })

  it('tells no key from an unusable one: none for a missing or empty key, unknown for a malformed or doubled one', async () => {
    const { workspaces, sites } = server.mock.credentials()
    const path = `/v2/sites/${sites[0]!.id}`
    await server.api.get(path)
    await server.api.get(path, { headers: { 'x-api-key': '' } })
    await server.api.get(path, { headers: { authorization: 'Basic abc' } })
    await server.api.get(path, { headers: { authorization: `Bearer ${workspaces[0]!.appApiKey}`, 'x-api-key': workspaces[0]!.appApiKey } })
    const keys = (await journal()).entries.map((e) => e.key).reverse()
    expect(keys.map((k) => k.kind)).toEqual(['none', 'none', 'unknown', 'unknown'])
    expect(keys.every((k) => k.hint === null && k.workspaceId === null)).toBe(true)
  })

  it("shows a Site key's one site, and a revoked key as unknown", async () => {
    const { workspaces, sites } = server.mock.credentials()
    const site = sites[0]!
    await server.api.get(`/v2/sites/${site.id}`, { key: site.siteApiKey })
    await server.api.delete(`/v2/sites/${site.id}`, { key: workspaces[0]!.appApiKey })
    await server.api.get(`/v2/sites/${site.id}`, { key: site.siteApiKey })
    const [revoked, deleted, read] = (await journal()).entries
    expect(read!.key).toEqual({ kind: 'site', hint: `…${site.siteApiKey.slice(-4)}`, workspaceId: site.workspaceId, siteId: site.id })
    expect(deleted).toMatchObject({ status: 204, responseBody: null })
    expect(revoked).toMatchObject({ status: 401, key: { kind: 'unknown', siteId: null } })
  })

  it('filters by method, path, route template, prefix, status, status class and limit, newest first', async () => {
    const { workspaces, sites } = server.mock.credentials()
    const key = workspaces[0]!.appApiKey
    await server.api.get(`/v2/sites/${sites[0]!.id}`, { key })
    await server.api.get(`/v2/sites/${sites[1]!.id}`, { key: sites[0]!.siteApiKey })
    await server.api.patch(`/v2/sites/${sites[0]!.id}`, { key, body: { name: 'Renamed' } })
    await server.api.get('/v2/nowhere', { key })
    const seqs = async (query: string): Promise<number[]> => (await journal(query)).entries.map((e) => e.seq)
    const [nowhere, patch, forbidden, get] = (await journal()).entries.map((e) => e.seq)
    expect(await seqs('?method=get')).toEqual([nowhere, forbidden, get])
    expect(await seqs(`?path=/v2/sites/${sites[0]!.id}`)).toEqual([patch, get])
    expect(await seqs('?path=/v2/sites/{siteId}')).toEqual([patch, forbidden, get])
    expect(await seqs('?path=/v2/n*')).toEqual([nowhere])
    expect(await seqs('?status=403')).toEqual([forbidden])
    expect(await seqs('?status=4xx')).toEqual([nowhere, forbidden])
    expect(await seqs('?status=2xx&method=GET')).toEqual([get])
    expect(await seqs('?limit=2')).toEqual([nowhere, patch])
  })

  it('refuses an invalid filter with a 400 naming it', async () => {
    const response = await control<{ details: Array<{ field: string }> }>(server.url, 'GET', '/__mock/requests?status=teapot&limit=0')
    expect(response.status).toBe(400)
    expect(response.body.details.map((d) => d.field).sort()).toEqual(['limit', 'status'])
  })

  it('keeps bodies up to the cap and marks the ones it cut', async () => {
    const { workspaces } = server.mock.credentials()
    const name = 'x'.repeat(BODY_CAP * 2)
    await server.api.post('/v2/sites', { key: workspaces[0]!.appApiKey, body: { workspaceId: workspaces[0]!.id, name } })
    const [entry] = (await journal()).entries
    expect(entry!.status).toBe(400)
    expect(entry!.requestBody!.truncated).toBe(true)
    expect(entry!.requestBody!.text).toHaveLength(BODY_CAP)
    expect(entry!.requestBody!.text.startsWith('{"workspaceId"')).toBe(true)
  })

  it('journals unknown paths, but neither the control plane nor /openapi.json, and clears on DELETE', async () => {
    await fetch(`${server.url}/nope`)
    await fetch(`${server.url}/openapi.json`)
    await fetch(`${server.url}/__mock/health`)
    const page = await journal()
    expect(page.entries.map((e) => `${e.path} ${e.status}`)).toEqual(['/nope 404'])
    const cleared = await control<JournalPage>(server.url, 'DELETE', '/__mock/requests')
    expect(cleared.body).toEqual({ size: 1000, recorded: 0, entries: [] })
    expect((await journal()).entries).toEqual([])
  })
})

describe('a bounded journal', () => {
  it('keeps the newest --journal-size requests and counts every one', async () => {
    const server = await startMock({ journalSize: 3 })
    try {
      for (let i = 0; i < 5; i++) await fetch(`${server.url}/v2/nope${i}`)
      const page = (await control<JournalPage>(server.url, 'GET', '/__mock/requests')).body
      expect(page.size).toBe(3)
      expect(page.recorded).toBe(5)
      expect(page.entries.map((e) => e.path)).toEqual(['/v2/nope4', '/v2/nope3', '/v2/nope2'])
    } finally {
      await server.close()
    }
  })

  it('keeps nothing with size 0, and still answers', async () => {
    const server = await startMock({ journalSize: 0 })
    try {
      expect((await fetch(`${server.url}/v2/nope`)).status).toBe(404)
      expect((await control<JournalPage>(server.url, 'GET', '/__mock/requests')).body).toEqual({ size: 0, recorded: 0, entries: [] })
    } finally {
      await server.close()
    }
  })
})
