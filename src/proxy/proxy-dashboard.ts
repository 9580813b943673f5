/**
 * GET /__mock/ of the proxy: one self-contained page, nothing fetched from elsewhere. It reads
 * findings and requests with relative URLs every two seconds; every text goes in as text, never
 * as markup, since it comes from the deployment.
 */
export const PROXY_DASHBOARD_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sitemock proxy</title>
<link rel="icon" href="data:,">
<style>
  :root { font: 14px/1.4 system-ui, sans-serif; color: #1b1f24; background: #f6f7f9 }
  body { margin: 0 auto; padding: 16px 24px; max-width: 1200px }
  h1 { font-size: 20px; margin: 0 } h2 { font-size: 15px; margin: 0 0 8px }
  section { background: #fff; border: 1px solid #dde1e6; border-radius: 6px; padding: 12px 16px; margin: 12px 0 }
  table { border-collapse: collapse; width: 100% } td, th { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top }
  .mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all }
  .finding { color: #cf222e } .muted { color: #6e7781 }
</style>
</head>
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
