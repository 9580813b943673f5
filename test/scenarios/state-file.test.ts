import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Credentials, Fixture } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { openStateFile, type PersistentMock } from '../../src/persist/state-file.js'
import type { CompactionPolicy } from '../../src/persist/state-writer.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'
import { ApiClient } from '../support/harness.js'
import { CliChild } from './cli-child.js'

const temporaryFile = (): string => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-state-')), 'state')
const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex')
const lines = (file: string): string[] => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)

interface Running {
  persistent: PersistentMock
  server: RunningServer
  api: ApiClient
  close(): Promise<void>
}

const running: Running[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()))
})

async function serve(file: string, compaction?: CompactionPolicy): Promise<Running> {
  const persistent = await openStateFile(file, (state) => createMock({ state, rateLimit: false }), compaction)
  const server = await listen(persistent.mock)
  const handle = { persistent, server, api: new ApiClient(server.url), close: async () => (await server.close(), await persistent.close()) }
  running.push(handle)
  return handle
}

/** The file as a crash would leave it right now (every answered write is already in it), under another name. */
function crashCopy(file: string): string {
  const copy = temporaryFile()
  fs.copyFileSync(file, copy)
  return copy
}

async function writeSites(api: ApiClient, count: number): Promise<void> {
  const creds = (await api.get<Credentials>('/__mock/credentials')).body
  const { id: workspaceId, appApiKey: key } = creds.workspaces[0]!
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => api.post('/v2/sites', { key, body: { workspaceId, name: `site ${i}` } })))
  expect(responses.every((r) => r.status === 201)).toBe(true)
}

describe('a state file', () => {
  it('restores the same state, next ids included, from its snapshot and journal', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 30)
    expect(lines(file).filter((l) => l.includes('{"write":')).length).toBe(30)
    const restored = await serve(crashCopy(file))
    expect(restored.persistent.restored).toMatchObject({ writes: 30, tornBytes: 0 })
    expect((await restored.api.get<Fixture>('/__mock/state')).body).toEqual((await live.api.get<Fixture>('/__mock/state')).body)
  })

  it('folds the journal into a new snapshot as it grows, without losing a write', async () => {
    const file = temporaryFile()
    const live = await serve(file, { minJournalBytes: 2048, growth: 0.05 })
    await writeSites(live.api, 150)
    const journal = lines(file).filter((l) => l.includes('{"write":')).length
    expect(journal).toBeLessThan(150)
    const restored = await serve(crashCopy(file))
    expect(restored.persistent.restored!.writes).toBe(journal)
    expect((await restored.api.get<Fixture>('/__mock/state')).body).toEqual((await live.api.get<Fixture>('/__mock/state')).body)
  })

  it('saves a reset whole and leaves no journal after a clean close', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 3)
    expect((await live.api.post('/__mock/reset', { body: { scenario: 'multi-locale' } })).status).toBe(200)
    const afterReset = (await live.api.get<Fixture>('/__mock/state')).body
    await running.pop()!.close()
    expect(lines(file).some((l) => l.includes('{"write":'))).toBe(false)
    const restored = await serve(file)
    expect(restored.persistent.restored).toMatchObject({ writes: 0, tornBytes: 0 })
    expect((await restored.api.get<Fixture>('/__mock/state')).body).toEqual(afterReset)
  })

  it('drops a record cut short at the end of the file, which was never answered', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 2)
    const copy = crashCopy(file)
    const lastLine = lines(file).at(-1)!
    fs.appendFileSync(copy, lastLine.slice(0, 40))
    const restored = await serve(copy)
    expect(restored.persistent.restored).toMatchObject({ writes: 2, tornBytes: 40 })
    expect((await restored.api.get<Fixture>('/__mock/state')).body).toEqual((await live.api.get<Fixture>('/__mock/state')).body)
  })
})

describe('sitemock serve --state-file with a file it cannot trust', () => {
  async function savedFile(): Promise<string> {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 5)
    await running.pop()!.close()
    return file
  }

  async function refusal(file: string): Promise<string> {
    const before = sha256(file)
    const child = new CliChild(['serve', '--port', '0', '--state-file', file])
    expect(await child.exit()).toBe(1)
    expect(sha256(file)).toBe(before)
    expect(child.stderr).toContain('It was left untouched')
    expect(child.stderr).not.toMatch(/\n\s+at /)
    return child.stderr
  }

  it('refuses a file with a damaged record, and leaves it untouched', async () => {
    const file = await savedFile()
    const bytes = fs.readFileSync(file)
    const at = bytes.indexOf('"pages"') + 20
    bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41
    fs.writeFileSync(file, bytes)
    expect(await refusal(file)).toMatch(/the state file .* is corrupt: line \d+ of its snapshot fails its checksum/)
  })

  it('refuses a damaged record followed by intact ones, as damage and not a cut-short end', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 3)
    const copy = crashCopy(file)
    const text = fs.readFileSync(copy, 'utf8').split('\n')
    text[text.length - 3] = text[text.length - 3]!.replace('site', 'Site')
    fs.writeFileSync(copy, text.join('\n'))
    expect(await refusal(copy)).toMatch(/is corrupt: line \d+ fails its checksum but later records are intact/)
  })

  it('refuses a file that is not a state file, such as a fixture', async () => {
    const file = temporaryFile()
    fs.copyFileSync(path.join(import.meta.dirname, '../../fixtures/empty.json'), file)
    // Its own user's alone, as a state file must be (a checkout under umask 002 makes it 0664).
    fs.chmodSync(file, 0o600)
    expect(await refusal(file)).toContain('is not a sitemock state file')
  })

  it('refuses a second server on a state file in use', async () => {
    const file = temporaryFile()
    await serve(file)
    const child = new CliChild(['serve', '--port', '0', '--state-file', file])
    expect(await child.exit()).toBe(1)
    expect(child.stderr).toContain(`is in use by process ${process.pid}`)
  })
})

describe('a state file after a full disk, and one the user may not write', () => {
  it('is taken up as it is on restart, journal and all, with nothing rewritten first; the banner says what compaction will need', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 3)
    // What a crash (or a disk that filled up) leaves: the snapshot, three journaled writes and a torn fourth.
    const copy = crashCopy(file)
    const whole = fs.readFileSync(copy)
    fs.appendFileSync(copy, lines(file).at(-1)!.slice(0, 30))
    const inode = fs.statSync(copy).ino
    const child = new CliChild(['serve', '--port', '0', '--log', 'off', '--state-file', copy])
    try {
      await child.url()
      // Not replaced by a new snapshot (another inode): the same file, only its torn end cut off.
      expect(fs.statSync(copy).ino).toBe(inode)
      expect(fs.readFileSync(copy).equals(whole)).toBe(true)
      expect(child.stdout).toMatch(/State restored from .* \(3 journaled writes replayed; dropped 30 bytes of a write cut short, which was never answered; folding them into a snapshot will need about \d+\.\d MB free\)/)
      const creds = (await (await fetch(`${await child.url()}/__mock/credentials`)).json()) as Credentials
      expect(creds.sites.filter((site) => site.name?.startsWith('site ')).length).toBe(3)
    } finally {
      expect(await child.stop()).toBe(0)
    }
  }, 30_000)

  it('is created readable by its owner alone (0600): it holds every key', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 1)
    await running.pop()!.close()
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it('that cannot be written exits 1 with one line naming the file and the cause', async () => {
    const file = temporaryFile()
    const live = await serve(file)
    await writeSites(live.api, 1)
    await running.pop()!.close()
    // Root may write any file: as root, the server runs as nobody, whom the file's mode keeps out.
    const asRoot = process.getuid?.() === 0
    fs.chmodSync(file, 0o444)
    if (asRoot) fs.chmodSync(path.dirname(file), 0o777)
    const child = new CliChild(['serve', '--port', '0', '--state-file', file], asRoot ? { uid: 65534, gid: 65534 } : {})
    expect(await child.exit()).toBe(1)
    expect(child.stderr).toBe(
      `sitemock serve: the state file ${file} cannot be used: permission denied (EACCES). Make it writable by this user (its folder too), or point --state-file elsewhere.\n`,
    )
  }, 30_000)
})
