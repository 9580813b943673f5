import { setupWorker } from 'msw/browser'
import { createMockHandlers, DEFAULT_BASE_URL, onUnhandled, type ErrorBody } from 'sitemock/handlers'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'

const { mock, handlers } = createMockHandlers({ scenario: 'default' })
const worker = setupWorker(...handlers)
let registration: ServiceWorkerRegistration | undefined

beforeAll(async () => {
  registration = await worker.start({ ...onUnhandled('error'), quiet: true })
})
afterAll(() => worker.stop())
// Every test starts from the scenario: a page created by one is not there for the next.
beforeEach(() => mock.reset())

const site = () => mock.credentials().sites[0]!
const createPage = (body: unknown) =>
  fetch(`${DEFAULT_BASE_URL}/v6/pages`, {
    method: 'POST',
    headers: { 'x-api-key': site().publicApiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

it("answers from msw's service worker, whose script msw/vite serves", () => {
  expect(navigator.serviceWorker.controller?.scriptURL).toBe(new URL('/mockServiceWorker.js', location.href).href)
  expect(registration?.active?.scriptURL).toBe(navigator.serviceWorker.controller?.scriptURL)
})

it('lists the sites of the workspace', async () => {
  const workspace = mock.credentials().workspaces[0]!
  const response = await fetch(`${DEFAULT_BASE_URL}/v2/sites?workspaceId=${workspace.id}`, { headers: { 'x-api-key': workspace.appApiKey } })
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: Array<{ id: string; name: string }> }
  expect(data.map((entry) => entry.id)).toEqual(mock.credentials().sites.filter((entry) => entry.workspaceId === workspace.id).map((entry) => entry.id))
})

it('answers 409 to a second page at the same pathname', async () => {
  expect((await createPage({ siteId: site().id, name: 'Launch', pathname: '/launch' })).status).toBe(201)
  const again = await createPage({ siteId: site().id, name: 'Launch again', pathname: '/launch' })
  expect(again.status).toBe(409)
  expect(((await again.json()) as ErrorBody).code).toBe('conflict')
})

it('answers 400 with the field at fault', async () => {
  const response = await createPage({ siteId: site().id, name: 'Bad', pathname: 'no-slash' })
  expect(response.status).toBe(400)
  const body = (await response.json()) as ErrorBody
  expect(body.code).toBe('bad_request')
  expect(body.details).toEqual([expect.objectContaining({ field: 'pathname' })])
})
