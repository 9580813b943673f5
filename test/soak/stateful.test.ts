import { describe } from 'vitest'
import { soakAgainstTheMock } from './support.js'

describe('the stateful group against the mock', () => {
  // Under `npm test`, test/contract/stateful.test.ts runs the same seeds at full speed.
  soakAgainstTheMock('at full speed', undefined, { inTest: false })
  // As under `sitemock serve --latency 0-3`: the target's answers come late and its clock moves against the oracle's.
  soakAgainstTheMock('with 0 to 3 ms of latency on every answer', [0, 3], { inTest: true })
})
