import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nodeForOthers } from '../support/node-for-others.js'

type Entry = typeof import('../../src/index.js')

/** The package as a fresh process loads it: nothing generated, cached or checked in memory yet. */
async function freshEntry(): Promise<Entry> {
  vi.resetModules()
  return import('../../src/index.js')
}

/** The exported state of a new mock of the scenario, as a fresh process would build it, and what it said on stderr. */
async function exported(seed = 1): Promise<{ state: string; stderr: string }> {
  let stderr = ''
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true))
  try {
    const { createMock, exportState } = await freshEntry()
    return { state: JSON.stringify(exportState(createMock({ scenario: 'multi-locale', seed }).store)), stderr }
  } finally {
    spy.mockRestore()
  }
}

const mode = (file: string): number => fs.lstatSync(file).mode & 0o777
const asRoot = process.getuid?.() === 0
const NOBODY = 65534

describe('the scenario cache is the user’s own', () => {
  let root: string
  let cold: string
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-cache-owner-'))
    fs.chmodSync(root, 0o755)
    vi.stubEnv('SITEMOCK_CACHE_DIR', '')
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', 'off')
    cold = (await exported()).state
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', '')
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('lives in $XDG_CACHE_HOME/sitemock (else ~/.cache/sitemock), a folder only its user may enter, with files only its user may read', async () => {
    vi.stubEnv('XDG_CACHE_HOME', path.join(root, 'xdg'))
    expect((await exported()).state).toBe(cold)
    const folder = path.join(root, 'xdg', 'sitemock')
    expect(mode(folder)).toBe(0o700)
    const names = fs.readdirSync(folder)
    expect(names.filter((name) => name.endsWith('.json'))).toHaveLength(1)
    for (const name of names) expect(mode(path.join(folder, name)), name).toBe(0o600)
    // And it is read back: the second process says nothing and builds the same state.
    expect(await exported()).toEqual({ state: cold, stderr: '' })
  })

  it('refuses a folder others may write to, in one line, and neither reads nor writes there', async () => {
    const folder = path.join(root, 'shared')
    vi.stubEnv('SITEMOCK_CACHE_DIR', folder)
    await exported()
    const [name] = fs.readdirSync(folder).filter((entry) => entry.endsWith('.json'))
    // What another user did: the folder opened to all, the document replaced by theirs (another
    // site name), and symlinks for names a write might take, pointing at a file of the victim's.
    const victim = path.join(root, 'victim.txt')
    fs.writeFileSync(victim, 'keep me')
    const file = path.join(folder, name!)
    fs.writeFileSync(file, fs.readFileSync(file, 'latin1').replace('"name":"', '"name":"Attacker '), 'latin1')
    for (const planted of [`${file}.${process.pid}.tmp`, path.join(folder, 'multi-locale-1.tmp')]) fs.symlinkSync(victim, planted)
    fs.chmodSync(folder, 0o777)
    const before = fs.readdirSync(folder).sort()
    const { state, stderr } = await exported()
    expect(state).toBe(cold)
    expect(state).not.toContain('Attacker')
    expect(stderr).toBe(`sitemock: the scenario cache ${folder} is not used: others may write to it (mode 0777); run chmod 700 on it; scenarios are generated instead\n`)
    expect(fs.readdirSync(folder).sort()).toEqual(before)
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me')
  })

  it('refuses a folder another user made and filled, even one closed to others', async () => {
    const folder = path.join(root, 'theirs')
    if (asRoot) {
      // The other user, for real: nobody makes the folder (in a shared folder, as /tmp is) and plants a file in it.
      fs.chmodSync(root, 0o1777)
      const made = spawnSync(nodeForOthers(), ['-e', `const fs = require('fs'); fs.mkdirSync(${JSON.stringify(folder)}, { mode: 0o700 }); fs.writeFileSync(${JSON.stringify(path.join(folder, 'planted.json'))}, 'x')`], { uid: NOBODY, gid: NOBODY })
      expect(made.status, made.stderr.toString()).toBe(0)
      expect(fs.statSync(folder).uid).toBe(NOBODY)
    }
    // Not root: a folder of the system's, which this user does not own.
    const used = asRoot ? folder : path.dirname(process.execPath)
    vi.stubEnv('SITEMOCK_CACHE_DIR', used)
    const { state, stderr } = await exported()
    expect(state).toBe(cold)
    expect(stderr).toMatch(new RegExp(`^sitemock: the scenario cache ${used.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not used: it is owned by another user \\(uid \\d+\\); remove it, or set SITEMOCK_CACHE_DIR to a folder of your own; scenarios are generated instead\\n$`))
  })

  it('refuses a folder that is a symlink, which another user could point anywhere', async () => {
    const real = fs.mkdtempSync(path.join(root, 'real-'))
    const link = path.join(root, 'link')
    fs.symlinkSync(real, link)
    vi.stubEnv('SITEMOCK_CACHE_DIR', link)
    const { state, stderr } = await exported()
    expect(state).toBe(cold)
    expect(stderr).toContain(`the scenario cache ${link} is not used: it is not a folder (a symlink, or a file)`)
    expect(fs.readdirSync(real)).toEqual([])
  })

  it('ignores a file it did not write: a well-formed file from another folder, whose secret differs, is generated again', async () => {
    const theirs = path.join(root, 'theirs')
    vi.stubEnv('SITEMOCK_CACHE_DIR', theirs)
    await exported()
    const [name] = fs.readdirSync(theirs).filter((entry) => entry.endsWith('.json'))
    const forged = fs.readFileSync(path.join(theirs, name!), 'latin1').replace('"name":"', '"name":"Forged ')
    const mine = path.join(root, 'mine')
    fs.mkdirSync(mine, { mode: 0o700 })
    vi.stubEnv('SITEMOCK_CACHE_DIR', mine)
    await exported()
    // The right line, the right length for its own document, and the folder's name: only the HMAC is wrong.
    const header = JSON.parse(forged.slice(0, forged.indexOf('\n'))) as { key: string; length: number; hmac: string }
    const body = forged.slice(forged.indexOf('\n') + 1)
    fs.writeFileSync(path.join(mine, name!), `${JSON.stringify({ ...header, length: body.length })}\n${body}`, 'latin1')
    const { state } = await exported()
    expect(state).toBe(cold)
    expect(fs.readFileSync(path.join(mine, name!), 'latin1')).not.toContain('Forged')
  })
})
