import { describe } from 'vitest'
import { soakAgainstTheMock } from './support.js'

// As under `sitemock serve --latency 0-3`: the target's answers come late and its clock moves against the oracle's.
describe('the stateful group against the mock with 0 to 3 ms of latency on every answer', () => {
  soakAgainstTheMock([0, 3])
})
