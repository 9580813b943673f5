import { defineConfig } from '@playwright/test'

// The test picks a free port; 5173 is for running the project by hand.
const port = Number(process.env.APP_PORT ?? 5173)

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
  // The app as a developer runs it: Vite's dev server, the mock started by the page itself.
  webServer: { command: `npx vite --host 127.0.0.1 --port ${port} --strictPort`, url: `http://127.0.0.1:${port}/`, reuseExistingServer: false },
})
