import { useEffect, useState } from 'react'
import type { CreatePageBody, Page, PageList, SiteCredentials } from 'sitemock/handlers'
import { pagesSummary } from './pages-summary'

const API = 'https://api.makeswift.com'

/** A site's pages, with a button that creates one more. */
export function SitePages({ site }: { site: SiteCredentials }) {
  const [pages, setPages] = useState<Page[]>()
  const [error, setError] = useState<string>()
  const headers = { 'x-api-key': site.publicApiKey, 'content-type': 'application/json' }

  async function load() {
    const response = await fetch(`${API}/v6/pages?siteId=${site.id}&limit=100`, { headers })
    if (!response.ok) throw new Error(`GET /v6/pages answered ${response.status}`)
    setPages(((await response.json()) as PageList).data)
  }

  async function addPage() {
    const page: CreatePageBody = { siteId: site.id, pathname: '/launch', name: 'Launch' }
    const body = JSON.stringify(page)
    const response = await fetch(`${API}/v6/pages`, { method: 'POST', headers, body })
    if (!response.ok) throw new Error(`POST /v6/pages answered ${response.status}`)
    await load()
  }

  const report = (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason))

  useEffect(() => {
    load().catch(report)
  }, [site.id])

  if (error !== undefined) return <p role="alert">The API failed: {error}</p>
  if (pages === undefined) return <p>Loading…</p>
  return (
    <section>
      <h1>{site.name}</h1>
      <p>
        Site <code>{site.id}</code>: {pagesSummary(pages.length)}
      </p>
      <button onClick={() => addPage().catch(report)}>Add page</button>
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <code>{page.pathname}</code> {page.title}
          </li>
        ))}
      </ul>
    </section>
  )
}
