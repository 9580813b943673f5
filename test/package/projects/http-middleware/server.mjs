// server.mjs: sitemock's handler served over HTTP by @mswjs/http-middleware, for a team
// whose dev server already serves its msw handlers that way. Run: node server.mjs
import { createServer } from '@mswjs/http-middleware'
import { createMock } from 'sitemock'
import { createMswHandler } from 'sitemock/msw'

const port = Number(process.env.PORT ?? 9090)
// The middleware hands msw the URL the request came to: the handler's base URL is this server's own.
const baseUrl = `http://127.0.0.1:${port}`
const mock = createMock()
const app = createServer(createMswHandler(mock, { baseUrl }))
const server = app.listen(port, '127.0.0.1', () => console.log(`sitemock through @mswjs/http-middleware at ${baseUrl}`))

process.on('SIGTERM', () => server.close())
