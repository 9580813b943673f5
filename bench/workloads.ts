import type { Workload } from './load.js'

/** What the sitemock workloads address: a key, the big site, one of its pages, and a cursor in the middle. */
export interface SitemockTarget {
  key: string
  siteId: string
  pageId: string
  pathname: string
  middleCursor: string
}

interface ListBody {
  data: Array<{ id: string; pathname: string }>
  hasMore: boolean
}

async function getJson<T>(url: string, key?: string): Promise<T> {
  const response = await fetch(url, { headers: key ? { 'x-api-key': key } : {} })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Walks the big site's pages to its middle, so the deep-cursor workload starts halfway through. */
export async function resolveTarget(baseUrl: string): Promise<SitemockTarget> {
  const credentials = await getJson<{ workspaces: Array<{ appApiKey: string }>; sites: Array<{ id: string }> }>(`${baseUrl}/__mock/credentials`)
  const key = credentials.workspaces[0]!.appApiKey
  const siteId = credentials.sites[0]!.id
  const first = await getJson<ListBody>(`${baseUrl}/v6/pages?siteId=${siteId}&limit=100`, key)
  let total = first.data.length
  let page = first
  const all: ListBody['data'] = [...first.data]
  while (page.hasMore) {
    page = await getJson<ListBody>(`${baseUrl}/v6/pages?siteId=${siteId}&limit=100&startingAfter=${page.data[page.data.length - 1]!.id}`, key)
    total += page.data.length
    all.push(...page.data)
  }
  const middle = all[Math.floor(total / 2)]!
  return { key, siteId, pageId: middle.id, pathname: middle.pathname, middleCursor: middle.id }
}

export function sitemockWorkloads(target: SitemockTarget): Workload[] {
  const headers = { 'x-api-key': target.key }
  let created = 0
  let edits = 0
  return [
    { name: 'GET page by id', path: `/v6/pages/${target.pageId}`, headers, expectStatus: 200 },
    { name: 'GET list, first 20', path: `/v6/pages?siteId=${target.siteId}&limit=20`, headers, expectStatus: 200 },
    { name: 'GET list, 20 from the middle', path: `/v6/pages?siteId=${target.siteId}&limit=20&startingAfter=${target.middleCursor}`, headers, expectStatus: 200 },
    {
      name: 'GET list, 20 by updatedAt desc, offline included',
      path: `/v6/pages?siteId=${target.siteId}&limit=20&sortBy=updatedAt&sortDirection=desc&includeOffline=true`,
      headers,
      expectStatus: 200,
    },
    { name: 'GET page by pathname', path: `/v6/pages/${encodeURIComponent(target.pathname)}?siteId=${target.siteId}`, headers, expectStatus: 200 },
    {
      name: 'POST page (fresh pathname)',
      method: 'POST',
      path: '/v6/pages',
      headers,
      body: () => JSON.stringify({ siteId: target.siteId, pathname: `/bench/${process.pid}-${++created}`, name: `Bench ${created}` }),
      expectStatus: 201,
    },
    {
      name: 'PATCH page',
      method: 'PATCH',
      path: `/v6/pages/${target.pageId}`,
      headers,
      body: () => JSON.stringify({ title: `Edited ${++edits}` }),
      expectStatus: 200,
    },
  ]
}
