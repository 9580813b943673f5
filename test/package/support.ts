import { execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuildFresh, shippedBuildFiles } from '../support/fresh-build.js'
import { CACHE, nodeBin, withLock, type NodeMajor } from '../support/node-builds.js'

export { CACHE, NODE_BUILDS, nodeBin, type NodeMajor } from '../support/node-builds.js'

/**
 * What the tests of sitemock as a package share: the tarball of `npm pack` (packed once per
 * content of the project), commands run on a Node build of a given major, and scratch projects
 * whose installs are kept between runs.
 */

export const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface Run {
  code: number | null
  stdout: string
  /** Both streams, for messages: npm may warn on stderr about the machine's own configuration. */
  output: string
}

export interface RunOptions {
  /** Run on this Node major: its bin folder goes first on PATH, so node, npm and npx use it. */
  node?: NodeMajor
  timeoutMs?: number
  env?: Record<string, string>
}

/**
 * Runs a command to its end; npm's own variables of the outer `npm test` are left out. The command
 * runs in a process group of its own, so that a timeout ends everything it started (a server sent
 * to the background, a request waiting on it), and a process that left the group still holding the
 * output cannot keep the run from ending: after a timeout it resolves with what was printed.
 */
export async function run(command: string, args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
  const bin = options.node === undefined ? undefined : await nodeBin(options.node)
  const PATH = bin === undefined ? env.PATH : `${bin}${path.delimiter}${env.PATH ?? ''}`
  const timeoutMs = options.timeoutMs ?? 240_000
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, detached: true, env: { ...env, PATH, CI: 'true', NO_COLOR: '1', ...options.env } })
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    let gaveUp: NodeJS.Timeout | undefined
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
      gaveUp = setTimeout(() => finish(null), 5000)
    }, timeoutMs)
    const finish = (code: number | null): void => {
      clearTimeout(timer)
      clearTimeout(gaveUp)
      child.stdout.destroy()
      child.stderr.destroy()
      resolve({ code, stdout, output: timedOut ? `${output}\n[${command} killed after ${timeoutMs} ms]` : output })
    }
    child.on('error', reject)
    child.on('close', (code) => finish(code))
  })
}

/** Ends a process group outright; one already gone is no error. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Gone already.
  }
}

/** The command's stdout; a failure throws with everything it printed. */
export async function succeed(command: string, args: string[], cwd: string, options: RunOptions = {}): Promise<string> {
  const result = await run(command, args, cwd, options)
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code} in ${cwd}:\n${result.output}`)
  return result.stdout
}

/**
 * A command a scratch project installed, as `npx NAME` finds it there (node_modules/.bin), for
 * the tools a test runs many times: npx's own start-up costs a second or more on a loaded machine.
 */
export const projectBin = (project: string, name: string): string => path.join(project, 'node_modules', '.bin', name)

/** The project's files as git sees them (tracked and new, not ignored). */
function projectFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0')
  // Left out: a file deleted but not yet committed, and anything that is not a plain file.
  return files.filter((file) => file !== '' && fs.lstatSync(path.join(REPO, file), { throwIfNoEntry: false })?.isFile())
}

export interface Packed {
  tarball: string
  filename: string
  entryCount: number
  size: number
  unpackedSize: number
  files: Array<{ path: string }>
}

/**
 * The tarball of `npm pack`, packed in a copy of the project's files (without touching this
 * tree's dist/, which other test files run from), once per content of those files: every test
 * file of a run gets the same tarball. When this tree's dist/ is fresh (`npm test` has just built
 * it), the copy takes what a build from an empty dist/ would make of it and packs with
 * --ignore-scripts; otherwise prepack builds afresh in the copy, as on a clean clone.
 */
export async function packedTarball(): Promise<Packed> {
  const files = projectFiles()
  const hash = crypto.createHash('sha256')
  for (const file of files) hash.update(file).update('\0').update(fs.readFileSync(path.join(REPO, file)))
  const dir = path.join(os.tmpdir(), `sitemock-pack-${hash.digest('hex').slice(0, 16)}`)
  const report = path.join(dir, 'pack.json')
  return withLock(dir, async () => {
    if (!fs.existsSync(report)) {
      const project = path.join(dir, 'project')
      fs.rmSync(dir, { recursive: true, force: true })
      copyFiles(REPO, project, files)
      // Shared for the build's compiler only.
      fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'), 'dir')
      // prepack's build takes a minute alone, and four or more beside other test files on two
      // CPUs: a fresh dist/ spares it.
      const fresh = isBuildFresh()
      if (fresh) copyFiles(REPO, project, shippedBuildFiles())
      const out = await succeed('npm', ['pack', '--json', ...(fresh ? ['--ignore-scripts'] : []), '--pack-destination', dir], project, { timeoutMs: 600_000 })
      // prepack's build prints before npm's JSON report.
      const packed = (JSON.parse(out.slice(out.indexOf('[\n'))) as Packed[])[0]!
      fs.rmSync(project, { recursive: true, force: true })
      fs.writeFileSync(report, JSON.stringify({ ...packed, tarball: path.join(dir, packed.filename) }))
    }
    return JSON.parse(fs.readFileSync(report, 'utf8')) as Packed
  })
}

function copyFiles(from: string, to: string, files: readonly string[]): void {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    fs.copyFileSync(path.join(from, file), path.join(to, file))
  }
}

export interface ScratchProject {
  /** Packages the project installs beside sitemock, exact versions (name@1.2.3). */
  dependencies: readonly string[]
  /** The Node major that installs and runs it. */
  node?: NodeMajor
  /** The project's own files, copied in after the install: a folder (with its subfolders), or path → text. */
  files?: string | Record<string, string>
}

/** Where a project notes the files it was given last, so that a file dropped since is removed. */
const FILE_LIST = '.sitemock-files.json'

/**
 * A project of a user's: its own package.json and dependencies, with the packed sitemock
 * installed from the tarball. The dependencies' install is kept in the cache under a name made
 * from them and the Node major; each call installs the tarball afresh into it and lays the files
 * in, removing those of an earlier call that are no longer given. A project is used by one test
 * file: two files must not name the same one.
 */
export async function scratchProject(name: string, spec: ScratchProject): Promise<string> {
  const packed = await packedTarball()
  const key = crypto.createHash('sha256').update(JSON.stringify([spec.dependencies, spec.node ?? process.versions.node])).digest('hex').slice(0, 12)
  const dir = path.join(CACHE, 'projects', `${name}-${key}`)
  const options: RunOptions = { node: spec.node, timeoutMs: 600_000 }
  const ready = path.join(dir, '.installed')
  if (!fs.existsSync(ready)) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module' }))
    if (spec.dependencies.length > 0) await succeed('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...spec.dependencies], dir, options)
    fs.writeFileSync(ready, '')
  }
  // The package.json lists the dependencies only: installed with --no-save, sitemock is replaced on every call.
  await succeed('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', packed.tarball, ...spec.dependencies], dir, options)
  layFiles(dir, typeof spec.files === 'string' ? filesUnder(spec.files) : (spec.files ?? {}))
  return dir
}

/** The files under a folder, subfolders included, by their paths in it. */
export function filesUnder(folder: string): Record<string, string> {
  const entries = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return Object.fromEntries(entries.map((entry) => [path.relative(folder, path.join(entry.parentPath, entry.name)), fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')]))
}

function layFiles(dir: string, files: Record<string, string>): void {
  const listed = path.join(dir, FILE_LIST)
  const before = fs.existsSync(listed) ? (JSON.parse(fs.readFileSync(listed, 'utf8')) as string[]) : []
  for (const file of before) if (!(file in files)) fs.rmSync(path.join(dir, file), { force: true })
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  fs.writeFileSync(listed, JSON.stringify(Object.keys(files)))
}
