/**
 * connectPageMock: a Playwright test's handle on a mock that runs inside the page
 * (startBrowserMock from sitemock/browser, answering through msw's service worker). Playwright's
 * route() never sees what a service worker answers, so instead of routing, the test drives the
 * page's own mock through its console API (window.__sitemock) with page.evaluate.
 */
import type { Credentials, Fault, FaultRequest, JournalEntry, Override, OverrideRequest } from '../generated/types.js'
import type { RequestExpectation } from '../journal/expect-request.js'
import type { RequestFilter } from './browser-console.js'

/** The name the page's console API is set under (browser-console.ts's CONSOLE_NAME; not imported, so this module stays out of the page's code). */
const CONSOLE_NAME = '__sitemock'
const DEFAULT_TIMEOUT_MS = 10_000

/**
 * As much of Playwright's Page as connectPageMock uses. Calls cross as JSON text, so that the
 * page's answers are plain data whatever Playwright version carries them.
 */
export interface EvaluatingPage {
  evaluate(pageFunction: (call: string) => Promise<string>, call: string): Promise<string>
  waitForFunction(pageFunction: (name: string) => boolean, name: string, options: { timeout: number }): Promise<unknown>
  url(): string
}

export interface PageMockOptions {
  /** How long each call waits for the page's mock to be there, in ms (default 10,000): a page still loading, or reloading. */
  timeoutMs?: number
}

/** The page's mock, seen from the test: the route-based fixture's calls, each a promise. */
export interface PageMock {
  /** Resolves once the page has started its mock (startBrowserMock resolved). */
  ready(): Promise<void>
  credentials(): Promise<Credentials>
  /** The page's start state, an empty journal, no faults or overrides. */
  reset(): Promise<void>
  readonly faults: {
    add(fault: FaultRequest): Promise<Fault>
    list(): Promise<Fault[]>
    clear(): Promise<void>
  }
  readonly overrides: {
    add(override: OverrideRequest): Promise<Override>
    list(): Promise<Override[]>
    clear(): Promise<void>
  }
  /** The API requests the page sent that match (all without a filter), oldest first. */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>
  /** Like expectRequest(mock, expected): the matching requests, or an Error listing the latest ones. Looks once; it does not wait. */
  expectRequest(expected: RequestExpectation): Promise<JournalEntry[]>
  /** The page's current state as a fixture document. */
  state(): Promise<unknown>
}

interface Call {
  name: string
  /** The method's path on the console API, e.g. ["faults", "add"]. */
  method: string[]
  args: unknown[]
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string }

/**
 * Runs in the page (Playwright sends its source), so it refers to nothing outside itself: no
 * helper, no import. Errors come back as messages, so the test sees the page's own words.
 */
async function callInPage(text: string): Promise<string> {
  const call = JSON.parse(text) as Call
  try {
    let target: unknown = (globalThis as Record<string, unknown>)[call.name]
    const last = call.method[call.method.length - 1] ?? ''
    for (const part of call.method.slice(0, -1)) target = (target as Record<string, unknown>)[part]
    const method = (target as Record<string, unknown>)[last] as (...args: unknown[]) => unknown
    const value = await method.apply(target, call.args)
    return JSON.stringify({ ok: true, value: value ?? null })
  } catch (error) {
    return JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

/** True once the page's console API of this shape is there. Runs in the page, as callInPage. */
function hasConsole(name: string): boolean {
  const api = (globalThis as Record<string, unknown>)[name] as { version?: unknown } | undefined
  return typeof api === 'object' && api !== null && api.version === 1
}

/**
 * The mock of a page that runs sitemock itself (startBrowserMock). Nothing happens at once:
 * every call waits (up to `timeoutMs`) for the page's mock, so one handle serves across
 * page.goto and page.reload. A page without it fails the call with the likely causes.
 */
export function connectPageMock(page: EvaluatingPage, options: PageMockOptions = {}): PageMock {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  const ready = async (): Promise<void> => {
    try {
      await page.waitForFunction(hasConsole, CONSOLE_NAME, { timeout })
    } catch (error) {
      if (!(error instanceof Error) || !/timeout/i.test(error.name + error.message)) throw error
      throw new Error(
        `sitemock: no sitemock in this page (${page.url()}) after ${timeout} ms: did the app call startBrowserMock() from 'sitemock/browser'? ` +
          `connectPageMock drives the mock that startBrowserMock starts in the page, through window.${CONSOLE_NAME}, which is there once it resolves. ` +
          'If the app starts it, look for its error on the page or in the browser console (the worker script missing, a scenario misspelt); ' +
          'if the test navigated, call page.goto first. A page whose API the test answers from outside takes routeMock(context, mock) instead.',
      )
    }
  }

  const call = async <T>(method: string[], ...args: unknown[]): Promise<T> => {
    await ready()
    const outcome = JSON.parse(await page.evaluate(callInPage, JSON.stringify({ name: CONSOLE_NAME, method, args } satisfies Call))) as Outcome
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.value as T
  }

  return {
    ready,
    credentials: () => call<Credentials>(['credentials']),
    reset: () => call<void>(['reset']),
    faults: {
      add: (fault) => call<Fault>(['faults', 'add'], fault),
      list: () => call<Fault[]>(['faults', 'list']),
      clear: () => call<void>(['faults', 'clear']),
    },
    overrides: {
      add: (override) => call<Override>(['overrides', 'add'], override),
      list: () => call<Override[]>(['overrides', 'list']),
      clear: () => call<void>(['overrides', 'clear']),
    },
    requests: (filter = {}) => call<JournalEntry[]>(['requests'], filter),
    expectRequest: (expected) => call<JournalEntry[]>(['expectRequest'], expected),
    state: () => call<unknown>(['state']),
  }
}
