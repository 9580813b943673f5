import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BIN, start, waitFor } from '../support/cli-process.js'

describe('sitemock serve', () => {
  it('documents every flag in --help', async () => {
    const child = start(['serve', '--help'])
    const output = await waitFor(child, /Environment/)
    for (const flag of ['--port', '--host', '--scenario', '--seed', '--rate-limit', '--max-body', '--help']) expect(output).toContain(flag)
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(0)
  })

  it('prints the base URL and the default credentials, serves, and stops cleanly on SIGTERM', async () => {
    const child = start(['serve', '--port', '0'])
    const output = await waitFor(child, /All credentials/)
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
    const appKey = /App API key:\s+(sk_\w+)/.exec(output)![1]!
    const credentials = (await (await fetch(`${url}/__mock/credentials`)).json()) as { workspaces: Array<{ appApiKey: string }> }
    expect(credentials.workspaces[0]!.appApiKey).toBe(appKey)
    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(0)
  })

  it('takes the port and host from PORT and HOST, and stops on SIGINT', async () => {
    // A port the system has just handed out and freed: a random one may be an ephemeral port another test's server holds.
    const port = String(await freePort())
    const child = start(['serve'], { PORT: port, HOST: '127.0.0.1' })
    const output = await waitFor(child, /All credentials/)
    expect(output).toContain(`http://127.0.0.1:${port}`)
    expect((await fetch(`http://127.0.0.1:${port}/__mock/health`)).status).toBe(200)
    child.kill('SIGINT')
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(0)
  })

  it('refuses a bad flag with exit code 2 and one line, not a stack trace', async () => {
    const child = start(['serve', '--port', 'eighty'])
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(2)
    expect(stderr).toContain('--port must be an integer from 0 to 65535; got "eighty"')
    expect(stderr).not.toMatch(/\n\s+at /)
  })
})

describe('sitemock serve on another address than 127.0.0.1', () => {
  it('warns when the control plane is open, and not when it has a token', async () => {
    const open = start(['serve', '--port', '0', '--host', '127.0.0.2'])
    let stderr = ''
    open.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await waitFor(open, /All credentials/)
    expect(stderr).toContain('warning: binding 127.0.0.2')
    open.kill('SIGTERM')
    await once(open, 'exit')
    const guarded = start(['serve', '--port', '0', '--host', '127.0.0.2', '--control-token', 't'])
    let guardedErr = ''
    guarded.stderr.on('data', (chunk: Buffer) => (guardedErr += chunk.toString()))
    await waitFor(guarded, /All credentials/)
    expect(guardedErr).toBe('')
    guarded.kill('SIGTERM')
    await once(guarded, 'exit')
  })
})

describe('sitemock serve: the node it runs in', () => {
  /** The processes `pid` started (Linux: /proc). */
  const childrenOf = (pid: number): number[] =>
    fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  const isRunning = (pid: number): boolean => fs.existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))

  it('serves from a node started without the memory reducer, which stops when its starter is killed outright', async () => {
    const child = start(['serve', '--port', '0'])
    const output = await waitFor(child, /All credentials/)
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
    const [server] = childrenOf(child.pid!)
    expect(server).toBeDefined()
    expect(fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')).toContain('--no-memory-reducer')
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
    child.kill('SIGKILL')
    await once(child, 'exit')
    const deadline = Date.now() + 5000
    while (isRunning(server!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(isRunning(server!)).toBe(false)
    await expect(fetch(`${url}/__mock/health`)).rejects.toThrow()
  })

  it('runs in this node when it already has the flag: nothing in between', async () => {
    const child = spawn(process.execPath, ['--no-memory-reducer', BIN, 'serve', '--port', '0'])
    await waitFor(child, /All credentials/)
    expect(childrenOf(child.pid!)).toEqual([])
    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(0)
  })

  /** Runs `script` in sh; resolves with the first line it prints. */
  const shell = (script: string): { child: ChildProcessWithoutNullStreams; firstLine: Promise<string> } => {
    const child = spawn('sh', ['-c', script])
    const firstLine = waitFor(child, /\n/).then((output) => output.split('\n', 1)[0]!)
    return { child, firstLine }
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-shell-'))
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))
  const readyFile = (): string => path.join(fs.mkdtempSync(path.join(scratch, 'run-')), 'url')
  const urlIn = async (file: string): Promise<string> => {
    const deadline = Date.now() + 15_000
    while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    return fs.readFileSync(file, 'utf8').trim()
  }

  // The proxy is a server started the same way: it must stop the same way.
  it.each([
    ['serve', 'serve --port 0 --log off', '/__mock/health'],
    ['proxy', 'proxy --to http://127.0.0.1:9 --port 0 --log off', '/__mock/findings'],
  ])('stops when the `sh -c` it runs in the foreground of is killed, as npm exec kills it on `kill $!` (sitemock %s)', async (_, command, probe) => {
    const file = readyFile()
    // A second command keeps the shell from replacing itself with node (bash does for a lone one): the shell stays between, as npm's does.
    const { child } = shell(`"${process.execPath}" "${BIN}" ${command} --ready-file "${file}"; exit $?`)
    const url = await urlIn(file)
    expect((await fetch(`${url}${probe}`)).status).toBe(200)
    const [server] = childrenOf(child.pid!)
    child.kill('SIGTERM')
    const deadline = Date.now() + 5000
    while (isRunning(server!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(isRunning(server!)).toBe(false)
    await expect(fetch(`${url}${probe}`)).rejects.toThrow()
    expect(fs.existsSync(file)).toBe(false)
  })

  it('keeps serving when the shell sends it to the background and ends, as `sitemock serve &` in a script means', async () => {
    const file = readyFile()
    const { firstLine } = shell(`"${process.execPath}" "${BIN}" serve --port 0 --log off --ready-file "${file}" >/dev/null 2>&1 & echo $!`)
    const pid = Number(await firstLine)
    try {
      const url = await urlIn(file)
      // Past the time the shell watch takes to see a parent gone.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
    } finally {
      process.kill(pid, 'SIGTERM')
    }
  })
})

/** A port free a moment ago: one the system gives a listener on port 0, closed again. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
