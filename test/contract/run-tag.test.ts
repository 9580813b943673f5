import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { SITE, SITE_DUPLICATE, SITES } from '../../src/contract/endpoints.js'
import { runContract } from '../../src/contract/runner.js'
import { isRunName, isRunOrigin, isRunPathname, siteCarriesTag, type SiteMarks } from '../../src/contract/tag.js'
import { CreatedResources, SafetyError } from '../../src/contract/tracker.js'
import { startNonconforming, type Nonconforming, type RecordedRequest } from './nonconforming-server.js'
import { optionsFor } from './support.js'

// The built command, as users run it (npm test builds first).
const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

type Json = Record<string, unknown>
const servers: Nonconforming[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function target(): Promise<Nonconforming> {
  const server = await startNonconforming([])
  servers.push(server)
  return server
}

function keysOf(server: Nonconforming): { apiKey: string; workspaceId: string; otherKey: string } {
  const { workspaces } = server.mock.credentials()
  return { apiKey: workspaces[0]!.appApiKey, workspaceId: workspaces[0]!.id, otherKey: workspaces[1]!.appApiKey }
}

async function api(server: Nonconforming, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(server.url + pathAndQuery, { method, headers: { 'x-api-key': keysOf(server).apiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} }
}

/** Everything in the workspace, read over HTTP: each site with its name and the ids of its pages, routes and locales. */
async function stateOf(server: Nonconforming): Promise<string[]> {
  const lines: string[] = []
  const sites = (await api(server, 'GET', `/v2/sites?workspaceId=${keysOf(server).workspaceId}&limit=100`)).body.data as Json[]
  for (const site of sites) {
    const ids = async (listPath: string): Promise<string> => ((await api(server, 'GET', listPath)).body.data as Json[]).map((item) => `${String(item.id)}:${String(item.pathname ?? item.locale)}`).sort().join(',')
    lines.push(`${String(site.id)} ${String(site.name)} pages[${await ids(`/v6/pages?siteId=${String(site.id)}&includeOffline=true&limit=100`)}] routes[${await ids(`/v2/routes?siteId=${String(site.id)}&limit=100`)}] locales[${await ids(`/v2/locales?siteId=${String(site.id)}&limit=100`)}]`)
  }
  return lines.sort()
}

function cli(args: string[], env: Record<string, string> = {}): ReturnType<typeof spawn> {
  return spawn(process.execPath, [BIN, 'contract', ...args], { env: { ...process.env, SITEMOCK_MAX_RPS: '', SITEMOCK_REPORTER: '', ...env } })
}

describe('the run tag', () => {
  it('is found as itself only, in the forms the suite writes it: not inside a longer tag', () => {
    const tag = 'contract-0a1b2c3d'
    expect(isRunName(`${tag} sandbox`, tag)).toBe(true)
    expect(isRunPathname(`/${tag}/page-1`, tag)).toBe(true)
    expect(isRunOrigin(`https://${tag}.example.com`, tag)).toBe(true)
    expect(isRunName(`${tag}\u0001`, tag)).toBe(true)
    expect(isRunName(`${tag}-${'x'.repeat(240)}`, tag)).toBe(true)
    expect(isRunName('contract-0a1b2c3d4 other run', tag)).toBe(false)
    expect(isRunName('contract-0a1b2c3e', tag)).toBe(false)
    expect(isRunName(42, tag)).toBe(false)
  })

  it('is required by the safety guard of every site create, copy and rename, were the target to accept it', () => {
    const tag = 'contract-0a1b2c3d'
    const tracker = new CreatedResources(tag)
    const refuse = (method: string, template: string, params: Record<string, string>, body: unknown): void =>
      expect(() => tracker.assertMayWrite({ method, template, params, query: {}, body })).toThrow(SafetyError)
    const allow = (method: string, template: string, params: Record<string, string>, body: unknown): void =>
      expect(() => tracker.assertMayWrite({ method, template, params, query: {}, body })).not.toThrow()
    refuse('POST', SITES, {}, { workspaceId: 'w', name: 'x'.repeat(257) })
    refuse('POST', SITES, {}, { workspaceId: 'w', name: '' })
    refuse('POST', SITES, {}, { workspaceId: 'w' })
    allow('POST', SITES, {}, { workspaceId: 'w', name: `${tag}-${'x'.repeat(250)}` })
    allow('POST', SITES, {}, { workspaceId: 'w', name: '', hostOrigin: `https://${tag}.example.com` })
    const plain = '11111111-1111-4111-8111-111111111111'
    const tagged = '22222222-2222-4222-8222-222222222222'
    tracker.add({ kind: 'site', id: plain, label: `${tag} plain` })
    tracker.sawSite(plain, { name: `${tag} plain`, hostOrigin: null }, { template: SITES, body: { name: `${tag} plain` } })
    tracker.add({ kind: 'site', id: tagged, label: `${tag} tagged` })
    // What the run sent wins over a made-up answer (a stateless mock's "string").
    tracker.sawSite(tagged, { name: 'string', hostOrigin: 'http://example.com' }, { template: SITES, body: { name: `${tag} tagged`, hostOrigin: `https://${tag}.example.com` } })
    refuse('PATCH', SITE, { siteId: plain }, { name: '' })
    allow('PATCH', SITE, { siteId: plain }, { hostOrigin: null })
    allow('PATCH', SITE, { siteId: tagged }, { name: 42 })
    // Sending back the name the target answered keeps the site's name; a body without name or hostOrigin changes neither.
    allow('PATCH', SITE, { siteId: tagged }, { name: 'string', hostOrigin: 'http://example.com' })
    allow('PATCH', SITE, { siteId: plain }, { defaultLocale: 'fr-FR' })
    refuse('POST', SITE_DUPLICATE, { siteId: plain }, {})
    allow('POST', SITE_DUPLICATE, { siteId: tagged }, { name: '' })
    allow('POST', SITE_DUPLICATE, { siteId: plain }, { name: `${tag}\u0002` })
  })

  it('is on every site a full run sends, invalid-input probes of the example checks and the stateful group included', async () => {
    const server = await target()
    const report = await runContract(optionsFor(server.url, server.mock, { runId: '0a1b2c3d', stateful: { runs: 25, seed: 7 } }))
    expect(report.checks.filter((check) => check.failures.some((failure) => /safety guard/.test(failure.message)))).toEqual([])
    // Replays the site writes as sent: what each would have left, had the target accepted it.
    const state = new Map<string, SiteMarks>()
    const untagged: string[] = []
    let writes = 0
    for (const request of server.requests as RecordedRequest[]) {
      const body = (request.body ?? {}) as Json
      const pick = (from: Json): SiteMarks => Object.fromEntries(['name', 'hostOrigin'].filter((field) => field in from).map((field) => [field, from[field]]))
      const siteId = /^\/v2\/sites\/([^/]+)(\/duplicate)?$/.exec(request.path)
      let outcome: SiteMarks | undefined
      if (request.method === 'POST' && request.path === '/v2/sites') outcome = pick(body)
      else if (request.method === 'POST' && siteId?.[2] && state.has(siteId[1]!)) outcome = { name: body.name, hostOrigin: state.get(siteId[1]!)!.hostOrigin }
      else if (request.method === 'PATCH' && siteId && !siteId[2] && state.has(siteId[1]!)) outcome = { ...state.get(siteId[1]!), ...pick(body) }
      if (outcome === undefined) continue
      writes++
      if (!siteCarriesTag(outcome, report.tag)) untagged.push(`${request.method} ${request.path} ${JSON.stringify(request.body)}`)
      const id = request.method === 'PATCH' ? siteId![1]! : request.responseId
      if (id !== undefined && request.status < 300) state.set(id, outcome)
    }
    expect(untagged).toEqual([])
    expect(writes).toBeGreaterThan(60)
    // The invalid probes were among them: names too long and with control characters, each still tagged.
    const names = (server.requests as RecordedRequest[]).map((request) => (request.body as Json | undefined)?.name).filter((name): name is string => typeof name === 'string')
    expect(names.some((name) => name.length > 256 && name.startsWith(report.tag))).toBe(true)
    expect(names.some((name) => name.startsWith(report.tag) && /[\u0000-\u001f]/.test(name))).toBe(true)
  }, 120_000)
})

describe('a run that cannot finish', () => {
  it('killed with kill -9, is cleaned up by --cleanup TAG: the workspace is as before, and a parallel run keeps its own', async () => {
    const server = await target()
    const keys = keysOf(server)
    // A parallel run's site, and a page of it in a site of nobody's run.
    const parallel = await api(server, 'POST', '/v2/sites', { workspaceId: keys.workspaceId, name: 'contract-0000000f parallel' })
    expect(parallel.status).toBe(201)
    const shared = (await api(server, 'GET', `/v2/sites?workspaceId=${keys.workspaceId}`)).body.data as Json[]
    const foreign = shared.find((site) => !String(site.name).startsWith('contract-'))!
    expect((await api(server, 'POST', '/v6/pages', { siteId: foreign.id, pathname: '/contract-0000000f/kept', name: 'contract-0000000f kept' })).status).toBe(201)
    const before = await stateOf(server)
    const setupRequests = server.requests.length

    const child = cli(['--base-url', server.url, '--api-key', keys.apiKey, '--workspace-id', keys.workspaceId, '--other-api-key', keys.otherKey, '--max-rps', '150', '--reporter', 'json'])
    let stderr = ''
    // The writes the target had seen when the tag reached this process: counted as its line
    // arrives, since a loaded machine may look at it only after the run has gone on.
    let writesBeforeTag: unknown[] | undefined
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (writesBeforeTag === undefined && /run tag contract-/.test(stderr)) writesBeforeTag = server.requests.slice(setupRequests).filter((request) => request.method !== 'GET')
    })
    const exited = once(child, 'exit')
    // The tag is said first, before any write.
    for (let i = 0; i < 200 && !/run tag (contract-[0-9a-f]{8})/.test(stderr); i++) await new Promise((resolve) => setTimeout(resolve, 25))
    const tag = /run tag (contract-[0-9a-f]{8})/.exec(stderr)![1]!
    expect(writesBeforeTag).toEqual([])
    // Mid-run: once the run made a few sites of its own.
    const madeByRun = (): number => server.requests.slice(setupRequests).filter((request) => request.method === 'POST' && request.status === 201).length
    for (let i = 0; i < 400 && madeByRun() < 12; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    child.kill('SIGKILL')
    await exited
    // What the killed run left, and one more page carrying its tag in a site it did not create.
    expect((await stateOf(server)).filter((line) => line.includes(tag)).length).toBeGreaterThan(0)
    expect((await api(server, 'POST', '/v6/pages', { siteId: foreign.id, pathname: `/${tag}/stray`, name: `${tag} stray` })).status).toBe(201)

    // Its live mark is fresh for minutes yet: a killed run is said to be dead.
    const cleanup = cli(['--cleanup', tag, '--run-is-dead', '--base-url', server.url, '--api-key', keys.apiKey, '--workspace-id', keys.workspaceId])
    let stdout = ''
    cleanup.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const [code] = await once(cleanup, 'exit')
    expect(stdout).toMatch(new RegExp(`--cleanup ${tag}: deleted \\d+ resources`))
    expect(code).toBe(0)
    expect(await stateOf(server)).toEqual(before)
  }, 120_000)

  it('with stderr into a pipe that closes early (2>&1 >out | head -1) still cleans up, and writes its report', async () => {
    const server = await target()
    const keys = keysOf(server)
    const before = await stateOf(server)
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'sitemock-tag-')), 'out')
    const shell = spawn('bash', ['-c', `"${process.execPath}" "${BIN}" contract --base-url ${server.url} --api-key ${keys.apiKey} --workspace-id ${keys.workspaceId} --other-api-key ${keys.otherKey} --stateful-runs 3 --reporter json 2>&1 >"${out}" | head -1; echo "exit \${PIPESTATUS[0]}"`], {
      env: { ...process.env, SITEMOCK_MAX_RPS: '', SITEMOCK_REPORTER: '' },
    })
    let stdout = ''
    shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    await once(shell, 'exit')
    const [first, exit] = stdout.trim().split('\n')
    expect(first).toMatch(/^sitemock contract: run tag contract-[0-9a-f]{8}: /)
    const report = JSON.parse(readFileSync(out, 'utf8')) as { cleanup: { deleted: unknown[]; leftBehind: unknown[] } }
    expect(report.cleanup.deleted.length).toBeGreaterThan(10)
    expect(report.cleanup.leftBehind).toEqual([])
    expect(exit).toBe('exit 0')
    expect(await stateOf(server)).toEqual(before)
  }, 120_000)
})
