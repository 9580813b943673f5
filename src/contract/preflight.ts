import { randomUUID } from 'node:crypto'
import type { Credentials } from '../contracts/types.js'
import { describeNetworkError } from './http-client.js'

/** Why the run cannot start: said in one sentence, exit code 2. */
export class TargetError extends Error {}

const TIMEOUT_MS = 10_000

async function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    throw new TargetError(`cannot reach ${base}: ${describeNetworkError(error, TIMEOUT_MS)}`)
  }
}

/**
 * One GET before the run: the target answers, and the API key is accepted (and reaches the
 * workspace, when one is given). Anything else the checks report themselves.
 */
export async function preflight(baseUrl: string, apiKey: string, workspaceId: string | undefined): Promise<void> {
  const base = baseUrl.replace(/\/+$/, '')
  const url = workspaceId ? `${base}/v2/sites?workspaceId=${encodeURIComponent(workspaceId)}&limit=1` : `${base}/v2/sites/${randomUUID()}`
  const response = await get(base, url, { 'x-api-key': apiKey })
  await response.body?.cancel()
  if (response.status === 401) throw new TargetError(`the target refused --api-key (401 unauthorized on GET ${url.slice(base.length)}); check the key`)
  if (response.status === 403 && workspaceId) throw new TargetError(`--api-key has no access to workspace ${workspaceId} (403 forbidden); pass the App key of that workspace`)
}

/** The credentials a sitemock serves at /__mock/credentials, or undefined when the target is not a sitemock. */
export async function mockCredentials(baseUrl: string): Promise<Credentials | undefined> {
  const base = baseUrl.replace(/\/+$/, '')
  const response = await get(base, `${base}/__mock/credentials`)
  if (response.status !== 200) {
    await response.body?.cancel()
    return undefined
  }
  const body = (await response.json().catch(() => undefined)) as Credentials | undefined
  return Array.isArray(body?.workspaces) && Array.isArray(body?.sites) ? body : undefined
}
