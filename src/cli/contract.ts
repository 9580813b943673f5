import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { keysOf, startLocalMock, type Target } from '../contract/local-target.js'
import { identify, preflight, TargetError } from '../contract/preflight.js'
import { exitCodeOf, render, REPORTERS, type ReporterName } from '../contract/reporters/index.js'
import { verdict } from '../contract/reporters/format.js'
import { progressReporter } from '../contract/reporters/progress.js'
import { runContract } from '../contract/runner.js'
import { settledReport } from '../contract/server-errors.js'
import { defaultMaxRps, REMOTE_MAX_RPS } from '../contract/throttle.js'
import { GROUPS, PROFILES, profileNamed, type ContractOptions, type Group, type Profile, type StatefulBudget } from '../contract/types.js'
import { isUuid } from '../api/uuid.js'
import { integerFlag, oneOf, parseFlags, reportUsageError, UsageError } from './args.js'
import { createFolderFor } from './output-folder.js'
import { ChoicesFileError, readChoicesFile } from './choices-file.js'
import { probeChoices } from '../contract/choices-probe.js'
import { choice, type ChoiceId, type Choices, type ChoicesFile } from '../contracts/choices.js'

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
                        most (default 1000; 1 with --seed)
  --stateful-time S     seconds the stateful group runs at most         SITEMOCK_STATEFUL_TIME
                        (default 60)
  --seed N              the stateful group's first seed: the seed a     SITEMOCK_SEED
                        divergence is reported with replays it
  --write-choices FILE  first probe the free choices the target makes where the documents
                        leave them open (limits, which error wins, sort order, first
                        values...), write them to FILE, and run holding the target to them;
                        needs --workspace-id (the probes create one site of the run)
  --choices FILE        the target's free choices, as --write-choices wrote them: the
                        oracle follows them (with --profile sitemock, what was learned is
                        no difference); see docs/choices.md
  --replay FILE         send again, exactly, the sequences of the stateful
                        divergences of a report saved with --reporter json
                        (for a divergence its seed cannot bring back)
  -h, --help            show this help

Safety: everything the suite creates carries the run tag contract-<run id> in its name or
pathname and is deleted at the end, also after a failure or Ctrl-C. It never updates or deletes
anything it did not create. On a 429 it waits for x-ratelimit-reset (or Retry-After) and says so.

Before the first check, one line on stderr says roughly how long the run takes.

Exit codes: 0 every check holds; 1 a check failed (or something could not be deleted);
2 bad usage, an unreachable target, a target that is not this API, or no check could run;
130 interrupted with Ctrl-C, 143 terminated with SIGTERM (both after cleaning up).
`

const FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'workspace-id': { type: 'string' },
  'site-api-key': { type: 'string' },
  'other-api-key': { type: 'string' },
  'read-only': { type: 'boolean' },
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
  /** --write-choices FILE: probe the target's free choices first and write them there. */
  writeChoices?: string
  /** --choices FILE: the target's free choices, which the oracle follows. */
  choices?: Choices
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
  return {
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
    ...choicesFlags(flags['write-choices'], flags.choices, flags['read-only'] ?? booleanEnv('read-only')),
  }
}

function choicesFlags(write: string | undefined, read: string | undefined, readOnly: boolean): Pick<Config, 'writeChoices' | 'choices'> {
  if (write !== undefined && read !== undefined) throw new UsageError('--write-choices and --choices cannot be used together: the run follows the choices it records')
  if (write !== undefined && readOnly) throw new UsageError('--write-choices needs to create a site to probe; it cannot be used with --read-only')
  if (write !== undefined) createFolderFor('--write-choices', write)
  if (read === undefined) return { writeChoices: write }
  try {
    return { choices: readChoicesFile('--choices', read).choices }
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
  return {
    runs: integerFlag('stateful-runs', value('stateful-runs'), 1, 1_000_000),
    timeMs: time === undefined ? undefined : time * 1000,
    seed: integerFlag('seed', value('seed'), 0, 4_294_967_295),
  }
}

/** The target and its keys: the given URL, or the mock started here; flags win over discovered keys. */
async function resolveTarget(config: Config): Promise<Target & { apiKey: string }> {
  const target: Target = config.baseUrl === undefined ? await startLocalMock(config.choices) : { baseUrl: config.baseUrl, close: async () => {} }
  const discovered = config.baseUrl !== undefined && config.keys.apiKey === undefined ? await keysOf(config.baseUrl) : undefined
  const keys = { ...target, ...discovered, ...Object.fromEntries(Object.entries(config.keys).filter(([, v]) => v !== undefined)) }
  if (keys.apiKey === undefined) {
    // A wrong --base-url is said as such, rather than as a missing key.
    await identify(target.baseUrl).finally(() => target.close())
    throw new UsageError('--api-key (or SITEMOCK_API_KEY) is required: the App API key of the workspace to test')
  }
  return { ...keys, apiKey: keys.apiKey, close: target.close }
}

export async function runContractCommand(args: string[]): Promise<number> {
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
  const runId = randomBytes(4).toString('hex')
  const interrupt = new AbortController()
  // Ctrl-C (130) and SIGTERM, which CI sends on cancel (143), both clean up before exiting.
  let interruptedWith = 130
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupt.signal.aborted) {
      process.stderr.write(`\nsitemock contract: stopped at once; resources tagged contract-${runId} may be left behind\n`)
      process.exit(interruptedWith)
    }
    interruptedWith = signal === 'SIGTERM' ? 143 : 130
    process.stderr.write(`\nsitemock contract: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'}; finishing the requests in flight, then deleting what this run created (Ctrl-C again to stop at once)\n`)
    interrupt.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
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
    choices: config.choices,
  }
  try {
    if (config.writeChoices !== undefined) {
      const recorded = await recordChoices(config.writeChoices, options)
      if (recorded === undefined) return 2
      // The run that follows holds the target to what was just recorded.
      options.choices = recorded
    }
    // A 5xx is a server error breaking both documents in the report, the verdict and the exit code alike.
    const report = settledReport(await runContract(options, progress))
    progress.finish()
    const text = render(report, config.reporter)
    if (config.output) await writeFile(config.output, text)
    else process.stdout.write(text)
    if (config.output || config.reporter !== 'pretty') process.stderr.write(`${verdict(report)}${config.output ? ` (report: ${config.output})` : ''}\n`)
    return report.interrupted ? interruptedWith : exitCodeOf(report)
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await target.close()
  }
}

/**
 * --write-choices: the probes of the target's free choices, written as a choices file; one line
 * on stderr says how many were recorded, which differ from sitemock's, and which could not be.
 */
async function recordChoices(file: string, options: ContractOptions): Promise<Choices | undefined> {
  let recorded: ChoicesFile
  try {
    recorded = await probeChoices({ baseUrl: options.baseUrl, apiKey: options.apiKey, workspaceId: options.workspaceId!, tag: `contract-${options.runId!}`, signal: options.signal })
  } catch (error) {
    process.stderr.write(`sitemock contract: --write-choices: the probes stopped: ${(error as Error).message}\n`)
    return undefined
  }
  await writeFile(file, `${JSON.stringify(recorded, null, 2)}\n`, { mode: 0o644 })
  const ids = Object.keys(recorded.choices) as ChoiceId[]
  const differ = ids.filter((id) => recorded.choices[id] !== choice(id).sitemock)
  const unrecorded = Object.keys(recorded.unrecorded ?? {})
  process.stderr.write(
    `sitemock contract: recorded ${ids.length} free choices of ${options.baseUrl} in ${file}` +
      `; ${differ.length ? `not sitemock's: ${differ.map((id) => `${id}=${JSON.stringify(recorded.choices[id])}`).join(', ')}` : "all sitemock's"}` +
      `${unrecorded.length ? `; not recorded: ${unrecorded.join(', ')} (reasons in the file)` : ''}\n`,
  )
  return recorded.choices
}
