import { msw } from 'msw/vite'
import { defineConfig } from 'vite'

// worker-only: the page starts msw's worker itself (setupWorker); the plugin serves the installed
// msw's /mockServiceWorker.js. In development only (`vite`, `vite build --mode development`): in a
// production build, which has no mock, the plugin is not there to write the script into dist/.
export default defineConfig(({ mode }) => ({
  plugins: mode === 'development' ? [msw({ mode: 'worker-only' })] : [],
}))
