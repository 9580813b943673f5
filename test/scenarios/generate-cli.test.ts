import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readFixtureFile } from '../../src/scenarios/fixture-file.js'
import { exportState, loadFixture } from '../../src/scenarios/fixture.js'
import { CliChild, getJson, ROOT } from './cli-child.js'

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex')

async function generate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new CliChild(['generate', ...args])
  const code = await child.exit()
  return { code, stdout: child.stdout, stderr: child.stderr }
}

describe('sitemock generate', () => {
  const args = ['--sites', '2', '--pages', '300', '--locales', '3', '--routes', '5', '--seed', '42']

  it('writes the same bytes for the same arguments, run after run', async () => {
    const [first, second] = await Promise.all([generate(args), generate(args)])
    expect(first.code).toBe(0)
    expect(sha256(first.stdout)).toBe(sha256(second.stdout))
    const fixture = loadFixture(JSON.parse(first.stdout))
    expect(fixture.pages.byId.size).toBe(600)
    expect(fixture.routes.byId.size).toBe(10)
  })

  it('writes other bytes for another seed, and the same bytes to --output as to stdout', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-generate-')), 'out.json')
    const [stdout, other, output] = await Promise.all([generate(args), generate([...args.slice(0, -1), '43']), generate([...args, '--output', file])])
    expect(sha256(other.stdout)).not.toBe(sha256(stdout.stdout))
    expect(output.code).toBe(0)
    expect(sha256(fs.readFileSync(file))).toBe(sha256(stdout.stdout))
  })

  it('reproduces the committed multi-locale fixture from its arguments', async () => {
    const result = await generate(['--sites', '2', '--pages', '24', '--locales', '4', '--routes', '3', '--seed', '1'])
    expect(result.stdout).toBe(fs.readFileSync(path.join(ROOT, 'fixtures/multi-locale.json'), 'utf8'))
  })

  it('refuses an out-of-range flag with exit code 2 and one line pointing to --help', async () => {
    const result = await generate(['--locales', '99'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('sitemock generate: --locales must be an integer from 1 to 20; got "99"; sitemock generate --help lists the options\n')
  })
})

describe('sitemock serve --scenario PATH', () => {
  it('documents --scenario NAME|PATH, --seed, --state-file and --watch in --help', async () => {
    const child = new CliChild(['serve', '--help'])
    expect(await child.exit()).toBe(0)
    for (const flag of ['--scenario NAME|PATH', '--seed N', '--state-file PATH', '--watch']) expect(child.stdout).toContain(flag)
    expect(child.stdout).toContain('default, empty, multi-locale, large, edge-cases')
  })

  it('serves a generated fixture file', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-scenario-')), 'fixture.json')
    expect((await generate(['--pages', '50', '--seed', '7', '--output', file])).code).toBe(0)
    const child = new CliChild(['serve', '--port', '0', '--scenario', file])
    try {
      const url = await child.url()
      const expected = exportState(loadFixture(readFixtureFile(file)))
      expect(await getJson(`${url}/__mock/state`)).toEqual(expected)
    } finally {
      await child.stop()
    }
  })

  it('refuses an invalid fixture file with every problem and its path, exit code 1', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-scenario-')), 'bad.json')
    fs.writeFileSync(file, JSON.stringify({ workspaces: [{ id: 'nope', appApiKey: 'sk_aaaaaaaaaaaaaaaaaaaaaaaa' }], sites: [{}] }))
    const child = new CliChild(['serve', '--port', '0', '--scenario', file])
    expect(await child.exit()).toBe(1)
    expect(child.stderr).toContain(`${file} is invalid`)
    expect(child.stderr).toContain('workspaces[0].id: ')
    expect(child.stderr).toContain('sites[0].workspaceId: is required')
    expect(child.stderr).not.toMatch(/\n\s+at /)
  })

  it('refuses a name that is neither a scenario nor a file, exit code 2', async () => {
    const child = new CliChild(['serve', '--port', '0', '--scenario', 'no-such-thing'])
    expect(await child.exit()).toBe(2)
    expect(child.stderr).toContain('--scenario must be one of default, empty, multi-locale, large, edge-cases or a fixture file')
  })
})
