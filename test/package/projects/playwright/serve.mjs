// The app's dev server: its files only. The API it calls is answered by sitemock in the tests.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const root = path.resolve('app')
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' }
http
  .createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
    const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname))
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(response)
  })
  .listen(Number(process.argv[2]), '127.0.0.1')
