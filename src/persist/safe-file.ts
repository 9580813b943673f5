import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Every file sitemock writes, and every file it reads keys or state from, goes through here, so
 * that another local user sharing a folder (the system's temporary folder, a shared checkout)
 * can neither receive what sitemock writes nor choose what it reads:
 *
 * - a file is written to a new file beside it, under a random name, created exclusively
 *   (O_EXCL, and O_NOFOLLOW) and readable by its owner alone (0600), then renamed into place.
 *   No name planted in advance is ever opened: O_EXCL fails on any existing entry, a symlink
 *   included, and a rename replaces a symlink at the destination instead of following it;
 * - a file read for keys or state (and the state file appended to) is opened without following
 *   a symlink where that matters, and refused when another user owns it or group or others may
 *   write to it: its content would be theirs to choose, and what is appended theirs to read.
 */

/** Mode of every file sitemock writes: most hold keys (state, recordings, fixtures, reports of requests). */
const OWNER_ONLY = 0o600

const { O_WRONLY, O_RDWR, O_RDONLY, O_CREAT, O_EXCL, O_APPEND } = fs.constants
/** Windows has no O_NOFOLLOW (nor symlinks a user may plant without privileges): 0 there. */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0
/** A new file only: fails on anything already at the name, a symlink included. */
const EXCLUSIVE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW

/** A file sitemock will not read or append to: one line naming the file, its owner and its mode, and what to do. */
export class UntrustedFileError extends Error {}

/** Writes the text to `file` as the module comment says (missing folders are made); a failed write leaves nothing behind. */
export async function writeFileSafely(file: string, text: string | Iterable<string>): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const temporary = await withFreshNameAsync(file, (name) => fs.promises.open(name, EXCLUSIVE, OWNER_ONLY))
  try {
    try {
      // Each writeFile on an open handle goes on from where the one before stopped.
      for (const batch of typeof text === 'string' ? [text] : textBatches(text)) await temporary.opened.writeFile(batch)
    } finally {
      await temporary.opened.close()
    }
    await fs.promises.rename(temporary.path, file)
  } catch (error) {
    await fs.promises.rm(temporary.path, { force: true })
    throw error
  }
}

/** writeFileSafely for callers that cannot wait: small files (a URL, a recording) written as a process stops. */
export function writeFileSafelySync(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = createTemporarySync(file)
  try {
    try {
      fs.writeFileSync(temporary.fd, text)
    } finally {
      fs.closeSync(temporary.fd)
    }
    fs.renameSync(temporary.path, file)
  } catch (error) {
    fs.rmSync(temporary.path, { force: true })
    throw error
  }
}

/**
 * A new, empty file beside `file` (same folder, so a rename moves it into place), opened for
 * writing: `.NAME.RANDOM.tmp`, 0600, created exclusively. A name that exists already (left by a
 * crash, or planted) is never opened: another random name is drawn.
 */
export function createTemporarySync(file: string): { fd: number; path: string } {
  const temporary = withFreshName(file, (name) => fs.openSync(name, EXCLUSIVE, OWNER_ONLY))
  return { fd: temporary.opened, path: temporary.path }
}

/** A random name beside `file`; a clash with an existing entry is one in 2^64, so a few tries are plenty. */
function freshName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`)
}

const TRIES = 5

function withFreshName<T>(file: string, create: (name: string) => T): { opened: T; path: string } {
  for (let tries = 1; ; tries++) {
    const name = freshName(file)
    try {
      return { opened: create(name), path: name }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= TRIES) throw error
    }
  }
}

async function withFreshNameAsync<T>(file: string, create: (name: string) => Promise<T>): Promise<{ opened: T; path: string }> {
  for (let tries = 1; ; tries++) {
    const name = freshName(file)
    try {
      return { opened: await create(name), path: name }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= TRIES) throw error
    }
  }
}

/** Whether `name` is one of createTemporarySync's names for `file`: what a crash may leave behind. */
export function isTemporaryOf(file: string, name: string): boolean {
  const base = path.basename(file)
  return name.startsWith(`.${base}.`) && /^[0-9a-f]{16}\.tmp$/.test(name.slice(base.length + 2))
}

/** Creates `file` with this content only if nothing (not even a symlink) is there yet: a lock, a secret. EEXIST otherwise. */
export function createNewFileSync(file: string, content: string | Buffer): void {
  const fd = fs.openSync(file, EXCLUSIVE, OWNER_ONLY)
  try {
    fs.writeFileSync(fd, content)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Opens a file that holds keys or state for reading (`write`: for reading and appending), and
 * refuses it (UntrustedFileError) when it cannot be trusted; undefined when there is no file.
 * The checks are made on the opened descriptor, so the file cannot be swapped in between.
 * `what` names it for people: "state file", "--choices file".
 */
export function openTrustedSync(file: string, what: string, options: { write?: boolean; followSymlink?: boolean } = {}): number | undefined {
  const flags = (options.write ? O_RDWR | O_APPEND : O_RDONLY) | (options.followSymlink ? 0 : O_NOFOLLOW)
  let fd: number
  try {
    fd = fs.openSync(file, flags)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    // O_NOFOLLOW's answer to a symlink (FreeBSD and macOS say EMLINK).
    if (!options.followSymlink && (code === 'ELOOP' || code === 'EMLINK')) {
      throw new UntrustedFileError(`refusing the ${what} ${file}: it is a symbolic link, which whoever may write to its folder could point anywhere; give the path of the file itself`)
    }
    throw error
  }
  try {
    const problem = untrustedProblem(fs.fstatSync(fd))
    if (problem) throw new UntrustedFileError(`refusing the ${what} ${file}: ${problem}`)
    return fd
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
}

/** The whole text of a file read for keys or state, refused as openTrustedSync says; ENOENT when missing, as readFileSync. */
export function readTrustedFileSync(file: string, what: string): string {
  const fd = openTrustedSync(file, what, { followSymlink: true })
  if (fd === undefined) throw noSuchFile(file)
  try {
    return fs.readFileSync(fd, 'utf8')
  } finally {
    fs.closeSync(fd)
  }
}

/** The error readFileSync gives for a missing file, for callers that report its code (ENOENT) and message. */
export function noSuchFile(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT', errno: -2, syscall: 'open', path: file })
}

/** Why another user could change what a file or folder holds: undefined when only this user can. */
export function othersMayChange(stat: fs.Stats): { owner: number } | { mode: number } | undefined {
  // Windows has no owners or modes to check here; its profile folders are the user's own.
  if (process.getuid === undefined) return undefined
  if (stat.uid !== process.getuid()) return { owner: stat.uid }
  if ((stat.mode & 0o022) !== 0) return { mode: stat.mode & 0o777 }
  return undefined
}

/** A mode as `ls -l` people write it in chmod: 0666. */
export function octalMode(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0')
}

function untrustedProblem(stat: fs.Stats): string | undefined {
  const why = othersMayChange(stat)
  if (why === undefined) return undefined
  const said = `owned by uid ${stat.uid}${userName(stat.uid)}, mode ${octalMode(stat.mode)}`
  if ('owner' in why) return `${said}; another user could change it or read what is written to it: use a copy of your own (cp it, then chmod 600 the copy)`
  return `${said}; group or others may write to it, and so choose what it holds: run chmod go-w on it`
}

/** " (nobody)" for a uid /etc/passwd names; nothing when it cannot be told cheaply. */
function userName(uid: number): string {
  try {
    const line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[2] === String(uid))
    return line ? ` (${line.split(':')[0]})` : ''
  } catch {
    return ''
  }
}

/** The pieces joined into strings of about a megabyte: fewer writes than pieces, and never one string too long. */
export function* textBatches(text: Iterable<string>): Generator<string> {
  let batch = ''
  for (const piece of text) {
    batch += piece
    if (batch.length >= 1 << 20) {
      yield batch
      batch = ''
    }
  }
  if (batch !== '') yield batch
}
