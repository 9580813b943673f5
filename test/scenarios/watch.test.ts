import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { CliChild, getJson, ROOT } from './cli-child.js'

const empty = JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures/empty.json'), 'utf8')) as { workspaces: Array<{ id: string; appApiKey: string }> }

/** Saves the way editors do: a new file renamed over the old one. */
function save(file: string, document: unknown): void {
  fs.writeFileSync(`${file}.swp`, typeof document === 'string' ? document : JSON.stringify(document, null, 2))
  fs.renameSync(`${file}.swp`, file)
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('sitemock serve --watch', () => {
  it('reloads the scenario file on each valid edit, and reports and ignores a bad one', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-watch-')), 'scenario.json')
    save(file, empty)
    const child = new CliChild(['serve', '--port', '0', '--scenario', file, '--watch'])
    try {
      const url = await child.url()
      const appKey = async (): Promise<string> => (await getJson<Credentials>(`${url}/__mock/credentials`)).workspaces[0]!.appApiKey
      expect(await appKey()).toBe(empty.workspaces[0]!.appApiKey)

      const edited = { workspaces: [{ ...empty.workspaces[0]!, appApiKey: 'sk_editededitededitededited' }] }
      save(file, edited)
      await eventually(async () => (await appKey()) === 'sk_editededitededitededited', 'the edit is served')
      expect(child.stdout).toContain(`reloaded ${file}`)

      save(file, { workspaces: [{ ...edited.workspaces[0]!, appApiKey: 'not-a-key' }] })
      await child.waitFor(/workspaces\[0\]\.appApiKey: .*\nsitemock: the edit was ignored/, 'stderr')
      save(file, '{ "workspaces": [')
      await child.waitFor(/\(file\): is not valid JSON[^\n]*\nsitemock: the edit was ignored/, 'stderr')
      expect(await appKey()).toBe('sk_editededitededitededited')

      save(file, { workspaces: [{ ...edited.workspaces[0]!, appApiKey: 'sk_fixedfixedfixedfixedfixed' }] })
      await eventually(async () => (await appKey()) === 'sk_fixedfixedfixedfixedfixed', 'the fixed edit is served')
    } finally {
      await child.stop()
    }
  })

  it('needs a fixture file to watch', async () => {
    const child = new CliChild(['serve', '--port', '0', '--watch'])
    expect(await child.exit()).toBe(2)
    expect(child.stderr).toContain('--watch needs --scenario PATH')
  })
})
