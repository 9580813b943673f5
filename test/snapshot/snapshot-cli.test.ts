import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Fixture, FixturePageContent } from '../../src/generated/types.js'
import { validateFixture } from '../../src/scenarios/validate-fixture.js'
import { afterRequests, BIN, runSnapshot, startServe, type ServeProcess } from './processes.js'

const running: ServeProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})

async function serve(args: string[]): Promise<ServeProcess> {
  const server = await startServe(args)
  running.push(server)
  return server
}

const outputFolder = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-snapshot-'))

/** The flags that snapshot the first workspace of a running sitemock. */
async function workspaceFlags(target: ServeProcess): Promise<string[]> {
  const { workspaces } = await target.credentials()
  return ['--base-url', target.url, '--api-key', workspaces[0]!.appApiKey, '--workspace-id', workspaces[0]!.id]
}

const byId = <T extends { id: string }>(items: T[] | undefined): T[] => [...(items ?? [])].sort((a, b) => a.id.localeCompare(b.id))
const withoutName = ({ name: _name, ...content }: FixturePageContent): Omit<FixturePageContent, 'name'> => content

/** What a snapshot must carry over from a state, keys aside: the deleted locales and the pages' names the API never shows. */
function comparable(state: Fixture, workspaceId: string): unknown {
  return {
    sites: byId(state.sites?.filter((site) => site.workspaceId === workspaceId)).map(({ publicApiKey: _key, ...site }) => site),
    locales: byId(state.locales?.filter((locale) => locale.deletedAt === null)),
    pages: byId(state.pages).map((page) => ({ ...page, draft: withoutName(page.draft), live: page.live ? withoutName(page.live) : null })),
    routes: byId(state.routes),
  }
}

describe('sitemock snapshot of a running sitemock', () => {
  for (const scenario of ['multi-locale', 'edge-cases']) {
    it(`reads ${scenario} with GET only, and serving the snapshot gives the same sites, locales, pages and routes`, async () => {
      const target = await serve(['--scenario', scenario])
      const flags = await workspaceFlags(target)
      await fetch(`${target.url}/__mock/requests`, { method: 'DELETE' })
      const file = path.join(outputFolder(), 'nested', 'folder', 'snapshot.json')

      const run = await runSnapshot([...flags, '--output', file])
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)

      const journal = await target.journal()
      expect(journal.entries.length).toBeGreaterThan(5)
      expect(new Set(journal.entries.map((entry) => entry.method))).toEqual(new Set(['GET']))
      const pageLists = journal.entries.filter((entry) => entry.route === '/v6/pages').map((entry) => new URLSearchParams(entry.query))
      expect(new Set(pageLists.map((query) => query.get('versionRef')))).toEqual(new Set(['ref:draft', 'ref:live']))
      expect(pageLists.every((query) => query.get('includeOffline') === 'true')).toBe(true)

      const text = fs.readFileSync(file, 'utf8')
      const snapshot = validateFixture(JSON.parse(text))
      const source = await target.state()
      const { workspaces, sites } = await target.credentials()
      // No real key is written: every key in the file is a generated one.
      for (const key of [...workspaces.map((w) => w.appApiKey), ...sites.map((s) => s.siteApiKey)]) expect(text).not.toContain(key)
      const appKey = /App API key:\s+(sk_\w+)/.exec(run.stdout)![1]!
      expect(snapshot.workspaces).toEqual([{ id: workspaces[0]!.id, appApiKey: appKey }])
      const printedSiteKeys = [...run.stdout.matchAll(/Site API key: (\S+)/g)].map((match) => match[1])
      expect(printedSiteKeys).toEqual(snapshot.sites!.map((site) => site.publicApiKey))

      const copy = await serve(['--scenario', file])
      const served = await copy.state()
      expect(comparable(served, workspaces[0]!.id)).toEqual(comparable(source, workspaces[0]!.id))
      // Every page of the source came with both its versions.
      expect(served.pages!.filter((page) => page.live).length).toBe(source.pages!.filter((page) => page.live).length)
      expect(run.stdout).toContain(`${snapshot.pages!.length} page(s)`)

      // The printed keys are the served copy's keys; the real ones are not.
      const sitesWith = (key: string): Promise<Response> => fetch(`${copy.url}/v2/sites?workspaceId=${workspaces[0]!.id}`, { headers: { 'x-api-key': key } })
      expect((await sitesWith(appKey)).status).toBe(200)
      expect((await sitesWith(workspaces[0]!.appApiKey)).status).toBe(401)
    })
  }

  it('reads one site with its Site key, and keeps that key when asked', async () => {
    const target = await serve(['--scenario', 'multi-locale'])
    const site = (await target.credentials()).sites[1]!
    const file = path.join(outputFolder(), 'site.json')
    const run = await runSnapshot(['--base-url', target.url, '--api-key', site.siteApiKey, '--site-id', site.id, '--keep-site-keys', '--output', file])
    expect(run.code).toBe(0)
    const snapshot = validateFixture(JSON.parse(fs.readFileSync(file, 'utf8')))
    expect(snapshot.sites!.map((s) => [s.id, s.publicApiKey])).toEqual([[site.id, site.siteApiKey]])
    const source = await target.state()
    expect(snapshot.pages!.length).toBe(source.pages!.filter((page) => page.siteId === site.id).length)
    expect(snapshot.routes!.length).toBe(source.routes!.filter((route) => route.siteId === site.id).length)
  })

  it('reads every workspace and site of several --api-key in one run, each key with the target after it', async () => {
    const target = await serve([])
    const { workspaces, sites } = await target.credentials()
    expect(workspaces).toHaveLength(2)
    const [first, second] = workspaces
    const inSecond = sites.find((site) => site.workspaceId === second!.id)!
    const file = path.join(outputFolder(), 'snapshot.json')
    // The second workspace's site is reached twice (its Site key, and its workspace's App key): read once, as the workspace's.
    const run = await runSnapshot([
      '--base-url', target.url,
      '--api-key', first!.appApiKey, '--workspace-id', first!.id,
      '--api-key', inSecond.publicApiKey, '--site-id', inSecond.id,
      '--api-key', second!.appApiKey, '--workspace-id', second!.id,
      '--output', file,
    ])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const snapshot = validateFixture(JSON.parse(fs.readFileSync(file, 'utf8')))
    const source = await target.state()
    expect(snapshot.workspaces.map((workspace) => workspace.id)).toEqual([first!.id, second!.id])
    expect(snapshot.sites!.map((site) => [site.id, site.workspaceId])).toEqual(source.sites!.map((site) => [site.id, site.workspaceId]))
    expect(snapshot.pages!.length).toBe(source.pages!.length)
    const printed = [...run.stdout.matchAll(/App API key:\s+(sk_\w+)\s+\(workspace ([\w-]+)\)/g)].map((match) => [match[2], match[1]])
    expect(printed).toEqual(snapshot.workspaces.map((workspace) => [workspace.id, workspace.appApiKey]))
  })

  it('shows progress on a terminal, rewriting one line', async () => {
    const target = await serve(['--scenario', 'multi-locale'])
    const file = path.join(outputFolder(), 'snapshot.json')
    const command = [process.execPath, BIN, 'snapshot', ...(await workspaceFlags(target)), '--output', file].map((arg) => `'${arg}'`).join(' ')
    // script(1) runs the command on a pseudo-terminal, as a user's shell would.
    const terminal = spawn('script', ['-q', '-e', '-c', command, '/dev/null'])
    let output = ''
    terminal.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const [code] = (await once(terminal, 'exit')) as [number]
    expect(code).toBe(0)
    expect(output).toMatch(/\r\x1b\[2Ksitemock snapshot: 3 requests, site 1 of 2, pages \(draft\): 24/)
    expect(output).toContain('sitemock snapshot: wrote')
    expect(fs.existsSync(file)).toBe(true)
  })

  it('writes the same bytes for the same deployment and seed, and other keys for another seed', async () => {
    const target = await serve(['--scenario', 'edge-cases'])
    const flags = await workspaceFlags(target)
    const folder = outputFolder()
    const files = ['a.json', 'b.json', 'c.json'].map((name) => path.join(folder, name))
    for (const [i, file] of files.entries()) expect((await runSnapshot([...flags, '--seed', i < 2 ? '7' : '8', '--output', file])).code).toBe(0)
    const [a, b, c] = files.map((file) => fs.readFileSync(file, 'utf8'))
    expect(a).toBe(b)
    expect(c).not.toBe(a)
  })
})

describe('sitemock snapshot when something goes wrong', () => {
  it('leaves no file, and no temporary file, when the target is killed midway', async () => {
    const target = await serve(['--scenario', 'large'])
    const flags = await workspaceFlags(target)
    const folder = outputFolder()
    const file = path.join(folder, 'out', 'snapshot.json')
    const run = await runSnapshot([...flags, '--output', file], () => {
      void afterRequests(target, /GET\s+\/v6\/pages/, 3).then(() => target.child.kill('SIGKILL'))
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^sitemock snapshot: GET \/v6\/pages\?\S+: [^\n]+; nothing written\n$/m)
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(fs.readdirSync(folder)).toEqual([])
  })

  it('stops on Ctrl-C with exit code 130 and writes nothing', async () => {
    const target = await serve(['--scenario', 'large'])
    const flags = await workspaceFlags(target)
    const folder = outputFolder()
    const run = await runSnapshot([...flags, '--output', path.join(folder, 'snapshot.json')], (child) => {
      void afterRequests(target, /GET\s+\/v6\/pages/, 3).then(() => child.kill('SIGINT'))
    })
    expect(run.code).toBe(130)
    expect(run.stderr).toBe('sitemock snapshot: interrupted; nothing written\n')
    expect(fs.readdirSync(folder)).toEqual([])
  })

  it('waits as long as Retry-After asks on a 429, then goes on', async () => {
    const target = await serve(['--scenario', 'multi-locale'])
    const flags = await workspaceFlags(target)
    const fault = await fetch(`${target.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: 'GET /v6/pages', status: 429, errorRate: 0.3, seed: 3 }),
    })
    expect(fault.status).toBe(200)
    await fetch(`${target.url}/__mock/requests`, { method: 'DELETE' })
    const file = path.join(outputFolder(), 'snapshot.json')
    const started = Date.now()
    const run = await runSnapshot([...flags, '--output', file])
    const elapsed = Date.now() - started
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('429 Too Many Requests on GET /v6/pages')
    expect(run.stderr).toContain('(Retry-After: 1)')
    const entries = (await target.journal()).entries.reverse()
    const throttled = entries.filter((entry) => entry.status === 429)
    expect(throttled.length).toBeGreaterThan(0)
    // Each 429 was asked again later, and answered at last: none was given up on.
    for (const answer of throttled) expect(entries.some((entry) => entry.seq > answer.seq && entry.query === answer.query)).toBe(true)
    expect(entries.filter((entry) => entry.route === '/v6/pages' && entry.status === 200).length).toBe(4)
    // Requests go one at a time, so the run lasted at least the second each 429 asked for.
    expect(elapsed).toBeGreaterThanOrEqual(throttled.length * 1000)
    expect(validateFixture(JSON.parse(fs.readFileSync(file, 'utf8'))).pages!.length).toBe((await target.state()).pages!.length)
  })

  it('waits for the window to reset when x-ratelimit-remaining says the limit is used up, and earns no 429', async () => {
    const target = await serve(['--scenario', 'multi-locale', '--rate-limit', '3'])
    const flags = await workspaceFlags(target)
    await fetch(`${target.url}/__mock/requests`, { method: 'DELETE' })
    const started = Date.now()
    const run = await runSnapshot([...flags, '--output', path.join(outputFolder(), 'snapshot.json')])
    expect(run.code).toBe(0)
    const { entries } = await target.journal()
    expect(entries.filter((entry) => entry.status === 429)).toEqual([])
    // 9 requests (the sites, then four lists of each of the two) at 3 per one-second window: two waits.
    expect(entries.length).toBe(9)
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
  })

  it('says in one line what a 401 was, and writes nothing', async () => {
    const target = await serve(['--scenario', 'multi-locale'])
    const { workspaces } = await target.credentials()
    const folder = outputFolder()
    const run = await runSnapshot(['--base-url', target.url, '--api-key', `sk_${'x'.repeat(30)}`, '--workspace-id', workspaces[0]!.id, '--output', path.join(folder, 'a.json')])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`sitemock snapshot: GET /v2/sites?workspaceId=${workspaces[0]!.id}&limit=100 answered 401: unauthorized: The API key is not valid.; nothing written\n`)
    expect(fs.readdirSync(folder)).toEqual([])
  })

  it('says in one line why the file could not be written, and leaves nothing', async () => {
    const target = await serve(['--scenario', 'edge-cases'])
    const folder = outputFolder()
    fs.writeFileSync(path.join(folder, 'taken'), '')
    const file = path.join(folder, 'taken', 'snapshot.json')
    const run = await runSnapshot([...(await workspaceFlags(target)), '--output', file])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(new RegExp(`^sitemock snapshot: cannot write ${file}: [^\\n]+; nothing written\\n$`))
    expect(fs.readdirSync(folder)).toEqual(['taken'])
  })

  it('refuses a --choices file that cannot be used with exit code 1, naming it, before reading anything', async () => {
    const file = path.join(outputFolder(), 'choices.json')
    fs.writeFileSync(file, JSON.stringify({ choices: { siteListOrder: 'sideways' } }), { mode: 0o600 })
    const run = await runSnapshot(['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--choices', file, '--output', 'x'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(new RegExp(`^sitemock snapshot: --choices ${file}: choices: [^\\n]*siteListOrder[^\\n]*; nothing written\\n$`))
  })

  it('refuses bad usage with exit code 2, naming the flag', async () => {
    const cases: Array<[string[], string]> = [
      [['--api-key', 'sk_x', '--site-id', '00000000-0000-4000-8000-000000000000', '--output', 'x'], '--base-url (or SITEMOCK_BASE_URL) is required'],
      [['--base-url', 'ftp://x', '--api-key', 'k'], '--base-url must be an http:// or https:// URL; got "ftp://x"'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', 'w1', '--output', 'x'], '--workspace-id must be a UUID; got "w1"'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--output', 'x'], '--workspace-id (with an App key) or --site-id (with its Site key) is required'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', '00000000-0000-4000-8000-000000000000', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--output', 'x'], '--workspace-id needs an App API key (sk_...)'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000'], '--output FILE is required'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--output', os.tmpdir()], `--output must be a file, not a folder; got "${os.tmpdir()}"`],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--output', 'x', '--seed', '-1'], '--seed must be an integer from 0 to 4294967295; got "-1"'],
      [['--base-url', 'http://127.0.0.1:9', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--api-key', 'sk_x', '--api-key', 'sk_y', '--output', 'x'], '--workspace-id 00000000-0000-4000-8000-000000000000 comes before any --api-key'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--api-key', 'sk_y', '--output', 'x'], '--workspace-id (with an App key) or --site-id (with its Site key) is required: what to read (--api-key 2 of 2)'],
      [['--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x', '--workspace-id', '00000000-0000-4000-8000-000000000000', '--workspace-id', '00000000-0000-4000-8000-000000000001', '--output', 'x'], '--workspace-id is given 2 times with one --api-key'],
    ]
    for (const [args, message] of cases) {
      const run = await runSnapshot(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr.split('\n')[0]).toContain(`sitemock snapshot: ${message}`)
    }
    const help = await runSnapshot(['--help'])
    expect(help.code).toBe(0)
    for (const flag of ['--base-url', '--api-key', '--workspace-id', '--site-id', '--output', '--keep-site-keys', '--seed', '--max-rps']) expect(help.stdout).toContain(flag)
  })
})
