import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { isRunName, isRunPathname, liveMarkPathname, readLiveMark } from '../../src/contract/tag.js'
import { start } from '../support/cli-process.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'

type Json = Record<string, unknown>
const TAG = 'contract-0a1b2c3d'
const servers: Nonconforming[] = []
const children: ChildProcessWithoutNullStreams[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function target(): Promise<Nonconforming> {
  const server = await startNonconforming([])
  servers.push(server)
  return server
}

const keysOf = (server: Nonconforming): { apiKey: string; workspaceId: string } => {
  const workspace = server.mock.credentials().workspaces[0]!
  return { apiKey: workspace.appApiKey, workspaceId: workspace.id }
}

async function api(server: Nonconforming, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(server.url + pathAndQuery, { method, headers: { 'x-api-key': keysOf(server).apiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} }
}

const sitesOf = async (server: Nonconforming): Promise<Json[]> => (await api(server, 'GET', `/v2/sites?workspaceId=${keysOf(server).workspaceId}&limit=100`)).body.data as Json[]
const pathnamesIn = async (server: Nonconforming, siteId: unknown, list: 'pages' | 'routes'): Promise<string[]> =>
  ((await api(server, 'GET', list === 'pages' ? `/v6/pages?siteId=${String(siteId)}&includeOffline=true&limit=100` : `/v2/routes?siteId=${String(siteId)}&limit=100`)).body.data as Json[]).map((item) => String(item.pathname)).sort()

/** Every site of the workspace with the pathnames of its pages and routes, read over HTTP. */
async function stateOf(server: Nonconforming): Promise<string[]> {
  const lines: string[] = []
  for (const site of await sitesOf(server)) lines.push(`${String(site.id)} ${String(site.name)} pages[${(await pathnamesIn(server, site.id, 'pages')).join(',')}] routes[${(await pathnamesIn(server, site.id, 'routes')).join(',')}]`)
  return lines.sort()
}

async function created(server: Nonconforming, path: string, body: Json): Promise<Json> {
  const answer = await api(server, 'POST', path, body)
  expect(answer.status).toBe(201)
  return answer.body
}

const quiet = { SITEMOCK_MAX_RPS: '', SITEMOCK_REPORTER: '' }

/** `sitemock contract --cleanup TAG` against the server: its exit code and what it said. */
async function cleanup(server: Nonconforming, tag: string, extra: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = start(['contract', '--cleanup', tag, '--base-url', server.url, '--api-key', keysOf(server).apiKey, '--workspace-id', keysOf(server).workspaceId, ...extra], quiet)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number]
  return { code, stdout, stderr }
}

/** A run of the suite in the background (the stateful group, long enough to be caught mid-run), its tag once said, and when its live mark is on the target. */
async function liveRun(server: Nonconforming, timing: { refreshMs: number; validMs: number }): Promise<{ child: ChildProcessWithoutNullStreams; tag: string; markSiteId: string }> {
  const { apiKey, workspaceId } = keysOf(server)
  const child = start(['contract', '--base-url', server.url, '--api-key', apiKey, '--workspace-id', workspaceId, '--only', 'stateful', '--stateful-time', '120', '--stateful-runs', '100000', '--reporter', 'json'], {
    ...quiet,
    SITEMOCK_LIVE_MARK_REFRESH_MS: String(timing.refreshMs),
    SITEMOCK_LIVE_MARK_VALID_MS: String(timing.validMs),
  })
  children.push(child)
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout.resume()
  // Generous: on a busy machine the CLI takes a while to start.
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const tag = /run tag (contract-[0-9a-f]{8})/.exec(stderr)?.[1]
    const mark = tag === undefined ? undefined : (await sitesOf(server)).find((site) => site.name === `${tag} run live`)
    // The mark is live once its page carries its times, and the run has made sites of its own besides.
    if (tag !== undefined && mark !== undefined && (await pathnamesIn(server, mark.id, 'pages')).some((pathname) => readLiveMark(pathname, tag)) && (await sitesOf(server)).filter((site) => String(site.name).startsWith(tag)).length >= 2) {
      return { child, tag, markSiteId: String(mark.id) }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the run put no live mark on the target within 60 s; it said:\n${stderr}`)
}

describe('the forms of the run tag', () => {
  it('are the tag first, then what the suite writes after it; a value that only mentions the tag is none', () => {
    for (const name of [`${TAG} sandbox`, `${TAG}-${'x'.repeat(250)}`, `${TAG}\u0001`, `${TAG} run live`]) expect(isRunName(name, TAG)).toBe(true)
    for (const name of [`QA notes about ${TAG}`, TAG, `${TAG}4 other run`, `${TAG}x`, ` ${TAG} sandbox`]) expect(isRunName(name, TAG)).toBe(false)
    for (const pathname of [`/${TAG}`, `/${TAG}/page-1`, `/${TAG}/a/[slug]`, `/${TAG}-first`, `${TAG}-no-slash`]) expect(isRunPathname(pathname, TAG)).toBe(true)
    for (const pathname of [`/docs/${TAG}`, `/${TAG}4/page`, `/${TAG}x`, TAG, `docs-${TAG}-notes`]) expect(isRunPathname(pathname, TAG)).toBe(false)
  })

  it('read back from a live mark: when it was refreshed, and until when it is live (rounded up to the second)', () => {
    const pathname = liveMarkPathname(TAG, new Date('2026-11-28T15:03:05.400Z'), new Date('2026-11-28T15:05:05.400Z'))
    expect(pathname).toBe(`/${TAG}/run-in-progress/refreshed-20261128T150305Z/until-20261128T150506Z`)
    expect(readLiveMark(pathname, TAG)).toEqual({ refreshedAt: new Date('2026-11-28T15:03:05Z'), until: new Date('2026-11-28T15:05:06Z') })
    expect(readLiveMark(pathname, 'contract-0a1b2c3e')).toBeUndefined()
  })
})

describe('--cleanup TAG', () => {
  it("deletes the suite's own forms only: a user's site and page that mention the tag stay, as does a longer tag's", async () => {
    const server = await target()
    const { workspaceId } = keysOf(server)
    const users = (await sitesOf(server)).find((site) => !String(site.name).startsWith('contract-'))!
    await created(server, '/v2/sites', { workspaceId, name: `QA notes about ${TAG}` })
    await created(server, '/v6/pages', { siteId: users.id, pathname: `/docs/${TAG}`, name: 'Docs' })
    await created(server, '/v2/sites', { workspaceId, name: `${TAG}4 parallel` })
    const before = await stateOf(server)
    // What a killed run of the tag left: its sites (by name, and by hostOrigin under a probe), and a page and a route in a user's site.
    await created(server, '/v2/sites', { workspaceId, name: `${TAG} sandbox` })
    await created(server, '/v2/sites', { workspaceId, name: 'probed', hostOrigin: `https://${TAG}.example.com` })
    await created(server, '/v6/pages', { siteId: users.id, pathname: `/${TAG}/stray`, name: `${TAG} stray` })
    await created(server, '/v2/routes', { siteId: users.id, pathname: `/${TAG}/stray/[slug]` })

    const { code, stdout } = await cleanup(server, TAG)
    expect(stdout).toMatch(`--cleanup ${TAG}: deleted 4 resources (2 sites with everything in them, 2 in other sites)`)
    expect(code).toBe(0)
    expect(await stateOf(server)).toEqual(before)
  }, 180_000)

  it('refuses while the run is live (its mark fresh), deleting nothing; with --run-is-dead it goes ahead', async () => {
    const server = await target()
    const before = await stateOf(server)
    const run = await liveRun(server, { refreshMs: 1_000, validMs: 300_000 })
    // Held still, so that what is on the target changes only by the cleanup.
    run.child.kill('SIGSTOP')
    const during = await stateOf(server)

    const refused = await cleanup(server, run.tag)
    expect(refused.stderr).toMatch(new RegExp(`--cleanup ${run.tag}: refused, nothing deleted: the run ${run.tag} is live: its live mark \\(site ${run.markSiteId}\\) was last refreshed at \\S+Z and counts as live until \\S+Z`))
    expect(refused.stderr).toMatch('--run-is-dead')
    expect(refused.stdout).toBe('')
    expect(refused.code).toBe(2)
    expect(await stateOf(server)).toEqual(during)

    const forced = await cleanup(server, run.tag, ['--run-is-dead'])
    expect(forced.stdout).toMatch(`taken as dead (--run-is-dead): its live mark (site ${run.markSiteId})`)
    expect(forced.code).toBe(0)
    expect(await stateOf(server)).toEqual(before)
  }, 180_000)

  it('takes a run whose mark ran out as dead, and cleans up after it without --run-is-dead', async () => {
    const server = await target()
    const before = await stateOf(server)
    const run = await liveRun(server, { refreshMs: 200, validMs: 1_000 })
    run.child.kill('SIGKILL')
    await once(run.child, 'exit')
    // The mark lasts a second past its last refresh, rounded up to the second.
    await new Promise((resolve) => setTimeout(resolve, 2_500))

    const { code, stdout } = await cleanup(server, run.tag)
    expect(stdout).toMatch(`taken as dead (its mark ran out): its live mark (site ${run.markSiteId}) was last refreshed at`)
    expect(code).toBe(0)
    expect(await stateOf(server)).toEqual(before)
  }, 180_000)
})
