// A user's vitest file: sitemock's handler on the project's own msw, nothing else answering.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMock, expectRequest } from 'sitemock'
import { createMswHandler, DEFAULT_BASE_URL } from 'sitemock/msw'

const mock = createMock()
const server = setupServer(createMswHandler(mock))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

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
