import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CliChild, getJson } from '../scenarios/cli-child.js'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-output-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

/** A file where a folder is asked for: no command can make that folder. */
const blocker = path.join(scratch, 'blocker')
fs.writeFileSync(blocker, '')

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  const child = new CliChild(args)
  const code = await child.exit()
  return { code, stderr: child.stderr }
}

describe('files written where the command line says, in folders that do not exist yet', () => {
  it('generate --output creates the folders', async () => {
    const file = path.join(scratch, 'generate/fixtures/big.json')
    const { code, stderr } = await run(['generate', '--sites', '3', '--pages', '2', '--output', file])
    expect(stderr).toBe(`sitemock generate: wrote ${file}: 3 site(s), each with 2 page(s), 2 locale(s) and 3 route(s) (6 pages in all)\n`)
    expect(code).toBe(0)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toHaveProperty('sites')
  }, 30_000)

  it('contract --output creates the folders before the run', async () => {
    const file = path.join(scratch, 'contract/reports/run.json')
    const { code } = await run(['contract', '--only', 'auth', '--reporter', 'json', '--output', file])
    expect(code).toBe(0)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toHaveProperty('checks')
  }, 60_000)

  it('serve --state-file creates the folders', async () => {
    const file = path.join(scratch, 'serve/state/mock.jsonl')
    const child = new CliChild(['serve', '--port', '0', '--log', 'off', '--state-file', file])
    try {
      const url = await child.url()
      expect(await getJson<{ status: string }>(`${url}/__mock/health`)).toEqual({ status: 'ok' })
      expect(fs.existsSync(file)).toBe(true)
    } finally {
      expect(await child.stop()).toBe(0)
    }
  }, 30_000)

  it.each([
    ['generate', '--output'],
    ['contract', '--output'],
    ['serve', '--state-file'],
  ])('%s %s under a file: one line, exit code 2, nothing run', async (command, flag) => {
    const file = path.join(blocker, 'out.json')
    const { code, stderr } = await run([command, ...(command === 'serve' ? ['--port', '0'] : []), flag, file])
    expect(stderr).toBe(`sitemock ${command}: ${flag} ${file}: cannot create its folder ${blocker}: a file of that name is in the way\n`)
    expect(code).toBe(2)
  }, 30_000)
})
