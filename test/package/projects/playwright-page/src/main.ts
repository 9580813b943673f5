// src/main.ts
import { DEFAULT_BASE_URL, startBrowserMock } from 'sitemock/browser'

// The mock answers the API in the page, through msw's service worker. persist: 'all' keeps the
// data, the request journal, the faults and the overrides across a reload of the tab.
const sitemock = await startBrowserMock({ persist: 'all', quiet: true })
// A real app reads its site and key from its config; this one takes the mock's.
const site = sitemock.credentials().sites[0]!
const headers = { 'x-api-key': site.publicApiKey, 'content-type': 'application/json' }
const status = document.querySelector('#status')!

async function load(): Promise<void> {
  const response = await fetch(`${DEFAULT_BASE_URL}/v6/pages?siteId=${site.id}&limit=10`, { headers })
  if (!response.ok) {
    status.textContent = `Could not load: ${response.status}`
    return
  }
  const pages = (await response.json()) as { data: Array<{ pathname: string }> }
  const items = pages.data.map((page) => Object.assign(document.createElement('li'), { textContent: page.pathname }))
  document.querySelector('#pages')!.replaceChildren(...items)
  status.textContent = items.length === 0 ? 'No pages yet' : `${items.length} pages`
}

document.querySelector('#create')!.addEventListener('click', async () => {
  const body = JSON.stringify({ siteId: site.id, name: 'Launch', pathname: '/launch' })
  const response = await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body })
  status.textContent = response.ok ? 'Created /launch' : `Not created: ${response.status}`
})

await load()
