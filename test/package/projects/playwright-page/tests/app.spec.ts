// tests/app.spec.ts
import { expect, test } from './fixtures'

test('lists the pages the mock in the page answers', async ({ page, sitemock }) => {
  await page.goto('/')
  await expect(page.locator('#pages li')).toHaveCount(10)
  await sitemock.expectRequest({ method: 'GET', path: '/v6/pages', status: 200, times: 1 })
})

test('creates a page', async ({ page, sitemock }) => {
  await page.goto('/')
  // The first list answered before the click, so that its status cannot overwrite the create's.
  await expect(page.locator('#pages li')).toHaveCount(10)
  await page.click('#create')
  await expect(page.locator('#status')).toHaveText('Created /launch')
  await sitemock.expectRequest({ method: 'POST', path: '/v6/pages', status: 201, body: { pathname: '/launch' }, times: 1 })
})

test('shows an error when the list fails', async ({ page, sitemock }) => {
  await page.goto('/')
  // The first list answered before the fault is set, so that only the reload's list meets it.
  await expect(page.locator('#pages li')).toHaveCount(10)
  // Set once the page has its mock; kept by persist: 'all', it answers the reload's request.
  await sitemock.faults.add({ route: 'listPages', status: 503 })
  await page.reload()
  await expect(page.locator('#status')).toHaveText('Could not load: 503')
  await sitemock.expectRequest({ method: 'GET', path: '/v6/pages', status: 503, times: 1 })
})

test('shows an empty site, answered by an override', async ({ page, sitemock }) => {
  await page.goto('/')
  // The first list answered before the reload, so that the journal kept across it holds it.
  await expect(page.locator('#pages li')).toHaveCount(10)
  await sitemock.overrides.add({ match: { operation: 'listPages' }, response: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
  await page.reload()
  await expect(page.locator('#status')).toHaveText('No pages yet')
  const listed = await sitemock.expectRequest({ method: 'GET', path: '/v6/pages', times: 2 })
  expect(listed[1]?.overridden).toBe(1)
})
