// A user's vitest file: sitemock's handler on the project's own msw (2 or 3), nothing else answering.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMock, expectRequest } from 'sitemock'
import { createMswHandler, DEFAULT_BASE_URL, onUnhandled } from 'sitemock/msw'

const mock = createMock()
const server = setupServer(createMswHandler(mock))
// A real server on this machine: a request that msw let through would reach it and be counted.
let reached = 0
const bystander = http.createServer((_request, response) => {
  reached++
  response.end('reached')
})

beforeAll(async () => {
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve))
  server.listen(onUnhandled('error'))
})
afterAll(() => {
  server.close()
  bystander.close()
})

it('lists sites, creates a page and refuses its pathname a second time', async () => {
  const workspace = mock.credentials().workspaces[0]!
  const headers = { 'x-api-key': workspace.appApiKey, 'content-type': 'application/json' }

  const sites = await fetch(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=${workspace.id}`, { headers })
  expect(sites.status).toBe(200)
  const list = (await sites.json()) as { object: string; data: Array<{ id: string }> }
  expect(list.object).toBe('list')
  const siteId = list.data[0]!.id

  const body = JSON.stringify({ siteId, pathname: '/from-a-consumer', name: 'From a consumer' })
  const created = await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body })
  expect(created.status).toBe(201)
  const again = await fetch(`${DEFAULT_BASE_URL}/v6/pages`, { method: 'POST', headers, body })
  expect(again.status).toBe(409)
  expect(((await again.json()) as { code: string }).code).toBe('conflict')

  expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 409, times: 1 })
  expect(() => expectRequest(mock, { method: 'DELETE', path: '/v6/pages' })).toThrow(/found 0/)
})

it("fails a request no handler takes under 'error', on this msw's own option name", async () => {
  const { port } = bystander.address() as AddressInfo
  await expect(fetch(`http://127.0.0.1:${port}/not-mocked`)).rejects.toThrow()
  expect(reached).toBe(0)
})
