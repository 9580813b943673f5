import type { HttpMethod } from '../api/types.js'
import type { Alternative, ChoiceId, Choices } from '../freedom/catalogue.js'
import { alternativeOfStatus, statusesInWords, type StatusTold } from '../freedom/statuses.js'
import { apiRoutes } from '../api/operations.js'
import { ContractClient } from './http-client.js'
import { Throttle } from './throttle.js'
import { CreatedResources, SafetyError } from './tracker.js'

/** What the probes of `--write-choices` share: how they call the target and how they record what they find. */

export interface ProbeTarget {
  baseUrl: string
  apiKey: string
  workspaceId: string
  /** The run's tag, contract-<run id>: in the name or pathname of everything the probes create. */
  tag: string
  signal?: AbortSignal
  /**
   * The contract run's own client and tracker, when the probes run first in a run: its
   * --max-rps throttle and count, its guard, and its cleanup of all they create. Without it the
   * probes get a client of their own, paced by maxRps.
   */
  channel?: ProbeChannel
  maxRps?: number
  requestTimeoutMs?: number
  /** False under --profile published, whose document has no routes: the run judges none, so the probes send none. */
  routes?: boolean
  /** --site-api-key: the Site key to ask with where the sites' publicApiKey is no key (publicApiKeyAsSiteKey). */
  siteApiKey?: string
}

export interface ProbeChannel {
  client: ContractClient
  tracker: CreatedResources
}

export interface Answer {
  status: number
  body: Record<string, unknown> & { data?: Array<Record<string, unknown>> }
}

/** A probe's request: with the run's App key, another `key`, or none (`null`). */
export type Call = (method: HttpMethod, path: string, body?: unknown, key?: string | null) => Promise<Answer>

/** A probe whose answer no alternative explains, or that cannot be made on this deployment. */
export class Unrecorded extends Error {}

export type Recorder = (id: ChoiceId, find: () => Promise<Choices[ChoiceId]>) => Promise<void>

/** What the probes of one group work in: the run's site (its key, first page, default locale) and a second site of the run. */
export interface ProbeSite {
  call: Call
  record: Recorder
  target: ProbeTarget
  siteId: string
  siteKey: string
  /** The site as created, before any probe changed it. */
  site: Answer['body']
  /** A second site of the run (for the sites' order and a siteId beside an id), or the reason it could not be made. */
  otherSiteId: string | Unrecorded
  /** What the probes that ran before learned: a later probe reads the choices that decide what it can see. */
  learned: Readonly<Choices>
}

/**
 * How the probes call the target: through a ContractClient, so that they are paced, counted,
 * interrupted and guarded as every other request of a run. A write the guard refuses is not
 * sent, and the class it would have shown is left unrecorded with the guard's words.
 */
export function caller({ client, tracker }: ProbeChannel): Call {
  // The probes' made-up id names nothing: writes to it are as safe as to a phantom of the run.
  tracker.madeUp(NOWHERE_ID)
  return async (method, path, body, key) => {
    try {
      const exchange = await client.send({ method, ...requestOf(method, path), rawPath: path, body, key })
      const parsed = exchange.body
      // A body that is not a JSON object is judged by its status alone.
      return { status: exchange.status, body: typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Answer['body']) : {} }
    } catch (error) {
      if (error instanceof SafetyError) throw new Unrecorded(`not sent: ${error.message}`)
      throw error
    }
  }
}

const PROBE_TIMEOUT_MS = 30_000

/** The probes' own client, outside a contract run: paced by --max-rps, cleaned up by probeChoices. */
export function ownChannel(target: ProbeTarget): ProbeChannel {
  const tracker = new CreatedResources(target.tag)
  const throttle = new Throttle(1, target.maxRps ?? 0)
  const timeoutMs = target.requestTimeoutMs ?? PROBE_TIMEOUT_MS
  return { tracker, client: new ContractClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, throttle, tracker, readOnly: false, timeoutMs, signal: target.signal, notice: () => undefined }) }
}

/**
 * The template, params and query of a probe's raw path, found by the mock's own route table: what
 * the guard judges a write by and what the tracker records. A path of no operation is judged as
 * itself, with no params.
 */
function requestOf(method: HttpMethod, path: string): { template: string; params: Record<string, string>; query: Record<string, string> } {
  const [pathname = '', search = ''] = path.split(/\?(.*)/s, 2)
  const query = Object.fromEntries(new URLSearchParams(search))
  const match = apiRoutes.match(method, pathname)
  return match.kind === 'found' ? { template: match.operation.path, params: match.params, query } : { template: pathname, params: {}, query }
}

/** Each status one alternative; any other status is not a choice the catalogue knows. */
export function byStatus<T>(answer: Answer, what: string, alternatives: ReadonlyArray<readonly [number, T]>): T {
  const found = alternatives.find(([status]) => status === answer.status)
  if (found) return found[1]
  throw new Unrecorded(`${what} answered ${answer.status}, none of ${alternatives.map(([status]) => status).join(', ')}`)
}

/** The alternative of a class the status alone tells apart (src/freedom/statuses.ts) that an answer shows. */
export function statusTold<K extends StatusTold>(answer: Answer, what: string, id: K): Alternative<K> {
  const found = alternativeOfStatus(id, answer.status)
  if (found !== undefined) return found
  throw new Unrecorded(`${what} answered ${answer.status}, none of ${statusesInWords(id)}`)
}

/** Two statuses, each one alternative. */
export const either = <A, B>(answer: Answer, what: string, yes: [number, A], no: [number, B]): A | B => byStatus<A | B>(answer, what, [yes, no])

export const ok = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300

/** Whether a 400 names the field among its details. */
export const namesField = (answer: Answer, field: string): boolean =>
  Array.isArray(answer.body.details) && answer.body.details.some((detail: unknown) => typeof detail === 'object' && detail !== null && (detail as { field?: unknown }).field === field)

/**
 * A 400 naming `siteId` and nothing else: a siteId that names no site refused as a value that names
 * nothing (unknownSiteReference invalid) where the site is judged, before the rest of the request.
 */
export const refusesSiteAlone = (answer: Answer): boolean =>
  answer.status === 400 && Array.isArray(answer.body.details) && answer.body.details.length > 0 && answer.body.details.every((detail: unknown) => typeof detail === 'object' && detail !== null && (detail as { field?: unknown }).field === 'siteId')

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function unexplained(what: string, value: unknown): never {
  throw new Unrecorded(`${what} is ${JSON.stringify(value)}, which no alternative explains`)
}

/** A text with every letter's case turned (en-US as EN-us): never the text itself where it has a letter. */
export const swappedCase = (text: string): string => [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')

/** An id that names nothing on any deployment (version 4, all but its last digits zero). */
export const NOWHERE_ID = '00000000-0000-4000-8000-00000000c0de'

/**
 * A well-formed code of a real language and region that the probes never give their site, nor the
 * stateful group a site of its own: a locale the site lacks. (A deployment that knows the languages
 * and regions may refuse one it does not know, zz-ZZ, as malformed, which says nothing of a lookup.)
 */
export const LACKED_LOCALE = 'is-IS'

/** The ids of a list's items, in the order listed, that are among `known` (keyed by id). */
export const listedKeys = (answer: Answer, known: ReadonlyMap<string, string>): string[] =>
  (answer.body.data ?? []).map((item) => known.get(String(item.id))).filter((key): key is string => key !== undefined)
