import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuildFresh } from './fresh-build.js'

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The node arguments that start sitemock's command line, before its own: the built bin when
 * dist/ is what the sources build to now (as in `npm test`, which builds first), else the
 * sources through tsx, so that a test never runs a stale build. The bin starts in a fraction of
 * the time tsx takes to compile the sources, twice for `serve`, which starts node again.
 */
export function sitemockArgs(): string[] {
  return isBuildFresh() ? [path.join(REPO, 'bin/sitemock.js')] : ['--import', 'tsx', path.join(REPO, 'src/cli/main.ts')]
}
