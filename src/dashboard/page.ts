import { DATA_BROWSER_SCRIPT, DATA_BROWSER_SECTION } from './data-browser-panel.js'
import { pageHead } from './page-head.js'
import { DASHBOARD_SCRIPT } from './script.js'

/** This page's own rules, past the look every control-plane page shares. */
const STYLES = `  header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap }
  .counts { display: flex; gap: 12px; flex-wrap: wrap }
  .count { min-width: 96px; padding: 8px 12px; border: 1px solid #dde1e6; border-radius: 6px }
  .count b { display: block; font-size: 22px }
  code, .mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all }
  .nowrap { white-space: nowrap; word-break: normal }
  button { font: inherit; padding: 4px 10px; border-radius: 4px; border: 1px solid #9aa4b2; background: #fff; cursor: pointer }
  button.primary { background: #1f6feb; border-color: #1f6feb; color: #fff }
  input, select { font: inherit; padding: 3px 6px }
  form, .filters, .actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin-bottom: 8px }
  .s2 { color: #1a7f37 } .s3 { color: #0969da } .s4 { color: #9a6700 } .s5, .sdropped { color: #cf222e } .s2, .s3, .s4, .s5, .sdropped { font-weight: 600 }
  #error { color: #cf222e } .muted { color: #6e7781 }
  details pre { white-space: pre-wrap; max-height: 240px; overflow: auto; background: #f6f8fa; padding: 6px }
  pre.record { white-space: pre-wrap; max-height: 420px; overflow: auto; background: #f6f8fa; padding: 6px; font-size: 12px }
  .error { color: #cf222e } button:disabled { opacity: .45; cursor: default }`

/**
 * GET /__mock/: one self-contained page, no framework and nothing fetched from elsewhere. It
 * reads the control plane with relative URLs (summary, credentials, requests, faults), so it
 * works wherever the mock is mounted.
 */
export const DASHBOARD_PAGE = `${pageHead('sitemock dashboard', STYLES)}
<body>
<header>
  <h1>sitemock</h1>
  <span>scenario <b data-testid="scenario">…</b>, seed <b data-testid="seed">…</b></span>
  <a href="docs">API reference</a> <a href="../openapi.json">openapi.json</a>
  <span data-testid="notice" class="muted" role="status"></span>
  <span id="error" role="alert"></span>
</header>

<section>
  <div class="actions">
    <button class="primary" data-testid="reset" title="The scenario, the journal, faults and overrides back to the start">Reset</button>
    <button data-testid="clear-faults">Clear faults</button>
    <button data-testid="clear-journal">Clear journal</button>
  </div>
  <div class="counts" data-testid="counts"></div>
</section>

<section>
  <h2>Faults</h2>
  <form data-testid="fault-form">
    <input name="route" placeholder="route: all, or e.g. GET /v2/sites" size="28">
    <input name="status" type="number" min="400" max="599" placeholder="status" style="width:6em">
    <input name="errorRate" type="number" min="0" max="1" step="0.01" placeholder="error rate" style="width:7em">
    <input name="latencyMs" placeholder="latency ms, e.g. 50-200" size="18">
    <select name="drop"><option value="">no drop</option><option value="reset">reset</option><option value="timeout">timeout</option></select>
    <button type="submit">Add fault</button>
  </form>
  <table><thead><tr><th>id</th><th>route</th><th>latency</th><th>error rate</th><th>answer</th><th></th></tr></thead>
  <tbody data-testid="faults"></tbody></table>
</section>

<section>
  <h2>Requests <span class="muted" data-testid="journal-count"></span></h2>
  <div class="filters">
    <select name="method" data-testid="filter-method"><option value="">any method</option><option>GET</option><option>POST</option><option>PATCH</option><option>DELETE</option></select>
    <input name="path" data-testid="filter-path" placeholder="path, template or prefix*" size="30">
    <input name="status" data-testid="filter-status" placeholder="status: 404, 4xx, dropped" size="20">
  </div>
  <table><thead><tr><th>time</th><th>method</th><th>path</th><th>status</th><th>ms</th><th>key</th><th></th></tr></thead>
  <tbody data-testid="journal"></tbody></table>
</section>

${DATA_BROWSER_SECTION}

<section>
  <h2>Credentials</h2>
  <table><thead><tr><th>workspace / site</th><th>key (send as x-api-key)</th><th></th></tr></thead>
  <tbody data-testid="credentials"></tbody></table>
</section>

<script>${DASHBOARD_SCRIPT}</script>
<script>${DATA_BROWSER_SCRIPT}</script>
</body>
</html>
`
