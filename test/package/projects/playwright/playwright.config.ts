import { defineConfig } from '@playwright/test'

// The test picks a free port; 4173 is for running the project by hand.
const port = Number(process.env.APP_PORT ?? 4173)

export default defineConfig({
  testDir: 'tests',
  reporter: 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The machine's own Chromium: nothing is downloaded, by the install or by the run.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: { command: `node serve.mjs ${port}`, url: `http://127.0.0.1:${port}/`, reuseExistingServer: false },
})
