import type { Credentials } from '../generated/types.js'
import { describeNetworkError } from './http-client.js'

/** Why the run cannot start: said in one sentence, exit code 2. */
export class TargetError extends Error {}

const TIMEOUT_MS = 10_000

/** The list every deployment of the API serves: it answers in the API's envelope whatever the key. */
const PROBE_PATH = '/v2/sites'

/** One answer, read whole, with how long it took. */
interface Answer {
  path: string
  status: number
  /** The media type alone, without its parameters (charset...). */
  mediaType?: string
  location?: string
  text: string
  ms: number
}

async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now()
  try {
    // Redirects are not followed: the API never redirects, and a login page behind one would look like an answer.
    const response = await fetch(base + path, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' })
    const text = await response.text()
    return {
      path,
      status: response.status,
      mediaType: response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined,
      location: response.headers.get('location') ?? undefined,
      text,
      ms: performance.now() - started,
    }
  } catch (error) {
    throw new TargetError(`cannot reach ${base}: ${describeNetworkError(error, TIMEOUT_MS)}`)
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Whether a body is the API's envelope for its status: a list for a success, an error with code and message otherwise. */
function inEnvelope(status: number, body: unknown): boolean {
  if (!isObject(body)) return false
  if (status < 300) return body.object === 'list' && Array.isArray(body.data)
  return body.object === 'error' && typeof body.code === 'string' && typeof body.message === 'string'
}

/** The start of a body and its size, enough to recognise what answered: `"<!doctype html>…", 1234 bytes`. */
function excerpt(text: string, json: boolean): string {
  const bytes = Buffer.byteLength(text)
  if (bytes === 0) return 'an empty body'
  const flat = text.replace(/\s+/g, ' ').trim()
  const start = flat.length > 40 ? `${flat.slice(0, 40)}…` : flat
  return `${json ? start : JSON.stringify(start)}, ${bytes} byte${bytes === 1 ? '' : 's'}`
}

/**
 * What answered instead of the API, in words, or undefined when the answer is the API's: a
 * redirect, a 404 (the API always has its list), a body that is not JSON (an HTML page, a proxy's
 * error page), or JSON in another envelope (another service).
 */
function notTheApi(answer: Answer): string | undefined {
  const said = `GET ${answer.path.split('?')[0]} answered ${answer.status}`
  if (answer.status >= 300 && answer.status < 400) return `${said}, a redirect to ${answer.location ?? 'no Location'}`
  const body = parse(answer.text)
  // Told by the body, not the content type: the API's envelope under a wrong content type is the API, with a defect the checks report.
  const json = body !== undefined
  const what = `${answer.mediaType ?? 'with no content type'} (${excerpt(answer.text, json)})`
  if (answer.status === 404) return `${said} ${what}, and the API always has this path`
  if (!json) return `${said} ${what}`
  if (!inEnvelope(answer.status, body)) return `${said} ${what}, which is not the API's ${answer.status < 300 ? 'list ({"object":"list","data":[...]})' : 'error ({"object":"error","code":...,"message":...})'}`
  return undefined
}

/**
 * Asks the target for its site list and stops the run when something else than the API answers:
 * a wrong --base-url must cost one line, not a report of every check failing on the same page.
 */
export async function identify(baseUrl: string, apiKey?: string, workspaceId?: string): Promise<Answer> {
  const base = baseUrl.replace(/\/+$/, '')
  const query = new URLSearchParams({ ...(workspaceId ? { workspaceId } : {}), limit: '1' })
  const answer = await get(base, `${PROBE_PATH}?${query}`, apiKey === undefined ? {} : { 'x-api-key': apiKey })
  const reason = notTheApi(answer)
  if (reason) throw new TargetError(`the target at ${base} is not the Site-Building Service API: ${reason}; --base-url must be the API's root, where GET ${PROBE_PATH} lists sites`)
  return answer
}

/** What the run learned before it started. */
export interface Preflight {
  /** One warm request's round trip, in ms: what the estimate of the run's length starts from. */
  roundTripMs: number
}

/**
 * Before the run: the target is the API (see identify), the API key is accepted, and reaches the
 * workspace when one is given. Anything else the checks report themselves.
 */
export async function preflight(baseUrl: string, apiKey: string, workspaceId: string | undefined): Promise<Preflight> {
  const base = baseUrl.replace(/\/+$/, '')
  const answer = await identify(base, apiKey, workspaceId)
  if (answer.status === 401) throw new TargetError(`the target refused --api-key (401 unauthorized on GET ${PROBE_PATH}); check the key`)
  if (answer.status === 403 && workspaceId) throw new TargetError(`--api-key has no access to workspace ${workspaceId} (403 forbidden); pass the App key of that workspace`)
  if (answer.status === 403) throw new TargetError(`--api-key cannot list sites (403 forbidden on GET ${PROBE_PATH}); pass an App API key (sk_...), not a Site API key`)
  // The first request pays for the connection (and TLS), the next ones may still pay for a cold
  // server's first work: the quickest of three more says what a request of the run costs.
  let fastest = Infinity
  for (let i = 0; i < 3; i++) fastest = Math.min(fastest, (await get(base, answer.path, { 'x-api-key': apiKey })).ms)
  return { roundTripMs: fastest }
}

/** The credentials a sitemock serves at /__mock/credentials, or undefined when the target is not a sitemock. */
export async function mockCredentials(baseUrl: string): Promise<Credentials | undefined> {
  const base = baseUrl.replace(/\/+$/, '')
  const answer = await get(base, '/__mock/credentials')
  if (answer.status !== 200) return undefined
  const body = parse(answer.text) as Credentials | undefined
  return Array.isArray(body?.workspaces) && Array.isArray(body?.sites) ? body : undefined
}
