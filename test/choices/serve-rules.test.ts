import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { start, waitFor } from '../support/cli-process.js'

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-choices-'))
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

async function serve(args: string[]): Promise<{ url: string; key: string; workspaceId: string; output: string; stop(): Promise<void> }> {
  const child = start(['serve', '--port', '0', '--log', 'off', ...args])
  const output = await waitFor(child, /All credentials/)
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
  const creds = (await (await fetch(`${url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }> }
  return {
    url,
    key: creds.workspaces[0]!.appApiKey,
    workspaceId: creds.workspaces[0]!.id,
    output,
    stop: async () => {
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

const createSite = (s: { url: string; key: string; workspaceId: string }, name: string): Promise<Response> =>
  fetch(`${s.url}/v2/sites`, { method: 'POST', headers: { 'x-api-key': s.key, 'content-type': 'application/json' }, body: JSON.stringify({ workspaceId: s.workspaceId, name }) })

describe('sitemock serve --rules and --choices', () => {
  it('--rules documents accepts a 300-character name that the default rules refuse, and says so at start', async () => {
    const lenient = await serve(['--rules', 'documents'])
    const strict = await serve([])
    try {
      expect(lenient.output).toContain("Validation: the documents' rules")
      expect((await createSite(lenient, 'n'.repeat(300))).status).toBe(201)
      expect((await createSite(strict, 'n'.repeat(300))).status).toBe(400)
    } finally {
      await lenient.stop()
      await strict.stop()
    }
  })

  it('--choices FILE follows the file: a name limit of 20', async () => {
    const file = path.join(folder, 'choices.json')
    fs.writeFileSync(file, JSON.stringify({ target: 'http://staging.example', choices: { nameMaxLength: 20, controlCharacters: 'accepted' } }))
    const s = await serve(['--choices', file])
    try {
      expect(s.output).toContain(`2 free choices from ${file}`)
      const refused = await createSite(s, 'n'.repeat(21))
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain('must be at most 20 characters')
      expect((await createSite(s, 'bell\u0007')).status).toBe(201)
    } finally {
      await s.stop()
    }
  })

  it('refuses a choices file with an unknown value, and --rules with another word, in one line', async () => {
    const file = path.join(folder, 'bad.json')
    fs.writeFileSync(file, JSON.stringify({ choices: { nullsSort: 'middle' } }))
    for (const [args, words, exit] of [
      [['--choices', file], `--choices ${file}: choices: nullsSort must be one of "last", "first", "smallest", "largest"; got "middle"`, 1],
      [['--choices', path.join(folder, 'missing.json')], 'cannot be read (ENOENT)', 1],
      [['--rules', 'lenient'], '--rules must be sitemock or documents; got "lenient"', 2],
    ] as const) {
      const child = start(['serve', '--port', '0', ...args])
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const [code] = (await once(child, 'exit')) as [number]
      expect(stderr).toContain(words)
      expect(stderr).not.toMatch(/\n\s+at /)
      expect(code).toBe(exit)
    }
  })
})
