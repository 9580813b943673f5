import fs from 'node:fs'
import { createMock, type MockOptions } from '../mock.js'
import { StateFileBusyError } from '../persist/file-lock.js'
import { openStateFile, StateFileAccessError, StateFileError, type PersistentMock } from '../persist/state-file.js'
import { openTrustedSync, UntrustedFileError } from '../persist/safe-file.js'
import { megabytes } from '../persist/state-writer.js'
import { FixtureError } from '../scenarios/fixture-error.js'
import { readFixtureFile } from '../scenarios/fixture-file.js'
import { isScenarioName, SCENARIOS, DEFAULT_SEED, type ScenarioName } from '../scenarios/index.js'
import type { FixtureReader } from '../scenarios/source.js'
import { watchFixtureFile } from '../scenarios/watch.js'
import { allowedHostProblem } from '../transports/host-check.js'
import { DEFAULT_MAX_BODY, DEFAULT_MAX_STATE_BODY, listen } from '../transports/node-server.js'
import { DEFAULT_RATE_LIMIT } from '../api/rate-limit.js'
import { integerFlag, parseFlags, reportUsageError, UsageError } from './args.js'
import { ChoicesFileError, choicesFileOptions } from './choices-file.js'
import { keepServingWhenOutputCloses } from './closed-output.js'
import { LogOutput } from './log-output.js'
import { didYouMean } from './did-you-mean.js'
import { createFolderFor } from './output-folder.js'
import { loadOverrideFile, OverrideFileError } from './override-file.js'
import { ReadyFile } from './ready-file.js'
import { stopWithParent } from './node-flags.js'
import { DX_FLAGS, DX_HELP, dxMockOptions, logFormatFlag, logRequests } from './dx-flags.js'

const HELP = `Usage: sitemock serve [options]

Starts the mock of the Site-Building Service REST API on node:http.

Options:
  --port N           port to listen on (default: $PORT or 4010; 0 picks a free port)
  --host ADDR        address to bind (default: $HOST or 127.0.0.1)
  --allowed-host H   answer requests whose Host is H too (repeatable; .example.com allows
                     a domain and its subdomains); localhost, IP addresses and --host are
                     always allowed, any other Host is a 403 (guards against DNS rebinding)
  --scenario NAME|PATH
                     scenario to load: ${SCENARIOS.join(', ')},
                     or a fixture file (see sitemock generate) (default: default)
  --seed N           seed for generated ids and content (default: ${DEFAULT_SEED}; a fixture
                     file without it continues its own ids)
  --state-file PATH  keep the state in PATH: loaded from it at start when it exists (else
                     created from --scenario), and every write saved there before it is
                     answered; a corrupt file is refused and left untouched
  --ready-file FILE  write the base URL to FILE once the server answers, and remove FILE
                     when it stops: a script waits with until [ -s FILE ]; do sleep 0.1; done
  --watch            reload the --scenario file when it changes; a bad edit is reported
                     and ignored
  --rate-limit [N]   enforce N requests per second per key, 429 past it
                     (default when given without N: ${DEFAULT_RATE_LIMIT}; headers are always sent)
  --max-body BYTES   largest request body accepted, 413 past it (default: ${DEFAULT_MAX_BODY})
  --max-state-body BYTES
                     largest state document PUT /__mock/state accepts, 413 past it
                     (default: ${DEFAULT_MAX_STATE_BODY}, enough for the large scenario's export)
  --overrides FILE   answer the requests the file's overrides match with their exact answers
                     ({"overrides": [...]}, as PUT /__mock/overrides takes and sitemock proxy
                     --record writes); the file is read once, at start
  --control-token T  require header x-control-token: T on /__mock/* (the control plane);
                     \$SITEMOCK_CONTROL_TOKEN does the same and stays out of ps listings
  --no-control       switch the /__mock/* control plane off (404)
  --cors-origin O    admit browser origin O (repeatable; "*" admits all, without credentials;
                     default: any http://localhost or http://127.0.0.1 origin)
  --rules sitemock|documents
                     whose validation to follow: sitemock's own (default), or documents:
                     accept all the specification and the published OpenAPI allow (no
                     maximum lengths, control characters, limit=0, unknown fields ignored...)
  --choices FILE     behave as the deployment whose free choices FILE records (written by
                     sitemock contract --write-choices); see docs/choices.md
${DX_HELP}  -h, --help         show this help

Environment: PORT and HOST are used when --port and --host are not given;
SITEMOCK_CONTROL_TOKEN when --control-token is not.
`

export async function runServe(args: string[]): Promise<number> {
  // "--rate-limit" may stand alone; give it the default so parseArgs sees a value.
  const normalized = args.flatMap((arg, i) =>
    arg === '--rate-limit' && (args[i + 1] === undefined || /^-(?!\d)/.test(args[i + 1]!)) ? [arg, String(DEFAULT_RATE_LIMIT)] : [arg],
  )
  let flags
  try {
    flags = parseFlags(normalized, {
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      'rate-limit': { type: 'string' },
      'max-body': { type: 'string' },
      'max-state-body': { type: 'string' },
      overrides: { type: 'string' },
      'control-token': { type: 'string' },
      'no-control': { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      'state-file': { type: 'string' },
      watch: { type: 'boolean' },
      'ready-file': { type: 'string' },
      rules: { type: 'string' },
      choices: { type: 'string' },
      ...DX_FLAGS,
      help: { type: 'boolean', short: 'h' },
    })
    if (flags.help) {
      process.stdout.write(HELP)
      return 0
    }
    const scenario = scenarioSource(flags.scenario ?? 'default')
    if (flags.watch && typeof scenario === 'string') throw new UsageError('--watch needs --scenario PATH, a fixture file to watch')
    const port = integerFlag('port', flags.port ?? process.env.PORT, 0, 65535) ?? 4010
    const host = flags.host ?? process.env.HOST ?? '127.0.0.1'
    const allowedHosts = allowedHostsFlag(flags['allowed-host'])
    // From the environment, the token stays out of `ps` and /proc/PID/cmdline, which every local user reads.
    const controlToken = flags['control-token'] ?? (flags['no-control'] ? undefined : process.env.SITEMOCK_CONTROL_TOKEN || undefined)
    const options: MockOptions = {
      scenario,
      seed: integerFlag('seed', flags.seed, 0, 4294967295),
      rateLimit: integerFlag('rate-limit', flags['rate-limit'], 1, 1_000_000) ?? false,
      control: controlOption(flags['no-control'], controlToken),
      corsOrigins: corsOption(flags['cors-origin']),
      rules: rulesFlag(flags.rules),
      ...choicesFileOptions(flags.choices),
      ...dxMockOptions(flags),
    }
    const log = logFormatFlag(flags.log)
    const limits = {
      maxBody: integerFlag('max-body', flags['max-body'], 1, 1024 ** 3),
      // A body becomes one string, and V8 caps a string at about 512 MiB.
      maxStateBody: integerFlag('max-state-body', flags['max-state-body'], 1, 500 * 1024 ** 2),
    }
    // Under --log json stdout carries JSON lines only, so `serve --log json | jq` works: the
    // words for people go to stderr.
    const say = (text: string): void => void (log === 'json' ? process.stderr : process.stdout).write(text)
    const stateFile = flags['state-file']
    if (stateFile !== undefined) createFolderFor('--state-file', stateFile)
    // Before anything slow, so that a file left by an earlier run is gone as soon as possible.
    const readyFile = flags['ready-file'] === undefined ? undefined : new ReadyFile(flags['ready-file'])
    const persistent = stateFile === undefined ? undefined : await openStateFile(stateFile, (state) => createMock({ ...options, state }))
    const mock = persistent?.mock ?? createMock(options)
    if (flags.overrides !== undefined) {
      const count = loadOverrideFile(flags.overrides, mock.overrides)
      // A flag's overrides are configuration: a test's POST /__mock/reset returns to them.
      mock.overrides.keepAsStart()
      say(`Overrides: ${count} from ${flags.overrides}\n`)
    }
    const logOutput = new LogOutput()
    logRequests(mock, log, logOutput)
    if (!isLoopbackBind(host) && controlToken === undefined && !flags['no-control']) {
      process.stderr.write(
        `sitemock: warning: binding ${host} instead of 127.0.0.1 with an open control plane; ` +
          'anyone who can reach that address can read or reset the state. Set SITEMOCK_CONTROL_TOKEN (or pass --control-token) or --no-control.\n',
      )
    }
    keepServingWhenOutputCloses()
    const server = await listen(mock, { port, host, allowedHosts, ...limits })
    let stopWatching: (() => void) | undefined
    // Wired before the banner says the server is ready: a signal sent on reading it finds its
    // handler, instead of node's default, which ends the process without closing anything.
    const stopped = new Promise<void>((resolve) => {
      let stopping = false
      const stop = (): void => {
        // Ctrl-C reaches both this process and the one that started it with the server's node
        // flags, which passes it on: the second is the same request.
        if (stopping) return
        stopping = true
        say('sitemock: shutting down\n')
        stopWatching?.()
        readyFile?.stopping()
        void server
          .close()
          .then(() => persistent?.close())
          .then(() => logOutput.report())
          .then(resolve)
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
      stopWithParent(stop)
    })
    if (stateFile !== undefined) say(stateLine(stateFile, persistent!))
    if (options.rules === 'documents' || options.choices !== undefined) say(rulesLine(options, flags.choices))
    say(banner(server.url, mock.credentials(), options.control))
    readyFile?.listening(server.url)
    if (log === 'json') process.stdout.write(`${JSON.stringify({ event: 'listening', url: server.url })}\n`)
    if (flags.watch && typeof scenario !== 'string') {
      stopWatching = watchFixtureFile(scenario.label, () => mock.resetState({ scenario }), {
        info: (line) => say(`${line}\n`),
        error: (line) => process.stderr.write(line),
      })
    }
    await stopped
    return 0
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError('serve', error)
    if (error instanceof FixtureError || error instanceof OverrideFileError || error instanceof ChoicesFileError || error instanceof StateFileError || error instanceof StateFileAccessError || error instanceof StateFileBusyError || error instanceof UntrustedFileError) {
      process.stderr.write(`sitemock serve: ${error.message}\n`)
      return 1
    }
    throw error
  }
}

/** A scenario name, or a fixture file read again on every reset (so --watch and POST /__mock/reset see edits). */
function scenarioSource(value: string): ScenarioName | FixtureReader {
  if (isScenarioName(value)) return value
  if (!fs.existsSync(value)) {
    // A value that looks like a file name was meant as one: say the file is missing, not that the flag is misused.
    if (/[/\\.]/.test(value)) throw new UsageError(`--scenario ${value}: file not found (a named scenario is one of ${SCENARIOS.join(', ')})`, false)
    throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')} or a fixture file; got "${value}", which is neither${didYouMean(value, SCENARIOS)}`)
  }
  // Its keys are served: refused at the start in one line, as a state file is (each later read checks again).
  const fd = openTrustedSync(value, '--scenario file', { followSymlink: true })
  if (fd !== undefined) fs.closeSync(fd)
  return { read: () => readFixtureFile(value), label: value }
}

function stateLine(file: string, persistent: PersistentMock): string {
  const restored = persistent.restored
  if (!restored) return `State saved in ${file} (created from the scenario)\n`
  const torn = restored.tornBytes > 0 ? `; dropped ${restored.tornBytes} bytes of a write cut short, which was never answered` : ''
  // The journal is kept as it is; folding it into a snapshot later takes a copy's room on the disk.
  const room = restored.writes > 0 ? `; folding them into a snapshot will need about ${megabytes(restored.compactionBytes)} free` : ''
  return `State restored from ${file} (${restored.writes} journaled write${restored.writes === 1 ? '' : 's'} replayed${torn}${room})\n`
}

function rulesFlag(value: string | undefined): MockOptions['rules'] {
  if (value === undefined || value === 'sitemock' || value === 'documents') return value
  throw new UsageError(`--rules must be sitemock or documents; got "${value}"${didYouMean(value, ['sitemock', 'documents'])}`)
}

function rulesLine(options: MockOptions, file: string | undefined): string {
  const rules = options.rules === 'documents' ? "the documents' rules (what only sitemock refuses is accepted)" : "sitemock's rules"
  const count = Object.keys(options.choices ?? {}).length
  return `Validation: ${rules}${file === undefined ? '' : `; ${count} free choice${count === 1 ? '' : 's'} from ${file}`}\n`
}

export function allowedHostsFlag(hosts: string[] | undefined): string[] | undefined {
  for (const host of hosts ?? []) {
    const problem = allowedHostProblem(host)
    if (problem) throw new UsageError(`--allowed-host ${problem}`)
  }
  return hosts
}

function controlOption(off: boolean | undefined, token: string | undefined): { token?: string } | false {
  if (off && token !== undefined) throw new UsageError('--no-control and --control-token cannot be used together')
  if (off) return false
  // An unset shell variable ($TOKEN) arrives as "": a guard that an empty header passes guards nothing.
  if (token !== undefined && token.trim() === '') throw new UsageError('--control-token must not be empty; pass a secret, or --no-control to switch the control plane off')
  return token === undefined ? {} : { token }
}

function corsOption(origins: string[] | undefined): '*' | string[] | undefined {
  if (origins === undefined) return undefined
  if (origins.includes('*')) {
    if (origins.length > 1) throw new UsageError('--cors-origin "*" admits every origin; do not combine it with other origins')
    return '*'
  }
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new UsageError(`--cors-origin must be an origin such as http://localhost:3000; got "${origin}"`)
  }
  return origins
}

/** Whether binding `host` keeps the server to this machine; binding any other address warrants a warning. */
export function isLoopbackBind(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1'].includes(host)
}

function banner(url: string, credentials: ReturnType<ReturnType<typeof createMock>['credentials']>, control: MockOptions['control']): string {
  const lines = [`sitemock listening on ${url}`, '', 'Credentials (send as x-api-key):']
  for (const workspace of credentials.workspaces) {
    lines.push(`  workspace ${workspace.id}`, `    App API key:  ${workspace.appApiKey}`)
    for (const site of credentials.sites.filter((s) => s.workspaceId === workspace.id)) {
      lines.push(`    site ${site.id}`, `      Site API key: ${site.publicApiKey}`)
    }
  }
  if (control === false) {
    lines.push('', `OpenAPI: ${url}/openapi.json (the control plane is off)`, '')
  } else {
    const token = control?.token
    lines.push('', `All credentials: GET ${url}/__mock/credentials${token === undefined ? '' : ' (with the x-control-token header)'}`)
    // The token is never printed whole: a terminal's scrollback and a CI log are read by others.
    const dashboard = `${url}/__mock/${token === undefined ? '' : `#token=<the control token${token.length >= 12 ? `, …${token.slice(-4)}` : ''}>`}`
    lines.push(`Dashboard: ${dashboard}   API reference: ${url}/__mock/docs   OpenAPI: ${url}/openapi.json`, '')
  }
  return lines.join('\n') + '\n'
}
