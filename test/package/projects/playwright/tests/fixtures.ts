// tests/fixtures.ts
import { test as base, expect } from '@playwright/test'
import { createMock, type Mock } from 'sitemock'
import { routeMock } from 'sitemock/playwright'

export const test = base.extend<{ mock: Mock }>({
  mock: async ({ context }, use) => {
    const mock = createMock()
    await routeMock(context, mock)
    await use(mock)
  },
})

export { expect }
