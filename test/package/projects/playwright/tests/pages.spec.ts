// tests/pages.spec.ts
import { expectRequest, routeMock } from 'sitemock/playwright'
import { expect, test } from './fixtures'

test('lists the pages of a site', async ({ page, mock }) => {
  const site = mock.credentials().sites[0]!
  await page.goto(`/?site=${site.id}&key=${site.publicApiKey}`)
  await expect(page.locator('#site')).toHaveText('Acme Marketing')
  await expect(page.locator('#pages li')).toHaveCount(10)
  expectRequest(mock, { method: 'GET', path: '/v6/pages', status: 200, times: 1 })
})

test('creates a page once; the same pathname again is a conflict', async ({ page, mock }) => {
  const site = mock.credentials().sites[0]!
  await page.goto(`/?site=${site.id}&key=${site.publicApiKey}`)
  await page.click('#create')
  await expect(page.locator('#status')).toHaveText('Created /launch')
  await page.click('#create')
  await expect(page.locator('#status')).toContainText('Not created')
  expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 201, body: { pathname: '/launch' }, times: 1 })
  expectRequest(mock, { method: 'POST', path: '/v6/pages', status: 409, times: 1 })
})

test('shows an error when the connection drops', async ({ page, mock }) => {
  mock.faults.add({ route: 'listPages', drop: 'reset' })
  const site = mock.credentials().sites[0]!
  await page.goto(`/?site=${site.id}&key=${site.publicApiKey}`)
  await expect(page.locator('#status')).toContainText('Could not load')
  expectRequest(mock, { method: 'GET', path: '/v6/pages', status: 'dropped', times: 1 })
})

test('answers under /api on the app’s own origin', async ({ page, mock }) => {
  // A page's own route comes before its context's: this one answers /api/* on the app's origin.
  await routeMock(page, mock, { baseUrl: '/api' })
  const site = mock.credentials().sites[0]!
  await page.goto(`/?api=/api&site=${site.id}&key=${site.publicApiKey}`)
  await expect(page.locator('#pages li')).toHaveCount(10)
  expectRequest(mock, { method: 'GET', path: '/v6/pages', status: 200, times: 1 })
})
