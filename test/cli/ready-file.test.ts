import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CliChild } from '../scenarios/cli-child.js'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-ready-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

describe('sitemock serve --ready-file', () => {
  it('holds the URL exactly while the server answers: a stale file removed, written once listening, removed on stop', async () => {
    const file = path.join(scratch, 'run/url')
    fs.mkdirSync(path.dirname(file))
    fs.writeFileSync(file, 'http://127.0.0.1:1\n')
    const child = new CliChild(['serve', '--port', '0', '--log', 'off', '--ready-file', file])
    try {
      // Polled as a script's `until [ -s FILE ]` does: the first URL read is the server's, and it answers.
      let url = ''
      const deadline = Date.now() + 20_000
      while (Date.now() < deadline) {
        url = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
        if (url !== '' && url !== 'http://127.0.0.1:1\n') break
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/)
      expect((await fetch(`${url.trim()}/__mock/health`)).status).toBe(200)
      expect(child.stdout).toContain(`listening on ${url.trim()}`)
    } finally {
      expect(await child.stop()).toBe(0)
    }
    expect(fs.existsSync(file)).toBe(false)
    expect(fs.readdirSync(path.dirname(file))).toEqual([])
  }, 30_000)

  it('is documented in --help', async () => {
    const child = new CliChild(['serve', '--help'])
    expect(await child.exit()).toBe(0)
    expect(child.stdout).toContain('--ready-file FILE')
  }, 30_000)
})
