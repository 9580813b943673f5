import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { FULL_LENGTH } from '../soak/lengths.js'
import { packedTarball, projectBin, REPO, run, scratchProject, succeed, type NodeMajor, type Packed } from './support.js'

/**
 * sitemock as its users meet it: the tarball of `npm pack`, installed into scratch projects that
 * bring their own Node, msw, express, vitest and TypeScript settings, and used there by package
 * name. Nothing here resolves into this repository.
 */

const CONSUMER_FILES = path.join(REPO, 'test/package/projects/consumer')
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  version: string
  engines: { node: string }
  peerDependencies: Record<string, string>
}

/** The lowest msw of each major in the peer range (^2.x.y || ^3.x.y). */
const LOWEST_MSW = [...manifest.peerDependencies.msw!.matchAll(/\^(\d+\.\d+\.\d+)/g)].map((match) => match[1]!)
/** The newest msw of each major, published when the range was last checked. */
const NEWEST_MSW = ['2.15.0', '3.0.5']

interface MswProject {
  node: NodeMajor
  msw: string
  dependencies: readonly string[]
  /** The resolutions its tsc is run under with skipLibCheck off (TypeScript 7 dropped node10). */
  resolutions: readonly string[]
}

const EXPRESS_4 = ['express@4.22.3', '@types/express@4.17.25']
const EXPRESS_5 = ['express@5.3.0', '@types/express@5.0.6']
/** Node 20 runs vitest 4; msw 3 needs Node 22.12 or later, which vitest 5 needs too. */
const ON_NODE_20 = ['vitest@4.1.12', 'typescript@5.9.3', '@types/node@20.19.43']
const ON_NODE_24 = ['vitest@5.1.1', '@types/node@24.19.2']
const mswProject = (node: NodeMajor, msw: string, express: string[], tools: string[], resolutions = ['nodenext', 'node10']): MswProject => ({
  node,
  msw,
  dependencies: [`msw@${msw}`, ...express, ...tools],
  resolutions,
})

/** What a project of each kind installs beside the tarball, and the Node it runs on. */
const MSW_PROJECTS: Record<string, MswProject> = {
  [`msw ${LOWEST_MSW[0]} on Node 20`]: mswProject(20, LOWEST_MSW[0]!, EXPRESS_4, ON_NODE_20),
  // node10 resolution is the package's typesVersions, whatever msw: `npm test` checks it on the first project, `npm run soak` on each.
  [`msw ${NEWEST_MSW[0]} on Node 20`]: mswProject(20, NEWEST_MSW[0]!, EXPRESS_5, ON_NODE_20, FULL_LENGTH ? ['nodenext', 'node10'] : ['nodenext']),
  [`msw ${LOWEST_MSW[1]} on Node 24`]: mswProject(24, LOWEST_MSW[1]!, EXPRESS_5, [...ON_NODE_24, 'typescript@5.9.3'], FULL_LENGTH ? ['nodenext', 'node10'] : ['nodenext']),
  [`msw ${NEWEST_MSW[1]} on Node 24`]: mswProject(24, NEWEST_MSW[1]!, EXPRESS_5, [...ON_NODE_24, 'typescript@7.0.2'], ['nodenext']),
  // Type-checks are the same on any Node: here they would repeat what the two projects above check
  // (msw 3.0.5 with TypeScript 7, TypeScript 5.9.3 with msw 3), so `npm test` leaves them to those and `npm run soak` runs them.
  [`msw ${NEWEST_MSW[1]} on Node 26`]: mswProject(26, NEWEST_MSW[1]!, EXPRESS_5, [...ON_NODE_24, 'typescript@5.9.3'], FULL_LENGTH ? ['nodenext', 'node10'] : []),
}
/** The first msw project of each Node runs the CLI and the main entry there too. */
const firstOnItsNode = (name: string): boolean => Object.keys(MSW_PROJECTS).find((other) => MSW_PROJECTS[other]!.node === MSW_PROJECTS[name]!.node) === name

/**
 * sitemock alone, with no peer installed: the CLI and the main entry. In `npm test` on Node 22,
 * the one major no msw project runs on; the msw projects run the same CLI and main entry on 20,
 * 24 and 26 (with msw and express installed, which neither loads). `npm run soak`
 * (SITEMOCK_FULL_LENGTH=1) installs it alone on every major.
 */
const BARE_NODES: NodeMajor[] = FULL_LENGTH ? [20, 22, 24, 26] : [22]

const MAX_INSTALL_BYTES = 15 * 1024 * 1024

/** Sum of the file sizes under a folder, as npm's "unpacked size" counts them. */
function bytesUnder(folder: string): number {
  let total = 0
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return total
}

interface InstalledPackage {
  name: string
  version: string
  scripts?: Record<string, string>
}

/** Every installed package under a project's node_modules, nested copies included. */
function installedPackages(folder: string): InstalledPackage[] {
  const modules = path.join(folder, 'node_modules')
  if (!fs.existsSync(modules)) return []
  const found: InstalledPackage[] = []
  for (const entry of fs.readdirSync(modules)) {
    const dirs = entry.startsWith('@') ? fs.readdirSync(path.join(modules, entry)).map((name) => path.join(modules, entry, name)) : [path.join(modules, entry)]
    for (const dir of dirs) {
      const file = path.join(dir, 'package.json')
      if (!fs.existsSync(file)) continue
      found.push(JSON.parse(fs.readFileSync(file, 'utf8')) as InstalledPackage, ...installedPackages(dir))
    }
  }
  return found
}

// Installs and type-checks take tens of seconds each on a busy 2-CPU machine.
describe('the packed package, installed in other projects', { timeout: 240_000 }, () => {
  const projects: Record<string, string> = {}
  const bare = {} as Record<NodeMajor, string>
  let packed: Packed

  beforeAll(async () => {
    expect(LOWEST_MSW, 'the msw peer range is ^2.x.y || ^3.x.y').toHaveLength(2)
    packed = await packedTarball()
    // One install at a time per Node: parallel npm runs on two CPUs are slower than a queue.
    for (const [name, project] of Object.entries(MSW_PROJECTS)) {
      projects[name] = await scratchProject(`consumer-${project.node}-msw-${project.msw}`, { dependencies: project.dependencies, node: project.node, files: CONSUMER_FILES })
    }
    for (const node of BARE_NODES) bare[node] = await scratchProject(`consumer-${node}-bare`, { dependencies: [], node, files: CONSUMER_FILES })
  }, 900_000)

  it('packs exactly what users run: the build, the CLI, schemas, fixtures, docs, README and LICENSE', () => {
    const files = packed.files.map((f) => f.path)
    console.log(`tarball: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked`)
    for (const required of ['dist/esm/index.js', 'dist/esm/msw.js', 'dist/esm/browser.js', 'dist/esm/handlers.js', 'dist/esm/playwright.js', 'dist/esm/cli.js', 'dist/src/index.d.ts', 'dist/src/transports/msw.d.ts', 'dist/src/transports/handlers.d.ts', 'dist/src/transports/playwright.d.ts', 'bin/sitemock.js', 'LICENSE', 'README.md', 'contracts/published-openapi.json', 'fixtures/default.json']) {
      expect(files, required).toContain(required)
    }
    // Schemas and fixtures ship once, at the top, and not again under dist/.
    const allowed = /^(dist\/esm\/|dist\/src\/.*\.d\.ts$|bin\/|contracts\/|fixtures\/|docs\/[\w-]+\.md$|README\.md$|LICENSE$|package\.json$)/
    expect(files.filter((file) => !allowed.test(file) || file.endsWith('.map') || file.endsWith('.tsbuildinfo'))).toEqual([])
  })

  it('ships no path of the machine it was built on', () => {
    // Every packed file's text, one after the other.
    const text = execFileSync('tar', ['-xzOf', packed.tarball], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8')
    for (const place of [REPO, path.dirname(packed.tarball)]) expect(text.includes(place), `the tarball names ${place}`).toBe(false)
  })

  it('says in engines the Node majors it is tested on', () => {
    expect(manifest.engines.node).toBe('^20.19.0 || ^22.12.0 || ^24.0.0 || ^26.0.0')
  })

  describe.each(Object.keys(MSW_PROJECTS))('with %s', (name) => {
    const project = MSW_PROJECTS[name]!
    const on = { node: project.node }

    it("runs the project's vitest file: setupServer, sitemock's handler, onUnhandled('error') failing an unhandled request", async () => {
      const result = await run(projectBin(projects[name]!, 'vitest'), ['run', 'msw.spec.ts'], projects[name]!, on)
      expect(result.output).toMatch(/2 passed/)
      expect(result.code, result.output).toBe(0)
      expect(result.output).toMatch(/\[MSW\] Error: intercepted a request without a matching request handler/)
      // The run used the project's own Node.
      expect((await succeed('node', ['--version'], projects[name]!, on)).trim()).toMatch(new RegExp(`^v${project.node}\\.`))
    })

    if (firstOnItsNode(name)) itRunsTheCliAndMainEntry(() => projects[name]!, project.node)

    it('has one msw, the project’s own', () => {
      const copies = installedPackages(projects[name]!).filter((m) => m.name === 'msw')
      expect(copies.map((m) => m.version)).toEqual([project.msw])
    })

    // One test a tsc run: each takes up to a minute or two on a loaded two-CPU machine.
    const checks = typeChecks(project)
    if (checks.length > 0) it.each(checks)('type-checks tsconfig.%s.json with skipLibCheck off', async (config, content) => {
      fs.writeFileSync(path.join(projects[name]!, `tsconfig.${config}.json`), JSON.stringify(content))
      const result = await run(projectBin(projects[name]!, 'tsc'), ['-p', `tsconfig.${config}.json`], projects[name]!, on)
      expect(result.stdout, config).toBe('')
      expect(result.code, config).toBe(0)
    })

    const major = project.dependencies.includes(EXPRESS_4[0]!) ? '4' : '5'
    it(`mounts sitemock/express in an express ${major} app beside its own routes and body parser`, async () => {
      const out = JSON.parse(await succeed('node', ['express-app.mjs'], projects[name]!, on)) as Record<string, unknown>
      expect(out).toMatchObject({ get: 200, created: 201, invalid: 400, own: 200 })
      expect(String(out.express).split('.')[0]).toBe(major)
      expect(out.details).toEqual([expect.objectContaining({ field: 'pathname' })])
    })

    it('bundles sitemock/browser, sitemock/handlers and sitemock/data for a page: nothing of Node reaches them', async () => {
      // As a frontend's bundler takes them, from the installed package; a Node built-in anywhere
      // in their graph fails a browser build.
      const result = await build({
        stdin: {
          contents: "import { startBrowserMock } from 'sitemock/browser'\nimport { createMockHandlers } from 'sitemock/handlers'\nimport { MockDb } from 'sitemock/data'\nconsole.log(startBrowserMock, createMockHandlers, MockDb)",
          resolveDir: projects[name]!,
          loader: 'js',
        },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      })
      expect(result.errors).toEqual([])
      expect(result.outputFiles[0]!.text).toContain('createMockHandlers')
    })
  })

  describe.each(BARE_NODES)('alone, with no peer installed, on Node %i', (node) => {
    itRunsTheCliAndMainEntry(() => bare[node], node)
  })

  it(`brings no msw, no express and no install script, in under ${MAX_INSTALL_BYTES / 1024 / 1024} MB`, () => {
    const installed = installedPackages(bare[BARE_NODES[0]!])
    expect(installed.map((m) => m.name)).not.toContain('msw')
    expect(installed.map((m) => m.name)).not.toContain('express')
    const withScripts = installed.filter((m) => ['preinstall', 'install', 'postinstall', 'prepare'].some((s) => m.scripts?.[s] !== undefined))
    expect(withScripts.map((m) => m.name)).toEqual([])
    const bytes = bytesUnder(path.join(bare[BARE_NODES[0]!], 'node_modules'))
    console.log(`install: ${installed.length} packages, ${bytes} bytes`)
    expect(bytes).toBeLessThan(MAX_INSTALL_BYTES)
  })
})

/** The tsconfig files a project's consumers are type-checked under, by name, for each of its resolutions. */
function typeChecks(project: MswProject): Array<[string, object]> {
  return project.resolutions.flatMap((resolution) => {
    const options = {
      target: 'es2022',
      module: resolution === 'node10' ? 'esnext' : 'nodenext',
      moduleResolution: resolution,
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      esModuleInterop: true,
    }
    // The Node entries with Node's types only; msw's entries as a page has them (the DOM lib, no
    // Node globals), where msw's own types resolve: msw 3's have no typesVersions for node10.
    const mswResolves = resolution !== 'node10' || project.msw.startsWith('2.')
    const configs: Array<[string, object]> = [[`node.${resolution}`, { compilerOptions: { ...options, lib: ['es2023'], types: ['node'] }, files: ['node-consumer.ts'] }]]
    if (mswResolves) configs.push([`msw.${resolution}`, { compilerOptions: { ...options, lib: ['es2023', 'dom', 'dom.iterable'], types: [] }, files: ['msw-consumer.ts'] }])
    // @msw/data's types resolve under node16 and later only, and need the DOM lib; so does the vitest file.
    if (resolution === 'nodenext') {
      configs.push(['data', { compilerOptions: { ...options, lib: ['es2023', 'dom'], types: ['node'] }, files: ['data-consumer.ts'] }])
      configs.push(['spec', { compilerOptions: { ...options, lib: ['es2023', 'dom', 'dom.iterable'], types: ['node'] }, files: ['msw.spec.ts'] }])
    }
    return configs
  })
}

/** The installed bin prints its version and serves; CommonJS require()s the main entry: on that project's Node. */
function itRunsTheCliAndMainEntry(projectDir: () => string, node: NodeMajor): void {
  it('prints its version and serves the default scenario from the installed bin', async () => {
    expect((await succeed('npx', ['sitemock', '--version'], projectDir(), { node })).trim()).toBe(manifest.version)
    const served = await serveFromBin(projectDir(), node)
    try {
      const credentials = (await (await fetch(`${served.url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
      const workspace = credentials.workspaces[0]!
      const sites = await fetch(`${served.url}/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
      expect(sites.status).toBe(200)
      expect(((await sites.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    } finally {
      await served.stop()
    }
  })

  it('is require()d from CommonJS', async () => {
    expect(JSON.parse(await succeed('node', ['require.cjs'], projectDir(), { node }))).toEqual({ workspaces: expect.any(Number) as number })
  })
}

/**
 * `npx sitemock serve --port 0` in a process group of its own, started on that Node: npx does
 * not pass SIGTERM on to the server it started, which would outlive the test; the whole group
 * is stopped instead.
 */
async function serveFromBin(dir: string, node: NodeMajor): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = path.dirname((await succeed('node', ['-p', 'process.execPath'], dir, { node })).trim())
  const child = spawn('npx', ['sitemock', 'serve', '--port', '0'], { cwd: dir, detached: true, env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } })
  const stop = async (): Promise<void> => {
    const exited = child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // The group has already gone.
    }
    await exited
  }
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    child.on('exit', (code) => reject(new Error(`sitemock serve exited ${code}:\n${output}`)))
  })
  return { url, stop }
}
