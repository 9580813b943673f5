import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { startNonconforming } from './nonconforming-server.js'

// The built command, as users run it (npm test builds first).
const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `sitemock contract`; `onStart` gets the child, to interrupt it. */
function contract(args: string[], env: Record<string, string> = {}, onStart?: (child: ReturnType<typeof spawn>) => void): Promise<Run> {
  const child = spawn(process.execPath, [BIN, 'contract', ...args], { env: { ...process.env, ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  onStart?.(child)
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }))
}

const noStackTrace = (text: string): void => expect(text).not.toMatch(/\n\s+at /)

describe('sitemock contract', () => {
  it('documents every flag and its environment variable in --help', async () => {
    const { code, stdout } = await contract(['--help'])
    expect(code).toBe(0)
    for (const flag of ['base-url', 'api-key', 'workspace-id', 'site-api-key', 'other-api-key', 'read-only', 'only', 'profile', 'reporter', 'output', 'concurrency', 'max-rps', 'stateful-runs', 'stateful-time', 'seed']) {
      expect(stdout).toContain(`--${flag}`)
      expect(stdout).toContain(`SITEMOCK_${flag.toUpperCase().replace(/-/g, '_')}`)
    }
  })

  it('without --base-url starts the mock, passes every check, and writes JUnit to --output', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'sitemock-contract-')), 'report.xml')
    const { code, stderr } = await contract(['--reporter', 'junit', '--output', file, '--stateful-runs', '2'])
    expect(stderr).toContain('no --base-url: running against the mock started at http://127.0.0.1:')
    expect(stderr).toMatch(/PASSED: all \d+ checks hold against the documents/)
    expect(code).toBe(0)
    const xml = await readFile(file, 'utf8')
    expect(xml).toMatch(/^<\?xml/)
    expect(xml).not.toContain('<failure')
  }, 60_000)

  it('learns the free choices first, unless --no-learn-choices says not to', async () => {
    const learned = async (flags: string[]): Promise<string[]> => {
      const { code, stdout } = await contract(['--only', 'auth', '--reporter', 'json', ...flags])
      expect(code).toBe(0)
      return (JSON.parse(stdout) as { notices: string[] }).notices.filter((line) => line.startsWith('learned'))
    }
    expect(await learned([])).toHaveLength(1)
    expect(await learned(['--no-learn-choices'])).toEqual([])
  }, 60_000)

  it('takes its settings from SITEMOCK_* variables and exits 1 when a check fails', async () => {
    const server = await startNonconforming(['ok-instead-of-401'])
    try {
      const { workspaces } = server.mock.credentials()
      const { code, stdout } = await contract([], {
        SITEMOCK_BASE_URL: server.url,
        SITEMOCK_API_KEY: workspaces[0]!.appApiKey,
        SITEMOCK_WORKSPACE_ID: workspaces[0]!.id,
        SITEMOCK_ONLY: 'auth',
        SITEMOCK_REPORTER: 'json',
      })
      expect(code).toBe(1)
      const report = JSON.parse(stdout) as { checks: Array<{ id: string; status: string; reason?: string }> }
      expect(report.checks.find((check) => check.id === 'auth.no-key')!.status).toBe('failed')
      expect(report.checks.find((check) => check.id === 'auth.other-key')!.reason).toBe('no --other-api-key: cross-tenant checks skipped')
    } finally {
      await server.close()
    }
  })

  it('exits 2 with one clear sentence when the target cannot be reached', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))
    const { code, stderr } = await contract(['--base-url', url, '--api-key', 'sk_aaaaaaaaaaaaaaaaaaaaaaaa'])
    expect(code).toBe(2)
    expect(stderr).toBe(`sitemock contract: cannot reach ${url}: connection refused\n`)
    noStackTrace(stderr)
  })

  it('exits 2 with one line on bad usage', async () => {
    const bad = await contract(['--reporter', 'xml'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--reporter must be one of pretty, junit, json; got "xml"')
    const group = await contract(['--only', 'schema,everything'])
    expect(group.code).toBe(2)
    expect(group.stderr).toContain('--only must be one of schema, auth, lifecycle, validation, conflicts, pagination, versions, stateful; got "everything"')
    noStackTrace(bad.stderr + group.stderr)
  })

  it('takes --profile spec as the earlier name of documents, and says so; a profile it does not know is bad usage', async () => {
    const { code, stdout, stderr } = await contract(['--profile', 'spec', '--only', 'versions'])
    expect(stderr).toContain('sitemock contract: --profile spec is now called documents; running --profile documents\n')
    expect(stdout).toContain('profile documents (what the specification or the published OpenAPI states)')
    expect(code).toBe(0)
    const bad = await contract(['--profile', 'specs'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--profile must be one of documents, published, sitemock; got "specs"')
    noStackTrace(stderr + bad.stderr)
  })

  it('exits 2, not 0, when every check is skipped, and says why', async () => {
    const server = await startNonconforming([])
    try {
      const { workspaces } = server.mock.credentials()
      const { code, stdout, stderr } = await contract(['--base-url', server.url, '--api-key', workspaces[0]!.appApiKey, '--only', 'lifecycle'])
      expect(code).toBe(2)
      expect(stdout + stderr).toContain('NOTHING CHECKED')
      expect(stdout).toContain('no --workspace-id')
    } finally {
      await server.close()
    }
  })

  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
    // A closed terminal (or an ssh session that drops) sends SIGHUP.
    ['SIGHUP', 129, 'hung up'],
  ] as const)('on %s finishes the requests in flight, deletes what it created, and exits %i', async (signal, exitCode, word) => {
    const server = await startNonconforming([], { delayMs: 30 })
    try {
      const { workspaces } = server.mock.credentials()
      const scenarioSites = server.mock.store.sites.size
      const run = await contract(['--base-url', server.url, '--api-key', workspaces[0]!.appApiKey, '--workspace-id', workspaces[0]!.id, '--only', 'lifecycle'], {}, (child) => {
        const timer = setInterval(() => {
          // Interrupt once the run has sites of its own.
          if (server.mock.store.sites.size >= scenarioSites + 2) {
            clearInterval(timer)
            child.kill(signal)
          }
        }, 10)
        child.once('exit', () => clearInterval(timer))
      })
      expect(run.stderr).toContain(`${word}; finishing the requests in flight, then deleting what this run created`)
      expect(run.code).toBe(exitCode)
      expect(run.stdout).toContain('INTERRUPTED')
      expect(server.mock.store.sites.size).toBe(scenarioSites)
      expect(server.requests.filter((request) => request.method === 'DELETE' && request.status === 204).length).toBeGreaterThanOrEqual(2)
    } finally {
      await server.close()
    }
  }, 30_000)

  it('runs the stateful group from --seed within --stateful-runs, and reports the seed that replays a divergence', async () => {
    // A divergence of state, not of timing, so that the saved report's replay meets it again for sure.
    const server = await startNonconforming(['page-delete-keeps-pathname'])
    try {
      const { workspaces } = server.mock.credentials()
      const args = ['--base-url', server.url, '--api-key', workspaces[0]!.appApiKey, '--workspace-id', workspaces[0]!.id, '--only', 'stateful', '--reporter', 'json']
      const { code, stdout } = await contract([...args, '--seed', '1', '--stateful-runs', '3', '--stateful-time', '120'])
      expect(code).toBe(1)
      const report = JSON.parse(stdout) as { checks: Array<{ id: string; failures: Array<{ message: string }> }> }
      expect(report.checks.find((check) => check.id === 'stateful.model')!.failures[0]!.message).toMatch(/\nseed (\d+) \(replay with --seed \1\); shrunk from 50 to \d+ command/)

      // The saved report replays: --replay sends its recorded calls again and finds the divergence again.
      const saved = path.join(tmpdir(), `sitemock-replay-${process.pid}.json`)
      await writeFile(saved, stdout)
      try {
        const replayed = await contract(['--base-url', server.url, '--api-key', workspaces[0]!.appApiKey, '--workspace-id', workspaces[0]!.id, '--reporter', 'json', '--replay', saved])
        expect(replayed.code).toBe(1)
        const again = JSON.parse(replayed.stdout) as { checks: Array<{ id: string; failures: Array<{ message: string }> }>; notices: string[] }
        expect(again.checks.map((check) => check.id)).toEqual(['stateful.model'])
        expect(again.checks[0]!.failures[0]!.message).toMatch(/\nreplayed sequence 1 of 1: the same \d+ call\(s\) sent again\n/)
        expect(again.notices).toContainEqual(expect.stringMatching(/^stateful: replayed 1 recorded sequence\(s\), \d+ requests to each side: 1 diverged again$/))
        const refused = await contract([...args.slice(0, 6), '--replay', path.join(tmpdir(), 'no-such-report.json')])
        expect(refused.code).toBe(2)
        expect(refused.stderr).toMatch(/--replay .*no-such-report\.json: ENOENT.*expected a report written with --reporter json/)
      } finally {
        await rm(saved, { force: true })
      }
    } finally {
      await server.close()
    }
  })
})
