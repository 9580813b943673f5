import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { openStateFile } from '../../src/persist/state-file.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import { CliChild, ROOT } from '../scenarios/cli-child.js'
import { sitemockArgs } from '../support/sitemock-command.js'

/**
 * Files sitemock writes and reads, against another local user who shares the folder: names
 * planted in advance, a state file of theirs, files they may write to. As root (CI) the other
 * user is `nobody` for real; the cases that need no second user run either way.
 */

const NOBODY = 65534
const asRoot = process.getuid?.() === 0
const mode = (file: string): number => fs.lstatSync(file).mode & 0o777

const folders: string[] = []
const servers: RunningServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function folder(): string {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-files-'))
  folders.push(made)
  return made
}

/** A state file as `serve --state-file` leaves it. */
async function savedStateFile(file: string): Promise<void> {
  await (await openStateFile(file, (state) => createMock({ state }))).close()
}

/** What `serve` says when it refuses a file at the start, with the file untouched; a server that starts instead is stopped, and fails the test. */
async function refusedStart(args: string[], file: string): Promise<string> {
  const before = fs.readFileSync(file)
  const child = new CliChild(['serve', '--port', '0', '--log', 'off', ...args])
  const started = await Promise.race([child.url().then(() => true, () => child.process.exitCode === null), child.exit().then(() => false)])
  if (started) await child.stop()
  expect(started, `served the file instead of refusing it:\n${child.stdout}`).toBe(false)
  expect(await child.exit()).toBe(1)
  expect(fs.readFileSync(file).equals(before)).toBe(true)
  return child.stderr
}

describe('a state file that is not only this user’s is refused', () => {
  it('another user’s state file, open to all (0666), exits 1 with one line naming it, its owner and mode; nothing restored or appended', async () => {
    const file = path.join(folder(), 'state.json')
    await savedStateFile(file)
    // As root, the file becomes nobody's; otherwise the owner check cannot be staged, and the mode alone is.
    if (asRoot) fs.chownSync(file, NOBODY, NOBODY)
    fs.chmodSync(file, 0o666)
    const stderr = await refusedStart(['--state-file', file], file)
    expect(stderr).toBe(
      asRoot
        ? `sitemock serve: refusing the state file ${file}: owned by uid ${NOBODY} (nobody), mode 0666; another user could change it or read what is written to it: use a copy of your own (cp it, then chmod 600 the copy)\n`
        : `sitemock serve: refusing the state file ${file}: owned by uid ${process.getuid!()}${stderr.match(/ \(\w+\)/)?.[0] ?? ''}, mode 0666; group or others may write to it, and so choose what it holds: run chmod go-w on it\n`,
    )
  }, 120_000)

  it('this user’s own state file that the group may write to (0620) exits 1 too', async () => {
    const file = path.join(folder(), 'state.json')
    await savedStateFile(file)
    fs.chmodSync(file, 0o620)
    const stderr = await refusedStart(['--state-file', file], file)
    expect(stderr).toMatch(new RegExp(`^sitemock serve: refusing the state file ${file}: owned by uid ${process.getuid!()}( \\(\\w+\\))?, mode 0620; group or others may write to it, and so choose what it holds: run chmod go-w on it\\n$`))
  }, 120_000)

  it('a state file that is a symlink is refused, and the file it points to is left alone', async () => {
    const dir = folder()
    const victim = path.join(dir, 'victim.json')
    await savedStateFile(victim)
    const link = path.join(dir, 'state.json')
    fs.symlinkSync(victim, link)
    const stderr = await refusedStart(['--state-file', link], victim)
    expect(stderr).toBe(`sitemock serve: refusing the state file ${link}: it is a symbolic link, which whoever may write to its folder could point anywhere; give the path of the file itself\n`)
  }, 120_000)
})

describe('files served or followed that others may write to are refused at the start', () => {
  const cases = [
    { flag: '--scenario', what: '--scenario file', content: () => fs.readFileSync(path.join(ROOT, 'fixtures/empty.json'), 'utf8') },
    { flag: '--choices', what: '--choices file', content: () => '{"choices": {}}\n' },
    { flag: '--overrides', what: '--overrides file', content: () => '{"overrides": []}\n' },
  ]
  for (const { flag, what, content } of cases) {
    it(`serve ${flag} FILE, writable by others (0666): exit 1, one line`, async () => {
      const file = path.join(folder(), 'input.json')
      fs.writeFileSync(file, content())
      fs.chmodSync(file, 0o666)
      const stderr = await refusedStart([flag, file], file)
      expect(stderr).toMatch(new RegExp(`^sitemock serve: refusing the ${what} ${file}: owned by uid ${process.getuid!()}( \\(\\w+\\))?, mode 0666; group or others may write to it, and so choose what it holds: run chmod go-w on it\\n$`))
    }, 120_000)
  }

  it('contract --skip-file FILE of another user is refused before any request (exit 2, as any --skip-file it cannot use)', async () => {
    const file = path.join(folder(), 'skips.txt')
    fs.writeFileSync(file, 'pagination.sites.walk: the staging deployment pages by offset\n')
    if (asRoot) fs.chownSync(file, NOBODY, NOBODY)
    else fs.chmodSync(file, 0o646)
    const child = new CliChild(['contract', '--skip-file', file])
    // A run that goes on instead (against a mock of its own) is stopped, and fails the test.
    const timer = setTimeout(() => void child.stop(), 60_000)
    const code = await child.exit()
    clearTimeout(timer)
    expect(code).toBe(2)
    expect(child.stderr).toMatch(new RegExp(`^sitemock contract: refusing the --skip-file ${file}: owned by uid \\d+( \\(\\w+\\))?, mode 06\\d\\d; `))
    expect(child.stderr.trim().split('\n')).toHaveLength(1)
  }, 120_000)
})

/** `sitemock serve` in one process (with the node flags serve wants, so it does not start node again): its pid is the one that writes. */
function serveInOneProcess(args: string[]): { pid: number; output: () => string; listening: () => Promise<string>; stop: () => Promise<void> } {
  const child = spawn(process.execPath, ['--no-memory-reducer', ...sitemockArgs(), 'serve', '--port', '0', '--log', 'off', ...args], { cwd: ROOT })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    pid: child.pid!,
    output: () => output,
    listening: async () => {
      const deadline = Date.now() + 30_000
      for (;;) {
        const found = /listening on (http:\/\/\S+)/.exec(output)
        if (found) return found[1]!
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start:\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

describe('names planted beside the files sitemock writes receive nothing', () => {
  it('symlinks at the state file’s STATE.tmp and the ready file’s FILE.<pid>.tmp are never followed; only the files themselves appear, 0600', async () => {
    const dir = folder()
    const victim = path.join(dir, 'victim.txt')
    fs.writeFileSync(victim, 'keep me')
    const state = path.join(dir, 'state.json')
    const ready = path.join(dir, '.ready')
    const server = serveInOneProcess(['--state-file', state, '--ready-file', ready])
    try {
      // The names another user could predict: the ready file's holds the server's pid.
      fs.symlinkSync(victim, `${ready}.${server.pid}.tmp`)
      const url = await server.listening()
      // Planted once the server runs (a start clears STATE.tmp); a reset writes a new snapshot.
      fs.symlinkSync(victim, `${state}.tmp`)
      expect((await fetch(`${url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
      expect(fs.readFileSync(ready, 'utf8')).toBe(`${url}\n`)
      expect(mode(ready)).toBe(0o600)
    } finally {
      await server.stop()
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me')
    expect(fs.readdirSync(dir).sort()).toEqual(['.ready.' + server.pid + '.tmp', 'state.json', 'state.json.tmp', 'victim.txt'].sort())
    expect(fs.lstatSync(`${state}.tmp`).isSymbolicLink()).toBe(true)
    expect(mode(state)).toBe(0o600)
    expect(fs.readFileSync(state, 'utf8')).toMatch(/^sitemock-state/)
  }, 120_000)
})

describe('files written with keys are readable by their owner alone', () => {
  it('snapshot --keep-site-keys writes the real Site keys 0600, and generate --output writes 0600, whatever was at the name', async () => {
    const server = await listen(createMock({ scenario: 'multi-locale' }), { port: 0 })
    servers.push(server)
    const site = ((await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials).sites[0]!
    const dir = folder()
    const snapshot = path.join(dir, 'snapshot.json')
    // A file left readable by all at the name is replaced, not written into with its mode kept.
    fs.writeFileSync(snapshot, '{}', { mode: 0o644 })
    fs.chmodSync(snapshot, 0o644)
    const run = new CliChild(['snapshot', '--base-url', server.url, '--api-key', site.siteApiKey, '--site-id', site.id, '--keep-site-keys', '--output', snapshot])
    expect(await run.exit()).toBe(0)
    expect(fs.readFileSync(snapshot, 'utf8')).toContain(site.siteApiKey)
    expect(mode(snapshot)).toBe(0o600)
    const generated = path.join(dir, 'generated.json')
    const generate = new CliChild(['generate', '--pages', '2', '--output', generated])
    expect(await generate.exit()).toBe(0)
    expect(mode(generated)).toBe(0o600)
    expect(fs.readdirSync(dir).sort()).toEqual(['generated.json', 'snapshot.json'])
  }, 120_000)
})
