import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** Builds the example into a fresh folder with the project's own build script (esbuild + msw init). */
export function buildExample(): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-example-'))
  execFileSync(process.execPath, ['scripts/build-example.mjs', outDir], { stdio: 'pipe' })
  return outDir
}

export interface StaticServer {
  url: string
  /** Every path requested, in order, with its query string. */
  requests: string[]
  close(): Promise<void>
}

/** The content types a browser insists on for scripts, styles and modules' data. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/**
 * Serves the files of `dir` on 127.0.0.1 and nothing else: no API at all, so a list that
 * renders can only come from the mock in the page. `headers` go with every file.
 */
export async function serveStatic(dir: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push(url.pathname + url.search)
    // Asked for by the browser on its own, not by the page: a 404 would log an error in the page.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : path.normalize(decodeURIComponent(url.pathname)))
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers })
    fs.createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export interface Browser {
  context: BrowserContext
  close(): Promise<void>
}

/** Debian's Chromium, headless, on a fresh profile that is removed afterwards. */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM}; install it with: apt-get install -y chromium`)
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  return {
    context,
    async close() {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    },
  }
}
