import { describe, expect, it } from 'vitest'
import { respawnArguments, SERVE_NODE_FLAGS } from '../../src/cli/node-flags.js'
import { runsInBackground } from '../../src/cli/parent-shell.js'

describe('respawnArguments', () => {
  const argv = ['/usr/bin/node', '/app/bin/sitemock.js', 'serve', '--port', '0']

  it("adds the server's flags after the node flags already given, then the script and its arguments", () => {
    expect(respawnArguments(['--max-old-space-size=4096'], argv)).toEqual(['--max-old-space-size=4096', ...SERVE_NODE_FLAGS, '/app/bin/sitemock.js', 'serve', '--port', '0'])
  })

  it('starts nothing when the flags are there already', () => {
    expect(respawnArguments([...SERVE_NODE_FLAGS], argv)).toBeUndefined()
  })

  it('starts nothing under an inspector, whose port a second node could not take', () => {
    expect(respawnArguments(['--inspect=9230'], argv)).toBeUndefined()
    expect(respawnArguments(['--inspect-brk'], argv)).toBeUndefined()
  })
})

describe('runsInBackground', () => {
  it('sees a lone & as a background job', () => {
    expect(runsInBackground('sitemock serve &')).toBe(true)
    expect(runsInBackground('sitemock serve & echo $!')).toBe(true)
    expect(runsInBackground('sitemock serve&')).toBe(true)
  })

  it('leaves &&, 2>&1 and &> alone', () => {
    expect(runsInBackground("'sitemock' serve --port 0")).toBe(false)
    expect(runsInBackground('sitemock generate && sitemock serve')).toBe(false)
    expect(runsInBackground('sitemock serve > log 2>&1')).toBe(false)
    expect(runsInBackground('sitemock serve &> log')).toBe(false)
  })
})
