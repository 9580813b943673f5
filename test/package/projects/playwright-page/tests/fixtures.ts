// tests/fixtures.ts
import { test as base, expect } from '@playwright/test'
import { connectPageMock, type PageMock } from 'sitemock/playwright'

export const test = base.extend<{ sitemock: PageMock }>({
  sitemock: async ({ page }, use) => {
    // Each test has a page of its own, so a mock of its own: its tab's storage starts empty.
    await use(connectPageMock(page))
  },
})

export { expect }
