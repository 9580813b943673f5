import { describe, expect, it } from 'vitest'
import type { DataList, DataRecord, FixturePage } from '../../src/generated/types.js'
import { exportState } from '../../src/scenarios/export-state.js'
import { TRANSPORTS } from '../support/harness.js'
import { useDefaultScenario, type TestStart } from '../support/suite.js'
import { control } from './support.js'

describe.each(TRANSPORTS)('the data browser endpoints (%s)', (transport) => {
  let t: TestStart
  useDefaultScenario(transport, (start) => {
    t = start
  })
  const get = <T>(path: string) => control<T>(t.server.url, 'GET', path)

  it('lists sites with their names beside their keys and counts, searchable by name', async () => {
    const sites = await get<DataList>('/__mock/data/sites')
    expect(sites.body.total).toBe(t.server.mock.store.sites.size)
    const site = t.server.mock.store.sites.get(t.siteId)!
    const row = sites.body.items.find((item) => item.id === t.siteId)!
    expect(row.name).toBe(site.name)
    expect(row.summary).toContain(`site key ${t.siteKey}`)
    expect(row.summary).toContain(`${t.server.mock.store.pages.ofSite(t.siteId).size.toLocaleString('en-US')} pages`)
    const found = await get<DataList>(`/__mock/data/sites?search=${encodeURIComponent(site.name.slice(1, 6).toUpperCase())}`)
    expect(found.body.items.map((item) => item.id)).toContain(t.siteId)
    expect((await get<DataList>('/__mock/data/sites?search=no-such-site')).body).toEqual({ kind: 'sites', total: 0, offset: 0, items: [] })
  })

  it("pages through a site's pages in pathname order, and searches by name or pathname", async () => {
    const pages = t.server.mock.store.pages.ofSite(t.siteId).values()
    const second = await get<DataList>(`/__mock/data/sites/${t.siteId}/pages?offset=5&limit=5`)
    expect(second.body.total).toBe(pages.length)
    expect(second.body.items.map((item) => item.pathname)).toEqual(pages.slice(5, 10).map((page) => page.draft.pathname))
    const target = pages[7]!
    const byPath = await get<DataList>(`/__mock/data/sites/${t.siteId}/pages?search=${encodeURIComponent(target.draft.pathname)}`)
    expect(byPath.body.items.map((item) => item.id)).toContain(target.id)
    const byName = await get<DataList>(`/__mock/data/sites/${t.siteId}/pages?search=${encodeURIComponent(target.draft.name.toLowerCase())}&limit=100`)
    expect(byName.body.items.map((item) => item.id)).toContain(target.id)
    expect(byName.body.items.every((item) => item.name.toLowerCase().includes(target.draft.name.toLowerCase()) || item.pathname!.includes(target.draft.name.toLowerCase()))).toBe(true)
    const locales = await get<DataList>(`/__mock/data/sites/${t.siteId}/locales`)
    expect(locales.body.items.find((item) => item.summary.startsWith('default'))?.name).toBe(t.server.mock.store.sites.get(t.siteId)!.defaultLocale)
    const routes = await get<DataList>(`/__mock/data/sites/${t.siteId}/routes`)
    expect(routes.body.total).toBe(t.server.mock.store.routes.ofSite(t.siteId).size)
  })

  it('shows a page whole, both versions and localizations, and after publishing says it is live', async () => {
    const page = t.server.mock.store.pages.ofSite(t.siteId).at(0)!
    await control(t.server.url, 'POST', `/__mock/sites/${t.siteId}/publish`)
    const record = await get<DataRecord>(`/__mock/data/records/pages/${page.id.toUpperCase()}`)
    expect(record.body).toEqual(exportState(t.server.mock.store).pages!.find((p) => p.id === page.id))
    expect((record.body as FixturePage).live).toEqual((record.body as FixturePage).draft)
    const rows = await get<DataList>(`/__mock/data/sites/${t.siteId}/pages?limit=1`)
    expect(rows.body.items[0]!.summary).toMatch(/^draft and live/)
  })

  it("deletes a record with the API's operation, and answers the API's refusal when it refuses", async () => {
    const page = t.server.mock.store.pages.ofSite(t.siteId).at(3)!
    const deleted = await control<DataRecord>(t.server.url, 'DELETE', `/__mock/data/records/pages/${page.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body.id).toBe(page.id)
    expect((await t.server.api.get(`/v6/pages/${page.id}`, { key: t.appKey })).status).toBe(404)
    const defaultLocale = t.server.mock.store.locales.byCode(t.siteId, t.server.mock.store.sites.get(t.siteId)!.defaultLocale)!
    const before = JSON.stringify(exportState(t.server.mock.store))
    const refused = await control<{ code: string; details: Array<{ field: string }> }>(t.server.url, 'DELETE', `/__mock/data/records/locales/${defaultLocale.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.details[0]!.field).toBe('localeIdOrCode')
    expect(JSON.stringify(exportState(t.server.mock.store))).toBe(before)
  })

  it('answers 404 for an unknown site, kind or record, and 400 naming a bad query field', async () => {
    expect((await get('/__mock/data/sites/00000000-0000-4000-8000-000000000000/pages')).status).toBe(404)
    const kind = await get<{ message: string }>(`/__mock/data/sites/${t.siteId}/widgets`)
    expect(kind.status).toBe(404)
    expect(kind.body.message).toContain('accepted: locales, pages, routes')
    expect((await get('/__mock/data/records/pages/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await get('/__mock/data/records/users/x')).status).toBe(404)
    const bad = await get<{ details: Array<{ field: string; message: string }> }>(`/__mock/data/sites/${t.siteId}/pages?limit=500&sort=name`)
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual([
      { field: 'sort', message: 'is not a known field; accepted fields: search, offset, limit' },
      { field: 'limit', message: 'is out of range; must be an integer from 1 to 100; got number 500' },
    ])
  })
})
