import os from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { LongRunsFirst } from './test/support/long-runs-first.js'

/**
 * What the second pass of `npm test` runs on Node 24 (`npm run test:node24`, SITEMOCK_TESTS=runtime):
 * the tests whose outcome rests on the runtime rather than on plain code. The library in a Node
 * process (msw, handlers, mock.db, reset), the servers (node:http, its parser, sockets and idle
 * connections, the express mount, the proxy's fetch, the control plane), the files (state files,
 * their crash and watch, the scenario cache, file safety) and the command line (serve and its
 * flags, signals, pipes, ready files, the shell recipes, the contract suite's HTTP client).
 * Left to the first pass: what judges answers, generates documents or shapes text in plain code
 * the runtime does not touch (the rest of test/http, test/contract, test/choices, test/snapshot,
 * test/fuzz, generation, usage texts) and the page code that runs in Chromium; test/package
 * runs each project on the Node it names, 24 and 26 among them. docs/development.md says so.
 */
const ON_NODE_24 = [
  'test/unit/**/*.test.ts',
  'test/msw/**/*.test.ts',
  'test/dx/*.test.ts',
  'test/cli/*.test.ts',
  'test/proxy/**/*.test.ts',
  'test/robustness/**/*.test.ts',
  'test/security/**/*.test.ts',
  'test/http/{auth-and-errors,control-plane,control-hardening,express-mount,host-check,keys-in-urls,pages}.test.ts',
  'test/scenarios/{state-file,state-file-crash,watch,state-control,scenario-cache,scenario-cache-owner,shared-start,fixture-load}.test.ts',
  'test/browser/playwright-route.test.ts',
  'test/contract/{client,cli}.test.ts',
]
/** The dashboard's pages, which Chromium runs (their server is one test/http holds), and the usage texts. */
const NOT_ON_NODE_24 = ['test/dx/*.browser.test.ts', 'test/cli/usage.test.ts']

const runtimeOnly = process.env.SITEMOCK_TESTS === 'runtime'

/**
 * The folders whose files change a global of the process (an msw server listening, a mocked
 * module, a stubbed global or environment variable, fake timers) or build projects of their own,
 * and the few unit tests that do: each of these files starts from a fresh module graph. The other files (the contract suite and its
 * choices, the servers over HTTP, the proxy, the command line, the snapshots, the browser pages)
 * share their workers' modules: each would otherwise load the validators, faker and the oracle
 * afresh and warm them up again, which cost about a quarter of the suite's CPU time on a two-CPU
 * machine. A file that must change a global goes in one of these folders.
 */
const ISOLATED_FOLDERS = ['test/msw/', 'test/dx/', 'test/package/', 'test/scenarios/', 'test/security/']
/** Of the unit tests, the few that stub a global (Date, eval, console) or load the page code's globals. */
const ISOLATED_UNITS = ['browser-keep', 'browser-state', 'collections', 'no-eval', 'unhandled', 'wall-clock'].map((name) => `test/unit/${name}.test.ts`)
const ISOLATED = [...ISOLATED_FOLDERS.map((folder) => `${folder}**/*.test.ts`), ...ISOLATED_UNITS]
const inIsolatedFolder = (glob: string): boolean => ISOLATED_FOLDERS.some((folder) => glob.startsWith(folder))

/** A pass's two projects: the files that share their workers, and those of the folders above, each isolated. */
const projectsOf = (files: { shared: string[]; isolated: string[] }, exclude: string[]) => [
  { extends: true, test: { name: 'shared', include: files.shared, exclude: [...exclude, ...ISOLATED], isolate: false } },
  { extends: true, test: { name: 'isolated', include: files.isolated, exclude } },
]

const FIRST_PASS = projectsOf({ shared: ['test/**/*.test.ts'], isolated: ISOLATED }, configDefaults.exclude)
const ON_NODE_24_PASS = projectsOf({ shared: ON_NODE_24.filter((glob) => !inIsolatedFolder(glob)), isolated: [...ON_NODE_24.filter(inIsolatedFolder), ...ISOLATED_UNITS] }, [...configDefaults.exclude, ...NOT_ON_NODE_24])

export default defineConfig({
  test: {
    projects: runtimeOnly ? ON_NODE_24_PASS : FIRST_PASS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test files spend their time waiting on the servers and processes they start, not on
    // a CPU of their own: on a two-CPU machine, one worker took about 14 minutes, two 15 (the
    // suite has grown since), three 13 in one run and 17 in another, as the machine's load varied.
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: LongRunsFirst },
    setupFiles: ['test/support/node-entry.ts'],
  },
})
