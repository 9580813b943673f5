import express from 'express'
import type { AddressInfo } from 'node:net'
import { apiRoutes } from '../../src/api/operations.js'
import { contractsValidator, publishedValidator, violations } from '../../src/contracts/response-check.js'
import { createMock, type Mock, type MockOptions } from '../../src/mock.js'
import http from 'node:http'
import { answerClientErrors, createExpressMiddleware, MAX_HEADER_SIZE } from '../../src/transports/express.js'
import { listen, type NodeServerOptions } from '../../src/transports/node-server.js'

export type Transport = 'node' | 'express'
export const TRANSPORTS: Transport[] = ['node', 'express']

export interface TestServer {
  url: string
  mock: Mock
  api: ApiClient
  close(): Promise<void>
}

/** Starts the mock on an ephemeral port: the standalone node:http server, or an express app with the mock mounted. */
export async function startMock(options: MockOptions & NodeServerOptions & { transport?: Transport } = {}): Promise<TestServer> {
  const mock = createMock({ rateLimit: false, ...options })
  if ((options.transport ?? 'node') === 'node') {
    const running = await listen(mock, options)
    return { url: running.url, mock, api: new ApiClient(running.url), close: running.close }
  }
  const app = express()
  app.use(createExpressMiddleware(mock))
  // As docs/serving.md tells express users: room for long path values, and errors in the envelope.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app)
  answerClientErrors(server)
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    mock,
    api: new ApiClient(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export interface RequestOptions {
  key?: string
  body?: unknown
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string
  headers?: Record<string, string>
}

export interface TestResponse<T = JsonBody> {
  status: number
  headers: Headers
  body: T
  text: string
}

// eslint-free alias: response bodies are read by tests through their known shapes.
export type JsonBody = Record<string, unknown> & { data?: Array<Record<string, unknown>>; details?: Array<{ field: string; message: string }> }

/**
 * fetch against the server, with every answer checked against contracts/ and the published
 * OpenAPI: a response that breaks either makes the test fail, whatever it asserts itself.
 */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = JsonBody>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key !== undefined) headers['x-api-key'] = options.key
    let body: string | undefined = options.rawBody
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body })
    const text = await response.text()
    const parsed = text ? (JSON.parse(text) as T) : (undefined as T)
    checkContract(method, path, response.status, parsed)
    return { status: response.status, headers: response.headers, body: parsed, text }
  }

  get = <T = JsonBody>(path: string, options?: RequestOptions) => this.request<T>('GET', path, options)
  post = <T = JsonBody>(path: string, options?: RequestOptions) => this.request<T>('POST', path, options)
  patch = <T = JsonBody>(path: string, options?: RequestOptions) => this.request<T>('PATCH', path, options)
  delete = <T = JsonBody>(path: string, options?: RequestOptions) => this.request<T>('DELETE', path, options)
}

export function checkContract(method: string, pathWithQuery: string, status: number, body: unknown): void {
  const path = pathWithQuery.split('?')[0]!
  if (path.startsWith('/__mock/')) return
  if (status === 204) {
    if (body !== undefined) throw new Error(`${method} ${path}: 204 with a body`)
    return
  }
  const match = apiRoutes.match(method, path)
  if (match.kind !== 'found') {
    const problems = violations('contracts', contractsValidator('empty', 404)!, body)
    if (problems.length) throw new Error(`${method} ${path} ${status} breaks the error envelope: ${JSON.stringify(problems)}`)
    return
  }
  const ours = contractsValidator(match.operation.success.shape, status)
  const theirs = publishedValidator(method, match.operation.path, status)
  const problems = [...(ours ? violations('contracts', ours, body) : []), ...(theirs ? violations('published', theirs, body) : [])]
  if (problems.length) throw new Error(`${method} ${path} ${status} breaks the contract: ${JSON.stringify(problems)}\nbody: ${JSON.stringify(body)}`)
}

/** Follows startingAfter until hasMore is false; returns every item seen, in order. */
export async function walk(api: ApiClient, path: string, key: string, limit: number): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = []
  let cursor: string | undefined
  for (let pageCount = 0; pageCount < 10_000; pageCount++) {
    const separator = path.includes('?') ? '&' : '?'
    const response = await api.get(`${path}${separator}limit=${limit}${cursor ? `&startingAfter=${cursor}` : ''}`, { key })
    if (response.status !== 200) throw new Error(`walk ${path}: ${response.status} ${response.text}`)
    const data = response.body.data ?? []
    items.push(...data)
    if (!response.body.hasMore) return items
    if (data.length !== limit) throw new Error(`walk ${path}: hasMore with a short page of ${data.length}`)
    cursor = data[data.length - 1]!.id as string
  }
  throw new Error(`walk ${path}: did not end`)
}
