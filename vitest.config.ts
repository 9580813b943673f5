import os from 'node:os'
import { defineConfig } from 'vitest/config'
import { LongRunsFirst } from './test/support/long-runs-first.js'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test files spend their time waiting on the servers and processes they start, not on
    // a CPU of their own: two workers on a two-CPU machine take the run from about 14 to 8 minutes.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongRunsFirst },
    setupFiles: ['test/support/node-entry.ts'],
  },
})
