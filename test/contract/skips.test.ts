import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { agreedSkipsOf, parseSkipFile, unknownSkips } from '../../src/contract/skips.js'
import type { ContractReport } from '../../src/contract/types.js'

// The built command, as users run it (npm test builds first).
const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

function contract(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'contract', ...args], { env: { ...process.env, SITEMOCK_MAX_RPS: '', SITEMOCK_REPORTER: '', SITEMOCK_SKIP: '', SITEMOCK_SKIP_FILE: '', ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }))
}

const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'sitemock-skip-'))

describe('agreed differences: --skip and --skip-file', () => {
  it('a skip file holds one id a line with its reason after #; blank and comment lines are nothing', () => {
    expect(parseSkipFile('# agreed with the vendor\n\npagination.sites.walk   # ticket 42: the list skips after a cursor\nvalidation.*\n', 'skips.txt')).toEqual([
      { id: 'pagination.sites.walk', reason: 'ticket 42: the list skips after a cursor' },
      { id: 'validation.*', reason: 'listed in skips.txt (line 4) without a reason' },
    ])
    expect(unknownSkips([{ id: 'pagination.sites.walk', reason: '' }, { id: 'versions', reason: '' }, { id: 'validation.*', reason: '' }, { id: 'pagination.site.walk', reason: '' }])).toEqual(['pagination.site.walk'])
  })

  it('turns the named checks off, each reported skipped with its reason in JSON, JUnit and pretty alike', async () => {
    const dir = tmp()
    const file = path.join(dir, 'skips.txt')
    writeFileSync(file, 'pagination.sites.walk  # ticket 42: the site list is walked by the vendor\n')
    const args = ['--only', 'pagination,versions', '--skip-file', file, '--skip', 'versions.*']
    const json = await contract([...args, '--reporter', 'json'])
    expect(json.code, json.stderr).toBe(0)
    const report = JSON.parse(json.stdout) as ContractReport
    const walk = report.checks.find((check) => check.id === 'pagination.sites.walk')!
    expect(walk).toMatchObject({ status: 'skipped', reason: 'skipped by agreement (--skip) as pagination.sites.walk: ticket 42: the site list is walked by the vendor' })
    const versions = report.checks.filter((check) => check.group === 'versions')
    expect(versions.length).toBeGreaterThan(0)
    for (const check of versions) expect(check.status).toBe('skipped')
    expect(versions[0]!.reason).toMatch(/^skipped by agreement \(--skip\) as versions\.\*: named by --skip/)
    // Nothing else is skipped.
    expect(report.checks.filter((check) => check.status === 'skipped')).toHaveLength(versions.length + 1)
    const junit = await contract([...args, '--reporter', 'junit'])
    expect(junit.stdout).toContain('<skipped message="skipped by agreement (--skip) as pagination.sites.walk: ticket 42: the site list is walked by the vendor"/>')
    const pretty = await contract(args, { SITEMOCK_SKIP: '' })
    expect(pretty.stdout).toContain('pagination: 1 check: skipped by agreement (--skip) as pagination.sites.walk: ticket 42: the site list is walked by the vendor')
    // The environment carries them too.
    const env = await contract(['--only', 'versions', '--reporter', 'json'], { SITEMOCK_SKIP: 'versions.undocumented' })
    const viaEnv = JSON.parse(env.stdout) as ContractReport
    expect(viaEnv.checks.find((check) => check.id === 'versions.undocumented')?.status).toBe('skipped')
  }, 120_000)

  it('takes a skip file of 130,000 lines (once past the call stack: every line was passed as an argument)', () => {
    const text = Array.from({ length: 130_000 }, (_, i) => `pagination.sites.walk # ticket ${i}`).join('\n')
    const skips = agreedSkipsOf('versions.*', { text, source: 'skips.txt' })
    expect(skips).toHaveLength(130_001)
    expect(skips[0]!.id).toBe('versions.*')
    expect(skips.at(-1)).toEqual({ id: 'pagination.sites.walk', reason: 'ticket 129999' })
    expect(unknownSkips(skips)).toEqual([])
  })

  it('names the first 20 of 130,000 ids that name nothing and counts the rest: exit 2', async () => {
    const file = path.join(tmp(), 'skips.txt')
    writeFileSync(file, Array.from({ length: 130_000 }, (_, i) => `no.such.check.${i}`).join('\n'))
    const run = await contract(['--skip-file', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--skip: "no.such.check.0", ')
    expect(run.stderr).toContain('"no.such.check.19" and 129980 more ids name no check, rule or group')
    expect(run.stderr).not.toContain('no.such.check.20"')
    expect(run.stderr.length).toBeLessThan(4096)
  }, 60_000)

  it('refuses an id that names nothing (a typo would skip nothing, silently): exit 2 with what is accepted', async () => {
    const run = await contract(['--skip', 'pagination.site.walk'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/--skip: "pagination\.site\.walk" names no check, rule or group; expected a check id/)
  })
})

describe('the seed', () => {
  it('is 1 unless given: two runs send the same sequences and say so; --seed random draws another and says which', async () => {
    const seedLine = (report: ContractReport): string | undefined => report.notices.find((notice) => /^stateful: \d+ sequence\(s\) from seed/.test(notice))
    const runs = await Promise.all([1, 2].map(() => contract(['--only', 'stateful', '--stateful-runs', '3', '--reporter', 'json'])))
    const [first, second] = runs.map((run) => JSON.parse(run.stdout) as ContractReport)
    expect(runs[0]!.stderr).toContain('stateful group: sequences from seed 1 (the default: each run sends the same ones; --seed random explores others)')
    expect(seedLine(first!)).toMatch(/^stateful: 3 sequence\(s\) from seed 1, (\d+) requests/)
    // The same sequences: the same number of requests to each side.
    expect(/(\d+) requests/.exec(seedLine(second!)!)![1]).toBe(/(\d+) requests/.exec(seedLine(first!)!)![1])
    const random = await contract(['--only', 'stateful', '--stateful-runs', '2', '--seed', 'random', '--reporter', 'json'])
    const seed = /sequences from seed (\d+)/.exec(random.stderr)?.[1]
    expect(seed).toBeDefined()
    expect(seedLine(JSON.parse(random.stdout) as ContractReport)).toMatch(new RegExp(`^stateful: 2 sequence\\(s\\) from seed ${seed}, `))
  }, 120_000)
})
