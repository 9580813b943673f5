// sitemock/msw: the msw handler for setupServer (Node) or a page's own worker, with every
// operation's validators and code from the start, so that nothing waits for an import. A page that
// wants them loaded on demand uses sitemock/handlers, which shares the same handler.
import '../eager-parts.js'

export * from './msw-handler.js'
