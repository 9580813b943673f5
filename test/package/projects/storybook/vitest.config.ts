import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Two projects, one run: the app's own unit tests in Node, as before Storybook came, and
// Storybook's Vitest addon, for which every story of .storybook/main.ts's `stories` is a test, run
// in Chromium with the preview's addons (addonMsw()) and the stories' beforeEach and play functions.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
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
      },
    ],
  },
})
