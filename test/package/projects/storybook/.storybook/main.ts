import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['msw-storybook-addon'],
  // public/ holds msw's worker script (npx msw init public/), which the page must serve at /mockServiceWorker.js.
  staticDirs: ['../public'],
}

export default config
