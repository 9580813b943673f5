import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { CliChild, ROOT } from '../scenarios/cli-child.js'
import { sitemockArgs } from '../support/sitemock-command.js'

/** A command that ends by itself: its exit code and both outputs. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new CliChild(args)
  const code = await child.exit()
  return { code, stdout: child.stdout, stderr: child.stderr }
}

describe('sitemock as shells and scripts run it', () => {
  it('keeps serving after its stdout and stderr are closed, as `sitemock serve | head -1` does, and still stops cleanly', async () => {
    const child = spawn(process.execPath, [...sitemockArgs(), 'serve', '--port', '0'], { cwd: ROOT })
    const lines = createInterface({ input: child.stdout })
    const [first] = (await once(lines, 'line')) as [string]
    const url = /listening on (http:\/\/\S+)/.exec(first)![1]!
    lines.close()
    child.stdout.destroy()
    child.stderr.destroy()
    const { workspaces } = (await (await fetch(`${url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
    // Every answered request writes a log line to the closed stdout.
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${url}/v2/sites?workspaceId=${workspaces[0]!.id}`, { headers: { 'x-api-key': workspaces[0]!.appApiKey } })
      expect(response.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect((await fetch(`${url}/nope`)).status).toBe(404)
    expect(child.exitCode).toBeNull()
    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(0)
  }, 30_000)

  it('refuses an empty --control-token, as an unset $TOKEN gives, instead of opening the control plane to an empty header', async () => {
    for (const args of [['--control-token', ''], ['--host', '0.0.0.0', '--control-token', ' ']]) {
      const { code, stderr } = await run(['serve', '--port', '0', ...args])
      expect(code, args.join(' ')).toBe(2)
      expect(stderr).toContain('--control-token must not be empty')
    }
  }, 30_000)

  it('says a --scenario file is not found, without the whole help', async () => {
    const { code, stderr } = await run(['serve', '--port', '0', '--scenario', 'missing.json'])
    expect(code).toBe(2)
    expect(stderr).toBe('sitemock serve: --scenario missing.json: file not found (a named scenario is one of default, empty, multi-locale, large, edge-cases)\n')
  }, 30_000)

  it('answers a negative number with the range of the flag, not a parser complaint', async () => {
    const { code, stderr } = await run(['generate', '--pages', '-1'])
    expect(code).toBe(2)
    expect(stderr).toBe('sitemock generate: --pages must be an integer from 0 to 1000000; got "-1"; sitemock generate --help lists the options\n')
  }, 30_000)

  it('writes only JSON lines on stdout under --log json, the first one saying where it listens, the banner on stderr', async () => {
    for (const extra of [[], ['--no-control']]) {
      const child = new CliChild(['serve', '--port', '0', '--log', 'json', ...extra])
      try {
        const url = JSON.parse((await child.waitFor(/^(.*)\n/)).at(1)!) as { event: string; url: string }
        expect(url.event).toBe('listening')
        await child.waitFor(/listening on http/, 'stderr')
        // Ready as soon as the line is out, control plane or not.
        expect((await fetch(`${url.url}/openapi.json`)).status).toBe(200)
        expect((await fetch(`${url.url}/v2/sites`)).status).toBe(401)
        await child.waitFor(/"status":401/)
      } finally {
        expect(await child.stop()).toBe(0)
      }
      for (const line of child.stdout.trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown, line).not.toThrow()
      expect(child.stderr).toContain('sitemock: shutting down')
    }
  }, 60_000)
})
