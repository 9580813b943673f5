import { describe, expect, it } from 'vitest'
import { closestMatch } from '../../src/cli/did-you-mean.js'
import { CliChild } from '../scenarios/cli-child.js'

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new CliChild(args)
  const code = await child.exit()
  return { code, stdout: child.stdout, stderr: child.stderr }
}

describe('usage mistakes on the command line', () => {
  it.each([
    [['serve', '--prot', '3'], 'sitemock serve: unknown option --prot (did you mean --port?); sitemock serve --help lists the options\n'],
    [['generate', '--pagse', '3'], 'sitemock generate: unknown option --pagse (did you mean --pages?); sitemock generate --help lists the options\n'],
    [['contract', '--base-ulr', 'http://x'], 'sitemock contract: unknown option --base-ulr (did you mean --base-url?); sitemock contract --help lists the options\n'],
    [['openapi', '--srever', 'http://x'], 'sitemock openapi: unknown option --srever (did you mean --server?); sitemock openapi --help lists the options\n'],
    [['serve', '--zzzzzz'], 'sitemock serve: unknown option --zzzzzz; sitemock serve --help lists the options\n'],
    [['serve', '--port'], 'sitemock serve: --port needs a value; sitemock serve --help lists the options\n'],
    [['serve', 'extra'], 'sitemock serve: unexpected argument "extra"; every value follows its --option; sitemock serve --help lists the options\n'],
    [['contract', '--reporter', 'jsno'], 'sitemock contract: --reporter must be one of pretty, junit, json; got "jsno" (did you mean json?); sitemock contract --help lists the options\n'],
    [['serve', '--log', 'jsno'], 'sitemock serve: --log must be one of pretty, json, off; got "jsno" (did you mean json?); sitemock serve --help lists the options\n'],
    [['serve', '--scenario', 'defualt'], 'sitemock serve: --scenario must be one of default, empty, multi-locale, large, edge-cases or a fixture file; got "defualt", which is neither (did you mean default?); sitemock serve --help lists the options\n'],
    [['generate', '--locales', '99'], 'sitemock generate: --locales must be an integer from 1 to 20; got "99"; sitemock generate --help lists the options\n'],
  ])('%j: one line naming the flag, exit code 2', async (args, line) => {
    const { code, stdout, stderr } = await run(args)
    expect(stderr).toBe(line)
    expect(stdout).toBe('')
    expect(code).toBe(2)
  }, 30_000)

  it('names the command meant when one is mistyped', async () => {
    const { code, stderr } = await run(['serv', '--port', '0'])
    expect(stderr).toBe('sitemock: unknown command "serv" (did you mean serve?); sitemock --help lists the commands\n')
    expect(code).toBe(2)
  }, 30_000)

  it('fails without a command, the usage on stderr; --help prints it on stdout and succeeds', async () => {
    const bare = await run([])
    expect(bare.code).toBe(2)
    expect(bare.stdout).toBe('')
    expect(bare.stderr).toContain('sitemock serve [options]')
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toBe(bare.stderr)
    const serveHelp = await run(['serve', '--help'])
    expect(serveHelp.code).toBe(0)
    expect(serveHelp.stdout).toContain('Usage: sitemock serve')
  }, 30_000)
})

describe('closestMatch', () => {
  const flags = ['--port', '--host', '--scenario', '--seed', '--state-file', '--watch']

  it('finds a swap, a missing and an extra letter', () => {
    expect(closestMatch('--prot', flags)).toBe('--port')
    expect(closestMatch('--scenaro', flags)).toBe('--scenario')
    expect(closestMatch('--hosts', flags)).toBe('--host')
  })

  it('suggests nothing for a word far from every candidate', () => {
    expect(closestMatch('--verbose', flags)).toBeUndefined()
    expect(closestMatch('-x', flags)).toBeUndefined()
  })
})
