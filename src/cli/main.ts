import '../scenarios/faker-node.js'
import '../eager-parts.js'
import '../scenarios/scenario-cache-node.js'
import { runContractCommand } from './contract.js'
import { didYouMean } from './did-you-mean.js'
import { runGenerate } from './generate.js'
import { respawnArguments, runRespawned } from './node-flags.js'
import { runOpenApi } from './openapi.js'
import { runProxy } from './proxy.js'
import { runServe } from './serve.js'
import { runSnapshot } from './snapshot.js'
import { packageVersion } from './version.js'
import { exitAfterOutput } from './log-output.js'

const USAGE = `sitemock: a local mock of the Site-Building Service REST API

Usage:
  sitemock serve [options]     start the mock server (sitemock serve --help)
  sitemock contract [options]  check a deployment against the contract (sitemock contract --help)
  sitemock proxy --to URL      forward to a deployment and check each answer (sitemock proxy --help)
  sitemock generate [options]  write a fixture made with faker from a seed (sitemock generate --help)
  sitemock snapshot [options]  write a deployment's sites as a fixture, reading with GET only (sitemock snapshot --help)
  sitemock openapi [options]   print the OpenAPI 3.1 document of the mocked API (sitemock openapi --help)
  sitemock --version           print the version
  sitemock --help              show this help
`

const commands: Record<string, (args: string[]) => Promise<number>> = {
  serve: runServe,
  generate: runGenerate,
  contract: runContractCommand,
  openapi: runOpenApi,
  snapshot: runSnapshot,
  proxy: runProxy,
}

/** The commands that run until stopped. */
const SERVERS = new Set(['serve', 'proxy'])

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  // No command is a mistake too (a script that lost its arguments): a failing exit code, and
  // the usage on stderr so that it never mixes with what a pipe expects.
  if (command === undefined) {
    process.stderr.write(USAGE)
    return 2
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`${packageVersion()}\n`)
    return 0
  }
  const run = commands[command]
  if (!run) {
    process.stderr.write(`sitemock: unknown command "${command}"${didYouMean(command, Object.keys(commands))}; sitemock --help lists the commands\n`)
    return 2
  }
  if (command === 'serve') {
    const respawn = respawnArguments(process.execArgv, process.argv)
    if (respawn) return runRespawned(respawn)
  }
  return run(rest)
}

main(process.argv.slice(2)).then(
  // A stopped server must not wait on a stdout nobody reads; other commands end once their
  // output is read, however slowly (`sitemock openapi | less`).
  (code) => (SERVERS.has(process.argv[2] ?? '') ? exitAfterOutput(code) : void (process.exitCode = code)),
  (error: unknown) => {
    process.stderr.write(`sitemock: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 2
  },
)
