import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Credentials } from '../../src/generated/types.js'
import { start, waitFor } from '../support/cli-process.js'

/** A request of a run: a path with its query, a body sent as JSON, and the key (the App key when left out, none when null). */
export interface Call {
  method: string
  path: string
  body?: unknown
  key?: string | null
}

export interface Answer {
  status: number
  text: string
  contentType: string | null
  rateLimit: string | null
  json: unknown
}

export async function send(base: string, call: Call, appKey: string): Promise<Answer> {
  const key = call.key === undefined ? appKey : call.key
  const headers: Record<string, string> = {}
  if (key !== null) headers['x-api-key'] = key
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(base + call.path, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) })
  const text = await response.text()
  let json: unknown
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, text, contentType: response.headers.get('content-type'), rateLimit: response.headers.get('x-ratelimit-limit'), json }
}

export interface Served {
  child: ChildProcessWithoutNullStreams
  url: string
  credentials: Credentials
}

/** A sitemock process: the deployment the proxy forwards to. */
export async function serveTarget(args: string[]): Promise<Served> {
  const child = start(['serve', '--port', '0', '--log', 'off', ...args])
  const output = await waitFor(child, /All credentials/)
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
  const credentials = (await (await fetch(`${url}/__mock/credentials`)).json()) as Credentials
  return { child, url, credentials }
}

export interface Proxied {
  child: ChildProcessWithoutNullStreams
  url: string
  /** Everything the proxy printed, on both streams, so far. */
  output(): string
}

export async function startProxyProcess(args: string[]): Promise<Proxied> {
  const child = start(['proxy', '--port', '0', ...args])
  let printed = ''
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const banner = await waitFor(child, /Findings: /)
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!
  return { child, url, output: () => printed }
}

/** Stops a process with SIGTERM and resolves with its exit code. */
export async function stop(child: ChildProcessWithoutNullStreams): Promise<number> {
  if (child.exitCode !== null) return child.exitCode
  child.kill('SIGTERM')
  const [code] = (await once(child, 'exit')) as [number]
  return code
}

/** Makes the target answer as a defective deployment would: the override's body may break the API's schema on purpose. */
export async function addOverride(target: string, override: object): Promise<void> {
  const response = await fetch(`${target}/__mock/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ check: 'warn', ...override }) })
  if (response.status !== 200) throw new Error(`the override was refused: ${await response.text()}`)
}

/** Every key the deployment knows: none may appear in anything the proxy writes. */
export const keysOf = (credentials: Credentials): string[] => [...credentials.workspaces.map((workspace) => workspace.appApiKey), ...credentials.sites.map((site) => site.siteApiKey)]

/** A sitemock process serving multi-locale, a proxy process in front of it, a scratch folder, and the first workspace's key and site. */
export interface ProxySetup {
  target: Served
  proxy: Proxied
  dir: string
  appKey: string
  workspaceId: string
  siteId: string
}

/** Starts the deployment and the proxy; `proxyArgs` adds the proxy's flags past --to. */
export async function proxyInFront(proxyArgs: (setup: Omit<ProxySetup, 'proxy'>) => string[]): Promise<ProxySetup> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-proxy-'))
  const target = await serveTarget(['--scenario', 'multi-locale'])
  const workspace = target.credentials.workspaces[0]!
  const siteId = target.credentials.sites.find((site) => site.workspaceId === workspace.id)!.id
  const partial = { target, dir, appKey: workspace.appApiKey, workspaceId: workspace.id, siteId }
  const proxy = await startProxyProcess(['--to', target.url, ...proxyArgs(partial)])
  return { ...partial, proxy }
}

export async function tearDown(setup: ProxySetup): Promise<void> {
  await stop(setup.proxy.child)
  await stop(setup.target.child)
  fs.rmSync(setup.dir, { recursive: true, force: true })
}
