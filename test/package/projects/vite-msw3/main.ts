/**
 * Lists the sites and pages of the Site-Building Service with plain fetch calls. In development
 * the mock answers them (mock-api.ts); nothing else tells this page apart from one talking to the
 * service.
 */
import type { Credentials, PageList, SiteList } from 'sitemock/handlers'

// Development only: Vite replaces import.meta.env.DEV with false in `vite build`, and drops the
// dynamic import with it, so dist/ holds nothing of sitemock, msw or faker.
if (import.meta.env.DEV) await import('./mock-api')

const API = 'https://api.makeswift.com'

async function get<T>(path: string, key: string): Promise<T> {
  const response = await fetch(`${API}${path}`, { headers: { 'x-api-key': key } })
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

function item(id: string, text: string): HTMLLIElement {
  const element = document.createElement('li')
  element.dataset.id = id
  element.textContent = text
  return element
}

async function renderSites(): Promise<void> {
  // The mock's keys, from its control plane; an app talking to the service has keys of its own.
  const credentials = await get<Credentials>('/__mock/credentials', '')
  const list = document.getElementById('sites')!
  for (const workspace of credentials.workspaces) {
    const sites = await get<SiteList>(`/v2/sites?workspaceId=${workspace.id}&limit=100`, workspace.appApiKey)
    for (const site of sites.data) {
      const key = credentials.sites.find((entry) => entry.id === site.id)!.publicApiKey
      const pages = await get<PageList>(`/v6/pages?siteId=${site.id}&limit=100`, key)
      const entry = item(site.id, `${site.name} (${site.defaultLocale})`)
      const nested = document.createElement('ul')
      nested.className = 'pages'
      nested.append(...pages.data.map((page) => item(page.id, `${page.pathname} · ${page.title ?? 'untitled'} [${page.locale}]`)))
      entry.append(nested)
      list.append(entry)
    }
  }
}

/**
 * A request of the page's own origin that no handler takes. Under 'error' msw 3's worker does not
 * send it: it answers 500 "Request Handler Error" with msw's message in a JSON body. A path that
 * looks like a static file (.json, .js, .css, images, fonts...) is the exception: msw lets it
 * through under every strategy.
 */
async function probe(path: string): Promise<string> {
  try {
    const response = await fetch(path)
    if (response.ok) return `answered ${response.status}`
    const { message } = (await response.json()) as { message: string }
    return `answered ${response.status} ${response.statusText}: ${message}`
  } catch (error) {
    return `rejected (${error instanceof Error ? error.name : 'unknown'})`
  }
}

try {
  await renderSites()
  document.getElementById('unhandled')!.textContent = await probe('/not-mocked')
  document.getElementById('unhandled-asset')!.textContent = await probe('/not-mocked.json')
  document.body.dataset.state = 'ready'
} catch (error) {
  document.getElementById('failure')!.textContent = error instanceof Error ? error.message : String(error)
  document.body.dataset.state = 'failed'
}
