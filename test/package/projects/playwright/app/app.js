// The API's address, site and key come from the query string, as a config would give them.
const params = new URLSearchParams(location.search)
const api = params.get('api') ?? 'https://api.makeswift.com'
const siteId = params.get('site')
const headers = { 'x-api-key': params.get('key'), 'content-type': 'application/json' }
const status = document.querySelector('#status')

async function load() {
  try {
    const site = await (await fetch(`${api}/v2/sites/${siteId}`, { headers })).json()
    document.querySelector('#site').textContent = site.name
    const pages = await (await fetch(`${api}/v6/pages?siteId=${siteId}&limit=10`, { headers })).json()
    const items = pages.data.map((page) => Object.assign(document.createElement('li'), { textContent: page.pathname }))
    document.querySelector('#pages').replaceChildren(...items)
    status.textContent = `${items.length} pages`
  } catch (error) {
    status.textContent = `Could not load: ${error.message}`
  }
}

document.querySelector('#create').addEventListener('click', async () => {
  const response = await fetch(`${api}/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId, name: 'Launch', pathname: '/launch' }) })
  status.textContent = response.ok ? 'Created /launch' : `Not created: ${(await response.json()).message}`
})

load()
