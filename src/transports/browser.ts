/**
 * sitemock/browser: the mock inside a web page. msw's service worker hands the page's fetch
 * calls to the same catch-all handler (createMswHandler) and the same core that `sitemock serve`
 * runs, so the browser sees the same routes, validation, errors and scenarios.
 *
 *   import { startBrowserMock } from 'sitemock/browser'
 *   const sitemock = await startBrowserMock()
 *   const { appApiKey } = sitemock.credentials().workspaces[0]
 */
import { setupWorker, type SetupWorker } from 'msw/browser'
import { apiRoutes } from '../api/operations.js'
import { prepareOperations } from '../api/operation-validators.js'
import { choiceFollowing } from '../api/validate.js'
import type { Credentials } from '../generated/types.js'
import type { Mock, MockOptions } from '../mock.js'
import { loadFaker } from '../scenarios/faker-provider.js'
import { DEFAULT_SEED, mayGenerate, type ScenarioName } from '../scenarios/index.js'
import { createConsole, exposeConsole } from './browser-console.js'
import { JournalHistory } from './browser-history.js'
import { ControlsKeeper } from './browser-keep.js'
import { fingerprint, SessionJournal } from './browser-session.js'
import { createSavedMock } from './browser-state.js'
import { DEFAULT_BASE_URL, handlersFor } from './handlers.js'
import { checkScenarioOption } from './scenario-check.js'
import { onUnhandled, type UnhandledRequests } from './unhandled.js'

// The browser-safe mock and handlers (sitemock/handlers), for pages that start msw's worker themselves.
export * from './handlers.js'
export { CONSOLE_NAME, type RequestFilter, type SitemockConsole } from './browser-console.js'

export interface BrowserMockOptions {
  /** The state to start from: a scenario name (default "default") or { fixture } with a fixture document. */
  scenario?: ScenarioName | { fixture: unknown }
  /** Seed of generated content and ids (default 1): the same seed gives the same state. */
  seed?: number
  /**
   * What the mock intercepts: the service's address (default https://api.makeswift.com), another
   * absolute base URL, or a path on the page's own origin such as "/" or "/api". On the page's
   * origin only the API's paths and /__mock/* are answered; the app's own files pass through.
   */
  baseUrl?: string
  /**
   * What msw does with a request the mock does not take (default "bypass": it goes to the
   * network): "bypass", "warn", "error" or a callback. Given to msw 2 and msw 3 alike.
   */
  onUnhandledRequest?: UnhandledRequests
  /**
   * Keep the state across reloads of the tab in sessionStorage (default true), under `key`
   * (default "sitemock"). A different scenario or seed starts afresh. "all" (or `{ all: true }`)
   * keeps the request journal, the faults and the overrides too, so that a test or a developer
   * can set a fault, reload, and see the page load under it.
   */
  persist?: boolean | 'all' | { key?: string; all?: boolean }
  /** Where the page serves msw's worker script (default "/mockServiceWorker.js"; see `msw init`). */
  serviceWorkerUrl?: string
  /** Silences msw's log line per intercepted request. */
  quiet?: boolean
  /** Whose validation rules the mock follows: sitemock's (default) or the documents' (see createMock). */
  rules?: MockOptions['rules']
  /** A deployment's free choices to follow, as `sitemock contract --write-choices` records them (see createMock). */
  choices?: MockOptions['choices']
  /** The lists that answer cursors in their own way, as such a file's `lists` (see createMock). */
  listChoices?: MockOptions['listChoices']
}

export interface BrowserMock {
  /** The core itself: mock.store, mock.handle(request) for calls without fetch. */
  readonly mock: Mock
  readonly worker: SetupWorker
  /** The App keys and Site keys of the current state, as GET /__mock/credentials answers. */
  credentials(): Credentials
  /**
   * Back to the start, as mock.reset(): the state the page started from (scenario and seed),
   * an empty journal, no faults or overrides; the saved state is forgotten.
   */
  reset(): void
  /** Stops intercepting and takes `window.__sitemock` away; the saved state stays for the next start. */
  stop(): void
}

/** Starts msw's service worker in front of a mock; resolves once the page's requests are intercepted. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  await failVisibly(async () => checkScenarioOption(options.scenario))
  const scenario = options.scenario ?? 'default'
  const start =
    typeof scenario === 'string' ? { scenario, seed: options.seed ?? DEFAULT_SEED } : { fixture: scenario.fixture, seed: options.seed }
  const mockOptions: MockOptions = { scenario: typeof scenario === 'string' ? scenario : { fixture: scenario.fixture }, seed: start.seed, rules: options.rules, choices: options.choices, listChoices: options.listChoices }
  // Other rules may refuse a saved write, so they start afresh too (undefined ones leave the fingerprint as it was).
  const saved = { ...start, rules: options.rules, choices: options.choices, listChoices: options.listChoices }
  // A generated scenario needs faker, which the page imports now, in a chunk of its own.
  if (typeof scenario === 'string' && mayGenerate(scenario, start.seed)) await loadFaker()
  await failVisibly(async () => persistOf(options.persist))
  const persist = persistOf(options.persist)
  const origin = fingerprint(JSON.stringify(saved))
  const journal = persist ? new SessionJournal(sessionStorage, persist.key, origin) : undefined
  // A reload replays the saved writes at once: the validators of their operations are imported
  // first, and the following of the choices the mock judges them by, if it is given any.
  if (journal) await prepareOperations(apiRoutes, journal.load()?.writes.map((write) => write.request) ?? [])
  // Lists are checked where the following is: before the mock starts, so that wrong ones throw here.
  if (options.listChoices !== undefined || (journal && (options.rules !== undefined || options.choices !== undefined))) await choiceFollowing.load()
  const { mock, resetTo } = createSavedMock(mockOptions, journal)
  const keeper = persist ? new ControlsKeeper(sessionStorage, `${persist.key}:controls`, origin) : undefined
  // Without "all", what an earlier load kept of the controls is not for this one.
  if (keeper && !persist?.all) keeper.clear()
  const history = new JournalHistory(mock.journal, keeper && persist?.all ? keeper.restore(mock) : [])

  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
  const worker = setupWorker(...handlersFor(mock, baseUrl))
  const scriptUrl = options.serviceWorkerUrl ?? '/mockServiceWorker.js'
  // Checked first: without the script, msw's own error is the browser's "unsupported MIME type
  // ('text/html')" and an app awaiting the mock waits forever on a page that shows nothing.
  await failVisibly(() => checkWorkerScript(scriptUrl))
  await failVisibly(() => worker.start({ serviceWorker: { url: scriptUrl }, ...onUnhandled(options.onUnhandledRequest ?? 'bypass', { baseUrl }), quiet: options.quiet }))
  const reset = (): void => {
    // Both fields given: a plain reset would keep whatever scenario /__mock/reset switched to last.
    resetTo('fixture' in start ? { fixture: start.fixture, seed: start.seed } : { scenario: start.scenario, seed: start.seed })
    history.forget()
    keeper?.clear()
  }
  const stopKeeping = keeper && persist?.all ? keepOnLeave(() => keeper.save(mock, history)) : undefined
  const hide = exposeConsole(createConsole(mock, history, reset))
  return {
    mock,
    worker,
    credentials: () => mock.credentials(),
    reset,
    stop() {
      stopKeeping?.()
      hide()
      worker.stop()
    },
  }
}

/**
 * Calls `save` whenever the page may be going away: pagehide comes with a reload and a
 * navigation, visibilitychange with a closed or backgrounded tab, which may never come back.
 */
function keepOnLeave(save: () => void): () => void {
  const onHide = (): void => {
    if (document.visibilityState === 'hidden') save()
  }
  addEventListener('pagehide', save)
  document.addEventListener('visibilitychange', onHide)
  return () => {
    removeEventListener('pagehide', save)
    document.removeEventListener('visibilitychange', onHide)
  }
}

/** Where the page's server should have msw's worker script, and how to put it there. */
async function checkWorkerScript(url: string): Promise<void> {
  let problem: string
  try {
    const response = await fetch(url, { cache: 'no-store' })
    const type = response.headers.get('content-type') ?? ''
    if (response.ok && /javascript|ecmascript/i.test(type)) return
    problem = response.ok ? `the server answered ${type || 'no content type'} (${type.includes('html') ? 'an HTML page, as a dev server does for a file it does not have' : 'not a script'})` : `the server answered ${response.status}`
  } catch (error) {
    problem = `it could not be fetched (${(error as Error).message})`
  }
  throw new Error(
    `sitemock: msw's worker script is not at ${url}: ${problem}. ` +
      'Write it into the folder your dev server serves at "/" with `npx msw init public/ --save` (public/ for Vite and most others), ' +
      "or, with msw 3 and Vite, add msw's plugin from `msw/vite` to vite.config; " +
      'if the page serves it elsewhere, pass startBrowserMock({ serviceWorkerUrl }).',
  )
}

/** Runs a start step; a failure is also shown on the page, where a developer looks first, and in the console. */
async function failVisibly(step: () => Promise<unknown>): Promise<void> {
  try {
    await step()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(message)
    if (typeof document !== 'undefined') {
      const note = document.createElement('pre')
      note.setAttribute('role', 'alert')
      note.dataset.sitemockError = ''
      note.textContent = message.startsWith('sitemock:') ? message : `sitemock: the mock did not start: ${message}`
      note.style.cssText = 'position:fixed;inset:0 0 auto 0;z-index:2147483647;margin:0;padding:12px 16px;background:#fff0f0;color:#a00;border-bottom:2px solid #a00;font:14px/1.4 monospace;white-space:pre-wrap'
      const parent = document.body ?? document.documentElement
      parent.append(note)
    }
    throw error
  }
}

/** The storage key and what is kept, or undefined when nothing is. */
function persistOf(persist: BrowserMockOptions['persist'] = true): { key: string; all: boolean } | undefined {
  if (persist === false) return undefined
  if (typeof persist === 'object' && persist !== null) return { key: persist.key ?? 'sitemock', all: persist.all === true }
  if (persist === true || persist === 'all') return { key: 'sitemock', all: persist === 'all' }
  // From plain JavaScript any value can come; a misspelt one must not quietly keep less than asked.
  throw new Error(`sitemock: startBrowserMock's persist is ${JSON.stringify(persist)}; it takes true (the data, the default), "all" (the data, requests, faults and overrides), false, or { key, all }.`)
}

