import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { keysOf, startLocalMock, type Target } from '../contract/local-target.js'
import { identify, preflight, TargetError } from '../contract/preflight.js'
import { exitCodeOf, render, REPORTERS, type ReporterName } from '../contract/reporters/index.js'
import { verdict } from '../contract/reporters/format.js'
import { progressReporter } from '../contract/reporters/progress.js'
import { runContract } from '../contract/runner.js'
import { cleanupTagged, type FoundLiveMark } from '../contract/cleanup.js'
import { DEFAULT_LIVE_MARK, type LiveMarkTiming } from '../contract/live-mark.js'
import { ContractClient } from '../contract/http-client.js'
import { TAG_FORMAT, tagOf } from '../contract/tag.js'
import { agreedSkipsOf, unknownSkips, unknownSkipsMessage, type AgreedSkip } from '../contract/skips.js'
import { DEFAULT_STATEFUL_RUNS } from '../contract/stateful/group.js'
import { Throttle } from '../contract/throttle.js'
import { CreatedResources } from '../contract/tracker.js'
import { settledReport } from '../contract/server-errors.js'
import { defaultMaxRps, REMOTE_MAX_RPS } from '../contract/throttle.js'
import { GROUPS, PROFILES, profileNamed, type ContractOptions, type Group, type Profile, type StatefulBudget } from '../contract/types.js'
import { isUuid } from '../contracts/uuid.js'
import { readTrustedFileSync, UntrustedFileError, writeFileSafely } from '../persist/safe-file.js'
import { integerFlag, oneOf, parseFlags, reportUsageError, UsageError } from './args.js'
import { createFolderFor } from './output-folder.js'
import { ChoicesFileError, readChoicesFile } from './choices-file.js'
import { probeChoices } from '../contract/choices-probe.js'
import { printCalibration } from '../contract/calibration.js'
import { choice, type ChoiceId, type Choices, type ChoicesByList, type ChoicesFile } from '../freedom/catalogue.js'

const HELP = `Usage: sitemock contract [options]

Runs the contract suite against a deployment of the Site-Building Service REST API and reports
where it breaks the specification or the published OpenAPI (contracts/published-openapi.json),
each rule with its source (docs/contract-rules.md). Without --base-url it starts the mock on an
ephemeral port and runs against it with the mock's own credentials.

Options (each also read from the environment variable shown):
  --base-url URL        target, e.g. https://staging.example.com      SITEMOCK_BASE_URL
  --api-key KEY         App API key (sk_...) of the workspace           SITEMOCK_API_KEY
                        (default for a sitemock target: its GET /__mock/credentials)
  --workspace-id ID     workspace the suite creates its own sites in;   SITEMOCK_WORKSPACE_ID
                        without it, checks that write are skipped
  --site-api-key KEY    a Site API key of a site in that workspace      SITEMOCK_SITE_API_KEY
                        (default: the key of a site the suite creates)
  --other-api-key KEY   a key of another workspace or another site,     SITEMOCK_OTHER_API_KEY
                        for the cross-tenant 403 checks
  --read-only           send only GET requests; create nothing          SITEMOCK_READ_ONLY=1
  --only GROUP[,GROUP]  run only these groups: ${GROUPS.join(', ')}
                                                                        SITEMOCK_ONLY
  --profile NAME        documents (default; spec is its old name):    SITEMOCK_PROFILE
                        what the specification or the published
                        OpenAPI states fails, sitemock's own choices
                        (limits, which error wins, ties...) are listed
                        as differences; published: what the published
                        OpenAPI states; sitemock: the documents and
                        sitemock's own choices, which then fail
  --reporter NAME       pretty (default), junit or json                 SITEMOCK_REPORTER
  --output FILE         write the report to FILE instead of stdout      SITEMOCK_OUTPUT
  --concurrency N       checks and requests in flight (default 1)       SITEMOCK_CONCURRENCY
  --max-rps N           requests per second at most; 0: no limit        SITEMOCK_MAX_RPS
                        (default ${REMOTE_MAX_RPS}, and no limit for a target on this
                        machine: localhost, 127.0.0.0/8, ::1)
  --stateful-runs N     random sequences the stateful group runs at     SITEMOCK_STATEFUL_RUNS
                        most (default 1000; 1 with --seed N)
  --stateful-time S     seconds the stateful group runs at most         SITEMOCK_STATEFUL_TIME
                        (default 60)
  --seed N|random       the stateful group's first seed: the seed a     SITEMOCK_SEED
                        divergence is reported with replays it. Default 1:
                        every run sends the same sequences (a CI gate);
                        random draws one, said on stderr (an exploration)
  --skip ID[,ID]        turn off checks agreed with the vendor: a check id, SITEMOCK_SKIP
                        a rule id (docs/contract-rules.md), a group, or a
                        prefix ending in *; each is reported skipped, with
                        its reason, in every report
  --skip-file FILE      the same, one id a line, its reason after #     SITEMOCK_SKIP_FILE
  --write-choices FILE  first probe the free choices the target makes where the documents
                        leave them open (limits, which error wins, sort order, first
                        values...), write them to FILE, and run holding the target to them;
                        needs --workspace-id (the probes create one site of the run)
  --no-learn-choices    do not learn the target's free choices first; by default a writing
                        run under the documents' profiles learns them with the probes of
                        --write-choices (paced by --max-rps, tagged, deleted) and holds
                        the target to them (--learn-choices, the default, is still accepted)
  --choices FILE        the target's free choices, as --write-choices wrote them: the
                        oracle follows them (with --profile sitemock, what was learned is
                        no difference); see docs/choices.md
  --replay FILE         send again, exactly, the sequences of the stateful
                        divergences of a report saved with --reporter json
                        (for a divergence its seed cannot bring back)
  --cleanup TAG         run no check: delete what the run tagged TAG left in
                        the workspace (a run killed before its cleanup, e.g.
                        by kill -9 or a CI timeout); needs --workspace-id.
                        Refused while that run's live mark is fresh
  --run-is-dead         with --cleanup: the run is dead, whatever its live
                        mark says; delete what it left now
  -h, --help            show this help

Safety: everything the suite creates carries the run tag contract-<8 hex digits> (in a site's
name, or its hostOrigin while a probe sends a name that cannot carry it; in a pathname) and is
deleted at the end, also after a failure, Ctrl-C, SIGTERM, SIGHUP or a closed output pipe. The
tag is the first thing said on stderr, before any write; after a kill -9,
  sitemock contract --cleanup contract-<8 hex digits> --base-url ... --api-key ... --workspace-id ...
deletes what that run left, and only what has one of the forms the suite writes its tag in: the
sites named "<tag> ..." (or with the hostOrigin https://<tag>.example.com), with everything in
them, and in other sites the pages and routes whose pathname starts /<tag>/ (or /<tag>-);
nothing that merely mentions the tag, nothing of another run. While a run goes on it keeps a
live mark on the target (a site "<tag> run live", refreshed every 30 s, live for 2
minutes): --cleanup of its tag then deletes nothing and exits with 2, unless --run-is-dead.
The suite never updates or deletes anything it did not create. On a 429 it waits for
x-ratelimit-reset (or Retry-After) and says so.

Before the first check, one line on stderr says roughly how long the run takes.

Exit codes: 0 every check holds; 1 a check failed (or something could not be deleted);
2 bad usage, an unreachable target, a target that is not this API, or no check could run;
130 interrupted with Ctrl-C, 143 terminated with SIGTERM, 129 hung up with SIGHUP, 141 the
report's output (stdout) closed early (each after cleaning up). With --cleanup: 0 nothing of the
run is left, 1 something could not be deleted, 2 bad usage, an unreachable target, or the run is
live (nothing deleted).
`

const FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'workspace-id': { type: 'string' },
  'site-api-key': { type: 'string' },
  'other-api-key': { type: 'string' },
  'read-only': { type: 'boolean' },
  'learn-choices': { type: 'boolean' },
  'no-learn-choices': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  profile: { type: 'string' },
  reporter: { type: 'string' },
  output: { type: 'string' },
  concurrency: { type: 'string' },
  'max-rps': { type: 'string' },
  'stateful-runs': { type: 'string' },
  'stateful-time': { type: 'string' },
  seed: { type: 'string' },
  replay: { type: 'string' },
  'write-choices': { type: 'string' },
  choices: { type: 'string' },
  cleanup: { type: 'string' },
  'run-is-dead': { type: 'boolean' },
  skip: { type: 'string', multiple: true },
  'skip-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

const envOf = (flag: string): string | undefined => process.env[`SITEMOCK_${flag.toUpperCase().replace(/-/g, '_')}`] || undefined

function booleanEnv(flag: string): boolean {
  const value = envOf(flag)?.toLowerCase()
  if (value === undefined || ['0', 'false', 'no'].includes(value)) return false
  if (['1', 'true', 'yes'].includes(value)) return true
  throw new UsageError(`SITEMOCK_${flag.toUpperCase().replace(/-/g, '_')} must be 1/true/yes or 0/false/no; got "${value}"`)
}

interface Config {
  baseUrl?: string
  keys: Pick<Target, 'apiKey' | 'workspaceId' | 'siteApiKey' | 'otherApiKey'>
  readOnly: boolean
  only?: Group[]
  profile: Profile
  reporter: ReporterName
  output?: string
  concurrency: number
  maxRps?: number
  stateful: StatefulBudget
  /** --no-learn-choices: no probing of the target's free choices before the checks. */
  learnChoices?: false
  /** --write-choices FILE: probe the target's free choices first and write them there. */
  writeChoices?: string
  /** --choices FILE: the target's free choices, which the oracle follows, and the lists that answer cursors in their own way. */
  choices?: Choices
  listChoices?: ChoicesByList
  /** --cleanup TAG: delete what that run left, and run no check. */
  cleanup?: string
  /** --run-is-dead: --cleanup goes ahead whatever the run's live mark says. */
  runIsDead: boolean
  liveMark: LiveMarkTiming
  /** --skip and --skip-file: checks and rules turned off by agreement, with their reasons. */
  skip: AgreedSkip[]
}

function parseConfig(args: string[]): Config | 'help' {
  const flags = parseFlags(args, FLAGS)
  if (flags.help) return 'help'
  const value = (flag: keyof typeof FLAGS): string | undefined => (flags[flag] as string | undefined) ?? envOf(flag)
  const onlyText = flags.only?.join(',') ?? envOf('only')
  const baseUrl = value('base-url')
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new UsageError(`--base-url must be an http:// or https:// URL; got "${baseUrl}"`)
  const apiKey = value('api-key')
  if (apiKey !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(apiKey)) throw new UsageError('--api-key must be an App API key (sk_...); pass a Site API key as --site-api-key')
  const workspaceId = value('workspace-id')
  if (workspaceId !== undefined && !isUuid(workspaceId)) throw new UsageError(`--workspace-id must be a UUID; got "${workspaceId}"`)
  const cleanup = flags.cleanup
  if (cleanup !== undefined && !TAG_FORMAT.test(cleanup)) throw new UsageError(`--cleanup must be a run tag, contract- and 8 hex digits as the run printed it (e.g. contract-0a1b2c3d); got "${cleanup}"`)
  if (cleanup !== undefined && workspaceId === undefined) throw new UsageError('--cleanup needs --workspace-id (or SITEMOCK_WORKSPACE_ID): the workspace the run created its sites in')
  if (flags['run-is-dead'] && cleanup === undefined) throw new UsageError('--run-is-dead goes with --cleanup TAG: it says that the run of that tag is dead, so that its cleanup need not wait for its live mark to run out')
  return {
    cleanup,
    runIsDead: flags['run-is-dead'] ?? false,
    liveMark: liveMarkTiming(),
    baseUrl,
    keys: { apiKey, workspaceId, siteApiKey: value('site-api-key'), otherApiKey: value('other-api-key') },
    readOnly: flags['read-only'] ?? booleanEnv('read-only'),
    // A replay is of the stateful group's sequences: the other groups run only when asked for.
    only: onlyText === undefined ? (flags.replay === undefined ? undefined : ['stateful']) : onlyText.split(',').map((group) => oneOf('only', group.trim(), GROUPS)),
    profile: profileFlag(value('profile')),
    reporter: oneOf('reporter', value('reporter') ?? 'pretty', REPORTERS),
    output: value('output'),
    concurrency: integerFlag('concurrency', value('concurrency'), 1, 64) ?? 1,
    maxRps: integerFlag('max-rps', value('max-rps'), 0, 100_000),
    stateful: { ...statefulBudget(value), ...(flags.replay === undefined ? {} : { replay: recordedSequences(flags.replay) }) },
    skip: agreedSkips(flags.skip?.join(',') ?? envOf('skip'), value('skip-file')),
    ...choicesFlags(flags['write-choices'], flags.choices, flags['read-only'] ?? booleanEnv('read-only')),
    ...(flags['no-learn-choices'] ? { learnChoices: false } : {}),
  }
}

/**
 * SITEMOCK_LIVE_MARK_REFRESH_MS and SITEMOCK_LIVE_MARK_VALID_MS: how often a run refreshes its
 * live mark and how long the mark lasts. For tests of --cleanup, which cannot wait minutes.
 */
function liveMarkTiming(): LiveMarkTiming {
  const read = (name: string, fallback: number): number => {
    const text = process.env[name]
    if (!text) return fallback
    const value = Number(text)
    if (!Number.isInteger(value) || value < 100 || value > 86_400_000) throw new UsageError(`${name} must be an integer of milliseconds from 100 to 86400000; got "${text}"`)
    return value
  }
  const refreshMs = read('SITEMOCK_LIVE_MARK_REFRESH_MS', DEFAULT_LIVE_MARK.refreshMs)
  const validMs = read('SITEMOCK_LIVE_MARK_VALID_MS', DEFAULT_LIVE_MARK.validMs)
  if (validMs <= refreshMs) throw new UsageError(`SITEMOCK_LIVE_MARK_VALID_MS (${validMs}) must be longer than SITEMOCK_LIVE_MARK_REFRESH_MS (${refreshMs}): a live run's mark must outlast the wait for its next refresh`)
  return { refreshMs, validMs }
}

function choicesFlags(write: string | undefined, read: string | undefined, readOnly: boolean): Pick<Config, 'writeChoices' | 'choices' | 'listChoices'> {
  if (write !== undefined && read !== undefined) throw new UsageError('--write-choices and --choices cannot be used together: the run follows the choices it records')
  if (write !== undefined && readOnly) throw new UsageError('--write-choices needs to create a site to probe; it cannot be used with --read-only')
  if (write !== undefined) createFolderFor('--write-choices', write)
  if (read === undefined) return { writeChoices: write }
  try {
    const { choices, lists } = readChoicesFile('--choices', read)
    return { choices, ...(lists === undefined ? {} : { listChoices: lists }) }
  } catch (error) {
    if (error instanceof ChoicesFileError) throw new UsageError(error.message, false)
    throw error
  }
}

/** --profile: a profile or an earlier name of one, which is said on stderr once (spec is now documents). */
function profileFlag(name: string | undefined): Profile {
  if (name === undefined) return 'documents'
  const profile = profileNamed(name)
  if (profile === undefined) return oneOf('profile', name, PROFILES)
  if (profile !== name) process.stderr.write(`sitemock contract: --profile ${name} is now called ${profile}; running --profile ${profile}\n`)
  return profile
}

/** The recorded sequences of a JSON report's stateful divergences (--replay FILE). */
function recordedSequences(file: string): unknown[][] {
  let report: unknown
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new UsageError(`--replay ${file}: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message}; expected a report written with --reporter json`, false)
  }
  const checks = (report as { checks?: Array<{ id?: unknown; failures?: Array<{ sequence?: { calls?: unknown } }> }> }).checks
  const sequences = (Array.isArray(checks) ? checks : []).flatMap((check) => (check.id === 'stateful.model' && Array.isArray(check.failures) ? check.failures : [])).flatMap((failure) => (Array.isArray(failure.sequence?.calls) ? [failure.sequence.calls as unknown[]] : []))
  if (sequences.length === 0) throw new UsageError(`--replay ${file}: the report holds no stateful divergence to replay; expected a report written with --reporter json whose stateful group found one`, false)
  return sequences
}

function statefulBudget(value: (flag: keyof typeof FLAGS) => string | undefined): StatefulBudget {
  const time = integerFlag('stateful-time', value('stateful-time'), 1, 86_400)
  const runs = integerFlag('stateful-runs', value('stateful-runs'), 1, 1_000_000)
  // An exploration: a seed drawn here, run as many sequences as without --seed (the group says it).
  if (value('seed') === 'random') return { runs: runs ?? DEFAULT_STATEFUL_RUNS, timeMs: (time ?? 60) * 1000, seed: randomBytes(4).readUInt32BE(0) }
  return { runs, timeMs: time === undefined ? undefined : time * 1000, seed: integerFlag('seed', value('seed'), 0, 4_294_967_295) }
}

/** --skip and --skip-file together; an id that names no check, rule or group is bad usage, not a skip of nothing. */
function agreedSkips(list: string | undefined, file: string | undefined): AgreedSkip[] {
  let text: string | undefined
  if (file !== undefined) {
    try {
      text = readTrustedFileSync(file, '--skip-file')
    } catch (error) {
      // Exit 2 as any --skip-file that cannot be used: another user's skips would hide failures.
      if (error instanceof UntrustedFileError) throw new UsageError(error.message, false)
      throw new UsageError(`--skip-file ${file}: ${(error as Error).message}`, false)
    }
  }
  const skips = agreedSkipsOf(list, file === undefined || text === undefined ? undefined : { text, source: file })
  const unknown = unknownSkips(skips)
  if (unknown.length > 0) throw new UsageError(unknownSkipsMessage(unknown))
  return skips
}

/** The target and its keys: the given URL, or the mock started here; flags win over discovered keys. */
async function resolveTarget(config: Config): Promise<Target & { apiKey: string }> {
  const target: Target = config.baseUrl === undefined ? await startLocalMock(config.choices, config.listChoices) : { baseUrl: config.baseUrl, close: async () => {} }
  const discovered = config.baseUrl !== undefined && config.keys.apiKey === undefined ? await keysOf(config.baseUrl) : undefined
  const keys = { ...target, ...discovered, ...Object.fromEntries(Object.entries(config.keys).filter(([, v]) => v !== undefined)) }
  if (keys.apiKey === undefined) {
    // A wrong --base-url is said as such, rather than as a missing key.
    await identify(target.baseUrl).finally(() => target.close())
    throw new UsageError('--api-key (or SITEMOCK_API_KEY) is required: the App API key of the workspace to test')
  }
  return { ...keys, apiKey: keys.apiKey, close: target.close }
}

/** What a run does when stdout, where its report goes, closes: stop and clean up (undefined between runs). */
let onOutputClosed: (() => void) | undefined

/**
 * A closed pipe (sitemock contract ... 2>&1 >out | head -1) must not kill the run before its
 * cleanup, as an unhandled EPIPE would: without stderr the run goes on silently; without stdout,
 * where the report goes, it stops and cleans up. Kept for the process's life, since an EPIPE
 * can be reported after the run.
 */
function survivePipes(): void {
  if (process.stderr.listenerCount('error') === 0) process.stderr.on('error', () => undefined)
  if (process.stdout.listenerCount('error') === 0) process.stdout.on('error', () => onOutputClosed?.())
}

export async function runContractCommand(args: string[]): Promise<number> {
  survivePipes()
  let config: Config | 'help'
  let target: (Target & { apiKey: string }) | undefined
  let roundTripMs: number
  try {
    config = parseConfig(args)
    if (config === 'help') {
      process.stdout.write(HELP)
      return 0
    }
    if (config.output !== undefined) createFolderFor('--output', config.output)
    target = await resolveTarget(config)
    if (config.baseUrl === undefined) process.stderr.write(`sitemock contract: no --base-url: running against the mock started at ${target.baseUrl}\n`)
    if (config.writeChoices !== undefined && target.workspaceId === undefined) throw new UsageError('--write-choices needs --workspace-id: the probes create a site of the run there')
    roundTripMs = (await preflight(target.baseUrl, target.apiKey, target.workspaceId)).roundTripMs
  } catch (error) {
    await target?.close()
    if (error instanceof UsageError) reportUsageError('contract', error)
    else if (error instanceof TargetError) process.stderr.write(`sitemock contract: ${error.message}\n`)
    else throw error
    return 2
  }
  if (config.cleanup !== undefined) {
    try {
      return await cleanupCommand(config.cleanup, target, config.maxRps ?? defaultMaxRps(target.baseUrl), config.runIsDead)
    } finally {
      await target.close()
    }
  }
  const runId = randomBytes(4).toString('hex')
  const tag = tagOf(runId)
  const interrupt = new AbortController()
  const write = (stream: NodeJS.WriteStream, text: string): void => {
    if (!stream.destroyed) stream.write(text)
  }
  // Said before any write, so that whoever must clean up after a kill -9 knows what to delete.
  if (!config.readOnly && target.workspaceId !== undefined) {
    write(process.stderr, `sitemock contract: run tag ${tag}: everything this run creates carries it; if the run is killed before its cleanup, delete what it left with: sitemock contract --cleanup ${tag} (same --base-url, --api-key, --workspace-id)\n`)
  }
  // Ctrl-C (130), SIGTERM, which CI sends on cancel (143), and SIGHUP (129) all clean up before exiting.
  let interruptedWith = 130
  const stop = (code: number, why: string): void => {
    if (interrupt.signal.aborted) {
      write(process.stderr, `\nsitemock contract: stopped at once; resources tagged ${tag} may be left behind: sitemock contract --cleanup ${tag} deletes them\n`)
      process.exit(interruptedWith)
    }
    interruptedWith = code
    write(process.stderr, `\nsitemock contract: ${why}; finishing the requests in flight, then deleting what this run created (Ctrl-C again to stop at once)\n`)
    interrupt.abort()
  }
  const onSignal = (signal: NodeJS.Signals): void => stop(SIGNAL_EXIT[signal] ?? 130, signal === 'SIGINT' ? 'interrupted' : signal === 'SIGTERM' ? 'terminated' : 'hung up')
  onOutputClosed = (): void => {
    if (!interrupt.signal.aborted && config.output === undefined) stop(141, 'the report output closed')
  }
  // A bug that escapes every check still leaves the workspace clean.
  const onUncaught = (error: unknown): void => {
    write(process.stderr, `\nsitemock contract: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    if (!interrupt.signal.aborted) stop(1, 'stopping after an unexpected error')
  }
  const handlers: Array<[NodeJS.EventEmitter, string, Parameters<NodeJS.EventEmitter['on']>[1]]> = [
    [process, 'SIGINT', onSignal],
    [process, 'SIGTERM', onSignal],
    [process, 'SIGHUP', onSignal],
    [process, 'uncaughtException', onUncaught],
    [process, 'unhandledRejection', onUncaught],
  ]
  for (const [emitter, event, handler] of handlers) emitter.on(event, handler)
  const progress = progressReporter(process.stderr, { roundTripMs })
  const options: ContractOptions = {
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    workspaceId: target.workspaceId,
    siteApiKey: target.siteApiKey,
    otherApiKey: target.otherApiKey,
    readOnly: config.readOnly,
    only: config.only,
    profile: config.profile,
    concurrency: config.concurrency,
    maxRps: config.maxRps ?? defaultMaxRps(target.baseUrl),
    signal: interrupt.signal,
    runId,
    stateful: config.stateful,
    skip: config.skip,
    choices: config.choices,
    listChoices: config.listChoices,
    liveMark: config.liveMark,
    ...(config.learnChoices === false ? { learnChoices: false } : {}),
  }
  try {
    if (config.writeChoices !== undefined) {
      const recorded = await recordChoices(config.writeChoices, options)
      if (recorded === undefined) return 2
      await printCalibration({ file: config.writeChoices, choices: recorded.choices, listChoices: recorded.lists, baseUrl: options.baseUrl, apiKey: options.apiKey, workspaceId: options.workspaceId!, siteApiKey: options.siteApiKey, tag, maxRps: options.maxRps, signal: options.signal }, (line) => process.stderr.write(line))
      // The run that follows holds the target to what was just recorded.
      options.choices = recorded.choices
    }
    // A 5xx is a server error breaking both documents in the report, the verdict and the exit code alike.
    const report = settledReport(await runContract(options, progress))
    progress.finish()
    const text = render(report, config.reporter)
    if (config.output) await writeFileSafely(config.output, text)
    else write(process.stdout, text)
    if (config.output || config.reporter !== 'pretty') write(process.stderr, `${verdict(report)}${config.output ? ` (report: ${config.output})` : ''}\n`)
    return report.interrupted ? interruptedWith : exitCodeOf(report)
  } finally {
    for (const [emitter, event, handler] of handlers) emitter.off(event, handler)
    onOutputClosed = undefined
    await target.close()
  }
}

/**
 * --write-choices: the probes of the target's free choices, written as a choices file; one line
 * on stderr says how many were recorded, which differ from sitemock's, and which could not be.
 */
async function recordChoices(file: string, options: ContractOptions): Promise<ChoicesFile | undefined> {
  let recorded: ChoicesFile
  try {
    recorded = await probeChoices({ baseUrl: options.baseUrl, apiKey: options.apiKey, workspaceId: options.workspaceId!, tag: `contract-${options.runId!}`, signal: options.signal, maxRps: options.maxRps, requestTimeoutMs: options.requestTimeoutMs, routes: options.profile !== 'published', ...(options.siteApiKey === undefined ? {} : { siteApiKey: options.siteApiKey }) })
  } catch (error) {
    process.stderr.write(`sitemock contract: --write-choices: the probes stopped: ${(error as Error).message}\n`)
    return undefined
  }
  await writeFileSafely(file, `${JSON.stringify(recorded, null, 2)}\n`)
  const ids = Object.keys(recorded.choices) as ChoiceId[]
  const differ = ids.filter((id) => recorded.choices[id] !== choice(id).sitemock)
  const unrecorded = Object.keys(recorded.unrecorded ?? {})
  process.stderr.write(
    `sitemock contract: recorded ${ids.length} free choices of ${options.baseUrl} in ${file}` +
      `; ${differ.length ? `not sitemock's: ${differ.map((id) => `${id}=${JSON.stringify(recorded.choices[id])}`).join(', ')}` : "all sitemock's"}` +
      `${Object.keys(recorded.lists ?? {}).length ? `; lists that answer cursors in their own way: ${Object.entries(recorded.lists ?? {}).map(([list, own]) => `${list} (${Object.entries(own).map(([id, value]) => `${id}=${JSON.stringify(value)}`).join(', ')})`).join(', ')}` : ''}` +
      `${unrecorded.length ? `; not recorded: ${unrecorded.join(', ')} (reasons in the file)` : ''}\n`,
  )
  return recorded
}

/** The exit code of a run stopped by a signal: 128 + the signal's number, as shells report it. */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 }

/** `--cleanup TAG`: deletes what the run of that tag left in the workspace, and says what; refuses while the run is live. */
async function cleanupCommand(tag: string, target: Target & { apiKey: string }, maxRps: number, runIsDead: boolean): Promise<number> {
  const tracker = new CreatedResources(tag)
  const client = new ContractClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, throttle: new Throttle(1, maxRps), tracker, readOnly: false, timeoutMs: 15_000, notice: (message) => process.stderr.write(`${message}\n`) })
  const report = await cleanupTagged(client, tracker, { workspaceId: target.workspaceId!, tag, runIsDead })
  if (report.refused) {
    const live = report.marks.filter((mark) => mark.live)
    process.stderr.write(
      `sitemock contract --cleanup ${tag}: refused, nothing deleted: the run ${tag} is live: ${live.map(markWords).join('; ')}.\n` +
        `If that run is dead (killed, its machine gone), pass --run-is-dead to delete what it left now; otherwise wait for it to finish, or for its mark to run out.\n`,
    )
    return 2
  }
  const sites = report.deleted.filter((item) => item.kind === 'site').length
  const lines = [`sitemock contract --cleanup ${tag}: deleted ${report.deleted.length} resource${report.deleted.length === 1 ? '' : 's'} (${sites} site${sites === 1 ? '' : 's'} with everything in them, ${report.deleted.length - sites} in other sites)`]
  for (const mark of report.marks) lines.push(`  ${mark.live ? 'taken as dead (--run-is-dead)' : 'taken as dead (its mark ran out)'}: ${markWords(mark)}`)
  for (const item of report.deleted) lines.push(`  deleted ${item.kind} ${item.id} (${item.label})`)
  for (const item of report.leftBehind) lines.push(`  LEFT BEHIND: ${item.kind} ${item.id} (${item.label}): ${item.reason}`)
  for (const note of report.notes) lines.push(`  NOT SEARCHED: ${note}`)
  process.stdout.write(`${lines.join('\n')}\n`)
  return report.leftBehind.length > 0 || report.notes.length > 0 ? 1 : 0
}

/** What a live mark says, in the words of --cleanup's messages. */
function markWords(mark: FoundLiveMark): string {
  if (mark.refreshedAt === undefined || mark.until === undefined) return `its live mark (site ${mark.siteId}) carries no time that could be read: the run is starting, it stopped between the mark's two creates, or the mark's page could not be listed`
  const left = mark.until.getTime() - Date.now()
  return `its live mark (site ${mark.siteId}) was last refreshed at ${mark.refreshedAt.toISOString()} and counts as live until ${mark.until.toISOString()}${left > 0 ? ` (${Math.ceil(left / 1000)} s from now)` : ''}`
}
