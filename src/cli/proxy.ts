import { NetworkError } from '../contract/http-client.js'
import { verdict } from '../contract/reporters/format.js'
import { exitCodeOf, render, REPORTERS, type ReporterName } from '../contract/reporters/index.js'
import type { JournalEntry } from '../generated/types.js'
import { formatLogLine, type LogFormat } from '../journal/log-line.js'
import { writeFileSafelySync } from '../persist/safe-file.js'
import { Recorder } from '../proxy/record.js'
import { startProxy } from '../proxy/proxy-server.js'
import { Shadow } from '../proxy/shadow.js'
import { KeyMask } from '../proxy/mask.js'
import { SnapshotError } from '../snapshot/take-snapshot.js'
import { stopWithParent } from './node-flags.js'
import { createFolderFor } from './output-folder.js'
import { ReadyFile } from './ready-file.js'
import { integerFlag, parseFlags, reportUsageError, UsageError } from './args.js'
import { keepServingWhenOutputCloses } from './closed-output.js'
import { LogOutput } from './log-output.js'
import { logFormatFlag } from './dx-flags.js'
import { allowedHostsFlag, isLoopbackBind } from './serve.js'
import { DEFAULT_MAX_BODY } from '../transports/node-server.js'

const HELP = `Usage: sitemock proxy --to URL [options]

Listens locally and forwards every API request to the deployment at URL exactly as sent (the
caller's key, headers, query and body), answering with the deployment's answer unchanged. Each
exchange is judged by the contract's rules that one exchange, or a walk of a list's pages, can
decide; findings go to the log, the journal (GET /__mock/requests), the dashboard (/__mock/) and
a report written when the proxy stops (Ctrl-C, SIGTERM). Nothing is retried; /__mock/* is the
proxy's own and never forwarded. Keys are shown as their last four characters at most.

Options:
  --to URL           the deployment's base URL, http:// or https:// (required)
  --port N           port to listen on (default: 4011; 0 picks a free port)
  --host ADDR        address to bind (default: 127.0.0.1; another address prints a warning:
                     whoever reaches it reads the journal of the deployment's answers)
  --allowed-host H   answer requests whose Host is H too (repeatable; .example.com allows
                     a domain and its subdomains), as sitemock serve does; any other Host is
                     a 403 (guards against DNS rebinding)
  --max-body BYTES   largest request body forwarded, 413 past it, before the deployment
                     sees anything (default: ${DEFAULT_MAX_BODY})
  --report FORMAT    the report's format: ${REPORTERS.join(', ')} (default: pretty)
  --output FILE      write the report to FILE instead of stdout
  --record FILE      write every exchange to FILE as response overrides, which
                     sitemock serve --overrides FILE plays back (written when the proxy stops)
  --shadow           snapshot the deployment at start (GET only) into a sitemock in this
                     process, answer every request there too, and report where the
                     deployment's answers diverge from what the contract allows; needs --api-key
                     and --workspace-id or --site-id
  --api-key KEY      the key the --shadow snapshot reads with (default: $SITEMOCK_API_KEY)
  --workspace-id ID  the workspace the --shadow snapshot reads (with an App key)
  --site-id ID       the one site the --shadow snapshot reads (with its Site key)
  --log FORMAT       a line per exchange on stdout, with its findings: pretty (default), json or off
  --ready-file FILE  write the proxy's base URL to FILE once it answers, and remove FILE
                     when it stops (a script waits with: until [ -s FILE ]; do sleep 0.1; done)
  -h, --help         show this help

Exit codes (when the proxy stops):
  0  every check judged at least one answer or page and found nothing
  1  a finding, or a request the deployment did not answer (the caller got a 502 or 504)
  2  bad usage, a --shadow snapshot that failed, or NOTHING CHECKED: no answer of an API
     operation came through the proxy (a proxy that saw no traffic never passes)
`

const DEFAULT_PORT = 4011

export async function runProxy(args: string[]): Promise<number> {
  try {
    const flags = parseFlags(args, {
      to: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'max-body': { type: 'string' },
      report: { type: 'string' },
      output: { type: 'string' },
      record: { type: 'string' },
      shadow: { type: 'boolean' },
      'api-key': { type: 'string' },
      'workspace-id': { type: 'string' },
      'site-id': { type: 'string' },
      log: { type: 'string' },
      'ready-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    })
    if (flags.help) {
      process.stdout.write(HELP)
      return 0
    }
    const to = targetFlag(flags.to)
    const reporter = reporterFlag(flags.report)
    const log = logFormatFlag(flags.log)
    const port = integerFlag('port', flags.port, 0, 65535) ?? DEFAULT_PORT
    const host = flags.host ?? '127.0.0.1'
    const allowedHosts = allowedHostsFlag(flags['allowed-host'])
    const maxBody = integerFlag('max-body', flags['max-body'], 1, 1024 ** 3)
    const apiKey = flags['api-key'] ?? process.env.SITEMOCK_API_KEY
    if (flags.shadow && !apiKey) throw new UsageError('--shadow needs --api-key KEY (or $SITEMOCK_API_KEY): the key the snapshot of the deployment reads with')
    if (flags.shadow && flags['workspace-id'] === undefined && flags['site-id'] === undefined) throw new UsageError('--shadow needs --workspace-id ID (with an App key) or --site-id ID: what to snapshot')
    if (!flags.shadow && (flags['workspace-id'] !== undefined || flags['site-id'] !== undefined || flags['api-key'] !== undefined)) {
      throw new UsageError('--api-key, --workspace-id and --site-id are for --shadow; the proxy itself forwards each caller\'s own key')
    }
    if (flags.output !== undefined) createFolderFor('--output', flags.output)
    if (flags.record !== undefined) createFolderFor('--record', flags.record)
    const readyFile = flags['ready-file'] === undefined ? undefined : new ReadyFile(flags['ready-file'])
    const mask = new KeyMask()
    const shadow = flags.shadow ? await startShadow(to, apiKey!, flags['workspace-id'], flags['site-id'], mask) : undefined
    const color = process.stdout.isTTY === true && process.env.NO_COLOR === undefined
    if (!isLoopbackBind(host)) {
      process.stderr.write(
        `sitemock proxy: warning: binding ${host} instead of 127.0.0.1; anyone who can reach that address can send requests ` +
          "through the proxy and read the deployment's answers in its journal, findings and dashboard (/__mock/*), which take no token.\n",
      )
    }
    keepServingWhenOutputCloses()
    const logOutput = new LogOutput()
    const proxy = await startProxy({
      to,
      port,
      host,
      allowedHosts,
      maxBody,
      mask,
      shadow,
      record: flags.record === undefined ? undefined : new Recorder(mask),
      onExchange: log === 'off' ? undefined : (entry) => logOutput.write(logLines(entry, log, color)),
      onUnjudged: (what) => process.stderr.write(`sitemock proxy: could not judge ${what}\n`),
    })
    const say = (text: string): void => void (log === 'json' ? process.stderr : process.stdout).write(text)
    // Wired before the banner says the proxy is ready, as serve does: a signal sent on reading it
    // finds its handler. Under `npx sitemock proxy … &`, `kill $!` ends only the shell npm runs
    // the command in: the proxy stops with it (stopWithParent).
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
      stopWithParent(resolve)
    })
    say(`sitemock proxy listening on ${proxy.url}\nForwarding to: ${to}\nDashboard: ${proxy.url}/__mock/   Findings: ${proxy.url}/__mock/findings\n\n`)
    readyFile?.listening(proxy.url)
    if (log === 'json') process.stdout.write(`${JSON.stringify({ event: 'listening', url: proxy.url })}\n`)
    await stopped
    readyFile?.stopping()
    await proxy.close()
    logOutput.report()
    const report = proxy.findings.report(to, shadow !== undefined)
    const text = render(report, reporter)
    if (flags.output === undefined) process.stdout.write(text)
    else {
      writeFileSafelySync(flags.output, text)
      say(`Report: ${flags.output}\n`)
    }
    // As sitemock contract does: the verdict where a person reads it, when the report itself is elsewhere or for a machine.
    if (flags.output !== undefined || reporter !== 'pretty') process.stderr.write(`${verdict(report)}\n`)
    if (flags.record !== undefined && proxy.recorder) {
      proxy.recorder.write(flags.record)
      const skipped = proxy.recorder.skipped ? `; ${proxy.recorder.skipped} not recorded (an answer that is not JSON, or a path past 2,048 characters)` : ''
      say(`Recorded ${proxy.recorder.count} exchange(s) in ${flags.record}${skipped}\n`)
    }
    return exitCodeOf(report)
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError('proxy', error)
    if (error instanceof SnapshotError || error instanceof NetworkError) {
      process.stderr.write(`sitemock proxy: --shadow: the snapshot of the deployment failed: ${error.message}\n`)
      return 2
    }
    throw error
  }
}

function targetFlag(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--to URL is required: the deployment to forward to, such as https://api.example.com')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--to must be an http:// or https:// URL such as https://api.example.com; got "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--to must be an http:// or https:// URL; got "${value}"`)
  if (url.search || url.hash) throw new UsageError(`--to must be a base URL without a query or fragment; got "${value}"`)
  return value.replace(/\/+$/, '')
}

function reporterFlag(value: string | undefined): ReporterName {
  const reporter = (value ?? 'pretty') as ReporterName
  if (!REPORTERS.includes(reporter)) throw new UsageError(`--report must be one of ${REPORTERS.join(', ')}; got "${value}"`)
  return reporter
}

async function startShadow(baseUrl: string, apiKey: string, workspaceId: string | undefined, siteId: string | undefined, mask: KeyMask): Promise<Shadow> {
  process.stderr.write(`sitemock proxy: --shadow: taking a snapshot of ${baseUrl} (GET only)…\n`)
  const { shadow, counts } = await Shadow.start({ baseUrl, apiKey, ...(workspaceId === undefined ? {} : { workspaceId }), ...(siteId === undefined ? {} : { siteId }) }, mask)
  process.stderr.write(`sitemock proxy: --shadow: ${counts.sites} site(s), ${counts.locales} locale(s), ${counts.pages} page(s), ${counts.routes} route(s) in the shadow\n`)
  return shadow
}

/** The exchange's log line, and under pretty a line per finding it showed. */
function logLines(entry: JournalEntry, format: Exclude<LogFormat, 'off'>, color: boolean): string {
  const line = formatLogLine(entry, format, color)
  if (format === 'json' || !entry.findings) return `${line}\n`
  const mark = color ? '\u001b[31m✗\u001b[0m' : '✗'
  return [line, ...entry.findings.map((finding) => `  ${mark} ${finding}`)].join('\n') + '\n'
}
