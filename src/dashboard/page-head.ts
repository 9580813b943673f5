/**
 * The head of a page of the control plane, and the look every such page shares: one
 * self-contained document, nothing fetched from elsewhere. `styles` adds the page's own rules.
 */
export function pageHead(title: string, styles: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<style>
  :root { font: 14px/1.4 system-ui, sans-serif; color: #1b1f24; background: #f6f7f9 }
  body { margin: 0 auto; padding: 16px 24px; max-width: 1200px }
  h1 { font-size: 20px; margin: 0 } h2 { font-size: 15px; margin: 0 0 8px }
  section { background: #fff; border: 1px solid #dde1e6; border-radius: 6px; padding: 12px 16px; margin: 12px 0 }
  table { border-collapse: collapse; width: 100% } td, th { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top }
${styles}
</style>
</head>`
}
