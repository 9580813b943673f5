import { createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageVersion } from '../cli/version.js'
import { createNewFileSync, octalMode, othersMayChange, writeFileSafelySync } from '../persist/safe-file.js'
import { packDocument, unpackDocument } from './cache-document.js'
import { DEFAULT_SCENARIO_MODULE } from './default.js'
import { GENERATOR_MODULE } from './generate.js'
import { fingerprint } from '../transports/browser-session.js'
import { provideScenarioCache, type GeneratedInputs } from './scenario-cache.js'

/**
 * The scenario cache on disk: one file per generated scenario, seed and set of inputs, in a
 * folder of the user's own: SITEMOCK_CACHE_DIR, else $XDG_CACHE_HOME/sitemock, else
 * ~/.cache/sitemock. SITEMOCK_SCENARIO_CACHE=off turns it off.
 *
 * Another local user must not be able to choose what a mock starts from, nor make it write
 * elsewhere: a folder shared in the system's temporary directory let a second user plant a
 * document and redirect writes through symlinks. So the folder is created 0700, and one that is not owned
 * by this user, or that others may write to, is not used (said once on stderr). Files are
 * created exclusively ('wx', 0600) under a random name and renamed into place, so no planted
 * name or symlink is followed. Each file carries an HMAC of its line and document under a
 * secret kept 0600 in the folder: a file not written by a process of this user is ignored.
 *
 * A file's first line names everything its document depends on: the way it is written
 * (packDocument), sitemock's and faker's versions, the generator's own code (its modules' size
 * and time), the scenario, the seed and the generator's options, and the length of the
 * document that follows. A file whose line differs from the one expected, whose HMAC does not
 * match, or whose document does not parse, is ignored and written again: a stale or damaged
 * file is never used, and two inputs never share a file. Writing a scenario and seed's file
 * removes that scenario and seed's files of other inputs.
 */
provideScenarioCache({
  read(inputs) {
    try {
      const file = cacheFile(inputs)
      if (file === undefined) return undefined
      // Written in ASCII alone (see write): read byte for byte, without decoding UTF-8, which
      // takes as long as parsing the document.
      const text = fs.readFileSync(file.path, 'latin1')
      const newline = text.indexOf('\n')
      const body = text.slice(newline + 1)
      if (text.slice(0, newline) !== file.header(body)) return undefined
      return unpackDocument(body)
    } catch {
      return undefined
    }
  },
  write(inputs, document) {
    try {
      const file = cacheFile(inputs)
      if (file === undefined) return
      const folder = path.dirname(file.path)
      const body = packDocument(document).replace(NOT_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      // Exclusively under a random name, then renamed: never an existing file, nor a symlink put there in its place.
      writeFileSafelySync(file.path, `${file.header(body)}\n${body}`)
      // Files of this scenario and seed made for other inputs (an older version) are stale for good.
      const prefix = `${inputs.scenario}-${inputs.seed}-`
      for (const name of fs.readdirSync(folder)) {
        if (name.startsWith(prefix) && name.endsWith('.json') && name !== path.basename(file.path)) fs.rmSync(path.join(folder, name), { force: true })
      }
    } catch {
      // A cache that cannot be written costs a generation next time, nothing more.
    }
  },
})

/**
 * How the document is written (cache-document.ts): a file written another way, such as the
 * plain JSON of files whose line names no format, is another file.
 */
const FORMAT = 3

/** Characters beyond ASCII, written as JSON escapes; a pair of surrogates becomes two escapes. */
const NOT_ASCII = /[\u0080-\uffff]/g

function cacheFile(inputs: GeneratedInputs): { path: string; header: (body: string) => string } | undefined {
  if (process.env.SITEMOCK_SCENARIO_CACHE === 'off') return undefined
  const folder = cacheFolder()
  if (folder === undefined) return undefined
  const key = JSON.stringify({ format: FORMAT, sitemock: versions().sitemock, faker: versions().faker, code: versions().code, ...inputs })
  // The name tells inputs apart; the first line, compared whole, decides whether a file is theirs.
  const name = `${inputs.scenario}-${inputs.seed}-${fingerprint(key).replace(':', '-')}.json`
  return {
    path: path.join(folder.path, name),
    header: (body) => JSON.stringify({ key, length: body.length, hmac: createHmac('sha256', folder.secret).update(key).update('\n').update(body, 'latin1').digest('hex') }),
  }
}

/** The folder checked once per process and path: undefined when it may not be used. */
let checked: { path: string; folder: { path: string; secret: Buffer } | undefined } | undefined

function cacheFolder(): { path: string; secret: Buffer } | undefined {
  const wanted = cachePath()
  if (checked?.path === wanted) return checked.folder
  let folder: { path: string; secret: Buffer } | undefined
  try {
    fs.mkdirSync(wanted, { recursive: true, mode: 0o700 })
    const problem = folderProblem(wanted)
    if (problem) process.stderr.write(`sitemock: the scenario cache ${wanted} is not used: ${problem}; scenarios are generated instead\n`)
    else folder = { path: wanted, secret: cacheSecret(wanted) }
  } catch {
    // No home, a read-only disk: no cache, as with SITEMOCK_SCENARIO_CACHE=off.
  }
  checked = { path: wanted, folder }
  return folder
}

function cachePath(): string {
  if (process.env.SITEMOCK_CACHE_DIR) return process.env.SITEMOCK_CACHE_DIR
  const base = process.env.XDG_CACHE_HOME && path.isAbsolute(process.env.XDG_CACHE_HOME) ? process.env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache')
  return path.join(base, 'sitemock')
}

/** Why another user could change what is in the folder, or undefined when only this user can. */
function folderProblem(folder: string): string | undefined {
  const stat = fs.lstatSync(folder)
  if (!stat.isDirectory()) return 'it is not a folder (a symlink, or a file)'
  const why = othersMayChange(stat)
  if (why === undefined) return undefined
  if ('owner' in why) return `it is owned by another user (uid ${why.owner}); remove it, or set SITEMOCK_CACHE_DIR to a folder of your own`
  return `others may write to it (mode ${octalMode(why.mode)}); run chmod 700 on it`
}

/** The folder's secret for the files' HMAC: 32 random bytes, made once, readable by this user alone. */
function cacheSecret(folder: string): Buffer {
  const file = path.join(folder, '.secret')
  try {
    createNewFileSync(file, randomBytes(32))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stat = fs.lstatSync(file)
  if (!stat.isFile() || (process.getuid !== undefined && stat.uid !== process.getuid()) || (stat.mode & 0o077) !== 0 || stat.size !== 32) {
    throw new Error(`${file} is not a secret of this user's own`)
  }
  return fs.readFileSync(file)
}

let known: { sitemock: string; faker: string; code: string } | undefined

/** Read once per process: none of them changes while it runs. */
function versions(): { sitemock: string; faker: string; code: string } {
  if (known) return known
  const faker = createRequire(import.meta.url)('@faker-js/faker/package.json') as { version: string }
  const code = [GENERATOR_MODULE, DEFAULT_SCENARIO_MODULE].map((url) => {
    const stat = fs.statSync(fileURLToPath(url))
    return `${stat.size}@${stat.mtimeMs}`
  })
  return (known = { sitemock: packageVersion(), faker: faker.version, code: code.join(' ') })
}
