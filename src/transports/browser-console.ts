/**
 * The browser mock's console API: `window.__sitemock`, for a developer in DevTools
 * (`__sitemock.requests()`) and for a test driving the page (sitemock/playwright's
 * connectPageMock). Plain methods over the mock, no eval, so a strict Content-Security-Policy
 * leaves it working. Everything it returns is plain JSON, as page.evaluate carries it.
 */
import type { Credentials, ErrorBody, Fault, FaultRequest, JournalEntry, Override, OverrideRequest } from '../generated/types.js'
import { expectRequest, findRequests, type RequestExpectation } from '../journal/expect-request.js'
import type { Mock } from '../mock.js'
import { exportState } from '../scenarios/fixture.js'
import type { JournalHistory } from './browser-history.js'

/** The name on `window` (and globalThis) the console API is set under. */
export const CONSOLE_NAME = '__sitemock'

/** Which requests: the fields of expectRequest's expectation, without `times`. */
export type RequestFilter = Omit<RequestExpectation, 'times'>

export interface SitemockConsole {
  /** The shape of this API; connectPageMock checks it. */
  readonly version: 1
  /** Prints a summary of this API to the console, and returns it. */
  help(): string
  /** The App keys and Site keys of the current state. */
  credentials(): Credentials
  /** The state the page started from, an empty journal, no faults or overrides (BrowserMock.reset()). */
  reset(): void
  readonly faults: {
    /** Adds a fault as POST /__mock/faults does; a bad one throws naming the field. */
    add(fault: FaultRequest): Fault
    list(): Fault[]
    clear(): void
  }
  readonly overrides: {
    /** Adds an override as POST /__mock/overrides does; a bad one throws naming the field. */
    add(override: OverrideRequest): Override
    list(): Override[]
    clear(): void
  }
  /** The journaled API requests that match (all of them without a filter), oldest first. */
  requests(filter?: RequestFilter): JournalEntry[]
  /** expectRequest(): the matching requests, or an Error listing the latest ones. */
  expectRequest(expected: RequestExpectation): JournalEntry[]
  /** The current state as a fixture document (GET /__mock/state). */
  state(): unknown
}

const HELP = `sitemock in this page (window.${CONSOLE_NAME}):
  requests({ method, path, status, body })  the API requests the page sent, oldest first (all without a filter)
  expectRequest({ method, path, status, body, times })  those requests, or an error listing the latest ones
  faults.add({ route: 'listPages', status: 503 })  faults.list()  faults.clear()
  overrides.add({ match: { operation: 'getSite' }, response: { status: 200, body: {...} } })  overrides.list()  overrides.clear()
  credentials()  the App keys and Site keys of the current state
  state()  the state as a fixture document
  reset()  back to the start: the page's scenario, an empty journal, no faults or overrides`

/** The console API of a started browser mock; `reset` is the BrowserMock's own. */
export function createConsole(mock: Mock, history: JournalHistory, reset: () => void): SitemockConsole {
  // Both sets go through the control plane, so the console checks what the HTTP API checks.
  const control = <T>(what: string, method: 'POST' | 'DELETE', path: string, body?: unknown): T => {
    const response = mock.handle({ method, path: `/__mock/${path}`, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    if (response.status >= 400) throw new Error(`sitemock: ${what}: ${describeError(response.body)}`)
    return response.body as T
  }
  const journaled = { journal: history }
  return {
    version: 1,
    help() {
      console.log(HELP)
      return HELP
    },
    credentials: () => mock.credentials(),
    reset,
    faults: {
      add: (fault) => control<Fault>('faults.add', 'POST', 'faults', fault),
      list: () => mock.faults.list().faults,
      clear: () => void control('faults.clear', 'DELETE', 'faults'),
    },
    overrides: {
      add: (override) => control<Override>('overrides.add', 'POST', 'overrides', override),
      list: () => mock.overrides.list().overrides,
      clear: () => void control('overrides.clear', 'DELETE', 'overrides'),
    },
    requests: (filter = {}) => findRequests(journaled, filter),
    expectRequest: (expected) => expectRequest(journaled, expected),
    state: () => exportState(mock.store),
  }
}

/** Sets `api` on globalThis (window in a page); returns the function that takes it off again if it is still there. */
export function exposeConsole(api: SitemockConsole): () => void {
  Object.defineProperty(globalThis, CONSOLE_NAME, { value: api, configurable: true, writable: true })
  return () => {
    if ((globalThis as Record<string, unknown>)[CONSOLE_NAME] === api) Reflect.deleteProperty(globalThis, CONSOLE_NAME)
  }
}

/** The control plane's error envelope in one line: its message and each detail's field. */
function describeError(body: unknown): string {
  const error = body as Partial<ErrorBody> | undefined
  const message = error?.message ?? 'refused'
  // A message that already names its fields says it all; otherwise the details name them.
  const details = (error?.details ?? []).filter((detail) => !message.includes(detail.field)).map((detail) => `${detail.field} ${detail.message}`)
  return [message, ...details].join('; ')
}
