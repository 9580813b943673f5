import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExample, launchChromium, serveStatic, type Browser } from './support.js'

// The example app without msw's worker script: startBrowserMock says on the page, and in the
// console, what is missing and the command that writes it, instead of msw's MIME type error.

/** A dev server's fallback, as Vite's: any path it has no file for is answered with index.html. */
async function serveWithHtmlFallback(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const file = path.join(dir, pathname)
    const found = pathname !== '/' && file.startsWith(dir + path.sep) && fs.existsSync(file)
    res.writeHead(200, { 'content-type': found && file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(fs.readFileSync(found ? file : path.join(dir, 'index.html')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

describe('startBrowserMock without the worker script', () => {
  let exampleDir: string
  let browser: Browser
  beforeAll(async () => {
    exampleDir = buildExample()
    fs.rmSync(path.join(exampleDir, 'mockServiceWorker.js'))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    if (exampleDir) fs.rmSync(exampleDir, { recursive: true, force: true })
  })

  const shownOn = async (url: string): Promise<{ shown: string; logged: string[] }> => {
    const page = await browser.context.newPage()
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text())
    })
    await page.goto(url)
    const shown = (await page.locator('[data-sitemock-error]').textContent({ timeout: 10_000 })) ?? ''
    await page.close()
    return { shown, logged }
  }

  it('names msw init and msw/vite on the page when a dev server answers its HTML page instead', async () => {
    const server = await serveWithHtmlFallback(exampleDir)
    try {
      const { shown, logged } = await shownOn(server.url)
      expect(shown).toContain("sitemock: msw's worker script is not at /mockServiceWorker.js: the server answered text/html; charset=utf-8 (an HTML page")
      expect(shown).toContain('npx msw init public/ --save')
      expect(shown).toContain('msw/vite')
      expect(logged.join('\n')).toContain('npx msw init public/ --save')
    } finally {
      await server.close()
    }
  })

  it('says the status when the server has no such file', async () => {
    const server = await serveStatic(exampleDir)
    try {
      const { shown } = await shownOn(server.url)
      expect(shown).toMatch(/^sitemock: msw's worker script is not at \/mockServiceWorker\.js: the server answered 404\. Write it .*npx msw init public\/ --save/)
    } finally {
      await server.close()
    }
  })
})
