import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Without msw/vite: the worker script is the one `npx msw init public/ --save` wrote, which Vite
// serves from public/ like any other file.
export default defineConfig({
  test: {
    include: ['sites.browser.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
