import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateFixture } from '../../src/index.js'
import { BLOCKS, fileOf, handling, type Block } from './docs-blocks.js'
import { filesUnder, projectBin, REPO, run, scratchProject } from './support.js'

/**
 * Every code block of README.md and docs/*.md, as a user who installed the package meets it: in
 * one scratch project with the packed tarball and its peers, TypeScript blocks are type-checked
 * (strict, noUncheckedIndexedAccess, skipLibCheck off) and run, shell blocks run against a server started from the
 * package, JSON blocks parse (and a fixture validates). A block that is not run says so in the
 * comment before it (see docs-blocks.ts), and a block that neither runs nor says so fails.
 */

const byHandling = (kind: ReturnType<typeof handling>): Block[] => BLOCKS.filter((block) => handling(block) === kind)
const TYPESCRIPT = byHandling('typescript')
const SHELL = byHandling('shell')

/** The peers and tools of the project on this machine's Node: those the package tests install on Node 20. */
const DEPENDENCIES = ['msw@2.15.0', 'express@5.3.0', '@types/express@5.0.6', 'vitest@4.1.12', 'typescript@5.9.3', '@types/node@20.19.43']

/** Compiled where vitest never looks for tests, beside the packages it imports. */
const OUT_DIR = 'node_modules/.docs-blocks'

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    // The strictest of the recipes' own tsconfigs: a snippet must compile in any of them.
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    outDir: OUT_DIR,
    rootDir: '.',
  },
  include: TYPESCRIPT.map(fileOf),
}

/** The address docs give for a server of the default port, and the port itself. */
const DOCUMENTED_ADDRESS = /(localhost|127\.0\.0\.1):4010/g
const DOCUMENTED_PORT = /\b4010\b/g
/** The port docs give for `sitemock proxy`: a block that starts one gets a free port instead. */
const DOCUMENTED_PROXY_PORT = /\b4011\b/g

let project = ''
let serverUrl = ''
let compiled: Awaited<ReturnType<typeof run>> | undefined
/** The process groups of servers and shell blocks still running, stopped at the end whatever happened. */
const groups = new Set<number>()

async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts `sitemock serve` in its own process group; resolves with the address it prints. */
function startServer(command: string, cwd: string, env: NodeJS.ProcessEnv): { child: ChildProcess; listening: Promise<string> } {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', command], { cwd, env, detached: true })
  groups.add(child.pid!)
  let output = ''
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const url = output.match(/listening on (http:\/\/\S+)/)?.[1]
      if (url !== undefined) resolve(url)
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('close', (code) => reject(new Error(`exited ${code} before listening:\n${output}`)))
  })
  return { child, listening }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits for every process of the group to end; true when they did within the time. */
async function groupEnds(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (groupAlive(pid)) {
    if (Date.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return
  groups.delete(pid)
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL')
}

/** The shell environment of a block: the project's own, with PORT at a free port for `sitemock serve`. */
function shellEnv(port: number): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
  return { ...env, PORT: String(port), CI: 'true', NO_COLOR: '1' }
}

/** Back to the state every block starts from: the default scenario, no faults, overrides or journal. */
async function resetServer(): Promise<void> {
  const control = `${serverUrl}/__mock`
  const reset = await fetch(`${control}/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"scenario":"default","seed":1}' })
  expect(reset.status).toBe(200)
  for (const endpoint of ['faults', 'overrides', 'requests']) expect((await fetch(`${control}/${endpoint}`, { method: 'DELETE' })).ok).toBe(true)
}

describe('every code block of README.md and docs/', () => {
  it('runs, or says in the comment before it why it does not', () => {
    const unhandled = byHandling('unhandled').map((block) => `${block.id} (${block.lang || 'no language'}, marker ${block.marker.kind})`)
    expect(unhandled).toEqual([])
    for (const block of byHandling('marked')) expect(block.marker.kind === 'not run' && block.marker.reason.length > 3, block.id).toBe(true)
  })

  it.each(byHandling('recipe').map((block) => [block.id, block] as const))('%s stands in the project file it shows', (_, block) => {
    if (block.marker.kind !== 'recipe') throw new Error('not a recipe')
    expect(fs.readFileSync(path.join(REPO, block.marker.path), 'utf8'), block.marker.path).toContain(block.code)
  })

  // A recipe is a project a user can copy: every file of it is in the docs, whole, as the package test runs it.
  const recipes = byHandling('recipe').flatMap((block) => (block.marker.kind === 'recipe' ? [block.marker] : []))
  const projects = [...new Set(recipes.map((marker) => /^test\/package\/projects\/[\w-]+/.exec(marker.path)?.[0] ?? marker.path))]
  it.each(projects)('%s is shown whole: each of its files in a block of its own, to the letter', (project) => {
    const files = Object.keys(filesUnder(path.join(REPO, project))).filter((file) => file !== 'README.md')
    const missing = files.filter((file) => {
      const text = fs.readFileSync(path.join(REPO, project, file), 'utf8')
      return !byHandling('recipe').some((block) => block.marker.kind === 'recipe' && block.marker.path === `${project}/${file}` && block.code === text)
    })
    expect(missing, `files of ${project} not shown whole in README.md or docs/`).toEqual([])
  })

  it.each(byHandling('json').map((block) => [block.id, block] as const))('%s is JSON (a fixture validates)', (_, block) => {
    const document: unknown = JSON.parse(block.code)
    if (typeof document === 'object' && document !== null && 'workspaces' in document) expect(() => validateFixture(document)).not.toThrow()
  })
})

describe('run from the packed package', () => {
  beforeAll(async () => {
    const named = byHandling('json').filter((block) => block.marker.kind === 'file')
    const files = Object.fromEntries([...TYPESCRIPT, ...named].map((block) => [fileOf(block), block.code]))
    project = await scratchProject('docs-blocks', { dependencies: DEPENDENCIES, files: { ...files, 'tsconfig.json': JSON.stringify(TSCONFIG, null, 2) } })
    fs.rmSync(path.join(project, OUT_DIR), { recursive: true, force: true })
    compiled = await run(projectBin(project, 'tsc'), ['-p', '.'], project)
    serverUrl = await startServer('exec node_modules/.bin/sitemock serve --port 0 --log off', project, shellEnv(0)).listening
  }, 600_000)

  afterAll(() => {
    for (const pid of groups) stopGroup(pid)
  })

  it('type-checks every TypeScript block under strict settings, noUncheckedIndexedAccess on, skipLibCheck off', () => {
    expect(TYPESCRIPT.length).toBeGreaterThan(0)
    expect(compiled?.code, compiled?.output).toBe(0)
  })

  it.each(TYPESCRIPT.filter((block) => block.marker.kind === 'none').map((block) => [block.id, block] as const))('%s runs', async (_, block) => {
    const file = fileOf(block)
    const result = file.endsWith('.test.ts')
      ? await run(projectBin(project, 'vitest'), ['run', file], project, { timeoutMs: 120_000 })
      : await run('node', [path.join(OUT_DIR, file.replace(/\.ts$/, '.js'))], project, { timeoutMs: 60_000 })
    expect(result.code, result.output).toBe(0)
    // A block whose console.log lines end in a comment prints exactly those comments, in order.
    const printed = [...block.code.matchAll(/console\.log\(.*\) *\/\/ (.+)$/gm)].map((match) => match[1]!.trim())
    if (printed.length > 0) expect(result.stdout.trim().split('\n'), `what ${block.id} prints`).toEqual(printed)
  }, 150_000)

  it.each(SHELL.map((block) => [block.id, block] as const))('%s runs in a shell', async (_, block) => {
    await resetServer()
    const port = await freePort()
    // A block that starts a server gets a port of its own; any other talks to the test's server.
    const ownServer = /sitemock serve/.test(block.code)
    const toServer = ownServer ? block.code.replace(DOCUMENTED_PORT, String(port)) : block.code.replace(DOCUMENTED_ADDRESS, serverUrl.replace(/^http:\/\//, ''))
    const code = toServer.replace(DOCUMENTED_PROXY_PORT, String(await freePort()))
    if (block.marker.kind === 'until listening') {
      const started = startServer(code, project, shellEnv(port))
      try {
        await expect(started.listening).resolves.toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      } finally {
        stopGroup(started.child.pid)
      }
      return
    }
    const child = spawn('bash', ['-euo', 'pipefail', '-c', code], { cwd: project, env: shellEnv(port), detached: true })
    groups.add(child.pid!)
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // 'exit', not 'close': a server the block left running would hold its output open.
    const exit = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      expect(exit, output).toBe(0)
      // What a block starts in the background, it stops: nothing of it is left running.
      expect(await groupEnds(child.pid!, 5_000), `${block.id} left processes running:\n${output}`).toBe(true)
    } finally {
      stopGroup(child.pid)
    }
  }, 180_000)
})

