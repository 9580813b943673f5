import { msw } from 'msw/vite'
import { defineConfig } from 'vite'

// worker-only: the page starts msw's worker itself (setupWorker); the plugin serves
// /mockServiceWorker.js under `vite` and writes it into dist/ at `vite build`, always the script
// of the installed msw.
export default defineConfig({
  plugins: [msw({ mode: 'worker-only' })],
})
