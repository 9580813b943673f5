import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { choice, type ChoiceId, type ChoicesFile } from '../../src/freedom/catalogue.js'
import { BIN, start, waitFor } from '../support/cli-process.js'
import { startPermissive, type Permissive } from '../contract/permissive/index.js'

/**
 * The calibration loop through the command line, over real HTTP, against the permissive
 * implementation (written apart from sitemock, taking the other side of every free choice it
 * can): contract --write-choices records its choices, serve --choices answers the same probes as
 * it does, and contract --profile sitemock --choices no longer reports a difference on any of
 * the choices learned.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-calibrate-'))
const file = path.join(folder, 'staging-choices.json')

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout.resume()
  const [code] = (await once(child, 'exit')) as [number]
  return { code, stderr }
}

interface Report {
  checks: Array<{ id: string; status: string; failures: Array<{ documents: string[]; leftOpen?: string }> }>
  notices: string[]
}

describe('calibrating from a deployment through the command line', () => {
  let target: Permissive
  let recorded: ChoicesFile
  const targetFlags = (): string[] => ['--base-url', target.url, '--api-key', target.appKey, '--workspace-id', target.workspaceId, '--other-api-key', target.otherWorkspaceKey]
  beforeAll(async () => {
    target = await startPermissive()
    const run = await cli(['contract', ...targetFlags(), '--write-choices', file, '--only', 'auth'])
    expect(run.stderr).toMatch(/recorded \d+ free choices of http:\/\/127\.0\.0\.1:\d+ in .*staging-choices\.json; not sitemock's: .*limitZero="accepted"/)
    expect(run.code).toBe(0)
    recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as ChoicesFile
  })
  afterAll(async () => {
    await target.close()
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('writes a choices file of the deployment, and leaves none of its probes behind', async () => {
    expect(recorded.target).toBe(target.url)
    expect(recorded.choices).toMatchObject({ limitZero: 'accepted', nameMaxLength: null, pageLocale: 'absent', updatedAtAtCreation: 'null', nullsSort: 'smallest', malformedPathId: '404' })
    const sites = (await (await fetch(`${target.url}/v2/sites?workspaceId=${target.workspaceId}&limit=100`, { headers: { 'x-api-key': target.appKey } })).json()) as { data: Array<{ name: string }> }
    expect(sites.data.filter((site) => site.name.startsWith('contract-'))).toEqual([])
  })

  it('serve --choices answers the probes as the deployment did', async () => {
    const child = start(['serve', '--port', '0', '--log', 'off', '--choices', file])
    try {
      const output = await waitFor(child, /All credentials/)
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
      const creds = (await (await fetch(`${url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
      const again = await probeChoices({ baseUrl: url, apiKey: creds.workspaces[0]!.appApiKey, workspaceId: creds.workspaces[0]!.id, tag: 'contract-cafe0001' })
      expect(again.choices).toMatchObject(recorded.choices)
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('contract --profile sitemock --choices reports no difference on a learned choice, where without --choices it does', async () => {
    const learned = (Object.keys(recorded.choices) as ChoiceId[]).filter((id) => recorded.choices[id] !== choice(id).sitemock)
    const namesLearned = (report: Report): string[] =>
      report.checks.flatMap((check) => check.failures.filter((f) => f.documents.join() === 'sitemock behaviour').flatMap((f) => learned.filter((id) => new RegExp(`\\b${id}\\b`).test(f.leftOpen ?? '')).map((id) => `${check.id}: ${id}`)))
    const runWith = async (extra: string[], output: string): Promise<Report> => {
      await cli(['contract', ...targetFlags(), '--profile', 'sitemock', '--only', 'validation,pagination,lifecycle,conflicts', '--reporter', 'json', '--output', output, ...extra])
      return JSON.parse(fs.readFileSync(output, 'utf8')) as Report
    }
    const plain = await runWith([], path.join(folder, 'plain.json'))
    const calibrated = await runWith(['--choices', file], path.join(folder, 'calibrated.json'))
    expect(namesLearned(plain).length).toBeGreaterThan(10)
    expect(namesLearned(calibrated)).toEqual([])
    expect(calibrated.notices.join('\n')).toContain('pagination.sites.limit-range: held to the target\'s recorded choice limitZero="accepted"')
  })
})
