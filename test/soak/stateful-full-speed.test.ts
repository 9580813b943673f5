import { describe } from 'vitest'
import { soakAgainstTheMock } from './support.js'

describe('the stateful group against the mock at full speed', () => {
  soakAgainstTheMock(undefined)
})
