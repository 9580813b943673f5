import { ApiError } from '../api/errors.js'
import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-plane.js'

/** The files of swagger-ui-dist the reference loads, all served from here: the page needs no network. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

// Relative URLs: the page lives at <base>/__mock/docs, the document at <base>/openapi.json,
// so the reference works wherever the mock is mounted. The empty icon keeps the browser from
// asking the API for /favicon.ico.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>sitemock: API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs/swagger-ui.css">
<style>body { margin: 0 } .topbar-note { font: 14px system-ui, sans-serif; padding: 8px 16px; background: #1b1f24; color: #eee }
.topbar-note a { color: #8cc4ff }</style>
</head>
<body>
<div class="topbar-note">sitemock: reference of the mocked API, from <a href="../openapi.json">/openapi.json</a>. <a href="./">Dashboard</a></div>
<div id="reference"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: '../openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
</script>
</body>
</html>
`

const cache = new Map<string, string>()

/**
 * A file of swagger-ui-dist, read once. The core is also bundled for the browser (the msw
 * worker), so node:fs is reached at run time, not imported: there the reference is a 404.
 */
function readAsset(name: string): string | undefined {
  const cached = cache.get(name)
  if (cached !== undefined) return cached
  const node = globalThis.process as NodeJS.Process | undefined
  if (typeof node?.getBuiltinModule !== 'function') return undefined
  const { createRequire } = node.getBuiltinModule('node:module')
  const fs = node.getBuiltinModule('node:fs')
  const text = fs.readFileSync(createRequire(import.meta.url).resolve(`swagger-ui-dist/${name}`), 'utf8')
  cache.set(name, text)
  return text
}

function unavailable(): ApiError {
  return new ApiError(404, 'not_found', 'The API reference is served by the Node server only; read GET /openapi.json instead.')
}

/** GET /__mock/docs: a browsable reference of GET /openapi.json, with swagger-ui served locally. */
export const docsControlRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: 'docs',
    open: true,
    handle: () => {
      if (readAsset('swagger-ui.css') === undefined) throw unavailable()
      return new ControlContent('text/html; charset=utf-8', PAGE)
    },
  },
  {
    method: 'GET',
    path: 'docs/{asset}',
    open: true,
    handle: (_request, params) => {
      const type = Object.hasOwn(ASSETS, params.asset!) ? ASSETS[params.asset!] : undefined
      if (type === undefined) throw new ApiError(404, 'not_found', `No file ${params.asset!} in the API reference.`)
      const text = readAsset(params.asset!)
      if (text === undefined) throw unavailable()
      return new ControlContent(type, text)
    },
  },
]
