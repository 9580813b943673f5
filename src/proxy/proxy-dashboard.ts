import { pageHead } from '../dashboard/page-head.js'

/** This page's own rules, past the look every control-plane page shares. */
const STYLES = `  .mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all }
  .finding { color: #cf222e } .muted { color: #6e7781 }`

/**
 * GET /__mock/ of the proxy: one self-contained page, nothing fetched from elsewhere. It reads
 * findings and requests with relative URLs every two seconds; every text goes in as text, never
 * as markup, since it comes from the deployment.
 */
export const PROXY_DASHBOARD_PAGE = `${pageHead('sitemock proxy', STYLES)}
<body>
<h1>sitemock proxy</h1>
<section>
  <h2>Findings <span class="muted" data-testid="finding-count"></span></h2>
  <table><thead><tr><th>rule</th><th>what</th><th>request</th><th>status</th><th>seen</th></tr></thead>
  <tbody data-testid="findings"></tbody></table>
</section>
<section>
  <h2>Requests <span class="muted" data-testid="journal-count"></span></h2>
  <table><thead><tr><th>time</th><th>method</th><th>path</th><th>status</th><th>ms</th><th>key</th><th>findings</th></tr></thead>
  <tbody data-testid="journal"></tbody></table>
</section>
<script>
function row(cells, className) {
  const tr = document.createElement('tr')
  if (className) tr.className = className
  for (const text of cells) {
    const td = document.createElement('td')
    td.className = 'mono'
    td.textContent = text
    tr.append(td)
  }
  return tr
}
async function refresh() {
  const [found, journal] = await Promise.all([fetch('findings').then((r) => r.json()), fetch('requests?limit=50').then((r) => r.json())])
  document.querySelector('[data-testid=finding-count]').textContent = found.findings.length + ' over ' + found.exchanges + ' exchanges'
  document.querySelector('[data-testid=findings]').replaceChildren(...found.findings.map((f) =>
    row([f.rule, f.failure.message, f.failure.request ? f.failure.request.method + ' ' + f.failure.request.path : '', f.failure.response ? String(f.failure.response.status) : '', String(f.seen)], 'finding')))
  document.querySelector('[data-testid=journal-count]').textContent = journal.recorded + ' forwarded'
  document.querySelector('[data-testid=journal]').replaceChildren(...journal.entries.map((e) =>
    row([e.at.slice(11, 23), e.method, e.path + (e.query ? '?' + e.query : ''), String(e.status), String(e.durationMs), e.key.kind + ' ' + (e.key.hint || ''), (e.findings || []).join('; ')], e.findings ? 'finding' : '')))
}
refresh()
setInterval(refresh, 2000)
</script>
</body>
</html>
`
