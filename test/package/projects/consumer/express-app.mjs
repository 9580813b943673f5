// A user's express app (whichever express the project has) with the mock under /api.
import express from 'express'
import { readFileSync } from 'node:fs'
import { createMock } from 'sitemock'
import { createExpressMiddleware } from 'sitemock/express'

const mock = createMock()
const app = express()
app.use(express.json())
app.use('/api', createExpressMiddleware(mock))
app.get('/health', (_req, res) => res.json({ ok: true }))
const server = app.listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${server.address().port}`
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0].appApiKey, 'content-type': 'application/json' }
  const got = await fetch(`${base}/api/v2/sites/${sites[0].id}`, { headers })
  const created = await fetch(`${base}/api/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0].id, pathname: '/via-express', name: 'Via express' }) })
  const invalid = await fetch(`${base}/api/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0].id, pathname: 'no-slash', name: 'x' }) })
  const own = await fetch(`${base}/health`)
  const { version } = JSON.parse(readFileSync(new URL('./node_modules/express/package.json', import.meta.url), 'utf8'))
  console.log(JSON.stringify({ express: version, get: got.status, created: created.status, invalid: invalid.status, details: (await invalid.json()).details, own: own.status }))
  server.close()
})
