import { DOCS_SCRIPT } from './docs-script.js'

// One self-contained page: its script and style are inline, it reads the document with a
// relative URL (the page lives at <base>/__mock/docs, the document at <base>/openapi.json), so
// the reference works wherever the mock is mounted, in the browser worker too, and loads
// nothing from elsewhere. The empty icon keeps the browser from asking the API for /favicon.ico.
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sitemock: API reference</title>
<link rel="icon" href="data:,">
<style>
  :root { font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; background: #f6f7f9 }
  body { margin: 0 auto; padding: 16px 24px; max-width: 1100px }
  header { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap }
  h1 { font-size: 20px; margin: 0 } h2 { font-size: 17px } h3 { font-size: 15px; margin: 0 0 8px; text-transform: capitalize }
  section { background: #fff; border: 1px solid #dde1e6; border-radius: 6px; padding: 12px 16px; margin: 12px 0 }
  .description { white-space: pre-wrap }
  details.operation { border: 1px solid #e3e6ea; border-radius: 4px; margin: 6px 0; padding: 4px 8px }
  details.operation > summary { cursor: pointer; display: flex; gap: 10px; align-items: baseline }
  .method { display: inline-block; min-width: 56px; text-align: center; font-weight: 700; font-size: 12px; color: #fff; border-radius: 3px; padding: 1px 4px }
  .m-get { background: #0969da } .m-post { background: #1a7f37 } .m-patch { background: #9a6700 } .m-put { background: #8250df } .m-delete { background: #cf222e }
  table { border-collapse: collapse; width: 100%; margin: 6px 0 } td, th { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top }
  code, .mono, pre { font-family: ui-monospace, monospace; font-size: 12px }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f8fa; padding: 6px; max-height: 360px; overflow: auto }
  .required { color: #cf222e; font-size: 12px } .muted { color: #6e7781 }
  .s2 { color: #1a7f37 } .s3 { color: #0969da } .s4 { color: #9a6700 } .s5 { color: #cf222e }
  form.try { display: grid; gap: 6px; max-width: 720px } form.try label { display: grid; grid-template-columns: 160px 1fr; gap: 8px }
  textarea { font: 12px ui-monospace, monospace } input, textarea, button { font: inherit; padding: 3px 6px }
  button.primary { background: #1f6feb; border: 1px solid #1f6feb; color: #fff; border-radius: 4px; justify-self: start; cursor: pointer }
</style>
</head>
<body>
<header>
  <h1>sitemock: API reference</h1>
  <a href="../openapi.json">openapi.json</a> <a href="./">Dashboard</a>
  <label>API key for "Try it" <input data-testid="docs-key" size="44" autocomplete="off"></label>
  <span data-testid="docs-status" class="muted">Loading the document…</span>
</header>
<main id="reference"></main>
<script>${DOCS_SCRIPT}</script>
</body>
</html>
`
