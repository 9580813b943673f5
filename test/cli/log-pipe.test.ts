import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../scenarios/cli-child.js'
import { sitemockArgs } from '../support/sitemock-command.js'

/**
 * `serve --log json` into a pipe that is never read: the log must neither grow in memory without
 * end nor hold the process once it is told to stop.
 */
describe('sitemock serve --log json into a pipe nobody reads', () => {
  it('drops and counts the lines the pipe does not take, and exits promptly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-log-pipe-'))
    const readyFile = path.join(dir, 'url')
    // stdout is a pipe this test never reads: it fills, and stays full.
    const child = spawn(process.execPath, [...sitemockArgs(), 'serve', '--port', '0', '--log', 'json', '--ready-file', readyFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    try {
      for (let waited = 0; !(fs.existsSync(readyFile) && fs.readFileSync(readyFile, 'utf8').endsWith('\n')); waited += 50) {
        if (waited > 20_000) throw new Error(`no ready file; stderr:\n${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const url = fs.readFileSync(readyFile, 'utf8').trim()
      // About 2 KB of log line each: 1,500 of them are three times what may wait for the pipe.
      const query = `name=${'q'.repeat(2000)}`
      let next = 0
      const worker = async (): Promise<void> => {
        while (next++ < 1500) await (await fetch(`${url}/v2/sites?${query}`, { headers: { 'x-api-key': 'sk_none' } })).arrayBuffer()
      }
      await Promise.all(Array.from({ length: 16 }, worker))
      const stopping = performance.now()
      child.kill('SIGTERM')
      const exited = await Promise.race([once(child, 'exit').then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 8000))])
      const seconds = (performance.now() - stopping) / 1000
      expect(exited, `the process was still running 8 s after SIGTERM; stderr:\n${stderr}`).toBe(true)
      expect(seconds).toBeLessThan(5)
      expect(child.exitCode).toBe(0)
      expect(stderr).toContain('sitemock: stdout is not being read; log lines are dropped (and counted) until it is\n')
      const dropped = Number(/sitemock: (\d+) log lines were dropped: stdout was not being read\n/.exec(stderr)?.[1])
      expect(dropped).toBeGreaterThan(500)
      expect(dropped).toBeLessThan(1500)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 40_000)
})
