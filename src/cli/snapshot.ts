import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { isUuid } from '../contracts/uuid.js'
import { InterruptedError, NetworkError } from '../contract/http-client.js'
import { REMOTE_MAX_RPS } from '../contract/throttle.js'
import { fixtureText } from '../scenarios/format-fixture.js'
import { DEFAULT_SEED } from '../scenarios/index.js'
import { SnapshotError, takeSnapshot, type SnapshotOptions, type SnapshotResult, type SnapshotSource } from '../snapshot/take-snapshot.js'
import { ChoicesFileError, readChoicesFile } from './choices-file.js'
import { integerFlag, parseFlags, reportUsageError, UsageError } from './args.js'
import { statusLine } from '../contract/reporters/status-line.js'
import { writeFileSafely } from '../persist/safe-file.js'

const HELP = `Usage: sitemock snapshot --base-url URL --api-key KEY (--workspace-id ID | --site-id ID) [--api-key KEY ...] --output FILE

Reads a deployment of the Site-Building Service REST API with GET requests only and writes what
it holds as a fixture document: sites, locales, every page (offline ones too) in its draft and
live version with its localizations, and routes. Serve it with: sitemock serve --scenario FILE
(docs/snapshot.md says what is read, what is stored and which fields get stand-ins).

Options (each also read from the environment variable shown):
  --base-url URL      the deployment, e.g. https://staging.example.com    SITEMOCK_BASE_URL
  --api-key KEY       an App API key (sk_...) with --workspace-id, or     SITEMOCK_API_KEY
                      the Site API key of the site with --site-id
  --workspace-id ID   read every site of this workspace                   SITEMOCK_WORKSPACE_ID
  --site-id ID        read this one site                                  SITEMOCK_SITE_ID
                      Several keys in one run: repeat --api-key, each followed by the
                      --workspace-id or --site-id it reads; every workspace and site they
                      reach goes into the one fixture, each workspace with its own App key
  --output FILE       where to write the fixture; missing folders are made
  --choices FILE      the deployment's free choices (sitemock contract --write-choices), which
                      the copy will be served with: records are written in the order that
                      makes serve --choices FILE list them as the deployment does
  --keep-site-keys    write the sites' real Site API keys instead of generated ones
                      (the App key written is always a generated one)
  --seed S            seed of the generated keys and made-up ids (default: ${DEFAULT_SEED})
  --max-rps N         requests per second at most; 0: no limit             SITEMOCK_MAX_RPS
                      (default ${REMOTE_MAX_RPS}, and no limit for localhost, 127.0.0.0/8, ::1)
  -h, --help          show this help

It keeps to the deployment's rate limit: when x-ratelimit-remaining reaches 0 it waits for
x-ratelimit-reset, and on a 429 it waits as x-ratelimit-reset or Retry-After asks, saying so.
A 5xx or a dropped connection is tried twice more. On a terminal, a progress line shows on
stderr. At the end it prints the counts written and the keys to use with the served fixture.

Nothing is written unless the whole snapshot succeeds: the file appears at once, complete.

Exit codes: 0 written; 1 the deployment could not be read, or the --choices file (nothing written);
2 bad usage; 130 interrupted with Ctrl-C, 143 terminated with SIGTERM (nothing written).
`

const FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  'workspace-id': { type: 'string', multiple: true },
  'site-id': { type: 'string', multiple: true },
  output: { type: 'string' },
  choices: { type: 'string' },
  'keep-site-keys': { type: 'boolean' },
  seed: { type: 'string' },
  'max-rps': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

const envOf = (flag: string): string | undefined => process.env[`SITEMOCK_${flag.toUpperCase().replace(/-/g, '_')}`] || undefined

function parseOptions(args: string[]): (SnapshotOptions & { output: string }) | 'help' {
  const flags = parseFlags(args, FLAGS)
  if (flags.help) return 'help'
  const value = (flag: 'base-url' | 'max-rps'): string | undefined => flags[flag] ?? envOf(flag)
  const baseUrl = value('base-url')
  if (baseUrl === undefined) throw new UsageError('--base-url (or SITEMOCK_BASE_URL) is required: the address of the deployment to read')
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new UsageError(`--base-url must be an http:// or https:// URL; got "${baseUrl}"`)
  const [first, ...more] = sourcesOfFlags(args, flags).map(checkedSource)
  if (flags.output === undefined) throw new UsageError('--output FILE is required: where to write the fixture')
  // Found now, not after a long walk whose result would then have nowhere to go.
  if (isFolder(flags.output)) throw new UsageError(`--output must be a file, not a folder; got "${flags.output}"`)
  const maxRps = integerFlag('max-rps', value('max-rps'), 0, 100_000)
  return {
    baseUrl,
    ...first!,
    ...(more.length === 0 ? {} : { moreSources: more }),
    keepSiteKeys: flags['keep-site-keys'] ?? false,
    ...(flags.choices === undefined ? {} : { choices: readChoicesFile('--choices', flags.choices).choices }),
    seed: integerFlag('seed', flags.seed, 0, 4_294_967_295) ?? DEFAULT_SEED,
    ...(maxRps === undefined ? {} : { maxRps }),
    output: flags.output,
  }
}

type SourceFlags = { 'api-key'?: string[]; 'workspace-id'?: string[]; 'site-id'?: string[] }
type SourceDraft = { apiKey?: string; workspaceId?: string; siteId?: string }

/**
 * The keys and what each reads. One --api-key (or SITEMOCK_API_KEY) goes with the --workspace-id
 * and --site-id given, wherever they stand; with several, each --workspace-id or --site-id
 * belongs to the --api-key before it.
 */
function sourcesOfFlags(args: string[], flags: SourceFlags): SourceDraft[] {
  const keys = flags['api-key'] ?? []
  if (keys.length <= 1) {
    const one = (flag: 'workspace-id' | 'site-id'): string | undefined => {
      const given = flags[flag] ?? []
      if (given.length > 1) throw new UsageError(`--${flag} is given ${given.length} times with one --api-key; give each --${flag} after the --api-key that reads it`)
      return given[0] ?? envOf(flag)
    }
    const apiKey = keys[0] ?? envOf('api-key')
    const workspaceId = one('workspace-id')
    const siteId = one('site-id')
    return [{ ...(apiKey === undefined ? {} : { apiKey }), ...(workspaceId === undefined ? {} : { workspaceId }), ...(siteId === undefined ? {} : { siteId }) }]
  }
  const sources: SourceDraft[] = []
  const { tokens } = parseArgs({ args, options: FLAGS, strict: false, allowPositionals: true, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option' || token.value === undefined) continue
    if (token.name === 'api-key') sources.push({ apiKey: token.value })
    else if (token.name === 'workspace-id' || token.name === 'site-id') {
      const current = sources.at(-1)
      if (current === undefined) throw new UsageError(`--${token.name} ${token.value} comes before any --api-key; with several keys, give each --${token.name} after the --api-key that reads it`)
      const field = token.name === 'workspace-id' ? 'workspaceId' : 'siteId'
      if (current[field] !== undefined) throw new UsageError(`--api-key ${sources.length} has two --${token.name} (${current[field]}, ${token.value}); give each one its own --api-key`)
      current[field] = token.value
    }
  }
  return sources
}

/** A source whose key and target make a read; the usage line names the key by its place when there are several. */
function checkedSource(draft: SourceDraft, index: number, all: SourceDraft[]): SnapshotSource {
  const which = all.length === 1 ? '' : ` (--api-key ${index + 1} of ${all.length})`
  const { apiKey, workspaceId, siteId } = draft
  if (apiKey === undefined) throw new UsageError('--api-key (or SITEMOCK_API_KEY) is required: an App API key with --workspace-id, or a Site API key with --site-id')
  for (const [flag, id] of [['workspace-id', workspaceId], ['site-id', siteId]] as const) {
    if (id !== undefined && !isUuid(id)) throw new UsageError(`--${flag} must be a UUID; got "${id}"${which}`)
  }
  if (workspaceId === undefined && siteId === undefined) throw new UsageError(`--workspace-id (with an App key) or --site-id (with its Site key) is required: what to read${which}`)
  if (siteId === undefined && !apiKey.startsWith('sk_')) throw new UsageError(`--workspace-id needs an App API key (sk_...) in --api-key; with a Site API key, pass --site-id${which}`)
  return { apiKey, ...(workspaceId === undefined ? {} : { workspaceId }), ...(siteId === undefined ? {} : { siteId }) }
}

/** Whether the path is an existing folder; a path that cannot be looked at is left for the write to report. */
function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory()
  } catch {
    return false
  }
}

export async function runSnapshot(args: string[]): Promise<number> {
  let options: ReturnType<typeof parseOptions>
  try {
    options = parseOptions(args)
  } catch (error) {
    // A choices file that cannot be used is a file problem, as serve reports it: one line, exit 1.
    if (error instanceof ChoicesFileError) {
      process.stderr.write(`sitemock snapshot: ${error.message}; nothing written\n`)
      return 1
    }
    if (!(error instanceof UsageError)) throw error
    return reportUsageError('snapshot', error)
  }
  if (options === 'help') {
    process.stdout.write(HELP)
    return 0
  }
  const interrupt = new AbortController()
  let interruptedWith = 130
  const onSignal = (signal: NodeJS.Signals): void => {
    // A second Ctrl-C stops at once, even during a long wait for the rate limit.
    if (interrupt.signal.aborted) process.exit(interruptedWith)
    interruptedWith = signal === 'SIGTERM' ? 143 : 130
    interrupt.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const status = statusLine(process.stderr)
  const started = performance.now()
  try {
    const result = await takeSnapshot({
      ...options,
      signal: interrupt.signal,
      onProgress: ({ done, what }) => status.show(`sitemock snapshot: ${done} request${done === 1 ? '' : 's'}, ${what}`),
      onNotice: (message) => status.notice(`sitemock snapshot: ${message}`),
    })
    status.finish()
    await writeFileSafely(options.output, fixtureText(result.fixture))
    process.stdout.write(summary(options.output, result, performance.now() - started))
    return 0
  } catch (error) {
    status.finish()
    if (error instanceof InterruptedError || interrupt.signal.aborted) {
      process.stderr.write(`sitemock snapshot: ${interruptedWith === 143 ? 'terminated' : 'interrupted'}; nothing written\n`)
      return interruptedWith
    }
    process.stderr.write(`sitemock snapshot: ${failureOf(error, options.output)}; nothing written\n`)
    return 1
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

/** A failure in one line: what the deployment answered, or why the file could not be written. */
function failureOf(error: unknown, output: string): string {
  if (error instanceof SnapshotError || error instanceof NetworkError) return error.message
  const code = (error as NodeJS.ErrnoException).code
  if (typeof code === 'string') return `cannot write ${output}: ${(error as Error).message}`
  throw error
}

function summary(output: string, { counts, keys }: SnapshotResult, ms: number): string {
  const lines = [
    `sitemock snapshot: wrote ${output} in ${(ms / 1000).toFixed(1)} s`,
    `  ${counts.sites} site(s), ${counts.locales} locale(s), ${counts.pages} page(s) (${counts.liveVersions} with a live version), ${counts.localizations} localization(s), ${counts.routes} route(s)`,
    ...Object.entries(keys.appKeys).map(([workspaceId, key]) => `  App API key:  ${key}  (workspace ${workspaceId})`),
    ...Object.entries(keys.siteKeys).map(([siteId, key]) => `  Site API key: ${key}  (site ${siteId})`),
    `Serve it with: sitemock serve --scenario ${output}`,
  ]
  return `${lines.join('\n')}\n`
}
