import type { ChoiceId, Choices } from '../contracts/choices.js'

/** What the probes of `--write-choices` share: how they call the target and how they record what they find. */

export interface ProbeTarget {
  baseUrl: string
  apiKey: string
  workspaceId: string
  /** The run's tag, contract-<run id>: in the name or pathname of everything the probes create. */
  tag: string
  signal?: AbortSignal
}

export interface Answer {
  status: number
  body: Record<string, unknown> & { data?: Array<Record<string, unknown>> }
}

export type Call = (method: string, path: string, body?: unknown, key?: string) => Promise<Answer>

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
}

export function caller(target: ProbeTarget): Call {
  return async (method, path, body, key) => {
    const headers: Record<string, string> = { 'x-api-key': key ?? target.apiKey, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(target.baseUrl.replace(/\/$/, '') + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: target.signal })
    const text = await response.text()
    let parsed: Answer['body'] = {}
    try {
      parsed = text ? (JSON.parse(text) as Answer['body']) : {}
    } catch {
      // A body that is not JSON is judged by its status alone.
    }
    return { status: response.status, body: parsed }
  }
}

/** Each status one alternative; any other status is not a choice the catalogue knows. */
export function byStatus<T>(answer: Answer, what: string, alternatives: ReadonlyArray<readonly [number, T]>): T {
  const found = alternatives.find(([status]) => status === answer.status)
  if (found) return found[1]
  throw new Unrecorded(`${what} answered ${answer.status}, none of ${alternatives.map(([status]) => status).join(', ')}`)
}

/** Two statuses, each one alternative. */
export const either = <A, B>(answer: Answer, what: string, yes: [number, A], no: [number, B]): A | B => byStatus<A | B>(answer, what, [yes, no])

export const ok = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function unexplained(what: string, value: unknown): never {
  throw new Unrecorded(`${what} is ${JSON.stringify(value)}, which no alternative explains`)
}

/** An id that names nothing on any deployment (version 4, all but its last digits zero). */
export const NOWHERE_ID = '00000000-0000-4000-8000-00000000c0de'

/** The ids of a list's items, in the order listed, that are among `known` (keyed by id). */
export const listedKeys = (answer: Answer, known: ReadonlyMap<string, string>): string[] =>
  (answer.body.data ?? []).map((item) => known.get(String(item.id))).filter((key): key is string => key !== undefined)
