import fs from 'node:fs'
import path from 'node:path'

/** Whether a user who is neither the owner nor in the group may reach and run `file`. */
function othersMayRun(file: string): boolean {
  if ((fs.statSync(file).mode & 0o001) === 0) return false
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    if ((fs.statSync(folder).mode & 0o001) === 0) return false
    if (folder === path.dirname(folder)) return true
  }
}

/**
 * A node binary another user (the tests' `nobody`) can run. The Node 24 pass runs on a build
 * installed under the home folder, which is often closed to others (`/root` is 0700): a child
 * spawned as another user with it fails with EACCES before any of sitemock runs. Those children
 * test file modes and owners, not a Node version, so any node on PATH that others may run does.
 */
export function nodeForOthers(): string {
  const candidates = [process.execPath, ...(process.env.PATH ?? '').split(path.delimiter).map((folder) => path.join(folder, 'node'))]
  return candidates.find((file) => fs.existsSync(file) && othersMayRun(fs.realpathSync(file))) ?? process.execPath
}
