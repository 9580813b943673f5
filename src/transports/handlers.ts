/**
 * sitemock/handlers: a mock and its msw handlers, made inside a page's own bundle (Storybook,
 * Vitest's browser mode, an app's dev build) with nothing of Node's. The page's own msw runs
 * them, through whatever starts its worker (msw-storybook-addon, setupWorker, msw/vite):
 *
 *   import { createMockHandlers } from 'sitemock/handlers'
 *   const { mock, handlers } = createMockHandlers({ scenario: 'default' })
 */
import { http, passthrough } from 'msw'
import { createMock, type Mock, type MockOptions, type ResetOptions } from '../mock.js'
import { provideFakerOnDemand } from '../scenarios/faker-provider.js'
import { provideGenerators } from '../scenarios/index.js'
import { provideOperationValidatorsOnDemand } from '../contracts/validator-sets.js'
import { onDemand } from '../generated/validators/on-demand.js'
import { dashboardPage } from '../dashboard/control-routes.js'
import { docsPage } from '../openapi/docs.js'
import { openApiBuilder } from '../openapi/served-document.js'
import { controlExtras } from '../control/control-extras.js'
import { choiceFollowing } from '../api/validate.js'
import { provideBehavioursOnDemand } from '../api/behaviours.js'
import { isMockPath } from './mock-path.js'
import { createMswHandler, DEFAULT_BASE_URL } from './msw-handler.js'

export { createMock, type Mock, type MockOptions, type ResetOptions }
export { createMswHandler, DEFAULT_BASE_URL, expectRequest, findRequests, type MswHandlerOptions, type RequestExpectation } from './msw-handler.js'
export { onUnhandled, type OnUnhandledOptions, type UnhandledOptions, type UnhandledRequestCallback, type UnhandledRequestPrint, type UnhandledRequests, type UnhandledRequestStrategy } from './unhandled.js'
export { SCENARIOS, type ScenarioName } from '../scenarios/index.js'
// The API's resources, lists, errors and request bodies, for a page's own code: types only.
export * from '../api-types.js'
export { loadFaker } from '../scenarios/faker-provider.js'

// What few pages use is one chunk (rare-parts.ts), imported when a request first needs a part of it.
const rareParts = () => import('./rare-parts.js')
// A page has no require(), and most pages never generate a scenario: faker is a chunk of its own,
// imported when a generated scenario is first asked for (loadFaker), with the generators' code.
provideFakerOnDemand(async () => {
  const [{ faker }, { GENERATORS }] = await Promise.all([import('@faker-js/faker/locale/en'), rareParts()])
  provideGenerators(GENERATORS)
  return faker
})
// Likewise each operation's validators: a chunk per schema file, imported by the first request
// that needs it (the handler awaits mock.prepare), so a page's start carries none it never uses.
provideOperationValidatorsOnDemand(onDemand)
// And what each family's operations do: a page listing sites never loads the page operations' code.
provideBehavioursOnDemand({
  sites: async () => (await import('../api/sites.js')).siteBehaviour,
  locales: async () => (await import('../api/locales.js')).localeBehaviour,
  pages: async () => (await import('../api/pages.js')).pageBehaviour,
  routes: async () => (await import('../api/routes.js')).routeBehaviour,
})
// And the control plane's pages, which a test rarely opens: GET /__mock/ and /__mock/docs.
dashboardPage.provideOnDemand(async () => (await import('../dashboard/page.js')).DASHBOARD_PAGE)
docsPage.provideOnDemand(async () => (await import('../openapi/docs-page.js')).DOCS_PAGE)
// And the rest of rare-parts.ts: the OpenAPI document's builder, the control routes code in a page
// rarely asks for, the following of a deployment's choices.
openApiBuilder.provideOnDemand(async () => (await rareParts()).buildOpenApiDocument)
controlExtras.provideOnDemand(async () => (await rareParts()).EXTRA_ROUTES)
choiceFollowing.provideOnDemand(rareParts)

export interface MockHandlersOptions extends MockOptions {
  /**
   * What the handlers intercept: the service's address (default https://api.makeswift.com),
   * another absolute base URL, or a path on the page's own origin such as "/" or "/api". On the
   * page's origin only the API's paths and /__mock/* are answered; the app's own files pass through.
   */
  baseUrl?: string
}

export interface MockHandlers {
  /** The core: mock.reset() between stories or tests, mock.credentials() for keys, expectRequest(mock, ...). */
  mock: Mock
  /** For setupWorker(...handlers), worker.use(...handlers) or Storybook's parameters.msw.handlers. */
  handlers: ReturnType<typeof http.all>[]
}

/** A new mock (see createMock) and the msw handlers that answer through it. */
export function createMockHandlers(options: MockHandlersOptions = {}): MockHandlers {
  const { baseUrl, ...mockOptions } = options
  const mock = createMock(mockOptions)
  return { mock, handlers: handlersFor(mock, baseUrl) }
}

/** The handlers that answer through `mock` at `baseUrl`. */
export function handlersFor(mock: Mock, baseUrl = DEFAULT_BASE_URL): ReturnType<typeof http.all>[] {
  const handler = createMswHandler(mock, { baseUrl })
  return baseUrl.startsWith('/') ? [sameOriginFilter(baseUrl), handler] : [handler]
}

/**
 * On the page's own origin a catch-all would also take the app's scripts, images and data
 * files; this handler, placed first, lets through every request that is neither an API route
 * nor the control plane, and leaves the rest to the mock's handler.
 */
function sameOriginFilter(baseUrl: string) {
  const prefix = baseUrl.replace(/\/$/, '')
  return http.all(`${prefix}/*`, ({ request }) => {
    const path = new URL(request.url).pathname.slice(prefix.length) || '/'
    return isMockPath(request.method, path) ? undefined : passthrough()
  })
}
