import { expect, it } from 'vitest'
import { pagesSummary } from './pages-summary'

// One of the app's own unit tests: vitest.config.ts's `unit` project runs it in Node, beside the stories.
it('says how many pages a site has', () => {
  expect([0, 1, 24].map(pagesSummary)).toEqual(['0 pages', '1 page', '24 pages'])
})
