import { definePreview } from '@storybook/react-vite'
import addonMsw from 'msw-storybook-addon'

// addonMsw() starts msw's worker once, hands it to every story's beforeEach as `msw`, and
// removes the handlers a story gave it once the story is left.
export default definePreview({
  addons: [addonMsw()],
})
