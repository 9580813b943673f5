// The limit: a bare node:http server answering one fixed JSON body, the size of a sitemock page.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const size = Number(process.argv[2] ?? 600)
const body = JSON.stringify({ object: 'page', padding: 'x'.repeat(Math.max(0, size - 32)) })
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
