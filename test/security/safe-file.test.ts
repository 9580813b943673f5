import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The one way sitemock writes a file. The random part of the temporary name is made
 * predictable here (the first name drawn is known), to show what a name planted in advance gets.
 */
const drawn = vi.hoisted(() => ({ first: true }))
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>()
  return {
    ...crypto,
    randomBytes: (size: number) => {
      if (!drawn.first) return crypto.randomBytes(size)
      drawn.first = false
      return Buffer.alloc(size, 0xab)
    },
  }
})

const { createNewFileSync, openTrustedSync, UntrustedFileError, writeFileSafely, writeFileSafelySync } = await import('../../src/persist/safe-file.js')
const { openStateFile } = await import('../../src/persist/state-file.js')
const { createMock } = await import('../../src/mock.js')

const mode = (file: string): number => fs.lstatSync(file).mode & 0o777
const NOBODY = 65534
const asRoot = process.getuid?.() === 0

let dir: string
let victim: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-safe-file-'))
  victim = path.join(dir, 'victim.txt')
  fs.writeFileSync(victim, 'keep me')
  drawn.first = true
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const writers = {
  writeFileSafely: (file: string, text: string) => writeFileSafely(file, ['{"keys": ', JSON.stringify(text), '}']),
  writeFileSafelySync: async (file: string, text: string) => writeFileSafelySync(file, `{"keys": ${JSON.stringify(text)}}`),
}

describe.each(Object.entries(writers))('%s', (_, write) => {
  it('leaves the file alone in its folder, readable by its owner alone (0600), over a file that was 0644', async () => {
    const file = path.join(dir, 'out.json')
    fs.writeFileSync(file, 'old', { mode: 0o644 })
    fs.chmodSync(file, 0o644)
    await write(file, 'sk_secret')
    expect(fs.readFileSync(file, 'utf8')).toBe('{"keys": "sk_secret"}')
    expect(mode(file)).toBe(0o600)
    expect(fs.readdirSync(dir).sort()).toEqual(['out.json', 'victim.txt'])
  })

  it('replaces a symlink at the destination instead of writing through it', async () => {
    const file = path.join(dir, 'out.json')
    fs.symlinkSync(victim, file)
    await write(file, 'sk_secret')
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me')
    expect(fs.lstatSync(file).isFile()).toBe(true)
    expect(mode(file)).toBe(0o600)
  })

  it('never opens a name that exists already: a symlink or file planted at the temporary name is left as it is, and another name is drawn', async () => {
    const file = path.join(dir, 'out.json')
    const predicted = path.join(dir, `.out.json.${'ab'.repeat(8)}.tmp`)
    fs.symlinkSync(victim, predicted)
    await write(file, 'sk_secret')
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me')
    expect(fs.lstatSync(predicted).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toBe('{"keys": "sk_secret"}')
    expect(fs.readdirSync(dir).sort()).toEqual(['.out.json.abababababababab.tmp', 'out.json', 'victim.txt'])
  })
})

describe('files created only when absent (a lock, a secret)', () => {
  it('are 0600 and never follow a symlink planted at the name', () => {
    const lock = path.join(dir, 'state.lock')
    fs.symlinkSync(victim, lock)
    expect(() => createNewFileSync(lock, '123')).toThrow(expect.objectContaining({ code: 'EEXIST' }))
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me')
    const fresh = path.join(dir, 'fresh.lock')
    createNewFileSync(fresh, '123')
    expect(mode(fresh)).toBe(0o600)
  })
})

describe('files read for keys or state', () => {
  it('are refused when group or others may write to them, with the file, its owner and its mode in one line', () => {
    const file = path.join(dir, 'choices.json')
    fs.writeFileSync(file, '{}', { mode: 0o600 })
    const fd = openTrustedSync(file, '--choices file')
    expect(fd).toBeTypeOf('number')
    fs.closeSync(fd!)
    fs.chmodSync(file, 0o602)
    expect(() => openTrustedSync(file, '--choices file')).toThrow(UntrustedFileError)
    expect(() => openTrustedSync(file, '--choices file')).toThrow(new RegExp(`^refusing the --choices file ${file}: owned by uid ${process.getuid!()}( \\(\\w+\\))?, mode 0602; group or others may write to it, and so choose what it holds: run chmod go-w on it$`))
  })

  it('are refused when another user owns them (as root: nobody)', () => {
    const file = path.join(dir, 'fixture.json')
    fs.writeFileSync(file, '{}', { mode: 0o644 })
    const owner = asRoot ? NOBODY : process.getuid!()
    if (asRoot) fs.chownSync(file, NOBODY, NOBODY)
    else fs.chmodSync(file, 0o664)
    expect(() => openTrustedSync(file, 'fixture file', { followSymlink: true })).toThrow(new RegExp(`^refusing the fixture file ${file}: owned by uid ${owner}`))
  })

  it('a state file that is a symlink is refused, not read nor appended to, and one of another user is refused before anything is read', async () => {
    const real = path.join(dir, 'real-state')
    await (await openStateFile(real, (state) => createMock({ state }))).close()
    const before = fs.readFileSync(real)
    const link = path.join(dir, 'state')
    fs.symlinkSync(real, link)
    await expect(openStateFile(link, (state) => createMock({ state }))).rejects.toThrow(`refusing the state file ${link}: it is a symbolic link`)
    expect(fs.readFileSync(real).equals(before)).toBe(true)
    if (asRoot) fs.chownSync(real, NOBODY, NOBODY)
    else fs.chmodSync(real, 0o620)
    await expect(openStateFile(real, (state) => createMock({ state }))).rejects.toThrow(UntrustedFileError)
    expect(fs.readFileSync(real).equals(before)).toBe(true)
  })
})
