import { msw } from 'msw/vite'
import { defineConfig } from 'vite'

// msw's plugin serves /mockServiceWorker.js, the script of the installed msw, under `vite`.
export default defineConfig({
  plugins: [msw({ mode: 'worker-only' })],
})
