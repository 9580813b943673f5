import { playwright } from '@vitest/browser-playwright'
import { msw } from 'msw/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Serves /mockServiceWorker.js from the installed msw on the server Vitest runs the tests from.
  plugins: [msw({ mode: 'worker-only' })],
  test: {
    // The one browser test file of this project; its own name keeps other runners away from it.
    include: ['sites.browser.ts'],
    browser: {
      enabled: true,
      headless: true,
      // The machine's Chromium, not a browser downloaded by Playwright.
      provider: playwright({
        launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
