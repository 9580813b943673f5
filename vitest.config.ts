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

export default defineConfig({
  test: {
    include: runtimeOnly ? ON_NODE_24 : ['test/**/*.test.ts'],
    exclude: runtimeOnly ? [...configDefaults.exclude, ...NOT_ON_NODE_24] : configDefaults.exclude,
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
