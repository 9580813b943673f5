import { useEffect, useState } from 'react'

const API = 'https://api.makeswift.com'

export interface Site {
  id: string
  name: string
  siteApiKey: string
}

interface Page {
  id: string
  pathname: string
  title: string | null
}

/** A site's pages, with a button that creates one more. */
export function SitePages({ site }: { site: Site }) {
  const [pages, setPages] = useState<Page[]>()
  const [error, setError] = useState<string>()
  const headers = { 'x-api-key': site.siteApiKey, 'content-type': 'application/json' }

  async function load() {
    const response = await fetch(`${API}/v6/pages?siteId=${site.id}&limit=100`, { headers })
    if (!response.ok) throw new Error(`GET /v6/pages answered ${response.status}`)
    setPages(((await response.json()) as { data: Page[] }).data)
  }

  async function addPage() {
    const body = JSON.stringify({ siteId: site.id, pathname: '/launch', name: 'Launch' })
    const response = await fetch(`${API}/v6/pages`, { method: 'POST', headers, body })
    if (!response.ok) throw new Error(`POST /v6/pages answered ${response.status}`)
    await load()
  }

  const report = (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason))

  useEffect(() => {
    load().catch(report)
  }, [site.id])

  if (error !== undefined) return <p role="alert">Could not reach the API: {error}</p>
  if (pages === undefined) return <p>Loading…</p>
  return (
    <section>
      <h1>{site.name}</h1>
      <p>
        Site <code>{site.id}</code>: {pages.length} pages
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
