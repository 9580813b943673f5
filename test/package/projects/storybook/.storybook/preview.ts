import type { Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'

const preview: Preview = {
  // Starts msw's worker once, then gives each story the handlers of its parameters.msw.
  loaders: [mswLoader()],
}

export default preview
