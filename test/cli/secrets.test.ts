import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CliChild } from '../scenarios/cli-child.js'

/** Files and output that hold secrets: the control token, keys. */
describe('sitemock serve: the control token and the files it writes', () => {
  it('takes the control token from SITEMOCK_CONTROL_TOKEN, so it stays out of ps, and never prints it whole', async () => {
    const token = 'tok-from-env-5f1c9a7e3b21'
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-secrets-'))
    const readyFile = path.join(dir, 'url')
    const child = new CliChild(['serve', '--port', '0', '--ready-file', readyFile], { env: { SITEMOCK_CONTROL_TOKEN: token } })
    try {
      const url = await child.url()
      await child.waitFor(/Dashboard: /)
      expect((await fetch(`${url}/__mock/credentials`)).status).toBe(401)
      expect((await fetch(`${url}/__mock/credentials`, { headers: { 'x-control-token': token } })).status).toBe(200)
      expect(fs.readFileSync(`/proc/${child.process.pid}/cmdline`, 'utf8')).not.toContain(token)
      expect(child.stdout + child.stderr).not.toContain(token)
      expect(child.stdout).toContain(`Dashboard: ${url}/__mock/#token=<the control token, …3b21>`)
      // The ready file, like every file that may hold a secret, is for its owner alone.
      expect(fs.statSync(readyFile).mode & 0o777).toBe(0o600)
    } finally {
      await child.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)

  it('still takes --control-token, and does not print it whole either', async () => {
    const token = 'flag-token-77aa41c0de99'
    const child = new CliChild(['serve', '--port', '0', '--control-token', token])
    try {
      const url = await child.url()
      await child.waitFor(/Dashboard: /)
      expect((await fetch(`${url}/__mock/health`, { headers: { 'x-control-token': token } })).status).toBe(200)
      expect((await fetch(`${url}/__mock/health`)).status).toBe(401)
      expect(child.stdout).not.toContain(token)
    } finally {
      await child.stop()
    }
  }, 30_000)
})
