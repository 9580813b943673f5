import { defineMain } from '@storybook/react-vite/node'

export default defineMain({
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  // public/ holds msw's worker script (npx msw init public/), which the page must serve at /mockServiceWorker.js.
  staticDirs: ['../public'],
})
