/**
 * The mock, for development only: main.ts imports this module behind import.meta.env.DEV, so a
 * production build holds none of it (nor msw, nor faker). sitemock's handlers, run by the page's
 * own msw worker, answer the page's fetch calls from here on.
 */
import { setupWorker } from 'msw/browser'
import { createMockHandlers, loadFaker, onUnhandled } from 'sitemock/handlers'

// multi-locale is generated: faker, a chunk of its own, loads first (named scenarios do without it).
await loadFaker()
const { handlers } = createMockHandlers({ scenario: 'multi-locale' })
// 'error' under both of msw's names: msw 3 reads onUnhandledFrame only. A request the mock does not
// take then stops in the worker (msw answers it 500) instead of reaching the network.
await setupWorker(...handlers).start({ ...onUnhandled('error'), quiet: true })
