import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * sitemock as its users meet it: the tarball of `npm pack`, installed into scratch projects that
 * bring their own msw, express, vitest and TypeScript settings, and used there by package name.
 * Nothing here resolves into this repository.
 */

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CONSUMER_FILES = path.join(REPO, 'test/package/consumer')
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  version: string
  files: string[]
  peerDependencies: Record<string, string>
}

/** The lowest msw of the peer range (^X.Y.Z), and the newest msw 2.x published when the range was last checked. */
const LOWEST_MSW = /^\^(2\.\d+\.\d+)$/.exec(manifest.peerDependencies.msw!)?.[1]
const NEWEST_MSW = '2.15.0'
const TOOLS = ['vitest@4.1.12', 'typescript@5.9.3', '@types/node@20.19.43']

/** What a project of each kind installs beside the tarball. */
const PROJECTS = {
  lowest: ['msw@' + LOWEST_MSW, 'express@4.22.3', '@types/express@4.17.25', ...TOOLS],
  newest: ['msw@' + NEWEST_MSW, 'express@5.3.0', '@types/express@5.0.6', ...TOOLS],
  // sitemock alone: the CLI and the main entry, with no peer installed.
  bare: [],
} as const
type ProjectName = keyof typeof PROJECTS

const MAX_INSTALL_BYTES = 15 * 1024 * 1024

interface Run {
  code: number | null
  stdout: string
  /** Both streams, for messages: npm may warn on stderr about the machine's own configuration. */
  output: string
}

/** Runs a command to its end; npm's own variables of the outer `npm test` are left out. */
function run(command: string, args: string[], cwd: string, timeoutMs = 240_000): Promise<Run> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, CI: 'true', NO_COLOR: '1' } })
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, output })
    })
  })
}

/** The command's stdout; a failure throws with everything it printed. */
async function succeed(command: string, args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd)
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code} in ${cwd}:\n${result.output}`)
  return result.stdout
}

/** Sum of the file sizes under a folder, as npm's "unpacked size" counts them. */
function bytesUnder(folder: string): number {
  let total = 0
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return total
}

/**
 * The project's files as git sees them (tracked and new, not ignored), in a folder of their own:
 * packing there builds dist/ afresh, as on a clean clone, without touching this tree's dist/,
 * which other test files run from meanwhile. node_modules is shared, for the build's compiler.
 */
function copyOfProject(into: string): string {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0')
  for (const file of files) {
    // Skipped: a file deleted but not yet committed, and anything that is not a plain file.
    if (file === '' || !fs.lstatSync(path.join(REPO, file), { throwIfNoEntry: false })?.isFile()) continue
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true })
    fs.copyFileSync(path.join(REPO, file), path.join(into, file))
  }
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(into, 'node_modules'), 'dir')
  return into
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
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-consumer-'))
  const projects = {} as Record<ProjectName, string>
  let packed: { filename: string; entryCount: number; size: number; unpackedSize: number; files: Array<{ path: string }> }

  beforeAll(async () => {
    expect(LOWEST_MSW, 'the msw peer range is ^2.x.y').toBeDefined()
    const out = await succeed('npm', ['pack', '--json', '--pack-destination', scratch], copyOfProject(path.join(scratch, 'project')))
    // prepack's build prints before npm's JSON report.
    packed = (JSON.parse(out.slice(out.indexOf('[\n'))) as Array<typeof packed>)[0]!
    const tarball = path.join(scratch, packed.filename)
    await Promise.all(
      (Object.keys(PROJECTS) as ProjectName[]).map(async (name) => {
        const dir = path.join(scratch, name)
        fs.mkdirSync(dir)
        fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module' }))
        for (const file of fs.readdirSync(CONSUMER_FILES)) fs.copyFileSync(path.join(CONSUMER_FILES, file), path.join(dir, file))
        await succeed('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...PROJECTS[name]], dir)
        projects[name] = dir
      }),
    )
  }, 600_000)

  afterAll(() => fs.promises.rm(scratch, { recursive: true, force: true }), 240_000)

  it('packs exactly what users run: the build, the CLI, schemas, fixtures, README and LICENSE', () => {
    const files = packed.files.map((f) => f.path)
    console.log(`tarball: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked`)
    for (const required of ['dist/esm/index.js', 'dist/esm/msw.js', 'dist/esm/browser.js', 'dist/esm/cli.js', 'dist/src/index.d.ts', 'dist/src/transports/msw.d.ts', 'bin/sitemock.js', 'LICENSE', 'README.md', 'contracts/published-openapi.json', 'fixtures/default.json']) {
      expect(files, required).toContain(required)
    }
    const allowed = /^(dist\/esm\/|dist\/src\/.*\.d\.ts$|dist\/(contracts|fixtures)\/|bin\/|contracts\/|fixtures\/|README\.md$|LICENSE$|package\.json$)/
    expect(files.filter((file) => !allowed.test(file) || file.endsWith('.map') || file.endsWith('.tsbuildinfo'))).toEqual([])
  })

  describe.each(['lowest', 'newest'] as const)("with the project's own msw (%s of the range)", (name) => {
    it("runs the project's vitest file: setupServer, sitemock's handler, onUnhandledRequest 'error'", async () => {
      const result = await run('npx', ['vitest', 'run', 'msw.spec.ts'], projects[name])
      expect(result.output).toMatch(/1 passed/)
      expect(result.code, result.output).toBe(0)
    })

    it('has one msw, the project’s own', async () => {
      const copies = installedPackages(projects[name]).filter((m) => m.name === 'msw')
      expect(copies.map((m) => m.version)).toEqual([name === 'lowest' ? LOWEST_MSW : NEWEST_MSW])
    })

    it.each(['nodenext', 'node10'])('type-checks with skipLibCheck off under %s resolution', async (resolution) => {
      const options = {
        target: 'es2022',
        module: resolution === 'node10' ? 'esnext' : 'nodenext',
        moduleResolution: resolution,
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        esModuleInterop: true,
      }
      // The Node entries with Node's types only; msw's entries as a page has them (the DOM lib, no Node globals).
      const configs = {
        [`node.${resolution}`]: { compilerOptions: { ...options, lib: ['es2023'], types: ['node'] }, files: ['node-consumer.ts'] },
        [`msw.${resolution}`]: { compilerOptions: { ...options, lib: ['es2023', 'dom', 'dom.iterable'], types: [] }, files: ['msw-consumer.ts'] },
        // @msw/data's types resolve under node16 and later only, and need the DOM lib.
        ...(resolution === 'nodenext' ? { data: { compilerOptions: { ...options, lib: ['es2023', 'dom'], types: ['node'] }, files: ['data-consumer.ts'] } } : {}),
      }
      for (const [config, content] of Object.entries(configs)) {
        fs.writeFileSync(path.join(projects[name], `tsconfig.${config}.json`), JSON.stringify(content))
        const result = await run('npx', ['tsc', '-p', `tsconfig.${config}.json`], projects[name])
        expect(result.stdout, config).toBe('')
        expect(result.code, config).toBe(0)
      }
    })

    it(`mounts sitemock/express in an express ${name === 'lowest' ? 4 : 5} app beside its own routes and body parser`, async () => {
      const out = JSON.parse(await succeed('node', ['express-app.mjs'], projects[name])) as Record<string, unknown>
      expect(out).toMatchObject({ get: 200, created: 201, invalid: 400, own: 200 })
      expect(String(out.express).split('.')[0]).toBe(name === 'lowest' ? '4' : '5')
      expect(out.details).toEqual([expect.objectContaining({ field: 'pathname' })])
    })

    it('bundles sitemock/browser and sitemock/data for a page: nothing of Node reaches them', async () => {
      // As a frontend's bundler takes them, from the installed package; a Node built-in anywhere
      // in their graph fails a browser build.
      const result = await build({
        stdin: { contents: "import { startBrowserMock } from 'sitemock/browser'\nimport { MockDb } from 'sitemock/data'\nconsole.log(startBrowserMock, MockDb)", resolveDir: projects[name], loader: 'js' },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      })
      expect(result.errors).toEqual([])
      expect(result.outputFiles[0]!.text).toContain('startBrowserMock')
    })
  })

  describe('alone, with no peer installed', () => {
    it('prints its version and serves the default scenario from the installed bin', async () => {
      expect((await succeed('npx', ['sitemock', '--version'], projects.bare)).trim()).toBe(manifest.version)
      // A process group of its own: npx does not pass SIGTERM on to the server it started, which
      // would outlive the test; the whole group is stopped instead.
      const child = spawn('npx', ['sitemock', 'serve', '--port', '0'], { cwd: projects.bare, detached: true })
      try {
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
        const credentials = (await (await fetch(`${url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
        const workspace = credentials.workspaces[0]!
        const sites = await fetch(`${url}/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
        expect(sites.status).toBe(200)
        expect(((await sites.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
      } finally {
        const exited = child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve))
        try {
          process.kill(-child.pid!, 'SIGTERM')
        } catch {
          // The group has already gone.
        }
        await exited
      }
    })

    it('is require()d from CommonJS', async () => {
      expect(JSON.parse(await succeed('node', ['require.cjs'], projects.bare))).toEqual({ workspaces: expect.any(Number) as number })
    })

    it(`brings no msw, no express and no install script, in under ${MAX_INSTALL_BYTES / 1024 / 1024} MB`, () => {
      const installed = installedPackages(projects.bare)
      expect(installed.map((m) => m.name)).not.toContain('msw')
      expect(installed.map((m) => m.name)).not.toContain('express')
      const withScripts = installed.filter((m) => ['preinstall', 'install', 'postinstall', 'prepare'].some((s) => m.scripts?.[s] !== undefined))
      expect(withScripts.map((m) => m.name)).toEqual([])
      const bytes = bytesUnder(path.join(projects.bare, 'node_modules'))
      console.log(`install: ${installed.length} packages, ${bytes} bytes`)
      expect(bytes).toBeLessThan(MAX_INSTALL_BYTES)
    })
  })
})
